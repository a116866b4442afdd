"""Bot-versus-bot games, for `mythtable simulate`, property tests and benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mythtable.engine.bots import Bot, RandomBot
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

    Engine time counts only the ruleset's own work (apply and pending), not the bots'.
    """
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

    def as_dict(self) -> dict[str, Any]:
        done = max(self.finished, 1)
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


def simulate(
    ruleset_id: str,
    games: int,
    seed: int,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    summary = Summary(ruleset_id, games)
    start = time.perf_counter()
    for i in range(games):
        outcome = play_game(ruleset_id, seed + i)
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
        if save_dir is not None and outcome.game is not None:
            write_atomic(save_dir / f"{ruleset_id}-{outcome.seed}.json", outcome.game.to_record().to_json())
        if progress:
            progress(i + 1)
    summary.wall_seconds = time.perf_counter() - start
    return summary
