"""The deck editor, measured: `python benchmarks/deck_editor.py [--ruleset mythicarium] [--scale 4] [--json]`.

Opens the editor headless at 80x24 and, for every card of a prebuilt deck, types a search (a few
letters of the card's name), then Enter to add it. Two figures per search + add:

- work: the editor's own handlers (filtering the pool, rebuilding the list, adding, recounting,
  checking every deck rule), timed inside the app;
- settle (CPU): the process's CPU time from the first key press until the screen has refreshed and
  nothing is pending (`pilot.pause()`): the handlers plus Textual's message passing, layout and
  painting of the 80x24 screen (idle_key_cpu: the same for a key nothing answers, the pilot's own
  share). CPU time, not wall time: the pilot's own waits (it sleeps between
  keys) are idle and not counted, and a busy machine does not inflate it the way it does wall time;
- settle (wall): the same span in wall time, waits included, for reference.

`--scale N` makes the pool N times bigger (copies of each card under new ids) to see how it grows.
Target to read them against: search + add settles in under 16 ms (a frame at 60 Hz).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def measure(ruleset_id: str, scale: int, letters: int) -> dict[str, Any]:
    from mythtable.engine.registry import load
    from mythtable.tui.app import MythtableApp
    from mythtable.tui.screens.decks import DeckEditorScreen

    loaded = load(ruleset_id)
    decks = loaded.entry.decks
    assert decks is not None
    deck = decks.prebuilt(loaded.content, next(iter(loaded.content.decks)))
    counts = decks.counts(deck)
    names = [loaded.content.cards[cid].name for cid, n in counts.items() for _ in range(n)]
    work: list[float] = []
    settle: list[float] = []
    wall: list[float] = []
    app = MythtableApp(start={"screen": "decks", "ruleset": ruleset_id}, data=Path(tempfile.mkdtemp()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeckEditorScreen)
        if scale > 1:
            extra = [replace(p, id=f"{p.id}-x{k}") for k in range(1, scale) for p in screen.pool]
            screen.pool = screen.pool + extra
            screen.cards = {p.id: p for p in screen.pool}
        spent = [0.0]
        for method in ("refilter", "action_add"):
            original = getattr(screen, method)

            def timed(*args: Any, _original: Any = original, **kw: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return _original(*args, **kw)
                finally:
                    spent[0] += time.perf_counter() - t0

            setattr(screen, method, timed)
        await pilot.press("ctrl+u")
        await pilot.pause()
        for name in names:
            spent[0] = 0.0
            t0, c0 = time.perf_counter(), time.process_time()
            await pilot.press("ctrl+u", *name.lower()[:letters], "enter")
            await pilot.pause()
            settle.append(time.process_time() - c0)
            wall.append(time.perf_counter() - t0)
            work.append(spent[0])
        pool = len(screen.pool)
        idle: list[float] = []
        for _ in range(20):  # the yardstick: a key nothing answers, through the same pilot
            c0 = time.process_time()
            await pilot.press("f12")
            await pilot.pause()
            idle.append(time.process_time() - c0)
    keys = letters + 2

    def row(values: list[float]) -> dict[str, float]:
        ms = sorted(v * 1000 for v in values)
        return {
            "median_ms": round(statistics.median(ms), 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
            "max_ms": round(ms[-1], 2),
        }

    return {
        "ruleset": ruleset_id,
        "pool": pool,
        "adds": len(names),
        "keys_per_add": keys,
        "work": row(work),
        "settle_cpu": row(settle),
        "settle_cpu_per_key": row([s / keys for s in settle]),
        "settle_wall": row(wall),
        "idle_key_cpu": row(idle),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mythicarium")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--letters", type=int, default=5, help="letters of each card's name typed (default 5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(measure(args.ruleset, args.scale, args.letters))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['ruleset']}: pool of {result['pool']} cards, {result['adds']} searches + adds at 80x24")
    for key in ("work", "settle_cpu", "settle_cpu_per_key", "idle_key_cpu", "settle_wall"):
        r = result[key]
        print(f"  {key:<15} median {r['median_ms']:>7} ms   p95 {r['p95_ms']:>7} ms   max {r['max_ms']:>7} ms")


if __name__ == "__main__":
    main()
