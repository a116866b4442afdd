"""A game open in another session: the Continue screen says so, and offers its replay, not the game."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

from textual.widgets import OptionList

from mythtable.engine.record_schema import read_record
from mythtable.savelock import lock_path
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.replay import ReplayScreen
from tests.engine.locking import ROOT, hold_in_other_process, kill, saved_game
from tests.tui.keys import press
from tests.tui.terminal import Terminal


def opened_at(save: Path) -> str:
    """The holder's start, as the message shows it (local HH:MM)."""
    return f"{datetime.fromisoformat(json.loads(lock_path(save).read_text())['since']).astimezone():%H:%M}"


async def test_continue_marks_a_game_open_elsewhere_and_offers_only_its_replay(_private_data_dir: Path) -> None:
    save = saved_game(_private_data_dir, 10)
    holder = hold_in_other_process(_private_data_dir, save, 17)
    try:
        before = save.read_bytes()
        app = MythtableApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await press(pilot, "c")
            assert isinstance(app.screen, ContinueScreen)
            prompt = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
            assert f"open in another session since {opened_at(save)} (watch only)" in prompt
            await press(pilot, "enter")
            assert isinstance(app.screen, ConfirmScreen), "refused, with a question instead of the game"
            assert f"open in another session\nsince {opened_at(save)}." in app.screen.question
            assert "watch its replay" in app.screen.question
            assert app.session is None
            await press(pilot, "y")
            assert isinstance(app.screen, ReplayScreen)
            assert app.screen.cursor.length == 17, "the record as the other session has it now"
            await press(pilot, "end")
            await press(pilot, "escape")
            assert isinstance(app.screen, ContinueScreen)
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert save.read_bytes() == before
    finally:
        kill(holder)


def test_mythtable_resume_on_a_locked_save_says_so_and_offers_to_watch(_private_data_dir: Path) -> None:
    save = saved_game(_private_data_dir, 10)
    holder = hold_in_other_process(_private_data_dir, save, 17)
    env = {"PYTHONPATH": str(ROOT), "MYTHTABLE_DATA_DIR": str(_private_data_dir)}
    term = Terminal([sys.executable, "-m", "mythtable", "resume"], cols=100, rows=30, env=env)
    try:
        before = save.read_bytes()
        term.wait_for("open in another session")
        term.send("\r")
        term.wait_for("Watch? (y/n)")
        assert f"since {opened_at(save)}" in term.screen_text(), term.screen_text()
        term.send("y")
        term.wait_for("step 0/17")
        term.send("q")
        term.wait_for("Continue a game")
        term.send("\x11")  # Ctrl+Q
        assert term.wait_exit() == 0
        assert "Traceback" not in term.screen_text()
        assert save.read_bytes() == before
        assert len(read_record(save).actions) == 17
    finally:
        term.close()
        kill(holder)
