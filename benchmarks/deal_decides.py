"""Can play turn a dealt game around? `python benchmarks/deal_decides.py [--ruleset R] [--deals N] [--seed S]
[--bot-seeds K] [--oracle] [--flips D] [--search key=value ...]`.

Issue 34 asks that Hard beat Normal at 60% in each ruleset. Played on paired deals (each deal twice, the seats
swapped), a level can only score above half by winning deals from the seat that Normal, in that seat, loses.
This measures how often that can happen at all, three ways, by iterations (the same games on any machine):

- `--bot-seeds K`: each deal played by Normal against Normal with K pairs of bot seeds. When every pair gives
  the same winning seat, nothing in Normal's own randomness changes the deal.
- `--oracle`: the deal's losing seat (by the first of those games) played by a clairvoyant search against
  Normal: Hard's settings (and `--search`'s), but its determinization replaced by a copy of the true state, so
  it sees the other hand, every face-down card and the order of both decks. An honest player cannot do better
  by knowing more; it can by searching deeper, which `--search` (rollout_turns, iterations, hybrid_z) tries.
- `--flips D`: for the first D deals, each of the losing seat's decisions taken otherwise, one alternative at a
  time, and the game played on by Normal against Normal (two pairs of bot seeds): does any single different
  move win the deal?
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.bots import LEVEL_ITERATIONS, Bot, make_bot  # noqa: E402
from mythtable.engine.dice import Rng  # noqa: E402
from mythtable.engine.game import Game  # noqa: E402
from mythtable.engine.search_bot import SearchBot  # noqa: E402
from mythtable.engine.simulate import wilson  # noqa: E402
from tests.benchmark_module import load_benchmark  # noqa: E402


def normal(ruleset_id: str, seed: int) -> Bot:
    """Normal by its count of iterations, without its clock."""
    return make_bot(ruleset_id, "normal", seed, workers=1, iterations=LEVEL_ITERATIONS["normal"])


def play_out(ruleset: Any, state: Any, bots: tuple[Bot, Bot]) -> Any:
    """Plays `state` (changed in place) to the end; returns it."""
    while (decision := ruleset.pending(state)) is not None:
        ruleset.apply(state, bots[decision.seat].choose(ruleset, state, decision))
    return state


def winner(ruleset: Any, state: Any) -> int | None:
    """The winning seat of a finished game, or None for a draw."""
    result = ruleset.result(state)
    return None if result is None else result.winner


def clairvoyant(bot: SearchBot, ruleset: Any) -> SearchBot:
    """`bot` with its re-deal of hidden cards replaced by a copy of the true state: it searches what will
    really be drawn and what the other side really holds. For measuring only: no level plays like this."""

    def see_all(state: Any, seat: int, rng: Rng) -> Any:
        return ruleset.clone(state)

    bot.hooks = dataclasses.replace(bot.hooks, determinize=see_all)
    return bot


def endings(ruleset_id: str, deal: int, bot_seeds: int) -> list[Any]:
    """The final states of `deal` under Normal against Normal, one for each of `bot_seeds` pairs of bot seeds."""
    game = Game.new(ruleset_id, deal)
    out: list[Any] = []
    for k in range(bot_seeds):
        bots = (normal(ruleset_id, 100 + 7 * k), normal(ruleset_id, 200 + 13 * k))
        out.append(play_out(game.ruleset, game.ruleset.clone(game.state), bots))
    return out


def oracle_wins(ruleset_id: str, deal: int, seat: int, search: dict[str, Any]) -> bool:
    """Does a clairvoyant Hard (with `search`'s settings) in `seat` beat Normal in `deal`?"""
    game = Game.new(ruleset_id, deal)
    count = search.pop("iterations", LEVEL_ITERATIONS["hard"])
    me = make_bot(ruleset_id, "hard", 7 + deal, workers=1, iterations=count)
    assert isinstance(me, SearchBot)
    me.params = dataclasses.replace(me.params, **search)
    clairvoyant(me, game.ruleset)
    other = normal(ruleset_id, 100 + deal)
    end = play_out(game.ruleset, game.ruleset.clone(game.state), (me, other) if seat == 0 else (other, me))
    return winner(game.ruleset, end) == seat


def flips(ruleset_id: str, deal: int, seat: int, report: Callable[[str], None]) -> tuple[int, int, int]:
    """Each decision of `seat` in Normal's game of `deal` taken otherwise, played on by Normal against Normal
    (two pairs of bot seeds). Returns (decisions, alternatives, alternatives that won at least once)."""
    game = Game.new(ruleset_id, deal)
    ruleset = game.ruleset
    state = ruleset.clone(game.state)
    bots = (normal(ruleset_id, 100), normal(ruleset_id, 200))
    points: list[tuple[Any, Any, Any]] = []
    while (decision := ruleset.pending(state)) is not None:
        action = bots[decision.seat].choose(ruleset, state, decision)
        if decision.seat == seat and len(decision.actions) > 1:
            points.append((ruleset.clone(state), decision, action))
        ruleset.apply(state, action)
    alternatives = turned = 0
    for before, decision, chosen in points:
        for other in decision.actions:
            if other == chosen:
                continue
            alternatives += 1
            for k in range(2):
                after = ruleset.clone(before)
                ruleset.apply(after, other)
                end = play_out(ruleset, after, (normal(ruleset_id, 300 + 11 * k), normal(ruleset_id, 400 + 17 * k)))
                if winner(game.ruleset, end) == seat:
                    turned += 1
                    report(f"  deal {deal}, turn {ruleset.turn_number(before)}: {ruleset.describe(before, other)} wins")
                    break
    return len(points), alternatives, turned


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="magewars")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--bot-seeds", type=int, default=1, help="Normal against Normal, pairs of bot seeds per deal")
    parser.add_argument("--oracle", action="store_true", help="the losing seat played by a clairvoyant Hard")
    parser.add_argument("--flips", type=int, default=0, help="single different moves tried in the first D deals")
    parser.add_argument("--search", action="append", default=[], metavar="KEY=VALUE", help="the oracle's settings")
    args = parser.parse_args(argv)
    search = load_benchmark("computer")._search_overrides(args.search)
    unanimous = oracle = tried_oracle = 0
    tried = [0, 0, 0]
    for index, deal in enumerate(range(args.seed, args.seed + args.deals)):
        began = time.perf_counter()
        ends = endings(args.ruleset, deal, max(args.bot_seeds, 1))
        ruleset = Game.new(args.ruleset, deal).ruleset
        seen = [winner(ruleset, end) for end in ends]
        unanimous += len(set(seen)) == 1
        first = ends[0]
        scores = "; ".join(score for score, _ in ruleset.scores(first))
        line = f"deal {deal}: Normal vs Normal winners {''.join('-' if w is None else str(w + 1) for w in seen)}"
        line += f" (the first game: {ruleset.turn_number(first)} turns, {scores})"
        loser = None if seen[0] is None else 1 - seen[0]
        if args.oracle and loser is not None:
            won = oracle_wins(args.ruleset, deal, loser, dict(search))
            oracle += won
            tried_oracle += 1
            line += f"; the clairvoyant search in seat {loser + 1} {'won' if won else 'lost'}"
        print(f"{line} ({time.perf_counter() - began:.0f} s)", flush=True)
        if index < args.flips and loser is not None:
            counts = flips(args.ruleset, deal, loser, print)
            tried = [a + b for a, b in zip(tried, counts, strict=True)]
            print(f"  {counts[0]} decisions, {counts[1]} other moves, {counts[2]} of them won", flush=True)
    print(f"{args.ruleset}: {unanimous}/{args.deals} deals gave every pair of bot seeds the same winner")
    if args.oracle:
        low, high = wilson(oracle, tried_oracle)  # a drawn deal has no losing seat to try
        print(f"clairvoyant search in the losing seat: {oracle}/{tried_oracle} won ({100 * low:.1f}-{100 * high:.1f}%)")
    if args.flips:
        print(f"single different moves: {tried[2]} of {tried[1]} won, over {tried[0]} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
