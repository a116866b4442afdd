"""mythtable's speed, measured: `python benchmarks/run.py [--quick] [--json]`.

Prints, per ruleset: random games per second and the median / 95th percentile engine time
per action (apply plus computing the next decision); then launch-to-title time next to a bare
Textual app (both in a real pseudo-terminal, same run), and the time from a key press to the
screen settling during a game, with the bytes written per key press.
Every figure is the median of several runs. Targets: median action < 0.1 ms; title within
1.5x of the bare app; key press settles < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.bots import RandomBot  # noqa: E402
from mythtable.engine.game import Game  # noqa: E402
from mythtable.engine.registry import available, get  # noqa: E402
from tests.tui.terminal import Terminal  # noqa: E402


def engine_figures(ruleset_id: str, games: int, seed: int = 1000) -> dict[str, float]:
    """Random-bot games through the ruleset directly; each apply timed on its own."""
    times: list[int] = []
    start = time.perf_counter()
    actions = 0
    for g in range(games):
        game = Game.new(ruleset_id, seed + g)
        ruleset, state = game.ruleset, game.state
        bots = (RandomBot(g * 2 + 1), RandomBot(g * 2 + 2))
        clock = time.perf_counter_ns
        while (decision := ruleset.pending(state)) is not None:
            action = bots[decision.seat].choose(ruleset, state, decision)
            t0 = clock()
            ruleset.apply(state, action)
            ruleset.pending(state)
            times.append(clock() - t0)
            actions += 1
            if actions > 5_000_000:
                break
    wall = time.perf_counter() - start
    times.sort()
    return {
        "games_per_s": games / wall,
        "actions_per_s_engine": len(times) / (sum(times) / 1e9),
        "median_action_ms": times[len(times) // 2] / 1e6,
        "p95_action_ms": times[int(len(times) * 0.95)] / 1e6,
        "avg_actions_per_game": actions / games,
    }


def search_figures(ruleset_id: str, decisions: int = 12, iterations: int = 100) -> dict[str, float]:
    """The search bot (one process) on positions from a random game: decisions per second at a
    fixed number of iterations, and iterations per second."""
    from mythtable.engine.search_bot import SearchBot

    game = Game.new(ruleset_id, 77)
    walker = RandomBot(5)
    bot = SearchBot(ruleset_id, 3, workers=1, iterations=iterations)
    timed, spent = 0, 0.0
    while timed < decisions and (decision := game.decision) is not None:
        if len(decision.actions) > 1 and len(game.actions) % 3 == 0:
            t0 = time.perf_counter()
            bot.choose(game.ruleset, game.state, decision)
            spent += time.perf_counter() - t0
            timed += 1
        game.apply(walker.choose(game.ruleset, game.state, decision))
    return {"decisions_per_s": timed / spent, "iterations_per_s": timed * iterations / spent}


def launch_seconds(argv: list[str], marker: str) -> float:
    term = Terminal(argv)
    t0 = time.perf_counter()
    try:
        term.wait_for(marker, timeout=30)
        return time.perf_counter() - t0
    finally:
        term.close()


def settle(term: Terminal, key: str, quiet: float = 0.15) -> tuple[float, int]:
    """Send a key; return (seconds until the last byte of the redraw arrived, bytes received).

    The screen counts as settled once nothing more arrives for `quiet` seconds.
    """
    term.pump(0.2)
    before = term.received
    t0 = time.perf_counter()
    term.send(key)
    deadline = t0 + 3.0
    while time.perf_counter() < deadline:
        seen = term.received
        term.pump(quiet)
        if term.received == seen and seen > before:
            break
    return term.last_data_at - t0, term.received - before


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    """Field by field, the median of several runs of one measurement."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def peak_memory_mb(pid: int) -> float:
    """Peak resident memory (VmHWM) of a running process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory_figures(ruleset_id: str) -> dict[str, float]:
    """Peak memory of a game in progress (after 40 moves) next to the bare Textual app."""
    bare = Terminal([sys.executable, str(ROOT / "benchmarks" / "bare_app.py")])
    try:
        bare.wait_for("Bare yardstick")
        bare.pump(0.5)
        bare_mb = peak_memory_mb(bare.proc.pid)
    finally:
        bare.close()
    term = Terminal([sys.executable, "-m", "mythtable", "play", ruleset_id, "--seed", "7"])
    try:
        if get(ruleset_id).hidden_information:
            term.wait_for("Pass the keyboard")
        for _ in range(40):  # Enter answers whatever is asked (and lifts curtains)
            term.send("\r")
            term.pump(0.05)
        term.pump(0.5)
        game_mb = peak_memory_mb(term.proc.pid)
    finally:
        term.close()
    return {"bare_mb": bare_mb, "game_mb": game_mb, "ratio": game_mb / bare_mb}


def keypress_figures(ruleset_id: str, presses: int) -> dict[str, float]:
    term = Terminal([sys.executable, "-m", "mythtable", "play", ruleset_id, "--seed", "7"])
    try:
        if get(ruleset_id).hidden_information:
            term.wait_for("Pass the keyboard")
            term.send("\r")
        term.wait_for(get(ruleset_id).title)
        term.pump(0.5)
        settle(term, "\x1b[H")  # Home: the first option (after a curtain the highlight starts on the last,
        # the safe one, where down would wrap the list round and measure a scroll, not a selection move)
        moves, sizes = [], []
        for i in range(presses):
            seconds, size = settle(term, "\x1b[B" if i % 2 == 0 else "\x1b[A")  # down / up
            moves.append(seconds)
            sizes.append(size)
        return {
            "move_selection_median_ms": statistics.median(moves) * 1000,
            "move_selection_p95_ms": sorted(moves)[int(len(moves) * 0.95)] * 1000,
            "bytes_per_selection_move": statistics.median(sizes),
        }
    finally:
        term.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = 30 if args.quick else 200
    repeats = 3 if args.quick else 7
    report: dict[str, object] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}

    rulesets = {}
    for rid in available():
        rulesets[rid] = engine_figures(rid, games)
    report["engine"] = rulesets
    report["search"] = {rid: search_figures(rid) for rid in available()}

    bare = [
        launch_seconds([sys.executable, str(ROOT / "benchmarks" / "bare_app.py")], "Bare yardstick")
        for _ in range(repeats)
    ]
    ours = [launch_seconds([sys.executable, "-m", "mythtable"], "New game") for _ in range(repeats)]
    report["launch"] = {
        "bare_textual_ms": statistics.median(bare) * 1000,
        "mythtable_title_ms": statistics.median(ours) * 1000,
        "ratio": statistics.median(ours) / statistics.median(bare),
    }
    report["keys"] = {rid: keypress_figures(rid, 20 if args.quick else 60) for rid in available()}
    runs = 1 if args.quick else 3
    report["memory"] = {rid: median_of([memory_figures(rid) for _ in range(runs)]) for rid in available()}

    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"mythtable benchmarks (Python {report['python']}, {report['cpus']} cpus; {games} games per ruleset)")
    print(f"{'ruleset':<13}{'games/s':>9}{'actions/s':>11}{'median ms':>11}{'p95 ms':>9}{'actions/game':>14}")
    for rid, f in rulesets.items():
        print(
            f"{rid:<13}{f['games_per_s']:>9.1f}{f['actions_per_s_engine']:>11.0f}"
            f"{f['median_action_ms']:>11.4f}{f['p95_action_ms']:>9.4f}{f['avg_actions_per_game']:>14.0f}"
        )
    for rid, f in report["search"].items():  # type: ignore[union-attr]
        print(
            f"search bot in {rid}: {f['decisions_per_s']:.1f} decisions/s at 100 iterations each, "
            f"{f['iterations_per_s']:.0f} iterations/s (one process)"
        )
    launch = report["launch"]
    assert isinstance(launch, dict)
    print(
        f"launch to title: mythtable {launch['mythtable_title_ms']:.0f} ms, bare Textual app "
        f"{launch['bare_textual_ms']:.0f} ms, ratio {launch['ratio']:.2f} (target <= 1.5)"
    )
    for rid, k in report["keys"].items():  # type: ignore[union-attr]
        print(
            f"key press in {rid}: selection move settles in {k['move_selection_median_ms']:.1f} ms median "
            f"({k['move_selection_p95_ms']:.1f} ms p95), {k['bytes_per_selection_move']:.0f} bytes"
        )
    for rid, m in report["memory"].items():  # type: ignore[union-attr]
        print(
            f"peak memory in a {rid} game: {m['game_mb']:.0f} MB, bare Textual app {m['bare_mb']:.0f} MB, "
            f"ratio {m['ratio']:.2f} (target <= 1.5)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
