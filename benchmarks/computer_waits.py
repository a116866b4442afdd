"""The computer's waits as a player sees them: `python benchmarks/computer_waits.py [--seconds S] [--json]`.

Runs the real program in a pseudo-terminal (80x24, `mythtable play RULESET --p2-computer normal`; `--level hard`
plays Hard instead), the
person at seat 1 passing where it can (End, then Enter: the last option is the pass / done / move on, and
a hand-over's confirming Enter is given too), and reads the screen through a VT emulator (pyte). It times,
per ruleset:

- a single wait: from the moment the screen last changed for the player (their key press, or the last
  computer move shown) to the next computer move shown or the player's next question; this is what the
  player sits through looking at an unchanged screen, pace, thinking, redraws and thread hand-offs included;
- a turn: from the player's key press to their next question (all the computer's moves in between).

It prints the median, 95th percentile and maximum of each, in seconds; and where a program that writes them
(MYTHTABLE_TIMINGS, mythtable/tui/timings.py) says the time of each computer move went: "think" (from the
decision shown to the worker's answer), "pace" (what was left of the pace then) and "draw" (applying the
move and drawing the table). Target (issue 33, item 7): every single
wait under 2 s at the 95th percentile against Normal. `--pace` passes `--computer-pace` to the program
(left out when not given, for programs older than that option).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.terminal import Terminal  # noqa: E402

RULESETS = ("mythicarium", "magewars", "mythcraft")
THINKING = "(computer) is thinking"
MOVE = re.compile(r"^.*\(computer\)[^\n]*?:.*$", re.MULTILINE)
"""A line that shows a computer's move ("Bram (computer): plays ...", "Bram (computer), move 3: ...")."""
OVER = ("The game is over", "wins", "Play again", "draw")


def _quantiles(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(values)
    return {
        "n": len(values),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))],
        "max": ordered[-1],
    }


def computer_lines(screen: str) -> tuple[str, ...]:
    """The lines that show computer moves, as a tuple (a change of any of them is a move shown)."""
    return tuple(m.group(0).strip() for m in MOVE.finditer(screen) if THINKING not in m.group(0))


def play(
    ruleset_id: str, seed: int, seconds: float, pace: float | None, level: str = "normal"
) -> dict[str, list[float]]:
    """One game (or `seconds` of it) against the computer at `level`; the waits and turns seen, in seconds."""
    with tempfile.TemporaryDirectory() as data:
        argv = [sys.executable, "-m", "mythtable", "--data-dir", data, "play", ruleset_id, "--seed", str(seed)]
        argv += ["--p2-computer", level]
        if pace is not None:
            argv += ["--computer-pace", str(pace)]
        timings = Path(data) / "timings.jsonl"
        env = {"MYTHTABLE_CONFIG_DIR": data, "XDG_CONFIG_HOME": data, "MYTHTABLE_TIMINGS": str(timings)}
        term = Terminal(argv, env=env)
        waits: list[float] = []
        turns: list[float] = []
        try:
            term.wait_for("Ana", timeout=60)
            end = time.monotonic() + seconds
            while time.monotonic() < end and term.proc.poll() is None:
                term.pump(0.3)
                screen = term.screen_text()
                if THINKING in screen:
                    continue  # the computer still has the decision (at the start, say)
                if any(word in screen for word in OVER[:1]):
                    break
                term.send("\x1b[F")  # End: the last option (pass / done / move on)
                term.pump(0.05)
                pressed = time.perf_counter()
                term.send("\r")
                # wait for the computer to take over (or the player to be asked again: a confirming Enter)
                before = term.screen_text()
                seen_thinking = False
                shown_at = pressed
                shown = computer_lines(before)
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and term.proc.poll() is None:
                    term.pump(0.005)
                    now_screen = term.screen_text()
                    thinking = THINKING in now_screen
                    lines = computer_lines(now_screen)
                    if thinking:
                        if not seen_thinking:
                            seen_thinking = True
                            shown = lines
                        elif lines != shown:  # a new computer move is on the screen
                            now = term.last_data_at
                            waits.append(now - shown_at)
                            shown_at, shown = now, lines
                        continue
                    if seen_thinking:  # the player is asked again (or the game ended)
                        now = term.last_data_at
                        waits.append(now - shown_at)
                        turns.append(now - pressed)
                        break
                    if now_screen != before and time.perf_counter() - pressed > 1.0:
                        break  # no computer move came of it: a confirming Enter, a curtain, or the player again
                    if time.perf_counter() - pressed > 3.0:
                        break
        finally:
            term.close()
        seen: dict[str, list[float]] = {"waits": waits, "turns": turns}
        if timings.exists():  # where the time went, inside the program (mythtable/tui/timings.py)
            for line in timings.read_text().splitlines():
                for key, value in json.loads(line).items():
                    seen.setdefault(key, []).append(value)
        return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=90.0, help="seconds of play per ruleset (default 90)")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", type=float, default=None, help="--computer-pace for the program (seconds)")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"), help="the computer's level")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    for rid in args.rulesets.split(","):
        seen = play(rid, args.seed, args.seconds, args.pace, args.level)
        report[rid] = {"wait": _quantiles(seen["waits"]), "turn": _quantiles(seen["turns"])}
        for key in ("think", "pace", "draw"):
            if key in seen:
                report[rid][key] = _quantiles(seen[key])
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    who = args.level.capitalize()
    print(f"Waits against {who} as a player sees them (80x24 PTY, {args.seconds:.0f} s of play per ruleset)")
    print(f"{'ruleset':<13}{'':<6}{'n':>5}{'median s':>10}{'p95 s':>8}{'max s':>8}")
    for rid, figures in report.items():
        for what in ("wait", "turn", "think", "pace", "draw"):
            if what not in figures:
                continue
            f = figures[what]
            print(f"{rid:<13}{what:<6}{f['n']:>5}{f['median']:>10.2f}{f['p95']:>8.2f}{f['max']:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
