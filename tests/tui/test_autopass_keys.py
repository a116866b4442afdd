"""The auto-pass keys on the game screen (issue 15): full control shown in the status line and
remembered under the player's name; a yield passes the seat's open window at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Static

from mythtable.engine.autopass import YIELD_TURN
from mythtable.engine.registry import load
from mythtable.paths import config_dir
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame
from tests.tui.keys import press, settle


def new_app(ruleset_id: str, data: Path) -> MythtableApp:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    return MythtableApp(start=NewGame(ruleset_id, 11, setup), data=data)


def status(app: MythtableApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def test_f_toggles_full_control_in_the_status_line_and_remembers_it(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        seat = session.viewer
        assert seat is not None and "full control" not in status(app)
        await press(pilot, "f")
        assert session.autopass[seat].full_control
        assert "full control" in status(app)
        stored = json.loads((config_dir() / "autopass.json").read_text(encoding="utf-8"))
        assert stored[session.names[seat]]["full_control"] is True
        assert session.game.record_data()["autopass"]["seats"][seat]["full_control"] is True
        await press(pilot, "f")
        assert not session.autopass[seat].full_control and "full control" not in status(app)


@pytest.mark.slow
async def test_y_on_the_other_seats_turn_passes_the_open_window(tmp_path: Path) -> None:
    app = new_app("magewars", tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            assert isinstance(app.screen, GameScreen)
            session = app.screen.session
            game = session.game
            decision = game.decision
            assert decision is not None
            window = game.window()
            assert window is not None
            if window.active != decision.seat and window.pass_action is not None and not window.own_only:
                before = len(game.actions)
                await press(pilot, "y")
                assert game.actions[before] == window.pass_action
                assert session.autopass[decision.seat].yield_ in (YIELD_TURN, "none")
                return
            await press(pilot, "1")  # the first option, whatever it is
        raise AssertionError("never asked on the other seat's turn with a pass open")
