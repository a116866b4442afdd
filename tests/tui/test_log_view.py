"""The log (issue 16 item 3): PgUp/PgDn scroll it whatever has focus, and the full-screen log view."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.log_view import LogViewScreen, filtered
from mythtable.tui.start import OpenGame
from mythtable.tui.widgets.log import GameLog
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle
from tests.tui.test_features import game_at_declare_attackers


def game_with_choices(min_options: int = 3) -> Game:
    """A Mythicarium game parked on a decision with a few options and a log longer than the screen."""
    for seed in range(40):
        game = Game.new("mythicarium", seed)
        while game.decision is not None and game.state.turn < 8:
            d = game.decision
            if game.state.turn >= 3 and len(d.actions) >= min_options and len(game.log) > 40:
                return game
            quiet = [a for a in d.actions if a[0] in ("next", "pass", "done", "first")]
            game.apply(quiet[0] if quiet else d.actions[0])
    raise AssertionError("no game reached a decision with enough options")


async def test_pgup_pgdn_with_the_options_focused_scroll_the_log_and_leave_the_highlight() -> None:
    game = game_with_choices()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        options = screen.prompt.options
        assert options.has_focus
        start = options.highlighted
        assert start is not None
        await press(pilot, "up" if start > 0 else "down")
        moved = options.highlighted
        assert moved is not None and moved != start, "an arrow key moves the highlight at once"
        log = screen.query_one(GameLog)
        await settle(pilot)
        bottom = log.scroll_y
        assert bottom > 0, "the log is longer than its box"
        await press(pilot, "pageup")
        assert log.scroll_y < bottom, "PgUp scrolled the log up"
        assert options.highlighted == moved, "PgUp left the options alone"
        await press(pilot, "pagedown")
        assert log.scroll_y == bottom, "PgDn scrolled the log back down"
        assert options.highlighted == moved, "PgDn left the options alone (it used to jump to Done)"
        assert game.decision is not None and screen.prompt.actions == game.decision.actions


async def test_the_mouse_wheel_over_the_log_scrolls_the_log() -> None:
    game = game_with_choices()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        log = screen.query_one(GameLog)
        await settle(pilot)
        bottom = log.scroll_y
        highlighted = screen.prompt.options.highlighted
        await pilot.hover(GameLog)
        from textual.events import MouseScrollUp

        log.post_message(MouseScrollUp(log, 1, 1, 0, 0, 0, False, False, False))
        await settle(pilot)
        assert log.scroll_y < bottom
        assert screen.prompt.options.highlighted == highlighted


async def test_log_view_shows_the_viewers_lines_only_and_filters_and_searches() -> None:
    game = game_at_declare_attackers()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        seat = screen.session.viewer
        assert seat is not None
        other = 1 - seat
        await press(pilot, "l")
        view = app.screen
        assert isinstance(view, LogViewScreen)
        # exactly what the game's log widget shows: public lines and this seat's own
        assert [line.event for line in view.all_lines] == [line.event for line in game.log_for(seat)]
        assert not any(line.event.seat == other for line in view.all_lines)
        theirs = {line.event.text for line in game.log if line.event.seat == other}
        mine = {line.event.text for line in game.log_for(seat)}
        secret = theirs - mine
        assert secret, "the other seat has private lines this seat must not read"
        for _ in range(5):  # every filter
            assert not secret & set(view.visible_texts)
            await press(pilot, "f")
        assert view.filter_key == "all"
        # filters
        await press(pilot, "f")
        assert view.filter_key == "turn"
        assert view.shown[0].event.text.startswith("Turn ")
        assert sum(line.event.text.startswith("Turn ") for line in view.shown) == 1
        await press(pilot, "f")
        assert view.filter_key == "combat" and view.shown == filtered(view.all_lines, "combat", seat)
        await press(pilot, "f")
        assert view.filter_key == "dice"
        assert view.shown and all("roll" in t or "d6" in t or "d20" in t or "dice" in t for t in view.visible_texts)
        await press(pilot, "f")
        assert view.filter_key == "mine"
        assert view.shown and all(line.event.seat == seat for line in view.shown)
        await press(pilot, "f")
        assert view.filter_key == "all" and len(view.shown) == len(view.all_lines)
        # search: / then text, n and N move between the matches, wrapping round
        await press(pilot, "slash", *"turn", "enter")
        hits = [i for i, t in enumerate(view.visible_texts) if "turn" in t.lower()]
        assert len(hits) >= 2
        options = view.query_one("#log-lines")
        assert options.highlighted == hits[0]
        await press(pilot, "n")
        assert options.highlighted == hits[1]
        await press(pilot, "N")
        assert options.highlighted == hits[0]
        await press(pilot, "N")
        assert options.highlighted == hits[-1], "N wraps round to the last match"
        assert "turn" in str(view.query_one("#log-head").render())
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_log_view_search_that_finds_nothing_says_so() -> None:
    game = game_at_declare_attackers()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await press(pilot, "l")
        view = app.screen
        assert isinstance(view, LogViewScreen)
        before = view.query_one("#log-lines").highlighted
        await press(pilot, "slash", *"zzqx", "enter")
        assert view.matches() == []
        assert view.query_one("#log-lines").highlighted == before
        assert any("No line holds" in str(n.message) for n in app._notifications)


async def test_log_view_search_typed_fast_loses_no_key() -> None:
    """All keys queued at once (a paste, tmux send-keys): the search gets every letter, none is a key of the
    screen (n, f, q), and Enter searches."""
    from textual import events

    game = game_at_declare_attackers()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await press(pilot, "l")
        view = app.screen
        assert isinstance(view, LogViewScreen)
        for key, char in [("slash", "/"), ("t", "t"), ("u", "u"), ("r", "r"), ("n", "n"), ("enter", "\r"), ("n", "n")]:
            app.post_message(events.Key(key, char))
        await settle(pilot)
        await settle(pilot)
        assert view.query_text == "turn" and view.filter_key == "all"
        hits = [i for i, t in enumerate(view.visible_texts) if "turn" in t.lower()]
        assert view.query_one("#log-lines").highlighted == hits[1], "the n after Enter went to the next match"
        await press(pilot, "slash", "q", "escape")
        assert view.query_text == "turn" and app.screen is view, "Esc cancels the search, q was a letter"


def test_log_view_text_is_never_markup() -> None:
    from mythtable.engine.decision import Event
    from mythtable.engine.game import LogLine

    screen = LogViewScreen([LogLine(0, Event("[b]Ana[/b] plays [red]x"))], viewer=0)
    assert screen.styled(screen.all_lines[0]).plain == "[b]Ana[/b] plays [red]x"
