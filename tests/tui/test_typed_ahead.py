"""Keys typed ahead never answer a question nobody has read.

Two quick presses of a digit (or Enter) queue two choices of the same list. The second one must not
be applied to the next question, which may well offer the same action ("pass", say) or refuse it
with a raw action in the message. Seen while playing Mage Wars at 80x24."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle


async def test_a_second_choice_queued_on_the_same_question_is_dropped() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythicarium", 5)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        game = screen.session.game
        first = game.decision
        assert first is not None and first.kind == "first_player"
        moves = len(game.actions)
        screen.prompt.choose_index(0)  # two presses of "1" before the screen handled the first
        screen.prompt.choose_index(0)
        await settle(pilot)
        await settle(pilot)
        assert len(game.actions) == moves + 1, game.actions[moves:]
        notices = [n.message for n in app._notifications]
        assert not notices, notices  # not even a "not a legal choice" about a question long gone
        # the second question is up and answered by the next fresh press only
        second = game.decision
        assert second is not None and second.seat == first.seat
        screen.prompt.choose_index(0)
        await settle(pilot)
        assert game.actions[moves + 1] == second.actions[0]


async def test_arrows_reach_the_options_when_nothing_has_the_focus() -> None:
    """Seen at 80x24 after a computer's turn: the focus had gone astray and Up/Down did nothing."""
    app = MythtableApp(start=OpenGame(Game.new("mythicarium", 5)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        options = screen.prompt.options
        start = options.highlighted
        assert start is not None and len(screen.prompt.actions) > 1
        app.set_focus(None)
        await press(pilot, "down")
        assert options.highlighted == start + 1 and app.focused is options


def type_at_once(app: MythtableApp, *keys: str) -> None:
    """Queue key presses the way a quick typist's terminal delivers them: all before the app handles the first."""
    from textual import events

    chars = {"enter": "\r", "escape": "\x1b"}
    driver = app._driver
    assert driver is not None
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        driver.send_message(event)


async def test_m_then_arrows_and_enter_typed_at_once_moves_on_the_map() -> None:
    from mythtable.rulesets.mythcraft.rules.units import active
    from tests.tui.test_mythcraft_tactics import game_until, screen_of

    def can_step_right(game: Game) -> bool:
        d = game.decision
        u = active(game.state)
        return d is not None and ("move", u.x + 2, u.y) in d.actions and d.actions[0] != ("move", u.x + 2, u.y)

    game = game_until(3, can_step_right)
    hero = active(game.state)
    target = ("move", hero.x + 2, hero.y)  # the hero object moves with the game
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        board.grid.cursor = None
        moves = len(game.actions)
        type_at_once(app, "m", "right", "right", "enter")
        for _ in range(4):
            await settle(pilot)
        assert game.actions[moves:] == [target], game.actions[moves:]
        # and Esc then Enter typed at once: Enter is the option list's again
        type_at_once(app, "m", "escape")
        await settle(pilot)
        await settle(pilot)
        assert screen.prompt.options.has_focus
