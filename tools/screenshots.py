"""The pictures of the README and docs, made by the program itself: `python -m tools.screenshots [OUT]`.

Each picture is a seeded position played by the greedy bot (the same moves on any machine), opened in the real
app in Textual's headless mode at 80x24, and saved as SVG into docs/images/ (or OUT). Never edit an SVG by hand:
change the program or a `Shot` below and run this again. tests/test_screenshots.py makes them anew into a
temporary folder and fails when the committed ones no longer show the program as it is.

Rich names the SVG's CSS classes after a hash of the picture (`terminal-1234567-r1`); here they are named after
the picture instead (`mythicarium-r1`), so a file changes only when what it shows changes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from mythtable.paths import REMOTE_ENV

SIZE = (80, 24)
IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


@dataclass(frozen=True)
class Shot:
    """One picture: `ruleset` from `seed`, after `moves` moves of the greedy bot for both seats (None: the title
    screen), then `keys` pressed in the app."""

    name: str
    caption: str
    ruleset: str | None = None
    seed: int = 0
    moves: int = 0
    keys: tuple[str, ...] = ()


SHOTS: tuple[Shot, ...] = (
    Shot("title", "The title screen"),
    Shot("mythicarium", "Mythicarium: Champions in their lanes, the limbo stack and the options", "mythicarium", 7, 40),
    Shot("magewars", "Mage Wars CCG: the three lines of each player", "magewars", 7, 60),
    Shot("mythcraft", "MythCraft combat: the map, initiative and Action Points", "mythcraft", 7, 12),
)


def position(shot: Shot) -> object:
    """The game of `shot` after its moves: both seats played by the greedy bot, stopped where a seat decides."""
    from mythtable.engine.bots import make_bot
    from mythtable.engine.game import Game

    assert shot.ruleset is not None
    game = Game.new(shot.ruleset, shot.seed)
    bots = [make_bot(shot.ruleset, "greedy", shot.seed + seat) for seat in (0, 1)]
    for _ in range(shot.moves):
        decision = game.decision
        if decision is None:
            break
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return game


async def _screenshot(shot: Shot, data: Path) -> str:
    from mythtable.engine.game import Game
    from mythtable.tui.app import MythtableApp
    from mythtable.tui.screens.curtain import CurtainScreen
    from mythtable.tui.start import OpenGame

    game = None if shot.ruleset is None else position(shot)
    start = None if not isinstance(game, Game) else OpenGame(game)
    app = MythtableApp(start=start, data=data)
    app.computer_delay = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        for key in shot.keys:
            await pilot.press(key)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        return app.export_screenshot(title=f"mythtable: {shot.caption}")


def stable_ids(svg: str, name: str) -> str:
    """Rich's `terminal-<hash>` prefix of ids and classes, named after the picture instead."""
    return re.sub(r"terminal-\d+", f"{name}", svg)


_STYLE = re.compile(r"\.[\w-]+-(r\d+) \{ ([^}]*)\}")
_TEXT = re.compile(r'<text class="[\w-]+-(r\d+)" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>([^<]*)</text>')
_RECT = re.compile(r'<rect fill="(#[0-9a-fA-F]+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"')


def what_it_shows(svg: str) -> list[tuple[str, ...]]:
    """What a picture shows, without what Rich's SVG template wraps it in (fonts, window, class names): every
    background rectangle with its colour and every run of text with its place and its style, sorted. Two
    pictures that show the same screen give the same list whatever Rich version drew them."""
    styles = {key: " ".join(rule.split()) for key, rule in _STYLE.findall(svg)}
    shown: list[tuple[str, ...]] = [("rect", *match) for match in _RECT.findall(svg)]
    shown += [("text", x, y, length, styles.get(key, key), text) for key, x, y, length, text in _TEXT.findall(svg)]
    return sorted(shown)


@contextmanager
def _fresh_player() -> Iterator[Path]:
    """A data and a config folder of no one's: the pictures never show this machine's saves or a player's
    remembered auto-pass stops, and never show a remote player's screens."""
    names = ("MYTHTABLE_DATA_DIR", "MYTHTABLE_CONFIG_DIR", REMOTE_ENV)
    before = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="mythtable-shot-") as folder:
        os.environ["MYTHTABLE_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["MYTHTABLE_CONFIG_DIR"] = str(Path(folder) / "config")
        os.environ.pop(REMOTE_ENV, None)
        try:
            yield Path(folder) / "data"
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def make(shot: Shot) -> str:
    """The SVG of one picture, with stable ids."""
    with _fresh_player() as data:
        return stable_ids(asyncio.run(_screenshot(shot, data)), shot.name)


def write_all(out: Path) -> list[Path]:
    """Every picture into `out`, one `<name>.svg` each."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for shot in SHOTS:
        path = out / f"{shot.name}.svg"
        path.write_text(make(shot), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=IMAGES, help=f"the folder (default {IMAGES})")
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
