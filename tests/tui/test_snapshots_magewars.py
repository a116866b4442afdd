"""SVG snapshots of the Mage Wars CCG game screen at 80x24 (pytest-textual-snapshot).

Update after an intended visual change with:
python -m pytest tests/tui/test_snapshots_magewars.py -n 0 --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.start import NewGame, SavedGames
from tests.tui.keys import press
from tests.tui.test_magewars_tui import ask_at_every_window, policy

MID_COMBAT_SEED = 1
MID_COMBAT_ACTIONS = 57
"""Seed 1 under the test policy: after 57 actions Bram has turned units face-up in the Attack
step, Marga Stonewarden's attack was moved to the Offensive Line, and the Defense step is open."""


def test_game_screen(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    loaded = load("magewars")
    setup = loaded.ruleset.default_setup(loaded.content)
    app = MythtableApp(start=NewGame("magewars", 7, setup), data=tmp_path)

    async def lift_curtain(pilot: Pilot[None]) -> None:
        await press(pilot, "enter")

    assert snap_compare(app, terminal_size=(80, 24), run_before=lift_curtain)


def test_game_screen_mid_combat(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = Game.new("magewars", MID_COMBAT_SEED)
    while len(game.actions) < MID_COMBAT_ACTIONS:
        game.apply(policy(game))
    assert game.state.step == "combat.defense"
    SaveStore(tmp_path).save(game)
    ask_at_every_window()  # the fast-cast window on the screen is asked
    app = MythtableApp(start=SavedGames(), data=tmp_path)

    async def resume(pilot: Pilot[None]) -> None:
        await press(pilot, "enter")  # the only save
        await press(pilot, "enter")  # lift the curtain

    assert snap_compare(app, terminal_size=(80, 24), run_before=resume)
