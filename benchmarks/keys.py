"""What a key press costs in the game screen: `python benchmarks/keys.py [--keys 150] [--ruleset ID] [--size 80x24]`.

Runs the app headless (Textual's Pilot) in a hot-seat game of each ruleset, a fixed seed, at 80x24 and at 100x60,
and presses a fixed script of keys: Down, Down, Up, Enter (the second option, or the first), then `1`; Enter at a
curtain or a recap. After each key it waits until the app has handled it and painted the screen (tests/tui/keys.py
`press`), as between a player's keys. Per key it prints the CPU time of the process (time.process_time), the wall
time, the layout passes (Screen._refresh_layout: every widget placed again) and the widget renders
(Widget._render_content: a widget's content made again), for all keys, for the moves (Enter, `1`) and for the
arrow keys; then the widget classes rendered most. Prints figures only, no thresholds (issue 32).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from textual.screen import Screen  # noqa: E402
from textual.widget import Widget  # noqa: E402

from mythtable.engine.registry import load  # noqa: E402
from mythtable.tui.app import MythtableApp  # noqa: E402
from mythtable.tui.screens.game import GameScreen  # noqa: E402
from mythtable.tui.start import NewGame  # noqa: E402
from tests.tui.keys import press, settle  # noqa: E402

RULESETS = ("mythicarium", "magewars", "mythcraft")
SIZES = ((80, 24), (100, 60))
SEED = 7
SCRIPT = ("down", "down", "up", "enter", "1")
MOVES = frozenset({"enter", "1"})


@dataclass
class Tally:
    """Work counted while keys of one kind were handled."""

    keys: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    layouts: int = 0
    renders: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.keys += other.keys
        self.cpu += other.cpu
        self.wall += other.wall
        self.layouts += other.layouts
        self.renders.update(other.renders)

    def line(self, label: str) -> str:
        n = max(1, self.keys)
        return (
            f"  {label:<7} {self.keys:>4} keys  cpu {1000 * self.cpu / n:6.1f} ms  wall {1000 * self.wall / n:6.1f} ms"
            f"  layouts {self.layouts / n:4.2f}  renders {sum(self.renders.values()) / n:5.1f}"
        )


class Counters:
    """Counts layout passes and widget renders while `installed` (it wraps two Textual methods, and puts them back)."""

    def __init__(self) -> None:
        self.layouts = 0
        self.renders: Counter[str] = Counter()

    @contextmanager
    def installed(self) -> Iterator[Counters]:
        layout = Screen._refresh_layout
        render = Widget._render_content

        def counted_layout(screen: Screen[Any], size: Any = None, scroll: bool = False) -> None:
            if not scroll or screen._layout_widgets:
                self.layouts += 1
            layout(screen, size, scroll)

        def counted_render(widget: Widget) -> None:
            self.renders[type(widget).__name__] += 1
            render(widget)

        Screen._refresh_layout = counted_layout  # type: ignore[method-assign]
        Widget._render_content = counted_render  # type: ignore[method-assign]
        try:
            yield self
        finally:
            Screen._refresh_layout = layout  # type: ignore[method-assign]
            Widget._render_content = render  # type: ignore[method-assign]


async def run(ruleset_id: str, size: tuple[int, int], keys: int) -> dict[str, Tally]:
    """Press `keys` keys of the script in a new hot-seat game; the tallies of moves, arrows and other keys."""
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    tallies = {"moves": Tally(), "arrows": Tally(), "other": Tally()}
    with tempfile.TemporaryDirectory() as data:
        app = MythtableApp(start=NewGame(ruleset_id, SEED, setup), data=Path(data))
        counters = Counters()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            script = 0
            with counters.installed():
                for _ in range(keys):
                    screen = app.screen
                    if isinstance(screen, GameScreen):
                        if screen.link.decision is None:
                            break  # the game is over
                        key = SCRIPT[script % len(SCRIPT)]
                        script += 1
                        kind = "moves" if key in MOVES else "arrows"
                    else:  # a curtain, a recap
                        key, kind = "enter", "other"
                    layouts, renders = counters.layouts, counters.renders.copy()
                    cpu, wall = time.process_time(), time.perf_counter()
                    await press(pilot, key)
                    tally = Tally(1, time.process_time() - cpu, time.perf_counter() - wall)
                    tally.layouts = counters.layouts - layouts
                    tally.renders = counters.renders - renders
                    tallies[kind].add(tally)
            await pilot.press("ctrl+q")
    return tallies


def report(ruleset_id: str, size: tuple[int, int], tallies: dict[str, Tally], top: int) -> None:
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    print(f"{ruleset_id} {size[0]}x{size[1]}:")
    print(total.line("all"))
    for kind in ("moves", "arrows", "other"):
        print(tallies[kind].line(kind))
    for label, tally in (("all", total), ("arrows", tallies["arrows"])):
        n = max(1, tally.keys)
        most = ", ".join(f"{name} {count / n:.1f}" for name, count in tally.renders.most_common(top))
        print(f"  renders per key ({label}): {most}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=150)
    parser.add_argument("--ruleset", choices=RULESETS, action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--size", action="append", help="only this size, e.g. 80x24 (repeatable)")
    parser.add_argument("--top", type=int, default=8, help="widget classes listed")
    args = parser.parse_args(argv)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.size] if args.size else list(SIZES)
    for ruleset_id in args.ruleset or RULESETS:
        for size in sizes:
            tallies = asyncio.run(run(ruleset_id, (size[0], size[1]), args.keys))
            report(ruleset_id, (size[0], size[1]), tallies, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
