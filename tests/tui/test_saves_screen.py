"""The Continue and Replays lists manage saves (issue 16 item 6): d deletes, r renames, x exports, each
after a question; the list says who won or whose move it is, and where the save lives."""

from __future__ import annotations

from pathlib import Path

from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import AskScreen, ConfirmScreen
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.start import SavedGames
from tests.engine.locking import hold_in_other_process, kill, saved_game
from tests.engine.test_saves_manage import finished_save
from tests.tui.keys import press, settle


def labels(screen: ContinueScreen) -> list[str]:
    from textual.widgets import OptionList

    options = screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_continue_screen_deletes_after_asking_renames_and_exports(_private_data_dir: Path) -> None:
    root = _private_data_dir
    first = saved_game(root, 2, "mythicarium")
    second = saved_game(root, 3, "mythicarium")
    app = MythtableApp(start=SavedGames())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        assert len(screen.saves) == 2
        assert all("to move" in label for label in labels(screen))
        where = str(screen.query_one("#where").render())
        assert screen.saves[0].name in where
        # d asks first; n keeps the save
        top = screen.saves[0].path
        await press(pilot, "d")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert top.exists() and app.screen is screen
        await press(pilot, "d")
        await press(pilot, "y")
        assert not top.exists()
        assert len(screen.saves) == 1 and len(labels(screen)) == 1
        # r renames
        left = screen.saves[0].path
        await press(pilot, "r")
        assert isinstance(app.screen, AskScreen)
        await press(pilot, "ctrl+u", *"sunday", "enter")
        assert not left.exists() and (left.parent / "sunday.json").exists()
        assert screen.saves[0].name == "sunday"
        # x exports a copy to the typed path
        target = root / "copy.json"
        await press(pilot, "x")
        box = app.screen.query_one("#answer")
        box.value = str(target)  # type: ignore[attr-defined]
        await press(pilot, "enter")
        assert target.read_bytes() == (left.parent / "sunday.json").read_bytes()
        # Esc on a question changes nothing
        await press(pilot, "r")
        await press(pilot, "escape")
        assert (left.parent / "sunday.json").exists() and app.screen is screen
    assert {first, second} - {top, left} == set()


async def test_a_save_played_elsewhere_is_not_deleted_from_the_list(_private_data_dir: Path) -> None:
    root = _private_data_dir
    path = saved_game(root, 1)
    proc = hold_in_other_process(root, path, 2)
    try:
        app = MythtableApp(start=SavedGames())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, "d")
            await press(pilot, "y")
            assert path.exists()
            assert any("another session" in str(n.message) for n in app._notifications)
    finally:
        kill(proc)


async def test_replays_list_says_who_won(_private_data_dir: Path) -> None:
    done = finished_save(_private_data_dir)
    (info,), _ = SaveStore(_private_data_dir).list()
    winner = info.record.setup.players[info.record.result.winner]  # type: ignore[union-attr,index]
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ContinueScreen(app.store, finished=True))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        assert labels(screen) == [f"{labels(screen)[0].split(' · ')[0]} · Ana vs Bram · turn {info.record.turn} · "
                                  f"{winner} won · {info.record.updated.replace('T', ' ')[:16]}"]  # fmt: skip
        assert done.exists()
