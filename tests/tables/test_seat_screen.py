"""A seat at a shared table plays in the full game screen (issue 32): two TableSeatApps (the seat program `serve
ssh` starts) over RemoteSeats connected to a running table host, driven by keys through Textual's Pilot."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from mythtable.engine.game import Game
from mythtable.serve.ssh_tables import parse_command
from mythtable.tables.host import TableHost
from mythtable.tables.table import Table, choosing_words
from mythtable.tui.screens.confirm import AskScreen, ConfirmScreen
from mythtable.tui.screens.table_seat import AbsentScreen, TableSeatScreen
from mythtable.tui.table_app import TableSeatApp
from tests.tables.hostkit import RULESET, hot_seat, record_without_times, running_host

SEED = 7


def screen_text(app: App[Any]) -> str:
    """What a person sees: the whole screen as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def seat_screen_of(app: App[Any]) -> TableSeatScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, TableSeatScreen))
    return screen


def log_text(app: App[Any]) -> str:
    from mythtable.tui.widgets.log import GameLog

    rows = " ".join(strip.text for strip in seat_screen_of(app).query_one(GameLog).lines)
    return " ".join(rows.split())  # the log wraps its lines: read it as one run of words


def question(app: App[Any]) -> str:
    from textual.widgets import Static

    return str(seat_screen_of(app).prompt.query_one("#question", Static).render())


class Seats:
    """Two seats' apps at one table, and a way to let both catch up with the host."""

    def __init__(self, host: TableHost, table: Table, apps: list[TableSeatApp], pilots: list[Pilot[Any]]) -> None:
        self.host, self.table, self.apps, self.pilots = host, table, apps, pilots

    async def settle(self, until: Any = None, rounds: int = 200) -> None:
        """Let both apps and the host run until `until()` holds (or, without one, a few rounds)."""
        for _ in range(rounds if until is not None else 6):
            for pilot in self.pilots:
                await pilot.pause(0.01)
            if until is not None and until():
                return
        assert until is None, "the screens never got there"

    def caught_up(self, seats: tuple[int, ...] = (0, 1)) -> bool:
        """The seats' screens draw the table's latest frame."""
        apps = [self.apps[seat] for seat in seats]
        if not all(any(isinstance(s, TableSeatScreen) for s in app.screen_stack) for app in apps):
            return False
        return all((w := seat_screen_of(app).link.wire) is not None and w.version >= self.table.version for app in apps)

    async def press(self, seat: int, *keys: str) -> None:
        for key in keys:
            await self.pilots[seat].press(key)
        await self.settle()


@asynccontextmanager
async def seated(folder: Path, clock: float | None = None) -> AsyncIterator[Seats]:
    """A seeded Mythicarium table with Ana (seat 1) and Bram (seat 2) at their own 80x24 game screens."""
    async with running_host(folder) as host:
        setup = Game.new(RULESET, SEED).setup
        table, ana = host.open_table(RULESET, SEED, setup, "key:ana", clock=clock)
        bram = host.join(table.code, "key:bram")
        apps = [TableSeatApp(host.socket_path, [ana]), TableSeatApp(host.socket_path, [bram])]
        async with apps[0].run_test(size=(80, 24)) as pa, apps[1].run_test(size=(80, 24)) as pb:
            seats = Seats(host, table, apps, [pa, pb])
            await seats.settle(seats.caught_up)
            yield seats


async def test_two_seats_play_by_keys_and_the_other_screen_shows_the_move_and_who_is_choosing(
    tmp_path: Path,
) -> None:
    async with seated(tmp_path) as seats:
        game = seats.table.game
        picks: list[int] = []
        for _ in range(12):
            decision = game.decision
            assert decision is not None
            mover, other = decision.seat, 1 - decision.seat
            mover_screen, other_screen = seat_screen_of(seats.apps[mover]), seat_screen_of(seats.apps[other])
            assert mover_screen.prompt.actions, "the deciding seat has its options up"
            assert not other_screen.prompt.actions
            name = game.setup.players[mover]
            assert question(seats.apps[other]) == f"{name} is choosing {choosing_words(decision.kind)}..."
            assert decision.prompt not in screen_text(seats.apps[other])  # the chooser's prompt stays with them
            assert f"{name} to decide" in screen_text(seats.apps[other])
            before = len(game.actions)
            await seats.press(mover, "1")  # the first option the screen lists
            picks.append(0)
            await seats.settle(lambda before=before: len(game.actions) > before and seats.caught_up())
            for seat in (0, 1):  # the move is on both screens at once: the seat's own view of the new table
                assert seat_screen_of(seats.apps[seat]).view == game.view(seat)
            last_public = next(line.event.text for line in reversed(game.log) if line.event.seat is None)
            assert last_public.split()[-1] in log_text(seats.apps[other])
        same = hot_seat(SEED, picks)  # the same choices on one keyboard: the same moves, auto-passes alike
        assert record_without_times(game.record_data()) == record_without_times(same.record_data())


async def test_chat_goes_into_both_logs_as_data_and_mute_hides_it_from_one_seat(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        await seats.press(0, "t")
        assert isinstance(seats.apps[0].screen, AskScreen)
        line = "hi [bold]Bram[/] \x1b[31mred"
        for char in line:
            await seats.pilots[0].press(char if char != " " else "space")
        await seats.press(0, "enter")
        said = "Ana: hi [bold]Bram[/] [31mred"  # escape dropped; the brackets are text, not markup
        await seats.settle(lambda: all(said in log_text(app) for app in seats.apps))
        await seats.press(1, "m")
        assert said not in log_text(seats.apps[1]) and said in log_text(seats.apps[0])
        assert "chat muted" in screen_text(seats.apps[1])
        await seats.press(1, "m")
        assert said in log_text(seats.apps[1])


async def test_a_take_back_between_terminals_is_a_request_the_other_declines_or_accepts(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        game = seats.table.game
        await seats.press(0, "1")  # Ana: who goes first
        await seats.settle(lambda: len(game.actions) == 1 and seats.caught_up())
        await seats.press(0, "u")
        await seats.settle(lambda: isinstance(seats.apps[1].screen, ConfirmScreen))
        assert "Ana asks to take back their last move" in screen_text(seats.apps[1])
        await seats.press(1, "n")
        await seats.settle(lambda: "Bram declines the take-back." in log_text(seats.apps[0]))
        assert len(game.actions) == 1
        await seats.press(0, "u")
        await seats.settle(lambda: isinstance(seats.apps[1].screen, ConfirmScreen))
        await seats.press(1, "y")
        await seats.settle(lambda: game.actions == [] and seats.caught_up())
        assert seat_screen_of(seats.apps[0]).prompt.actions  # Ana's decision again, on her screen


async def test_an_absent_player_counts_down_and_the_other_may_hand_the_seat_to_the_computer(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        table = seats.table
        await seats.press(1, "x")
        assert isinstance(seats.apps[1].screen, ConfirmScreen)
        await seats.press(1, "y")  # Bram leaves the table (his seat stays held)
        await seats.settle(lambda: "Bram disconnected, waiting 9:" in screen_text(seats.apps[0]))
        assert not isinstance(seats.apps[0].screen, AbsentScreen)  # Ana decides: the choices wait behind `a`
        await seats.press(0, "a")
        assert isinstance(seats.apps[0].screen, AbsentScreen)
        away = table.away_since[1]
        assert away is not None
        table.away_since[1] = away - 75  # 75 seconds on: the next frame counts down
        seats.host.broadcast(table)
        await seats.settle(lambda: "waiting 8:4" in screen_text(seats.apps[0]))
        await seats.press(0, "w")  # wait: the dialog goes, the line stays, `a` brings the choices back
        assert not isinstance(seats.apps[0].screen, AbsentScreen)
        await seats.settle(lambda: "Ana waits for Bram." in log_text(seats.apps[0]))
        await seats.press(0, "a")
        assert isinstance(seats.apps[0].screen, AbsentScreen)
        await seats.press(0, "c")
        await seats.settle(lambda: 1 in table.computer and seats.caught_up((0,)))
        assert "The computer plays for Bram until they come back." in log_text(seats.apps[0])


async def test_an_absent_player_s_game_may_be_ended_and_is_saved(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        game = seats.table.game
        while game.decision is not None and game.decision.seat == 0:  # Ana plays until Bram is to decide
            moves = len(game.actions)
            await seats.press(0, "1")
            await seats.settle(lambda moves=moves: len(game.actions) > moves and seats.caught_up())
        await seats.press(1, "x", "y")  # Bram leaves while the table waits for him: Ana is asked at once
        await seats.settle(lambda: isinstance(seats.apps[0].screen, AbsentScreen))
        await seats.press(0, "e")
        await seats.settle(lambda: seats.table.ended is not None)
        assert "Ana ended the game while Bram was away" in str(seats.table.ended)


async def test_the_clock_runs_on_screen_and_when_it_runs_out_the_computer_makes_that_move(tmp_path: Path) -> None:
    async with seated(tmp_path, clock=30) as seats:
        table = seats.table
        await seats.settle(lambda: table.clock_since is not None)
        await seats.settle(lambda: "⏱ 0:" in screen_text(seats.apps[0]))
        since = table.clock_since
        assert since is not None
        table.clock_since = since - 31  # the decision's 30 seconds are up
        seats.host.tick(time.monotonic())
        assert len(table.game.actions) == 1
        said = "Time ran out for Ana: the computer made that move."
        await seats.settle(lambda: all(said in log_text(app) for app in seats.apps))


async def test_no_clock_by_default(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        seats.host.tick(time.monotonic() + 10_000)
        assert seats.table.clock_since is None and seats.table.game.actions == []
        assert "⏱" not in screen_text(seats.apps[0])


def test_every_option_of_open_has_an_example_that_parses() -> None:
    from mythtable.cli_help import TABLE_EXAMPLES

    parsed = [parse_command(line.split(" host ", 1)[1]) for line in TABLE_EXAMPLES.values()]
    assert all(p is not None for p in parsed)
    opened = [line for line in TABLE_EXAMPLES.values() if " open " in line]
    for flag in ("--seed", "--p1", "--p2", "--option", "--clock"):
        assert any(flag in line for line in opened), f"open {flag} has no example"
    clocked = parse_command("open magewars --clock 90")
    assert clocked is not None and clocked.clock == 90


async def test_while_the_other_seat_decides_the_screen_stays_live_inspect_log_and_rules(tmp_path: Path) -> None:
    from mythtable.tui.screens.log_view import LogViewScreen
    from mythtable.tui.screens.rules import RulesScreen
    from mythtable.tui.widgets.inspect import InspectPanel

    async with seated(tmp_path) as seats:
        game = seats.table.game
        while game.decision is not None and game.decision.seat == 0:  # Ana plays until Bram is to decide
            moves = len(game.actions)
            await seats.press(0, "1")
            await seats.settle(lambda moves=moves: len(game.actions) > moves and seats.caught_up())
        ana = seat_screen_of(seats.apps[0])
        await seats.settle(lambda: bool(ana.link.inspectables()))
        await seats.press(0, "i")
        assert ana.inspecting and "In Ana's hand." in screen_text(seats.apps[0])
        await seats.press(0, "escape")
        assert not ana.inspecting and not isinstance(seats.apps[0].focused, InspectPanel)  # the keys are back
        assert "Leave inspect" not in screen_text(seats.apps[0])
        await seats.press(0, "l")
        assert isinstance(seats.apps[0].screen, LogViewScreen)
        await seats.press(0, "escape", "f1")
        assert isinstance(seats.apps[0].screen, RulesScreen)


async def test_seat_screen_is_the_entry_point_another_screen_pushes_and_leaving_comes_back(tmp_path: Path) -> None:
    """The title screen's "Join a table" (another helper's) pushes `seat_screen(client)` in the ordinary app: the
    seat plays there, and `x` leaves the table back to the screen below, the seat still held."""
    from mythtable.tables.client import TableClient
    from mythtable.tui.app import MythtableApp
    from mythtable.tui.screens.table_seat import seat_screen

    async with running_host(tmp_path) as host:
        table, ana = host.open_table(RULESET, SEED, Game.new(RULESET, SEED).setup, "key:ana")
        app = MythtableApp()
        async with app.run_test(size=(80, 24)) as pilot:
            below = app.screen
            left: list[object] = []
            client = await TableClient.connect(host.socket_path, ana)
            app.push_screen(seat_screen(client), left.append)
            for _ in range(200):
                await pilot.pause(0.01)
                if isinstance(app.screen, TableSeatScreen) and app.screen.prompt.actions:
                    break
            assert isinstance(app.screen, TableSeatScreen) and "Waiting for Bram to join" in screen_text(app)
            await pilot.press("x")
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            for _ in range(100):
                await pilot.pause(0.01)
                if table.connected == [False, False]:
                    break
            assert app.screen is below and left == [None]
            assert table.connected == [False, False] and table.holders[0] == "key:ana"  # the seat stays Ana's


async def test_players_see_how_many_watch_and_only_the_opener_closes_the_table_to_them(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        table = seats.table
        seats.host.set_audience(table.code, 2)  # two watchers of the server's shared screen
        await seats.settle(lambda: all("2 watching" in screen_text(app).splitlines()[0] for app in seats.apps))
        assert "w Watch" in screen_text(seats.apps[0]) and "w Watch" not in screen_text(seats.apps[1])
        await seats.press(1, "w")  # not Bram's table to close
        assert table.watchable
        await seats.press(0, "w")
        await seats.settle(lambda: not table.watchable and seats.caught_up())
        assert "The table is closed to watchers." in log_text(seats.apps[1])


async def test_the_auto_pass_keys_reach_the_table_and_the_seats_status_line_says_so(tmp_path: Path) -> None:
    async with seated(tmp_path) as seats:
        table = seats.table
        await seats.press(1, "y")  # Bram: pass until my turn, as at one keyboard
        await seats.settle(lambda: table.autopass[1].yield_ == "turn" and seats.caught_up())
        notes = [seat_screen_of(app).status_parts for app in seats.apps]
        assert notes[1] is not None and "passing until your turn" in notes[1][-1]
        assert notes[0] is not None and "passing" not in notes[0][-1]  # Ana's own settings, not Bram's
        await seats.press(1, "f")
        await seats.settle(lambda: table.autopass[1].full_control and seats.caught_up())
        parts = seat_screen_of(seats.apps[1]).status_parts
        assert parts is not None and "full control" in parts[-1]
        assert seat_screen_of(seats.apps[1]).link.client.refusals == []


async def test_a_sent_choice_dims_the_options_without_moving_the_focus_and_a_second_key_is_dropped(
    tmp_path: Path,
) -> None:
    """Each move of the focus repaints the whole screen (Textual's Screen.focused): a choice on its way dims the
    options where they are, and keys on them do nothing until the table answers."""
    async with seated(tmp_path) as seats:
        game = seats.table.game
        decision = game.decision
        assert decision is not None
        app = seats.apps[decision.seat]
        screen = seat_screen_of(app)
        options = screen.prompt.options
        assert screen.focused is options
        focus: list[object] = []
        screen.watch(screen, "focused", lambda widget: focus.append(widget), init=False)
        seen: list[tuple[bool, object]] = []
        play = screen.play

        def playing(action: Any, again: bool = False) -> None:
            play(action, again)
            seen.append((screen.prompt.held, screen.focused))
            play(action, again)  # a second key before the table answers: dropped, not a second choice

        screen.play = playing  # type: ignore[method-assign]
        before = len(game.actions)
        await seats.press(decision.seat, "1")
        await seats.settle(lambda: len(game.actions) > before and seats.caught_up())
        assert seen == [(True, options)]
        assert focus == []
        assert not screen.prompt.held or not screen.prompt.actions  # live again once a question is up
        assert len(screen.link.notes) == 0  # the host refused nothing: one choice went


async def test_both_logs_follow_the_latest_line_move_after_move(tmp_path: Path) -> None:
    """Each seat's log shows its newest line after every move, also when the same move makes it shorter (at 80x24
    the inspect panel shares its column while a decision's options are about something)."""
    from mythtable.tui.widgets.log import GameLog

    async with seated(tmp_path) as seats:
        game = seats.table.game
        for _ in range(8):
            decision = game.decision
            assert decision is not None
            before = len(game.actions)
            await seats.press(decision.seat, "1")
            await seats.settle(lambda before=before: len(game.actions) > before and seats.caught_up())
            await seats.settle()
            for app in seats.apps:
                log = seat_screen_of(app).query_one(GameLog)
                assert log.max_scroll_y > 0  # more lines than rows: the end is reached by scrolling
                assert log.scroll_y == log.max_scroll_y
