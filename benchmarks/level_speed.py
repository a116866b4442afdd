"""A level's thinking with and without one search setting: `python benchmarks/level_speed.py [--ruleset R]
[--level L] [--search key=value ...] [--rounds N]`.

Plays the positions benchmarks/run.py's search figures use (a random game, seed 77, every third decision with
a choice) and lets the level (by its count of iterations, no clock) answer each, once as it is and once with
the `--search` settings (benchmarks/computer.py's syntax), the two interleaved round by round so that a shared
machine's load falls on both alike. Prints seconds per decision (median) and iterations per second. Default:
Mythicarium's Hard without its rollout policy against Hard as it is (issue 34, fifth slice).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.bots import LEVEL_ITERATIONS, RandomBot, make_bot  # noqa: E402
from mythtable.engine.game import Game  # noqa: E402
from mythtable.engine.search_bot import SearchBot  # noqa: E402
from tests.benchmark_module import load_benchmark  # noqa: E402


def positions(ruleset_id: str, count: int) -> list[tuple[Any, Any]]:
    """(state, decision) pairs of a random game, as benchmarks/run.py's `search_figures` meets them."""
    game = Game.new(ruleset_id, 77)
    walker = RandomBot(5)
    out: list[tuple[Any, Any]] = []
    while len(out) < count and (decision := game.decision) is not None:
        if len(decision.actions) > 1 and len(game.actions) % 3 == 0:
            out.append((game.ruleset.clone(game.state), decision))
        game.apply(walker.choose(game.ruleset, game.state, decision))
    return out


def measure(ruleset_id: str, level: str, search: dict[str, Any], spots: list[tuple[Any, Any]]) -> dict[str, float]:
    ruleset = Game.new(ruleset_id, 77).ruleset
    times: list[float] = []
    iterations = 0
    for state, decision in spots:
        bot = make_bot(ruleset_id, level, 3, workers=1, iterations=LEVEL_ITERATIONS[level])
        assert isinstance(bot, SearchBot)
        bot.params = dataclasses.replace(bot.params, **search)
        began = time.perf_counter()
        bot.choose(ruleset, ruleset.clone(state), decision)
        times.append(time.perf_counter() - began)
        iterations += bot.last_iterations
    return {"decision_median_s": statistics.median(times), "iterations_per_s": iterations / sum(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="mythicarium")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--search", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    search = load_benchmark("computer")._search_overrides(args.search or ["rollout_policy=none"])
    label = " ".join(args.search or ["rollout_policy=none"])
    spots = positions(args.ruleset, args.decisions)
    for r in range(args.rounds):
        for name, settings in (("as it is", {}), (label, search)):
            got = measure(args.ruleset, args.level, settings, spots)
            print(
                f"round {r + 1}: {args.ruleset} {args.level} {name}: a decision {got['decision_median_s']:.3f} s"
                f" median, {got['iterations_per_s']:.0f} iterations/s",
                flush=True,
            )


if __name__ == "__main__":
    main()
