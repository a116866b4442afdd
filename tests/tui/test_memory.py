"""What a long game must not cost in memory: widgets that are gone, a log kept as Strips, pydantic for F1."""

from __future__ import annotations

import gc
import shutil
import weakref
from pathlib import Path

import pytest
from textual.dom import DOMNode
from textual.strip import Strip
from textual.widgets import Footer

from mythtable.engine.errors import ContentError
from mythtable.engine.game import Game
from mythtable.engine.registry import available, load, rules_path
from mythtable.paths import assets_root
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.rules import read_reference
from mythtable.tui.start import OpenGame
from mythtable.tui.widgets.log import GameLog
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import press, settle


@pytest.mark.slow
async def test_the_footer_keeps_no_watchers_of_removed_keys() -> None:
    """Every move recomposes the footer; the keys it removed must not stay bound to it."""
    game = Game.new("mythcraft", 7)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        for _ in range(12):
            decision = game.decision
            assert decision is not None
            await press_choice(pilot, screen, decision.actions[0])
        await settle(pilot)
        footer = screen.query_one(Footer)
        watchers = getattr(footer, "__watchers", {}).get("compact", [])
        assert len(watchers) == len(footer.children) > 0


def strips_held_by(widget: object) -> int:
    """Strip objects reachable from the widget's own attributes (not through other widgets)."""
    seen: set[int] = set()
    stack = list(vars(widget).values())
    count = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, DOMNode | type):
            continue
        seen.add(id(obj))
        count += isinstance(obj, Strip)
        stack.extend(gc.get_referents(obj))
    return count


@pytest.mark.slow
async def test_the_log_keeps_no_strip_per_row_of_a_long_game() -> None:
    """Rows are kept as segments and drawn into Strips as they show, so the Strips the log holds
    (the lines on screen) do not grow with the game (RichLog kept a few per row, for ever)."""
    game = Game.new("mythcraft", 7)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        log = screen.query_one(GameLog)
        held = []
        for _ in range(2):
            for _ in range(25):
                decision = game.decision
                assert decision is not None
                await press_choice(pilot, screen, decision.actions[0])
            held.append((len(log.lines), strips_held_by(log)))
        (rows_before, strips_before), (rows_after, strips_after) = held
        assert rows_after > rows_before + 40, "the log grew"
        assert strips_after < strips_before + 20


async def test_a_removed_widget_leaves_no_rendered_lines_behind() -> None:
    """Textual's StylesCache.get_inner_outer cache kept every drawn widget's StylesCache alive."""
    game = Game.new("mythcraft", 7)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        await settle(pilot)
        footer = screen.query_one(Footer)
        gone = [weakref.ref(key._styles_cache) for key in footer.children]
        assert gone
        for _ in range(3):  # the footer is recomposed after each move
            decision = game.decision
            assert decision is not None
            await press_choice(pilot, screen, decision.actions[0])
        await settle(pilot)
        gc.collect()
        assert all(ref() is None for ref in gone)


async def test_the_footer_still_follows_the_keys_that_apply() -> None:
    """The footer is rebuilt only when what it shows changes, and then it does change."""
    game = Game.new("mythcraft", 7)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)

        def shown() -> list[str]:
            return [str(key.description) for key in screen.query_one(Footer).children]

        assert "Take back" not in shown()
        decision = game.decision
        assert decision is not None
        move = next(a for a in decision.actions if a[0] == "move")
        await press_choice(pilot, screen, move)
        await settle(pilot)
        assert "Take back" in shown()
        await press(pilot, "u")
        assert "Take back" not in shown()


def test_the_rules_screen_shows_the_reference_the_game_loaded(tmp_path: Path) -> None:
    """F1 in a game reads no file and imports no pydantic: the loaded content holds the rules.
    Any other file, or a broken one, is still read and validated, with the same errors."""
    for rid in available():
        assert read_reference(rid) is load(rid).content.rules
        assert read_reference(rules_path(rid)) == load(rid).content.rules
    copy = tmp_path / "elsewhere.toml"
    shutil.copy(assets_root() / "mythcraft" / "rules.toml", copy)
    assert read_reference(copy) == load("mythcraft").content.rules
    broken = tmp_path / "assets" / "mythcraft"
    shutil.copytree(assets_root() / "mythcraft", broken)
    text = (broken / "rules.toml").read_text()
    (broken / "rules.toml").write_text(text.replace('tier = "seed"', 'tier = "gospel"', 1))
    with pytest.raises(ContentError, match=r"rules\.toml: .*tier"):
        read_reference(broken / "rules.toml")
