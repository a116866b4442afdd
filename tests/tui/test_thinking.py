"""Issue 19, item 4: a computer's think is shown and never blocks the screen.

The computer here is a bot that thinks until the test lets it go (a threading.Event), so the
test decides how long the think lasts and presses keys in the middle of it.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.pilot import Pilot

from mythtable.engine.decision import Action, Decision
from mythtable.engine.game import Game
from mythtable.tui import session as session_module
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.rules import RulesScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen
from tests.tui.keys import press


class HeldBot:
    """Thinks until `go` is set, then plays the first option."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> Action:
        self.calls += 1
        self.started.set()
        self.go.wait(timeout=30)
        return decision.actions[0]


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> HeldBot:
    bot = HeldBot()
    monkeypatch.setattr(session_module, "make_bot", lambda ruleset_id, controller, seed: bot)
    return bot


def question(screen: GameScreen) -> str:
    return str(screen.prompt.query_one("#question").render())


async def thinking(pilot: Pilot[None], app: MythtableApp, bot: HeldBot) -> GameScreen:
    """The game screen once the held computer has begun to think and the think is on show."""
    screen = await game_screen(pilot, app)
    for _ in range(200):
        await pilot.pause(0.05)
        if bot.started.is_set() and " s " in question(screen):
            return screen
    raise AssertionError(f"the computer did not start thinking: {question(screen)!r}")


def new_app() -> MythtableApp:
    game = Game.new("mythicarium", 7, controllers=["greedy", "human"])
    app = MythtableApp(start=OpenGame(game))
    app.computer_delay = 0.05
    return app


async def test_a_long_think_shows_time_and_a_bar_and_clears_when_the_move_comes(held: HeldBot) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await thinking(pilot, app, held)
        first = question(screen)
        assert "(computer) is thinking..." in first
        await pilot.pause(0.3)
        later = question(screen)
        assert later != first, "the line is redrawn while the computer thinks"
        moves = len(screen.session.game.actions)
        timer = screen._thinking
        assert timer is not None
        held.go.set()
        for _ in range(100):
            await pilot.pause(0.05)
            if len(screen.session.game.actions) > moves:
                break
        assert len(screen.session.game.actions) == moves + 1, "the move arrives and is played"
        assert timer._task is None, "this think's timer stops with its move"
        assert question(screen) != later, "the line no longer shows this think's time"


async def test_f1_opens_the_rules_at_once_while_the_computer_thinks_and_the_game_goes_on(held: HeldBot) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await thinking(pilot, app, held)
        moves = len(screen.session.game.actions)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen), "the rules open while the think goes on"
        assert not held.go.is_set() and len(screen.session.game.actions) == moves, "the computer is still thinking"
        await press(pilot, "escape")
        assert app.screen is screen
        held.go.set()
        for _ in range(100):
            await pilot.pause(0.05)
            if len(screen.session.game.actions) > moves:
                break
        assert len(screen.session.game.actions) > moves, "the game goes on after the rules are closed"


async def test_quit_asks_and_can_be_declined_while_the_computer_thinks(held: HeldBot) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await thinking(pilot, app, held)
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen), "quitting asks first, during a think too"
        await press(pilot, "n")
        assert app.is_running and app.screen is screen
        held.go.set()
        moves = len(screen.session.game.actions)
        for _ in range(100):
            await pilot.pause(0.05)
            if len(screen.session.game.actions) > moves:
                break
        assert len(screen.session.game.actions) > moves
        held.go.clear()
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        held.go.set()  # let a think in progress end, so that the app can close
        await press(pilot, "y")
        assert not app.is_running
