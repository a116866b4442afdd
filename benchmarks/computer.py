"""How fast and how well the computer plays: `python benchmarks/computer.py [--json] [--games N]`.

Plays seeded games of each ruleset, a computer of each strength level against the greedy bot
(seats swapped every other game), and prints for the tested computer the median and 95th
percentile of its thinking time per decision (all of them; those with one legal option, or one
left by the loop guard; those where the search settled before its share of the budget) and per
turn (the sum over the decisions it took while the ruleset's turn number stayed the same: its
own turn and its answers in the other seat's, a round of its side in MythCraft), and its win
rate with a 95% Wilson interval (a draw, such as MythCraft's 30 rounds run out, is not a win; the
draws are counted apart from the losses).

With `--by-iterations` a level that has a count of iterations ("normal", bots.LEVEL_ITERATIONS)
plays it without its clock: the same games on any machine, under any load (the win rate of the
level as a fast machine plays it; the timing figures are then those of the count, not the clock).

`--opponent` sets the other side: the greedy bot (default; `easy` is the same bot), Normal by its count (`normal`, for
Hard against Normal with `--by-iterations`), the ruleset's own computer player (`ai`), or, in
MythCraft, `attacker`: a scripted hero side that attacks whenever it can (the creature AI's simple
hero play: attack, else close in, else end). Against `attacker` the tested level always plays the
creatures (seat 2), and `--levels` may name `ai` too (the creatures' own AI). `--encounter` plays
another MythCraft encounter than the default E1. The win rate is also split by the seat the tested
computer played.

Targets at "normal" on a 2-core machine: a turn at most 2 s median and 5 s at the 95th
percentile; a decision with one sensible answer under 50 ms. "before" is the search bot as it
was: a full second per decision, no early stop, no turn budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.bots import LEVEL_ITERATIONS, STRENGTHS, Bot, GreedyBot, make_bot  # noqa: E402
from mythtable.engine.decision import Action, Decision  # noqa: E402
from mythtable.engine.protocol import Ruleset, Setup  # noqa: E402
from mythtable.engine.registry import load, own_ai  # noqa: E402
from mythtable.engine.search_bot import SearchBot  # noqa: E402
from mythtable.engine.simulate import play_game, wilson  # noqa: E402

RULESETS = ("mythicarium", "magewars", "mythcraft")


class Timed:
    """Wraps a bot and notes how long each of its answers took, and why it ended."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions: list[float] = []
        self.single: list[float] = []
        self.settled: list[float] = []
        self.turns: dict[int, float] = defaultdict(float)

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        turn = ruleset.turn_number(state)
        start = time.perf_counter()
        action = self.bot.choose(ruleset, state, decision)
        spent = time.perf_counter() - start
        self.decisions.append(spent)
        self.turns[turn] += spent
        reason = getattr(self.bot, "last_reason", "")
        if len(decision.actions) == 1 or reason in ("single", "guard"):
            self.single.append(spent)
        elif reason == "settled":
            self.settled.append(spent)
        return action


OPPONENTS = ("greedy", "easy", "ai", "attacker", "normal")


class Attacker:
    """MythCraft's scripted hero side: attacks whenever it can (the weakest able creature in reach),
    else closes in, else ends its turn; takes every reaction. It is the creature AI's hero play."""

    name = "attacker"

    def __init__(self, ruleset_id: str) -> None:
        factory = own_ai(ruleset_id)
        if factory is None:
            raise SystemExit(f"{ruleset_id} has no scripted player to attack with")
        self.ai = factory(0)

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        action: Action = self.ai.choose(ruleset, state, decision)
        return action


def _opponent(ruleset_id: str, opponent: str, seed: int) -> Bot:
    if opponent in ("greedy", "easy"):  # Easy is the greedy bot
        return GreedyBot(ruleset_id, seed)
    if opponent == "normal":  # Normal's count without its clock (Hard against Normal: the same games anywhere)
        return make_bot(ruleset_id, "normal", seed, workers=1, iterations=LEVEL_ITERATIONS["normal"])
    if opponent == "attacker":
        return Attacker(ruleset_id)
    factory = own_ai(ruleset_id)
    if factory is None:
        raise SystemExit(f"{ruleset_id} has no built-in computer player (ai)")
    bot: Bot = factory(seed)
    return bot


def _setup(ruleset_id: str, encounter: str | None) -> Setup | None:
    if encounter is None:
        return None
    loaded = load(ruleset_id)
    setup = loaded.ruleset.simulation_setup(loaded.content)
    setup.options["encounter"] = encounter
    return setup


def _bot(ruleset_id: str, level: str, seed: int, workers: int, by_iterations: bool = False) -> Bot:
    if level == "ai":
        return _opponent(ruleset_id, "ai", seed)
    if level == "before":
        return SearchBot(ruleset_id, seed, budget=1.0, workers=workers, early_stop=False, reuse=False)
    count = LEVEL_ITERATIONS.get(level) if by_iterations else None
    return make_bot(ruleset_id, level, seed, workers=workers, iterations=count)


def _rounds(outcome: Any) -> str:
    """The rounds a game lasted, for a ruleset whose state counts them (MythCraft), else nothing."""
    rounds = getattr(getattr(outcome.game, "state", None), "round", None)
    return f", {rounds} rounds" if isinstance(rounds, int) else ""


def _quantiles(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0, "median_s": 0.0, "p95_s": 0.0, "max_s": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "n": len(values),
        "median_s": round(statistics.median(ordered), 4),
        "p95_s": round(p95, 4),
        "max_s": round(ordered[-1], 4),
    }


def measure(
    ruleset_id: str,
    level: str,
    games: int,
    seed: int,
    workers: int,
    by_iterations: bool = False,
    progress: bool = False,
    opponent: str = "greedy",
    encounter: str | None = None,
) -> dict[str, Any]:
    setup = _setup(ruleset_id, encounter)
    by_seat = [[0, 0, 0], [0, 0, 0]]
    """Wins, finished games and draws of the tested computer in seat 1 and in seat 2."""
    decisions: list[float] = []
    single: list[float] = []
    settled: list[float] = []
    turns: list[float] = []
    wins = finished = draws = 0
    for i in range(games):
        began = time.perf_counter()
        game_seed = seed + i
        me = Timed(_bot(ruleset_id, level, game_seed * 2 + 1, workers, by_iterations))
        other = _opponent(ruleset_id, opponent, game_seed * 2 + 2)
        seat = 1 if opponent == "attacker" else i % 2
        outcome = play_game(ruleset_id, game_seed, (me, other) if seat == 0 else (other, me), setup=setup)
        close = getattr(me.bot, "close", None)
        if close is not None:
            close()
        decisions += me.decisions
        single += me.single
        settled += me.settled
        turns += list(me.turns.values())
        if outcome.error is None and outcome.result is not None:
            finished += 1
            won_game = outcome.result.winner == seat
            drawn = outcome.result.winner is None
            wins += won_game
            draws += drawn
            by_seat[seat][0] += won_game
            by_seat[seat][1] += 1
            by_seat[seat][2] += drawn
        if progress:
            result = outcome.result
            if result is None:
                what = f"error ({outcome.error})"
            else:
                what = "drew" if result.winner is None else "won" if result.winner == seat else "lost"
            print(
                f"  {ruleset_id} {level} game {i} (seed {game_seed}, seat {seat + 1}): {what}"
                f" ({outcome.actions} actions{_rounds(outcome)}, {time.perf_counter() - began:.0f} s);"
                f" {wins}/{finished} won, {draws} drawn so far",
                file=sys.stderr,
                flush=True,
            )
    low, high = wilson(wins, finished)
    return {
        "ruleset": ruleset_id,
        "level": level,
        "iterations": LEVEL_ITERATIONS.get(level) if by_iterations else None,
        "opponent": opponent,
        "encounter": encounter,
        "games": games,
        "by_seat": by_seat,
        "finished": finished,
        "wins": wins,
        "draws": draws,
        "win_rate": round(wins / finished, 4) if finished else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "decision": _quantiles(decisions),
        "one_option": _quantiles(single),
        "settled": _quantiles(settled),
        "turn": _quantiles(turns),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per ruleset and level (default 4)")
    parser.add_argument("--levels", default="easy,normal,hard", help="comma-separated; 'before' is the old search")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes per search bot (the game screen uses 1)")
    parser.add_argument(
        "--by-iterations",
        action="store_true",
        help="levels with a count of iterations (normal) play it without the clock: reproducible win rates",
    )
    parser.add_argument("--progress", action="store_true", help="print each game's result as it ends")
    parser.add_argument("--opponent", default="greedy", choices=OPPONENTS, help="the other side (default greedy)")
    parser.add_argument("--encounter", default=None, help="a MythCraft encounter id (default: the simulation setup's)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for level in levels:
        if level not in ("before", "ai") and level not in STRENGTHS:
            parser.error(f"unknown level {level!r}")
    rows = []
    for ruleset_id in [r.strip() for r in args.rulesets.split(",") if r.strip()]:
        for level in levels:
            row = measure(
                ruleset_id,
                level,
                args.games,
                args.seed,
                args.workers,
                args.by_iterations,
                args.progress,
                args.opponent,
                args.encounter,
            )
            rows.append(row)
            if not args.json:
                d, t = row["decision"], row["turn"]
                o, e = row["one_option"], row["settled"]
                low, high = row["ci95"]
                label = f"{level} {row['iterations']} it" if row["iterations"] else level
                (w1, n1, d1), (w2, n2, d2) = row["by_seat"]
                print(
                    f"{ruleset_id:12} {label:7} vs {args.opponent}: wins {row['wins']}/{row['finished']}"
                    f" ({100 * row['win_rate']:.0f}%, 95% CI {100 * low:.0f}-{100 * high:.0f}%;"
                    f" draws {row['draws']}, losses {row['finished'] - row['wins'] - row['draws']};"
                    f" seat 1 {w1}/{n1} ({d1} drawn), seat 2 {w2}/{n2} ({d2} drawn))"
                    f" | decision median {d['median_s']:.3f} s p95 {d['p95_s']:.3f} s (n={d['n']})"
                    f" | one option median {o['median_s'] * 1000:.1f} ms p95 {o['p95_s'] * 1000:.1f} ms (n={o['n']})"
                    f" | settled median {e['median_s'] * 1000:.0f} ms p95 {e['p95_s'] * 1000:.0f} ms (n={e['n']})"
                    f" | turn median {t['median_s']:.2f} s p95 {t['p95_s']:.2f} s"
                    f" max {t['max_s']:.2f} s (n={t['n']})",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
