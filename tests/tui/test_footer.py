"""The footer at 80 columns: how to quit is never the key cut off, and MythCraft names each map key once."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from tests.tui.driver import game_screen
from tests.tui.test_mythcraft_tactics import can_attack, game_until


def shown_keys(app: MythtableApp) -> dict[str, tuple[int, int]]:
    """Each key the footer shows: (first column, last column + 1) on screen."""
    out = {}
    for key in app.screen.query(FooterKey):
        region = key.region
        if region.width:
            out[key.description] = (region.x, region.right)
    return out


@pytest.mark.parametrize("ruleset", ["mythicarium", "magewars"])
async def test_quit_shows_whole_at_80_columns(ruleset: str) -> None:
    app = MythtableApp(start={"game": Game.new(ruleset, 3)})
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await pilot.pause()
        keys = shown_keys(app)
        assert "Quit" in keys and keys["Quit"][1] <= 80, keys
        assert keys["Quit"][1] <= 20, keys  # among the first keys: whatever a turn adds after it, not cut


async def test_a_crowded_mythcraft_turn_still_shows_quit_and_the_map_once() -> None:
    game = game_until(3, can_attack)  # attacks offered: the Attack group's key joins the footer
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = shown_keys(app)
        assert "Attack" in keys and "Move" in keys, keys
        assert keys["Quit"][1] <= 20, keys
        assert "Map" not in keys  # `m Move` opens the same map; `g` still does, unnamed
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.board.grid.has_focus  # type: ignore[attr-defined]
