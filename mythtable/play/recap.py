"""What happened since a seat last looked, results first (issue 33, item 1): plain data for a seat's frame.

A seat that comes back to the keyboard reads who died, the wounds, the VP and XP gained and the cards it
drew before the moves that led there, its own moves' results included (a combat it started may have ended
while it was away, or as its turn ended by itself). Built from the log lines the seat may read, so it tells
nothing the log does not; nothing here imports textual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mythtable.engine.game import LogLine

RESULT = re.compile(
    r"\b(dies|destroyed|knocked down|is dying|falls|fell|defeated|captures|leaves the battlefield|killing|"
    r"wounds?|damage|regains \d+|hits .+ for \d+|gains \d+ (VP|XP)|\d+ XP for|loses \d+ Tower)\b"
)
"""A log line that tells a result (a death, a wound, damage, points gained), in all three rulesets' words."""
SKIPPED = frozenset({"takeback"})
TURN_START = re.compile(r"^(Turn|Round) \d+\b")


TURN_END = re.compile(r"\b(ends (its|his|her|their) turn|has nothing left to do)\b")
"""A MythCraft unit's turn ending: what follows (a burn, the next turn) is no longer its move's doing."""


def ends_turn(line: LogLine) -> bool:
    """A line that ends a turn or begins the next one, in any ruleset."""
    return starts_turn(line) or TURN_END.search(line.event.text) is not None


def starts_turn(line: LogLine) -> bool:
    """A line that begins a turn (or a MythCraft round or unit's turn), in any ruleset."""
    return line.event.kind in ("turn", "round") or bool(TURN_START.match(line.event.text))


@dataclass(slots=True, frozen=True)
class Recap:
    """What one seat may read of what happened between two points of the game (`since` < step <= `upto`)."""

    since: int
    upto: int
    results: tuple[str, ...] = ()
    """Deaths, wounds, damage, VP and XP gained, and the cards the seat drew, in the order they happened."""
    moves: tuple[str, ...] = ()
    """Everything else it may read, in order (both seats' moves, auto-passes, turn lines)."""

    @property
    def empty(self) -> bool:
        return not self.results and not self.moves

    def lines(self) -> list[str]:
        """As the panel reads: the results first, then what led there."""
        out: list[str] = []
        if self.results:
            out += ["Results:", *(f"  {text}" for text in self.results)]
        if self.moves:
            out += ["What happened:", *(f"  {text}" for text in self.moves)]
        return out or ["Nothing has happened since you last looked."]


def is_result(line: LogLine, seat: int | None) -> bool:
    """A line that tells a result: a death, wounds, damage, points gained, or a card drawn by `seat`."""
    event = line.event
    if event.kind == "draw" and event.seat is not None:
        return event.seat == seat
    return event.kind in ("death", "damage") or RESULT.search(event.text) is not None


def recap_of(log: Sequence[LogLine], since: int, upto: int, seat: int | None) -> Recap:
    """The lines `seat` may read with `since` < step <= `upto`, results apart."""
    results: list[str] = []
    moves: list[str] = []
    for line in log:
        event = line.event
        if not since < line.step <= upto or event.kind in SKIPPED:
            continue
        if event.seat is not None and event.seat != seat:
            continue
        (results if is_result(line, seat) else moves).append(event.text)
    return Recap(since, upto, tuple(results), tuple(moves))


@dataclass(slots=True)
class Returns:
    """A seat's recaps when its game runs elsewhere (a table host): made from the frames the seat is sent, one
    after another. Their logs hold only what the seat may read (the public lines and its own), so a recap made
    here cannot hold another seat's private line.

    As at one keyboard: when the seat is asked again after the other seat moved, its recap runs from its last
    return to now (`fresh`); when the decision passes to the other seat as the seat's turn ends, with results it
    has not been asked since, its recap is made then (`ended`), for the screen to show at once."""

    seat: int | None
    asked: int | None = None
    """Moves made when the seat was last asked (None: not yet)."""
    returned: int = 0
    """Moves made at its last return: its next recap starts there."""
    other_moved: bool = False
    """The other seat has decided since this seat was last asked."""
    recap: Recap | None = None
    fresh: bool = False
    """`recap` was made at this seat's return (the screen opens it by itself when it holds results)."""
    ended: bool = False
    """`recap` was made as this seat's turn ended by itself: its results, shown before the other seat's moves."""

    def back_from(self, moves: int) -> None:
        """The seat's player is back on a new connection, where `moves` had been made when it went away: its first
        recap (when it is asked) starts there, as at one keyboard after the curtain, not at its first look."""
        if self.asked is None:
            self.asked = self.returned = moves
            self.other_moved = True

    def see(self, deciding: int | None, moves: int, log: Sequence[LogLine]) -> None:
        """A frame: whose decision is open (`deciding`; None when none is), the moves made, the seat's log."""
        self.fresh = self.ended = False
        if self.seat is None or deciding is None:
            return
        if self.asked is not None and moves < self.asked:  # a move taken back
            self.asked, self.returned = moves, min(self.returned, moves)
        if deciding != self.seat:
            if self.asked is not None and not self.other_moved and moves > self.asked:
                unseen = recap_of(log, self.asked, moves, self.seat)
                turned = any(self.asked < line.step <= moves and starts_turn(line) for line in log)
                if unseen.results and turned:  # its turn ended with results it has not seen
                    self.recap = recap_of(log, self.returned, moves, self.seat)
                    self.returned = self.asked = moves
                    self.ended = True
            self.other_moved = True
            return
        if self.asked is None:
            self.returned = moves  # its first look (a new or resumed table): nothing to recap
        elif moves != self.asked and self.other_moved and moves > self.returned:
            self.recap = recap_of(log, self.returned, moves, self.seat)
            self.returned = moves
            self.fresh = True
        self.asked = moves
        self.other_moved = False
