"""Issue 16, "also seen": the too-small notice says only true things; Ctrl+Q asks in watch mode too."""

from __future__ import annotations

from textual.pilot import Pilot

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.screens.too_small import TooSmallScreen
from mythtable.tui.start import OpenGame, WatchGames
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle

WATCH = WatchGames("mythicarium", 1.0, ["random", "random"])
"""At the usual pace: at 40x a loaded machine finished the watched game during a test, and Ctrl+Q on a
finished game quits without asking."""


async def notice_at(pilot: Pilot[None], app: MythtableApp, width: int, height: int) -> str:
    await pilot.resize_terminal(width, height)
    await settle(pilot)
    assert isinstance(app.screen, TooSmallScreen), app.screen
    return app.screen.message()


async def test_the_notice_on_the_title_screen_speaks_of_no_game() -> None:
    app = MythtableApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert isinstance(app.screen_stack[-2], TitleScreen)
        message = app.screen.message()
        assert "60x20" in message and "at least 80x24" in message
        assert "game" not in message.lower(), message


async def test_the_notice_in_a_game_says_the_game_waits() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythicarium", 7)))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        message = await notice_at(pilot, app, 70, 22)
        assert "70x22" in message and "at least 80x24" in message
        assert "The game waits for you and nothing is lost." in message
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_the_notice_in_watch_mode_promises_no_pause() -> None:
    # the computers' game is not paused under the notice (their timer runs on), so it must not say so
    app = MythtableApp(start=WATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        message = await notice_at(pilot, app, 60, 20)
        assert "paused" not in message and "waits" not in message, message


async def test_ctrl_q_in_watch_mode_asks_first() -> None:
    app = MythtableApp(start=WATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session.watching
        await press(pilot, "ctrl+q")
        assert app.is_running, "a stray Ctrl+Q does not end the watch"
        assert isinstance(app.screen, ConfirmScreen)
        assert "quit" in app.screen.question.lower()
        await press(pilot, "n")
        assert app.is_running and isinstance(app.screen, GameScreen), "n: watching goes on"
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert not app.is_running, "y: mythtable quits"


async def test_ctrl_q_twice_in_watch_mode_quits() -> None:
    app = MythtableApp(start=WATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+q")
        assert app.is_running
        await press(pilot, "ctrl+q")
        assert not app.is_running
