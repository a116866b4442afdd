"""Shared tables from the title screen (issue 32, item 2): the app of a remote session, with a lobby ticket in its
environment as `serve ssh` / `serve web` give it, opens a table (its code shown, waiting for the seats), joins one
by code or from the list, watches one from the list; a wrong code, a full table and too many tries are one line
each and change nothing. The host runs in the test's own loop (hostkit), the app under Pilot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from mythtable.tables.client import SOCKET_ENV, TableClient
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import TableRefusal
from mythtable.tables.join_limits import JOINS_PER_CONNECTION, CodeTries
from mythtable.tables.lobby_client import LOBBY_ENV
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.table_join import JoinTableScreen
from mythtable.tui.screens.table_open import OpenTableScreen
from mythtable.tui.screens.table_seat import TableSeatScreen
from mythtable.tui.screens.table_wait import TableWaitScreen
from mythtable.tui.screens.title import TitleScreen
from tests.tables.hostkit import RULESET, running_host, until
from tests.tui.keys import press, settle

ANA = "key:ana"
BRAM = "key:bram"


@asynccontextmanager
async def title_app(
    host: TableHost, monkeypatch: pytest.MonkeyPatch, identity: str = BRAM, tries: CodeTries | None = None
) -> AsyncIterator[tuple[MythtableApp, Pilot[Any]]]:
    """The app as a server starts it for `identity`: the host's socket and a lobby ticket in its environment."""
    ticket = host.lobby_ticket(identity, tries or CodeTries("192.0.2.1"))
    monkeypatch.setenv(SOCKET_ENV, str(host.socket_path))
    monkeypatch.setenv(LOBBY_ENV, ticket)
    app = MythtableApp(data=host.folder.parent / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        yield app, pilot


async def until_screen(pilot: Pilot[Any], kind: type[Any] | tuple[type[Any], ...], limit: float = 20.0) -> Any:
    """Let the app run (its workers talk to the host) until `kind` of screen is on top."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not isinstance(pilot.app.screen, kind):
        assert loop.time() < end, f"no {kind}; on top: {type(pilot.app.screen).__name__}"
        await pilot.pause(0.05)
    await settle(pilot)
    return pilot.app.screen


async def until_line(pilot: Pilot[Any], widget: str, text: str, limit: float = 20.0) -> str:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while True:
        shown = str(pilot.app.screen.query_one(widget, Static).render())
        if text in shown:
            return shown
        assert loop.time() < end, f"{text!r} not in {widget}: {shown!r}"
        await pilot.pause(0.05)


async def opened_by_ana(host: TableHost) -> tuple[str, TableClient]:
    """A table Ana opened (as `ssh host open mythicarium` does), with her seat connected."""
    from mythtable.engine.game import Game

    table, ticket = host.open_table(RULESET, 7, Game.new(RULESET, 7).setup, ANA)
    ana = await TableClient.connect(host.socket_path, ticket)
    await until(ana, lambda f: f.seat == 0)
    return table.code, ana


def not_seat_screens(app: MythtableApp) -> bool:
    return isinstance(app.screen, (TitleScreen, JoinTableScreen, OpenTableScreen, TableWaitScreen))


async def test_a_local_title_screen_offers_no_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOBBY_ENV, raising=False)
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.table_link is None
        options = [str(o.prompt) for o in app.screen.query_one("#menu").options]  # type: ignore[attr-defined]
        assert not any("table" in o for o in options)
        await press(pilot, "o", "j", "t")
        assert isinstance(app.screen, TitleScreen)


async def test_open_shows_the_code_and_waits_until_the_other_terminal_joins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_host(tmp_path / "tables") as host, title_app(host, monkeypatch, ANA) as (app, pilot):
        await press(pilot, "o")
        assert isinstance(app.screen, OpenTableScreen)
        await press(pilot, "ctrl+s")
        screen = await until_screen(pilot, TableWaitScreen)
        [code] = list(host.tables)
        assert screen.code == code
        shown = await until_line(pilot, "#table-seats", "waiting for another terminal")
        assert "you" in shown
        assert code in str(screen.query_one("#table-help", Static).render())
        assert host.tables[code].holders[0] == ANA and host.tables[code].holders[1] is None
        bram = await TableClient.connect(host.socket_path, host.join(code, BRAM))
        await until(bram, lambda f: f.seat == 1)
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while not_seat_screens(app):  # both seats filled: the table screen hands over to the seat
            assert loop.time() < end, "the table screen did not hand over"
            await pilot.pause(0.05)
        assert host.tables[code].connected == [True, True]
        await bram.close()


async def test_the_opener_cancels_a_waiting_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host, title_app(host, monkeypatch, ANA) as (_app, pilot):
        await press(pilot, "o", "ctrl+s")
        await until_screen(pilot, TableWaitScreen)
        assert len(host.tables) == 1
        await press(pilot, "escape")
        await until_screen(pilot, TitleScreen)
        assert host.tables == {}


async def test_open_against_the_computer_begins_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host, title_app(host, monkeypatch, ANA) as (app, pilot):
        await press(pilot, "o")
        screen = app.screen
        assert isinstance(screen, OpenTableScreen)
        from textual.widgets import Select

        screen.query_one("#p2-controller", Select).value = "computer"
        await press(pilot, "ctrl+s")
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while not host.tables or not_seat_screens(app):
            assert loop.time() < end, "no seat screen"
            await pilot.pause(0.05)
        [table] = host.tables.values()
        assert table.computer == {1} and table.holders == [ANA, "computer"]
        assert table.free_seat() is None


async def test_open_with_this_keyboard_plays_in_the_game_screen_with_the_curtain_between_the_two_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Input, Select

    from mythtable.tui.screens.curtain import CurtainScreen
    from mythtable.tui.screens.table_keyboard import KeyboardTableScreen

    async with running_host(tmp_path / "tables") as host, title_app(host, monkeypatch, ANA) as (app, pilot):
        await press(pilot, "o")
        app.screen.query_one("#p2-controller", Select).value = "keyboard"
        # a seeded deal (23 moves, three curtains and a take-back): the same game on every run, where a random
        # one left a CI failure nobody could replay
        app.screen.query_one("#seed", Input).value = "7"
        await press(pilot, "ctrl+s")
        screen = await until_screen(pilot, (KeyboardTableScreen, CurtainScreen))
        [table] = host.tables.values()
        assert table.holders == [ANA, ANA] and table.connected == [True, True]
        game = table.game
        loop = asyncio.get_running_loop()
        end = loop.time() + 240  # a guard against a hang only: the game hands over within a few dozen moves
        curtains = taken_back = streak = 0
        lifted, last_seat = False, -1
        while curtains < 3 or not taken_back:
            assert loop.time() < end, "the keyboard did not change hands"
            await pilot.pause(0.05)
            decision = game.decision
            assert decision is not None
            if isinstance(app.screen, CurtainScreen):
                names = game.setup.players
                assert app.screen.seat == decision.seat and app.screen.player == names[decision.seat]
                shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
                for seat in (0, 1):  # nothing of either hand shows through the curtain
                    hand = game.view(seat).players[seat].hand  # type: ignore[attr-defined]
                    assert hand and not [c for c in hand if c.name in shown]
                curtains += 1
                mover = 1 - decision.seat
                if curtains >= 2 and not taken_back and game.takeback_count(mover) and app.screen.previous:
                    # the seat that moved takes it back from behind the curtain
                    moves = len(game.actions)
                    await press(pilot, "u")
                    while len(game.actions) >= moves:
                        assert loop.time() < end, "no take-back"
                        await pilot.pause(0.05)
                    taken_back = 1
                    continue
                await press(pilot, "enter")
                lifted = True
                continue
            seat_screen = next(s for s in app.screen_stack if isinstance(s, KeyboardTableScreen))
            if seat_screen.link.seat != decision.seat or not seat_screen.prompt.actions:
                continue  # the frames are on their way
            assert seat_screen.view == game.view(decision.seat)  # the deciding seat's own table, no other
            moves = len(game.actions)
            if lifted:  # an Enter meant for the curtain (or pressed twice) chooses nothing: it asks to confirm
                lifted = False
                assert seat_screen.prompt.guarded
                await press(pilot, "enter")
                assert "Press Enter again to choose" in str(seat_screen.prompt.query_one("#notice", Static).render())
                await pilot.pause(0.2)
                assert len(game.actions) == moves
            streak = streak + 1 if decision.seat == last_seat else 0
            last_seat = decision.seat
            last = str(min(9, len(seat_screen.prompt.actions)))  # the last option (done, pass...) hands over sooner
            await press(pilot, "1" if streak < 2 else last)
            while len(game.actions) == moves and not isinstance(app.screen, CurtainScreen):
                assert loop.time() < end, "no move made"
                await pilot.pause(0.05)
        assert taken_back and screen is not None


async def test_join_by_code_reaches_the_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        async with title_app(host, monkeypatch) as (app, pilot):
            await press(pilot, "j")
            assert isinstance(app.screen, JoinTableScreen)
            await press(pilot, *code.lower(), "enter")  # lower case is read as meant
            loop = asyncio.get_running_loop()
            end = loop.time() + 20
            while not_seat_screens(app):
                assert loop.time() < end, "no seat screen"
                await pilot.pause(0.05)
            seat = await until_screen(pilot, TableSeatScreen)  # the game screen over the remote seat
            assert seat.link.seat == 1
            table = host.tables[code]
            assert table.holders[1] == BRAM and table.connected == [True, True]
            frame = await until(ana, lambda f: f.seats == ["here", "here"])
            assert frame.seats == ["here", "here"]
        await ana.close()


async def test_join_by_picking_from_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        async with title_app(host, monkeypatch) as (app, pilot):
            await press(pilot, "j")
            screen = app.screen
            loop = asyncio.get_running_loop()
            end = loop.time() + 20
            tables = screen.query_one("#tables")
            while tables.option_count == 0 or tables.get_option_at_index(0).id != code:  # type: ignore[attr-defined]
                assert loop.time() < end, "the list did not come"
                await pilot.pause(0.05)
            assert code in str(tables.get_option_at_index(0).prompt)  # type: ignore[attr-defined]
            await press(pilot, "tab", "tab", "enter")  # past the code and the seat token
            while not_seat_screens(app):
                assert loop.time() < end, "no seat screen"
                await pilot.pause(0.05)
            assert host.tables[code].holders[1] == BRAM
        await ana.close()


async def test_watch_from_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        bram = await TableClient.connect(host.socket_path, host.join(code, BRAM))
        await until(bram, lambda f: f.seat == 1)
        async with title_app(host, monkeypatch, "key:cleo") as (app, pilot):
            await press(pilot, "t")
            screen = app.screen
            assert isinstance(screen, JoinTableScreen) and screen.watch
            tables = screen.query_one("#tables")
            loop = asyncio.get_running_loop()
            end = loop.time() + 20
            while tables.option_count == 0 or tables.get_option_at_index(0).id != code:  # type: ignore[attr-defined]
                assert loop.time() < end, "the list did not come"
                await pilot.pause(0.05)
            await press(pilot, "tab", "enter")
            while host.tables[code].watchers != 1 or not_seat_screens(app):
                assert loop.time() < end, "not watching"
                await pilot.pause(0.05)
            assert host.tables[code].holders == [ANA, BRAM]  # a watcher takes no seat
            watching = await until_screen(pilot, TableSeatScreen)
            assert watching.link.seat is None
            frame = await until(ana, lambda f: f.watchers == 1)
            assert frame.watchers == 1
        await ana.close()
        await bram.close()


async def test_a_wrong_code_and_a_full_table_are_one_line_and_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        cleo = await TableClient.connect(host.socket_path, host.join(code, "key:cleo"))
        await until(cleo, lambda f: f.seat == 1)
        wrong = next(c for c in ("22222", "33333") if c != code)
        tries = CodeTries("192.0.2.7")
        async with title_app(host, monkeypatch, tries=tries) as (app, pilot):
            await press(pilot, "j", *wrong, "enter")
            line = await until_line(pilot, "#error", "no open table")
            assert line.strip() == f"no open table has the code {wrong}."
            assert isinstance(app.screen, JoinTableScreen) and tries.wrong == 1
            code_box = app.screen.query_one("#code")
            code_box.value = ""  # type: ignore[attr-defined]
            await press(pilot, *code, "enter")
            line = await until_line(pilot, "#error", "is full")
            assert "\n" not in line.strip() and code in line
            assert isinstance(app.screen, JoinTableScreen)
            assert host.tables[code].holders == [ANA, "key:cleo"] and tries.wrong == 1  # a real code: no try used
            code_box.value = ""  # type: ignore[attr-defined]
            await press(pilot, "0", "o", "1", "i", "l", "enter")
            await until_line(pilot, "#error", "A table code is 5 characters")
            assert tries.wrong == 1 and set(host.tables) == {code}
        await ana.close()
        await cleo.close()


async def test_too_many_wrong_codes_are_refused_as_over_ssh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        tries = CodeTries("192.0.2.9")
        async with title_app(host, monkeypatch, tries=tries) as (app, pilot):
            await press(pilot, "j")
            box = app.screen.query_one("#code")
            for n in range(JOINS_PER_CONNECTION):
                box.value = ""  # type: ignore[attr-defined]
                await press(pilot, *f"2222{n + 2}", "enter")
                await until_line(pilot, "#error", f"2222{n + 2}")
            box.value = ""  # type: ignore[attr-defined]
            await press(pilot, *code, "enter")  # even the right code, now
            line = await until_line(pilot, "#error", "too many wrong table codes")
            assert line.strip() == f"too many wrong table codes on one connection (at most {JOINS_PER_CONNECTION})."
            assert host.tables[code].holders[1] is None and isinstance(app.screen, JoinTableScreen)
        await ana.close()


async def test_an_ended_table_and_one_closed_to_watchers_are_one_line_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        table = host.tables[code]
        table.watchable = False
        async with title_app(host, monkeypatch) as (app, pilot):
            await press(pilot, "t", *code, "enter")
            line = await until_line(pilot, "#error", "closed to watchers")
            assert line.strip() == f"table {code} is closed to watchers." and table.watchers == 0
            await press(pilot, "escape", "j")
            table.end("Ana left")
            await press(pilot, *code, "enter")
            line = await until_line(pilot, "#error", "has ended")
            assert line.strip() == f"table {code} has ended." and table.holders[1] is None
            assert isinstance(app.screen, JoinTableScreen)
        await ana.close()


async def test_a_player_without_a_key_is_shown_the_seat_token_and_gets_the_seat_back_with_its_own_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mythtable.tables.codes import CODE_TOKEN_HELP
    from mythtable.tui.screens.table_seat import NoticeScreen

    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        async with title_app(host, monkeypatch, "password:bram") as (app, pilot):
            await press(pilot, "j", *code, "enter")
            notice = await until_screen(pilot, NoticeScreen)
            token = host.tables[code].holders[1]
            seat = next(s for s in app.screen_stack if isinstance(s, TableSeatScreen))
            assert token is not None and token.startswith("token:") and seat.link.token
            shown = str(notice.query_one(Static).render())
            assert f"Your seat token:   {seat.link.token}\n" in shown  # on a line of its own
            assert f"join {code} {seat.link.token}" in shown and f"code {code}, token {seat.link.token}" in shown
            mine = seat.link.token
            await press(pilot, "enter", "x", "y")  # Bram leaves; the seat stays his
            await until_screen(pilot, TitleScreen)
            assert host.tables[code].connected == [True, False]
            await press(pilot, "j", *code, *f" {mine} more", "enter")
            assert (await until_line(pilot, "#error", "seat token")).strip() == CODE_TOKEN_HELP
            app.screen.query_one("#code").value = ""  # type: ignore[attr-defined]
            await press(pilot, *code, "tab", *mine, "enter")  # the token in its own box
            back = await until_screen(pilot, TableSeatScreen)
            assert back.link.seat == 1 and host.tables[code].connected == [True, True]
            assert host.tables[code].holders[1] == token  # the same seat, no new token
            await press(pilot, "x", "y")
            await until_screen(pilot, TitleScreen)
            await press(pilot, "j", *f"{code.lower()}-{mine}", "enter")  # CODE-TOKEN in the code box
            back = await until_screen(pilot, TableSeatScreen)
            assert back.link.seat == 1 and host.tables[code].connected == [True, True]
        await ana.close()


async def test_joining_again_brings_back_both_seats_opened_at_this_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two seats opened at one keyboard, left, and joined again by code: both come back, in the game screen with
    the curtain between them, not the first seat alone (the second stayed held by nobody's terminal)."""
    from mythtable.tables.lobby_desk import open_for
    from mythtable.tables.protocol import Lobby
    from mythtable.tui.screens.curtain import CurtainScreen
    from mythtable.tui.screens.table_keyboard import KeyboardTableScreen

    async with running_host(tmp_path / "tables") as host:
        asked = Lobby(action="open", ruleset=RULESET, seed=7, seats=["me", "keyboard"])
        table, _tickets = open_for(host, ANA, asked)  # opened, then the terminal went away before sitting
        tickets = host.join_all(table.code, ANA)
        assert sorted(host.tickets[t].seat for t in tickets) == [0, 1]
        assert len(host.join_all(table.code, ANA, None)) == 2
        with pytest.raises(TableRefusal, match="full"):
            host.join_all(table.code, "key:cleo")  # a stranger gets neither
        async with title_app(host, monkeypatch, ANA) as (app, pilot):
            await press(pilot, "j", *table.code, "enter")
            screen = await until_screen(pilot, (KeyboardTableScreen, CurtainScreen))
            keyboard = next(s for s in app.screen_stack if isinstance(s, KeyboardTableScreen))
            assert {keyboard.link.seat, keyboard.partner.seat} == {0, 1}
            assert screen is not None and table.connected == [True, True]


async def test_joining_an_ordinary_table_again_brings_back_one_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        assert [host.tickets[t].seat for t in host.join_all(code, BRAM)] == [1]
        assert [host.tickets[t].seat for t in host.join_all(code, ANA)] == [0]
        await ana.close()


async def test_the_join_list_offers_a_player_the_table_where_their_seat_is_held_and_nobody_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana and Bram sit at a table; Ana's terminal goes away: her Join list shows the table first, "your seat, held
    for you", and picking it takes her back to her seat; Cleo's list does not show it (no seat is free)."""
    async with running_host(tmp_path / "tables") as host:
        code, ana = await opened_by_ana(host)
        bram = await TableClient.connect(host.socket_path, host.join(code, BRAM))
        await until(bram, lambda f: f.seat == 1)
        await ana.close()
        table = host.tables[code]
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while table.connected[0]:
            assert loop.time() < end, "Ana's seat is still taken"
            await asyncio.sleep(0.05)
        async with title_app(host, monkeypatch, "key:cleo") as (app, pilot):
            await press(pilot, "j")
            tables = app.screen.query_one("#tables")
            while tables.option_count == 0:  # type: ignore[attr-defined]
                assert loop.time() < end, "the list did not come"
                await pilot.pause(0.05)
            assert tables.get_option_at_index(0).id == "none"  # type: ignore[attr-defined]
        async with title_app(host, monkeypatch, ANA) as (app, pilot):
            await press(pilot, "j")
            tables = app.screen.query_one("#tables")
            while tables.option_count == 0 or tables.get_option_at_index(0).id != code:  # type: ignore[attr-defined]
                assert loop.time() < end, "the list did not come"
                await pilot.pause(0.05)
            assert "your seat, held for you" in str(tables.get_option_at_index(0).prompt)  # type: ignore[attr-defined]
            await press(pilot, "tab", "tab", "enter")
            seat = await until_screen(pilot, TableSeatScreen)
            assert seat.link.seat == 0 and table.connected == [True, True]
        await bram.close()
