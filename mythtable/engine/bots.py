"""Computer players that speak only the decision protocol, so they play any ruleset.

`RandomBot` needs nothing from a ruleset. `GreedyBot` and the search bot (`search_bot.SearchBot`)
use the AI hooks the ruleset registers (`RulesetEntry.ai`, see engine/registry.py):
`heuristic(state, seat)` and `determinize(state, seat, rng)`. They never look at information
hidden from their seat: every state they evaluate is first re-dealt by `determinize` from what
the seat can see.
"""

from __future__ import annotations

from typing import Any, Protocol

from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.lookahead import GUARD_SAMPLE_SEED, LoopGuard, greedy_scores, win_chance
from mythtable.engine.protocol import Ruleset
from mythtable.engine.registry import ai_hooks

__all__ = [
    "GUARD_SAMPLE_SEED",
    "LEVELS",
    "LEVEL_ITERATIONS",
    "STRENGTHS",
    "AIHooks",
    "Bot",
    "GreedyBot",
    "LoopGuard",
    "RandomBot",
    "ai_hooks",
    "greedy_scores",
    "make_bot",
    "win_chance",
]

LEVELS: dict[str, tuple[float, float]] = {
    "normal": (1.5, 0.6),
    "hard": (5.0, 2.5),
}
"""Search strength levels: (thinking seconds per turn, at most this many per decision). "easy"
is the greedy bot (it answers at once); a settled decision is answered before its share."""

LEVEL_ITERATIONS: dict[str, int] = {"normal": 200, "hard": 1000}
"""Iterations per decision of a level: the level is that count, capped by its clock (`LEVELS`).
On a machine fast enough the count is what binds, so the level plays the same games anywhere
(`make_bot(..., iterations=LEVEL_ITERATIONS["normal"])` plays them without the clock, as
benchmarks/computer.py --by-iterations does); on a slow or loaded one the clock does. Hard is
five times Normal's count (issue 34: a level that means something is measured, so it needs the
same games on any machine; before, Hard was its clock alone)."""

STRENGTHS: tuple[str, ...] = ("random", "greedy", "search", "easy", "normal", "hard")
"""What `make_bot` accepts: the levels a player picks (easy, normal, hard) and, for scripts and
tests, the bots by name (random; greedy; search with `budget` seconds per decision)."""


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
        key, actions = self.guard.candidates(ruleset, state, decision, self.hooks)
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
    """A computer player of the given strength (one of `STRENGTHS`).

    "easy" is the greedy bot; "normal" and "hard" are the search bot with a thinking budget per
    turn (see `LEVELS`), "normal" with a count of iterations per decision too, the clock capping
    it (`LEVEL_ITERATIONS`). `budget` is the "search" bot's thinking time per decision in seconds;
    `workers` the number of processes a search bot uses (None: both cores when there are two or
    more; 1: this process only); `iterations`, when given, replaces the clock of any search bot
    (and a level's own count) with a fixed count per decision and process (reproducible).
    """
    if strength == "random":
        return RandomBot(seed)
    if strength in ("greedy", "easy"):
        return GreedyBot(ruleset_id, seed)
    if strength == "search" or strength in LEVELS:
        from mythtable.engine.search_bot import SearchBot

        if strength == "search":
            return SearchBot(ruleset_id, seed, budget=budget, workers=workers, iterations=iterations)
        per_turn, per_decision = LEVELS[strength]
        count = LEVEL_ITERATIONS.get(strength) if iterations is None else iterations
        return SearchBot(
            ruleset_id,
            seed,
            budget=per_decision,
            turn_budget=per_turn,
            workers=workers,
            iterations=count,
            capped=iterations is None,
            clear_stop=True,
            level=strength,
        )
    raise ValueError(f"unknown bot strength {strength!r} (choose one of: {', '.join(STRENGTHS)})")
