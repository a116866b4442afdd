"""Computer players that speak only the decision protocol, so they play any ruleset.

`RandomBot` needs nothing from a ruleset. `GreedyBot` and the search bot (`mcts.SearchBot`)
use the ruleset's AI hooks in `mythtable.rulesets.<id>.ai`: `heuristic(state, seat)` and
`determinize(state, seat, rng)`. They never look at information hidden from their seat: every
state they evaluate is first re-dealt by `determinize` from what the seat can see.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import Ruleset

STRENGTHS: tuple[str, ...] = ("random", "greedy", "search")


class Bot(Protocol):
    name: str

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own generator (never the game's)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed ^ 0x5EED_B07)

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        return decision.actions[self.rng.below(len(decision.actions))]


@dataclass(frozen=True)
class AIHooks:
    """A ruleset's hooks for the computer players."""

    heuristic: Callable[[Any, int], float]
    determinize: Callable[[Any, int, Rng], Any]
    scale: float
    """Heuristic points that make one side clearly ahead (the width of the search's sigmoid)."""
    search: dict[str, float]
    """The ruleset's own settings for the search bot (`mcts.SearchParams` fields), if any."""


_HOOKS: dict[str, AIHooks] = {}


def ai_hooks(ruleset_id: str) -> AIHooks:
    """The `heuristic` and `determinize` of `mythtable.rulesets.<id>.ai` (cached)."""
    hooks = _HOOKS.get(ruleset_id)
    if hooks is None:
        module = importlib.import_module(f"mythtable.rulesets.{ruleset_id}.ai")
        hooks = AIHooks(
            module.heuristic,
            module.determinize,
            float(getattr(module, "HEURISTIC_SCALE", 10.0)),
            dict(getattr(module, "SEARCH_PARAMS", {})),
        )
        _HOOKS[ruleset_id] = hooks
    return hooks


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


class LoopGuard:
    """Keeps a bot out of endless cycles of its own (start a cast, cancel it, start it again...).

    When the deciding seat faces exactly the same view and the same legal actions again within
    a turn, the actions it already chose there that kept the decision with it are left out (all
    of them are allowed again once every one has been tried). An action that handed the decision
    to the other seat (a pass) is never left out: the other seat's own guard ends its cycles, and
    leaving out a pass would force a bot to pay for an answer it does not want. It reads only the
    seat's own view and whose decision comes next.
    """

    def __init__(self) -> None:
        self.turn: int | None = None
        self.seen: dict[Any, set[Action]] = {}

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

    def candidates(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> tuple[Any, list[Action]]:
        """(a key for `record`, the actions worth considering)."""
        key = self._key(ruleset, state, decision)
        used = self.seen.get(key)
        if not used:
            return key, decision.actions
        fresh = [a for a in decision.actions if a not in used]
        if not fresh:
            used.clear()
            return key, decision.actions
        return key, fresh

    def record(self, key: Any, action: Action, ruleset: Ruleset[Any, Any], state: Any, hooks: AIHooks) -> None:
        """Note `action`, chosen in `state` (before it is applied), if the same seat decides next.

        Whether it does can hang on hidden cards (an opponent with nothing to answer passes at
        once), so the question is put to a sample drawn from the seat's view, always the same way."""
        after = hooks.determinize(state, key[0], Rng(GUARD_SAMPLE_SEED))
        ruleset.apply(after, action)
        following = ruleset.pending(after)
        if following is not None and following.seat == key[0]:
            self.seen.setdefault(key, set()).add(action)


class GreedyBot:
    """Looks one decision ahead: applies each legal action to a determinized clone and keeps the
    best by the ruleset's heuristic from its own seat; ties are broken by its own generator."""

    name = "greedy"

    def __init__(self, ruleset_id: str, seed: int) -> None:
        self.hooks = ai_hooks(ruleset_id)
        self.rng = Rng(seed ^ 0x62EE_D7)
        self.guard = LoopGuard()

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        if len(actions) == 1:
            return actions[0]
        key, actions = self.guard.candidates(ruleset, state, decision)
        scores = greedy_scores(ruleset, state, actions, decision.seat, self.hooks, self.rng)
        best = max(scores)
        top = [a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9]
        choice = top[self.rng.below(len(top))]
        self.guard.record(key, choice, ruleset, state, self.hooks)
        return choice


def make_bot(
    ruleset_id: str,
    strength: str,
    seed: int,
    budget: float = 1.0,
    workers: int | None = None,
    iterations: int | None = None,
) -> Bot:
    """A computer player of the given strength ("random", "greedy" or "search").

    `budget` is the search bot's thinking time per decision in seconds; `workers` the number of
    processes it searches with (None: both cores when there are two or more; 1: this process only);
    `iterations`, when given, replaces the clock with a fixed count per process (reproducible).
    """
    if strength == "random":
        return RandomBot(seed)
    if strength == "greedy":
        return GreedyBot(ruleset_id, seed)
    if strength == "search":
        from mythtable.engine.mcts import SearchBot

        return SearchBot(ruleset_id, seed, budget=budget, workers=workers, iterations=iterations)
    raise ValueError(f"unknown bot strength {strength!r} (choose one of: {', '.join(STRENGTHS)})")
