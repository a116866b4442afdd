"""How long the search bot may think: a budget per turn shared by that turn's decisions."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Seconds from some fixed point (time.monotonic; tests inject a fake)."""


class ThinkingClock:
    """Thinking time of one seat, spent across the decisions of a turn.

    `per_turn` seconds are shared by all the decisions the seat takes while the ruleset's turn
    number stays the same (its own turn, or the response windows of the other seat's turn).
    One decision gets at most `per_decision`, at most `share` of what is left, and, when `spread`,
    about twice its fair part of what is left: the clock counts the decisions of the seat's past
    turns (a Mythicarium turn may hold thirty, blockers included), so that the last decisions
    of a long turn still get some. `now` is injectable for tests.
    """

    def __init__(
        self,
        per_turn: float,
        per_decision: float | None = None,
        now: Clock = time.monotonic,
        share: float = 1.0,
        spread: bool = False,
    ) -> None:
        self.per_turn = per_turn
        self.per_decision = per_turn if per_decision is None else per_decision
        self.share = share
        self.spread = spread
        self.now = now
        self.turn: int | None = None
        self.spent = 0.0
        """Seconds spent so far in `turn`."""
        self.taken = 0
        """Decisions allotted time so far in `turn`."""
        self.expected = 3.0
        """Decisions a turn is expected to hold (a running mean over the past turns)."""

    def peek(self, turn: int) -> float:
        """Seconds the next decision of `turn` would get (0 once the turn's budget is spent)."""
        spent, taken, expected = self.spent, self.taken, self.expected
        if turn != self.turn:
            spent, taken, expected = 0.0, 0, self._expected_after()
        left = self.per_turn - spent
        if left == math.inf:
            return self.per_decision
        part = self.share
        if self.spread:
            part = min(part, 2.0 / (max(1.0, expected - taken) + 1.0))
        return max(0.0, min(self.per_decision, left * part))

    def allot(self, turn: int) -> float:
        """Like `peek`, and counts the decision in its turn."""
        given = self.peek(turn)
        if turn != self.turn:
            self.expected = self._expected_after()
            self.turn, self.spent, self.taken = turn, 0.0, 0
        self.taken += 1
        return given

    def _expected_after(self) -> float:
        return self.expected if self.taken == 0 else 0.5 * self.expected + 0.5 * self.taken

    def charge(self, seconds: float) -> None:
        self.spent += max(0.0, seconds)
