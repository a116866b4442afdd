"""How often the computer players take an option that does nothing (issue 33 item 4):
`python benchmarks/empty_options.py [--games N] [--strength greedy|normal] [--iterations K]`.

Plays seeded Mage Wars games, the given strength in both seats, and counts each "Declare combat"
chosen and how many of those found no unit of the declaring seat able to attack (an empty
declaration: "Ana sends no unit to attack."). The search bot plays a fixed count of iterations per
decision (no clock), so the figures are the same on any machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.bots import Bot, make_bot  # noqa: E402
from mythtable.engine.game import Game  # noqa: E402
from mythtable.engine.registry import load  # noqa: E402
from mythtable.rulesets.magewars.rules.options import attack_problems  # noqa: E402


def count(games: int, strength: str, iterations: int) -> tuple[int, int]:
    """(declarations of combat, empty ones) over `games` seeded games."""
    declared = empty = 0
    loaded = load("magewars")
    for seed in range(games):
        setup = loaded.ruleset.simulation_setup(loaded.content)
        game = Game.new("magewars", seed, setup)
        bots: tuple[Bot, Bot] = tuple(  # type: ignore[assignment]
            make_bot("magewars", strength, seed * 2 + k, workers=1, iterations=iterations) for k in (1, 2)
        )
        for _ in range(2000):
            decision = game.decision
            if decision is None:
                break
            action = bots[decision.seat].choose(game.ruleset, game.state, decision)
            if action == ("combat",):
                declared += 1
                empty += bool(attack_problems(game.state, decision.seat))
            game.apply(action)
    return declared, empty


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--strength", default="greedy")
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args()
    declared, empty = count(args.games, args.strength, args.iterations)
    share = empty / declared if declared else 0.0
    print(f"magewars {args.strength}: {args.games} games, {declared} combat declarations, {empty} empty ({share:.0%})")


if __name__ == "__main__":
    main()
