"""Bot-versus-bot games, for `mythtable simulate`, property tests and benchmarks."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mythtable.engine.bots import LEVELS, Bot, RandomBot, make_bot
from mythtable.engine.decision import Result
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record import write_atomic

MAX_ACTIONS = 20_000
"""A game still running after this many actions counts as one that failed to end."""


@dataclass
class GameOutcome:
    seed: int
    result: Result | None
    actions: int
    engine_seconds: float
    error: str | None = None
    game: Game | None = field(default=None, repr=False)


def play_game(
    ruleset_id: str,
    seed: int,
    bots: tuple[Bot, Bot] | None = None,
    setup: Setup | None = None,
    check: Callable[[Game], None] | None = None,
    max_actions: int = MAX_ACTIONS,
    root: Path | None = None,
) -> GameOutcome:
    """Play one game to the end. `check(game)` runs after setup and after every action.

    Without a setup the ruleset's `simulation_setup` is used (it may bound the game).
    Engine time counts only the ruleset's own work (apply and pending), not the bots'.
    """
    if setup is None:
        from mythtable.engine.registry import load

        loaded = load(ruleset_id, root)
        setup = loaded.ruleset.simulation_setup(loaded.content)
    game = Game.new(ruleset_id, seed, setup, root=root)
    bots = bots or (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    ruleset, state = game.ruleset, game.state
    engine = 0.0
    if check:
        check(game)
    try:
        while True:
            t0 = time.perf_counter()
            decision = ruleset.pending(state)
            engine += time.perf_counter() - t0
            if decision is None:
                break
            if len(game.actions) >= max_actions:
                return GameOutcome(seed, None, len(game.actions), engine, "did not end", game)
            action = bots[decision.seat].choose(ruleset, state, decision)
            t0 = time.perf_counter()
            game.apply(action)
            engine += time.perf_counter() - t0
            if check:
                check(game)
    except AssertionError:
        raise
    except Exception as exc:  # reported, not hidden: simulate exits non-zero on any error
        return GameOutcome(seed, None, len(game.actions), engine, f"{type(exc).__name__}: {exc}", game)
    return GameOutcome(seed, game.result, len(game.actions), engine, None, game)


@dataclass
class Summary:
    ruleset: str
    games: int
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    total_turns: int = 0
    total_actions: int = 0
    engine_seconds: float = 0.0
    wall_seconds: float = 0.0
    bots: tuple[str, str] = ("random", "random")
    bot_wins: list[int] = field(default_factory=lambda: [0, 0])
    """Wins of bots[0] and bots[1], whichever seat they played (they swap seats every other game)."""
    budget: float | None = None
    """The "search" bot's seconds per decision (None when no bot searches by the clock that way)."""
    iterations: int | None = None
    levels: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Search levels among the bots: name -> (seconds per turn, at most per decision)."""

    def as_dict(self) -> dict[str, Any]:
        done = max(self.finished, 1)
        data = self._base_dict(done)
        if self.bots != ("random", "random"):
            data["bots"] = list(self.bots)
            data["budget"] = self.budget
            data["iterations"] = self.iterations
            if self.levels:
                data["levels"] = {k: {"per_turn_s": t, "per_decision_s": d} for k, (t, d) in self.levels.items()}
            data["bot_wins"] = {}
            for i, name in enumerate(self.bots):
                low, high = wilson(self.bot_wins[i], self.finished)
                label = name if self.bots[0] != self.bots[1] else f"{name}#{i + 1}"
                data["bot_wins"][label] = {
                    "wins": self.bot_wins[i],
                    "rate": round(self.bot_wins[i] / done, 4),
                    "ci95": [round(low, 4), round(high, 4)],
                }
        return data

    def _base_dict(self, done: int) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "wins": {"seat1": self.wins[0], "seat2": self.wins[1], "draws": self.draws},
            "avg_turns": round(self.total_turns / done, 2),
            "avg_actions": round(self.total_actions / done, 2),
            "actions_per_second": round(self.total_actions / self.engine_seconds) if self.engine_seconds else 0,
            "games_per_second": round(self.games / self.wall_seconds, 2) if self.wall_seconds else 0,
        }


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% with the default z)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class MatchPlan:
    """Everything a game of a `simulate` run needs, so it can be played in any process."""

    ruleset_id: str
    bots: tuple[str, str]
    budget: float
    iterations: int | None
    save_dir: Path | None
    setup: Setup | None = None
    """The setup of every game (built decks travel in it); None: the ruleset's simulation setup."""


@dataclass(frozen=True)
class MatchOutcome:
    """What a `simulate` run keeps of one game (small enough to send between processes)."""

    seed: int
    order: tuple[int, int]
    """order[seat] is the index in `bots` of the bot that played that seat."""
    result: Result | None
    actions: int
    engine_seconds: float
    error: str | None


def play_match(plan: MatchPlan, index: int, game_seed: int) -> MatchOutcome:
    """Game `index` of a run: the bots swap seats every other game (bots[0] is seat 1 in even games)."""
    if plan.bots == ("random", "random"):
        outcome = play_game(plan.ruleset_id, game_seed, setup=plan.setup)
        order = (0, 1)
    else:
        order = (0, 1) if index % 2 == 0 else (1, 0)
        made = [
            make_bot(plan.ruleset_id, plan.bots[k], game_seed * 2 + 1 + k, plan.budget, 1, plan.iterations)
            for k in (0, 1)
        ]
        try:
            outcome = play_game(plan.ruleset_id, game_seed, (made[order[0]], made[order[1]]), setup=plan.setup)
        finally:
            for bot in made:
                close = getattr(bot, "close", None)
                if close is not None:
                    close()
    if plan.save_dir is not None and outcome.game is not None:
        write_atomic(plan.save_dir / f"{plan.ruleset_id}-{outcome.seed}.json", outcome.game.to_record().to_json())
    return MatchOutcome(outcome.seed, order, outcome.result, outcome.actions, outcome.engine_seconds, outcome.error)


def _play_match_job(args: tuple[MatchPlan, int, int]) -> MatchOutcome:
    return play_match(*args)


def simulate(
    ruleset_id: str,
    games: int,
    seed: int,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
    bots: tuple[str, str] = ("random", "random"),
    budget: float = 1.0,
    iterations: int | None = None,
    jobs: int = 1,
    setup: Setup | None = None,
) -> Summary:
    """Play `games` games. With bots other than random vs random, the two bots swap seats every
    other game (bots[0] plays seat 1 in even games) and their wins are counted per bot.

    The "search" bot thinks `budget` seconds per decision, "normal" and "hard" their budget per
    turn (bots.LEVELS); any search bot runs exactly `iterations` iterations per decision when given
    (reproducible: the same seed gives the same games on any machine, under any load). `jobs` > 1
    plays that many games at once in separate processes; the summary does not depend on it.
    """
    levels = {b: LEVELS[b] for b in bots if b in LEVELS}
    searching = "search" in bots or bool(levels)
    summary = Summary(
        ruleset_id,
        games,
        bots=bots,
        budget=budget if "search" in bots and iterations is None else None,
        iterations=iterations if searching else None,
        levels=levels if iterations is None else {},
    )
    plan = MatchPlan(ruleset_id, bots, budget, iterations, save_dir, setup)
    start = time.perf_counter()
    work = [(plan, i, seed + i) for i in range(games)]
    if jobs > 1 and games > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(min(jobs, games), mp_context=multiprocessing.get_context("spawn")) as pool:
            _collect(summary, pool.map(_play_match_job, work), progress)
    else:
        _collect(summary, map(_play_match_job, work), progress)
    summary.wall_seconds = time.perf_counter() - start
    return summary


def _collect(summary: Summary, outcomes: Iterable[MatchOutcome], progress: Callable[[int], None] | None) -> None:
    for done, outcome in enumerate(outcomes, start=1):
        summary.total_actions += outcome.actions
        summary.engine_seconds += outcome.engine_seconds
        if outcome.error:
            summary.errors.append(f"seed {outcome.seed}: {outcome.error}")
        elif outcome.result is not None:
            summary.finished += 1
            summary.total_turns += outcome.result.turns
            if outcome.result.winner is None:
                summary.draws += 1
            else:
                summary.wins[outcome.result.winner] += 1
                summary.bot_wins[outcome.order[outcome.result.winner]] += 1
        if progress:
            progress(done)
