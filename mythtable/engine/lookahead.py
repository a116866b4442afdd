"""What the greedy and the search bot share: a heuristic read as a chance to win, one-step
greedy scores, and the loop guard. Kept apart from bots.py so that mcts.py needs nothing of it."""

from __future__ import annotations

import math
from typing import Any

from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import Ruleset


def win_chance(ruleset: Ruleset[Any, Any], state: Any, seat: int, hooks: AIHooks) -> float:
    """A value in [0, 1] for `seat`: 1 won, 0 lost, 0.5 drawn, else a sigmoid of the heuristic."""
    result = ruleset.result(state)
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner == seat else 0.0
    h = hooks.heuristic(state, seat) / hooks.scale
    if h > 30:
        return 1.0
    if h < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-h))


def greedy_scores(
    ruleset: Ruleset[Any, Any], state: Any, actions: list[Action], seat: int, hooks: AIHooks, rng: Rng
) -> list[float]:
    """Heuristic value for the deciding `seat` after each of `actions`, in a determinized copy."""
    base = hooks.determinize(state, seat, rng)
    scores = []
    for action in actions:
        after = ruleset.clone(base)
        ruleset.apply(after, action)
        scores.append(hooks.heuristic(after, seat))
    return scores


GUARD_SAMPLE_SEED = 0x6A4D
"""Fixed, so that the loop guard's answer depends on the seat's view alone."""
STREAK_LIMIT = 200
"""Decisions of one kind in a row by one seat (blocks declared one by one, say) after which the
guard keeps only the actions that end the run, if there are any."""


class LoopGuard:
    """Keeps a bot out of endless cycles of its own (start a cast, cancel it, start it again...).

    When the deciding seat faces exactly the same view and the same legal actions again within
    a turn, the actions it already chose there that kept the decision with it are left out (all
    of them are allowed again once every one has been tried). An action that handed the decision
    to the other seat (a pass) is never left out: the other seat's own guard ends its cycles, and
    leaving out a pass would force a bot to pay for an answer it does not want. It reads only the
    seat's own view and whose decision comes next.

    Leaving out what was tried does not end every wander: with many blockers a bot can block,
    take a block back and block elsewhere through more views than a game has time for. So after
    `STREAK_LIMIT` decisions of one kind in a row by one seat, only the actions that end the run
    (the other seat decides next, or another kind of decision comes) are kept, where there are any.

    Whether an action handed the decision over is asked of one re-deal of the hidden cards, which
    may deal the opponent nothing to answer with; the actions in `keep` (a ruleset's pass, say)
    are never left out whatever the re-deal says.
    """

    def __init__(self, keep: tuple[Action, ...] = ()) -> None:
        self.keep = frozenset(keep)
        self.turn: int | None = None
        self.seen: dict[Any, set[Action]] = {}
        self.run: tuple[int, str] | None = None
        self.streak = 0

    def _key(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Any:
        turn = ruleset.turn_number(state)
        if turn != self.turn:
            self.turn = turn
            self.seen.clear()
        try:
            view = ruleset.view(state, decision.seat)
            hash(view)
        except TypeError:  # an unhashable view: fall back on the stage and the actions
            view = ruleset.stage(state)
        return (decision.seat, decision.kind, view, tuple(decision.actions))

    def candidates(
        self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision, hooks: AIHooks | None = None
    ) -> tuple[Any, list[Action]]:
        """(a key for `record`, the actions worth considering)."""
        key = self._key(ruleset, state, decision)
        run = (decision.seat, decision.kind)
        self.streak = self.streak + 1 if run == self.run else 0
        self.run = run
        if hooks is not None and self.streak >= STREAK_LIMIT:
            ending = [a for a in decision.actions if not self._keeps_run(ruleset, state, decision, a, hooks)]
            if ending:
                return key, ending
        used = self.seen.get(key)
        if not used:
            return key, decision.actions
        fresh = [a for a in decision.actions if a not in used]
        if not fresh:
            used.clear()
            return key, decision.actions
        return key, fresh

    @staticmethod
    def _keeps_run(ruleset: Ruleset[Any, Any], state: Any, decision: Decision, action: Action, hooks: AIHooks) -> bool:
        """Whether the same seat faces the same kind of decision after `action` (asked of a sample
        drawn from the seat's view, like `record`)."""
        after = hooks.determinize(state, decision.seat, Rng(GUARD_SAMPLE_SEED))
        ruleset.apply(after, action)
        following = ruleset.pending(after)
        return following is not None and (following.seat, following.kind) == (decision.seat, decision.kind)

    def record(self, key: Any, action: Action, ruleset: Ruleset[Any, Any], state: Any, hooks: AIHooks) -> None:
        """Note `action`, chosen in `state` (before it is applied), if the same seat decides next.

        Whether it does can hang on hidden cards (an opponent with nothing to answer passes at
        once), so the question is put to a sample drawn from the seat's view, always the same way.
        An action in `keep` is never noted."""
        if action in self.keep:
            return
        after = hooks.determinize(state, key[0], Rng(GUARD_SAMPLE_SEED))
        ruleset.apply(after, action)
        following = ruleset.pending(after)
        if following is not None and following.seat == key[0]:
            self.seen.setdefault(key, set()).add(action)
