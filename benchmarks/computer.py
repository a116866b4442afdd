"""How fast and how well the computer plays: `python benchmarks/computer.py [--json] [--games N]`.

Plays seeded games of each ruleset, a computer of each strength level against the greedy bot
(seats swapped every other game), and prints for the tested computer the median and 95th
percentile of its thinking time per decision (all of them; those with one legal option, or one
left by the loop guard; those where the search settled before its share of the budget) and per
turn (the sum over the decisions it took while the ruleset's turn number stayed the same: its
own turn and its answers in the other seat's, a round of its side in MythCraft), and its win
rate with a 95% Wilson interval (a draw, such as MythCraft's 30 rounds run out, is not a win; the
draws are counted apart from the losses).

With `--paired` every deal (game seed) is played twice, seats swapped, by the tested level against the
opponent, and twice more by the opponent's own level in the tested seat (the control: the same deals,
seats and seeds with nothing stronger playing). Some deals favour one seat before anyone plays: a
swapped pair then splits whoever plays, so what tells a level's strength is the pairs it won both times
against those it lost both times, next to the control's. Printed per ruleset: games won, pairs won
both / split / lost both (a draw is not a win), with the Wilson 95% interval, for the level and the control, and the
difference of their win rates with a 95% interval over the deals (paired). `--search key=value` changes
one setting of the tested level's search (`SearchParams`: screening a variant on the same deals), or with
`--by-iterations` its count (`iterations=2000`).

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
import dataclasses
import json
import math
import pkgutil
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
from mythtable.engine.search_params import SearchParams  # noqa: E402
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


def _bot(
    ruleset_id: str,
    level: str,
    seed: int,
    workers: int,
    by_iterations: bool = False,
    search: dict[str, Any] | None = None,
) -> Bot:
    if level == "ai":
        return _opponent(ruleset_id, "ai", seed)
    if level == "before":
        return SearchBot(ruleset_id, seed, budget=1.0, workers=workers, early_stop=False, reuse=False)
    search = dict(search or {})
    count = search.pop("iterations", LEVEL_ITERATIONS.get(level)) if by_iterations else None
    bot = make_bot(ruleset_id, level, seed, workers=workers, iterations=count)
    if search:
        if not isinstance(bot, SearchBot):
            raise SystemExit(f"--search needs a searching level, not {level!r}")
        bot.params = dataclasses.replace(bot.params, **search)
    return bot


def _search_overrides(pairs: list[str]) -> dict[str, Any]:
    """`--search key=value` as SearchParams fields: numbers, true/false, greedy_kinds comma-separated,
    rollout_policy as none or package.module:function."""
    fields = {f.name: f for f in dataclasses.fields(SearchParams)}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, raw = pair.partition("=")
        if key == "iterations" and raw.isdigit():  # the level's count, with --by-iterations
            out[key] = int(raw)
            continue
        if key not in fields or not raw:
            raise SystemExit(f"--search {pair!r}: expected key=value with key one of {', '.join(fields)}")
        default = getattr(SearchParams(), key)
        try:
            if isinstance(default, bool):
                out[key] = raw.lower() in ("1", "true", "yes")
            elif isinstance(default, int):
                out[key] = int(raw)
            elif isinstance(default, float):
                out[key] = float(raw)
            elif key == "greedy_kinds":
                out[key] = tuple(k.strip() for k in raw.split(",") if k.strip())
            elif key == "rollout_policy":  # "none", or a function by name: package.module:function
                out[key] = None if raw == "none" else pkgutil.resolve_name(raw)
            else:
                raise ValueError
        except (ValueError, ImportError, AttributeError):
            raise SystemExit(f"--search {pair!r}: {key} cannot be set here") from None
    return out


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
    search: dict[str, Any] | None = None,
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
        me = Timed(_bot(ruleset_id, level, game_seed * 2 + 1, workers, by_iterations, search))
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


def _play(
    ruleset_id: str,
    me: Bot,
    other: Bot,
    seat: int,
    game_seed: int,
    setup: Setup | None,
) -> str:
    """One game of a paired deal: "w" (the bot in `seat` won), "l", "d" (drawn) or "e" (an error)."""
    outcome = play_game(ruleset_id, game_seed, (me, other) if seat == 0 else (other, me), setup=setup)
    for bot in (me, other):
        close = getattr(bot, "close", None)
        if close is not None:
            close()
    if outcome.error is not None or outcome.result is None:
        return "e"
    if outcome.result.winner is None:
        return "d"
    return "w" if outcome.result.winner == seat else "l"


def _pair_counts(results: list[str]) -> dict[str, Any]:
    """Games won and pairs won both / split / lost both, from each deal's two results (seat 1, seat 2)."""
    games = sum(len(r) - r.count("e") for r in results)
    wins = sum(r.count("w") for r in results)
    low, high = wilson(wins, games)
    return {
        "deals": results,
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "both": sum(r.count("w") == 2 for r in results),
        "split": sum(r.count("w") == 1 for r in results),
        "lost_both": sum(r.count("w") == 0 and "e" not in r for r in results),
        "draws": sum(r.count("d") for r in results),
    }


def _paired_difference(tested: list[str], control: list[str]) -> tuple[float, float, float]:
    """The tested level's win rate minus the control's, with a 95% interval over the deals (each deal's
    difference of wins out of two; a normal approximation, fine from about 20 deals)."""
    diffs = [(t.count("w") - c.count("w")) / 2 for t, c in zip(tested, control, strict=True)]
    if not diffs:
        return (0.0, 0.0, 0.0)
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return (mean, -1.0, 1.0)
    sd = statistics.stdev(diffs)
    half = 1.96 * sd / math.sqrt(len(diffs))
    return (mean, mean - half, mean + half)


def measure_paired(
    ruleset_id: str,
    level: str,
    deals: int,
    seed: int,
    workers: int,
    by_iterations: bool = False,
    progress: bool = False,
    opponent: str = "greedy",
    encounter: str | None = None,
    control: bool = True,
    search: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Each deal played with the tested level in seat 1 and in seat 2 against `opponent`, and (with
    `control`) the same two games with the opponent's level in the tested seat (see the module
    docstring). The bots' seeds are those `measure` gives game `seed + i`: the deals are its games."""
    if opponent == "attacker":
        raise SystemExit("--paired swaps seats; the attacker plays the heroes only")
    setup = _setup(ruleset_id, encounter)
    tested: list[str] = []
    controls: list[str] = []
    turns: list[float] = []
    for i in range(deals):
        began = time.perf_counter()
        game_seed = seed + i
        pair = ""
        for seat in (0, 1):
            me = Timed(_bot(ruleset_id, level, game_seed * 2 + 1, workers, by_iterations, search))
            other = _opponent(ruleset_id, opponent, game_seed * 2 + 2)
            pair += _play(ruleset_id, me, other, seat, game_seed, setup)
            turns += list(me.turns.values())
        tested.append(pair)
        base = ""
        if control:
            for seat in (0, 1):
                mine = _opponent(ruleset_id, opponent, game_seed * 2 + 1)
                other = _opponent(ruleset_id, opponent, game_seed * 2 + 2)
                base += _play(ruleset_id, mine, other, seat, game_seed, setup)
            controls.append(base)
        if progress:
            print(
                f"  {ruleset_id} {level} deal {i} (seed {game_seed}): {pair} (seat 1, seat 2)"
                + (f", control {base}" if control else "")
                + f" ({time.perf_counter() - began:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    row: dict[str, Any] = {
        "ruleset": ruleset_id,
        "level": level,
        "iterations": (search or {}).get("iterations", LEVEL_ITERATIONS.get(level)) if by_iterations else None,
        "opponent": opponent,
        "seed": seed,
        "search": search or {},
        "tested": _pair_counts(tested),
        "control": _pair_counts(controls) if control else None,
        "turn": _quantiles(turns),
    }
    if control:
        mean, low, high = _paired_difference(tested, controls)
        row["difference"] = {"mean": round(mean, 4), "ci95": [round(low, 4), round(high, 4)]}
    return row


def _paired_line(row: dict[str, Any], label: str) -> str:
    def counts(c: dict[str, Any]) -> str:
        low, high = c["ci95"]
        return (
            f"wins {c['wins']}/{c['games']} ({100 * c['win_rate']:.1f}%, 95% CI {100 * low:.0f}-{100 * high:.0f}%;"
            f" {c['draws']} drawn) pairs won both {c['both']}, split {c['split']}, lost both {c['lost_both']}"
        )

    line = f"{row['ruleset']:12} {label} vs {row['opponent']} paired, {len(row['tested']['deals'])} deals: "
    line += counts(row["tested"])
    if row["control"] is not None:
        d = row["difference"]
        line += f" | control ({row['opponent']} vs {row['opponent']}): {counts(row['control'])}"
        line += (
            f" | difference {100 * d['mean']:+.1f} points (95% CI {100 * d['ci95'][0]:+.0f} to"
            f" {100 * d['ci95'][1]:+.0f})"
        )
    t = row["turn"]
    line += f" | turn median {t['median_s']:.2f} s p95 {t['p95_s']:.2f} s (n={t['n']})"
    line += f" | deals {' '.join(row['tested']['deals'])}"
    if row["control"] is not None:
        line += f" | control {' '.join(row['control']['deals'])}"
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=4, help="games per ruleset and level, deals with --paired (default 4)"
    )
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
    parser.add_argument(
        "--paired",
        action="store_true",
        help="each deal twice, seats swapped, and the same deals played by the opponent's level against itself",
    )
    parser.add_argument("--no-control", action="store_true", help="with --paired: skip the control games")
    parser.add_argument(
        "--search", action="append", default=[], metavar="KEY=VALUE", help="a search setting of the tested level"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for level in levels:
        if level not in ("before", "ai") and level not in STRENGTHS:
            parser.error(f"unknown level {level!r}")
    search = _search_overrides(args.search)
    rows = []
    for ruleset_id in [r.strip() for r in args.rulesets.split(",") if r.strip()]:
        for level in levels:
            common = (
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
            row = measure_paired(*common, not args.no_control, search) if args.paired else measure(*common, search)
            rows.append(row)
            if args.json:
                continue
            label = f"{level} {row['iterations']} it" if row["iterations"] else level
            if args.paired:
                print(_paired_line(row, label), flush=True)
                continue
            d, t = row["decision"], row["turn"]
            o, e = row["one_option"], row["settled"]
            low, high = row["ci95"]
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
