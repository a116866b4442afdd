"""The end of a shared table and its recaps, as at one keyboard (issue 32): each seat gets the result screen that
hot-seat shows, with where the game is in its player's saves; a watcher gets it too, from the public view; a seat
coming back to a decision has its recap (`r`), drawn from its own frames only, never the other seat's private
lines. Seat programs (TableSeatApp) over a running host, driven by keys through Pilot."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from mythtable.engine.decision import Event
from mythtable.engine.game import Game, LogLine
from mythtable.engine.simulate import play_game
from mythtable.play.recap import Recap, Returns, recap_of
from mythtable.tables.host import TableHost
from mythtable.tables.table import Table
from mythtable.tui.screens.result import ResultScreen
from mythtable.tui.screens.table_seat import NoticeScreen
from mythtable.tui.table_app import TableSeatApp
from tests.tables.hostkit import RULESET, running_host
from tests.tables.test_seat_screen import screen_text, seat_screen_of

END_SEED = 4
"""A seeded game the bots finish (tests/tui/test_result_screen.py plays the same to its end)."""


class Apps:
    """Seat programs (and maybe a watcher's) at one table, and a way to let them all catch up."""

    def __init__(self, host: TableHost, table: Table, apps: list[TableSeatApp], pilots: list[Pilot[Any]]) -> None:
        self.host, self.table, self.apps, self.pilots = host, table, apps, pilots

    async def settle(self, until: Any, rounds: int = 400) -> None:
        for _ in range(rounds):
            for pilot in self.pilots:
                await pilot.pause(0.01)
            if until():
                return
        raise AssertionError("the screens never got there")


@asynccontextmanager
async def at_table(folder: Path, game: Game, bram: str = "key:bram", watcher: bool = False) -> AsyncIterator[Apps]:
    """A table holding `game` with Ana (a key), Bram (`bram`) and maybe a watcher at their 80x24 seat programs; the
    server keeps a folder for each key (as `serve ssh` does)."""

    def saves_for(holder: str) -> Path | None:
        return folder / "players" / holder[4:] if holder.startswith("key:") else None

    async with running_host(folder / "tables", saves_for=saves_for) as host:
        table, ana = host.open_table(RULESET, game.seed, game.setup, "key:ana")
        table.game = game
        tickets = [ana, host.join(table.code, bram)] + ([host.watch(table.code)] if watcher else [])
        apps = [TableSeatApp(host.socket_path, [ticket]) for ticket in tickets]
        async with apps[0].run_test(size=(80, 24)) as p0, apps[1].run_test(size=(80, 24)) as p1:
            pilots = [p0, p1]
            if watcher:
                async with apps[2].run_test(size=(80, 24)) as p2:
                    yield Apps(host, table, apps, [*pilots, p2])
            else:
                yield Apps(host, table, apps, pilots)


def one_move_from_the_end() -> tuple[Game, tuple[object, ...]]:
    done = play_game(RULESET, END_SEED).game
    assert done is not None and done.result is not None
    game = Game(done.loaded, done.seed, done.setup)
    for action in done.actions[:-1]:
        game.apply(action)
    return game, done.actions[-1]


def result_of(app: App[Any]) -> ResultScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, ResultScreen)), None)


async def choose(seats: Apps, seat: int, action: tuple[object, ...]) -> None:
    """Highlight `action` among the seat's options with the arrow keys and press Enter, as a player would."""
    await seats.settle(lambda: bool(seat_screen_of(seats.apps[seat]).prompt.actions))
    if isinstance(seats.apps[seat].screen, NoticeScreen):  # a seat token to read first
        await seats.pilots[seat].press("enter")
    screen = seat_screen_of(seats.apps[seat])
    actions = screen.prompt.actions
    target = actions.index(action)
    options = screen.prompt.options
    while options.highlighted != target:
        await seats.pilots[seat].press("down" if (options.highlighted or 0) < target else "up")
    await seats.pilots[seat].press("enter")
    if screen.prompt.guarded:
        await seats.pilots[seat].press("enter")


async def test_each_seat_and_a_watcher_get_the_result_screen_and_the_seats_are_told_where_it_is_saved(
    tmp_path: Path,
) -> None:
    game, last = one_move_from_the_end()
    decision = game.decision
    assert decision is not None
    async with at_table(tmp_path, game, bram="token:bram", watcher=True) as seats:
        await choose(seats, decision.seat, last)
        await seats.settle(lambda: all(result_of(app) is not None for app in seats.apps))
        assert game.result is not None and game.result.winner is not None
        winner = game.setup.players[game.result.winner]
        ana, bram, watcher = (result_of(app) for app in seats.apps)
        assert ana is not None and bram is not None and watcher is not None
        for shown in (ana, bram, watcher):
            assert f"{winner} wins" in shown.text
            assert "Moves: " in shown.text  # the counts, as hot-seat's card
            assert "Replay this game" not in screen_text(shown.app)  # the game lives in the server
            assert "Leave the table (t)" in screen_text(shown.app)  # a seat program has no title screen
        [copy] = (tmp_path / "players" / "ana" / "saves").glob("*.json")
        assert ana.record == Path("saves") / copy.name and f"saves/{copy.name}" in ana.text
        assert bram.record is None and "Not in your saves: you joined without a key" in bram.text
        assert watcher.record is None and "Watchers keep no copy" in watcher.text
        assert ana.view == game.view(0) and bram.view == game.view(1)  # each seat's own table, never more
        assert watcher.view == game.public_view()
        await seats.pilots[0].press("t")  # back to the title: at a seat program, the seat leaves the table
        await seats.settle(lambda: seats.table.connected[0] is False)


def private_of(game: Game, seat: int, recap: Recap) -> list[str]:
    """The other seat's private lines in the recap's span that no line `seat` may read says too."""
    span = [line for line in game.log if recap.since < line.step <= recap.upto]
    readable = {line.event.text for line in span if line.event.seat in (None, seat)}
    return [line.event.text for line in span if line.event.seat == 1 - seat and line.event.text not in readable]


async def test_a_seat_coming_back_has_its_recap_on_r_and_never_the_other_seat_s_private_lines(tmp_path: Path) -> None:
    from tests.tables.test_seat_screen import seated

    async with seated(tmp_path) as seats:
        game = seats.table.game
        recaps: dict[int, list[Recap]] = {0: [], 1: []}
        hidden_checked = ended = 0
        rng = random.Random(1)
        while len(game.actions) < 200 and game.decision is not None:
            if recaps[0] and recaps[1] and hidden_checked:
                break
            mover = game.decision.seat
            screen = seat_screen_of(seats.apps[mover])
            recap = screen.link.frame().recap
            if recap is not None and recap not in recaps[mover]:
                recaps[mover].append(recap)
                assert recap == recap_of(game.log_for(mover), recap.since, recap.upto, mover)
                secret = private_of(game, mover, recap)
                hidden_checked += len(secret)
                shown = "\n".join(recap.lines())
                assert not [text for text in secret if text in shown]
                if not screen.has_class("-recap"):
                    await seats.press(mover, "r")  # r opens what happened since this seat last looked
                assert screen.has_class("-recap") and "Since you last looked" in screen_text(seats.apps[mover])
                assert recap.lines()[0] in screen_text(seats.apps[mover])
                await seats.press(mover, "r")
                assert not screen.has_class("-recap")
            before = len(game.actions)
            await seats.press(mover, str(rng.randrange(min(9, len(screen.prompt.actions))) + 1))
            await seats.settle(lambda before=before: len(game.actions) > before and seats.caught_up())
            if seat_screen_of(seats.apps[mover]).link.turn_ended:  # its turn went on to its end by itself
                ended += 1
                assert "Your turn has ended: results beside (r)." in screen_text(seats.apps[mover])
                assert seat_screen_of(seats.apps[mover]).has_class("-recap")
        assert recaps[0] and recaps[1], "each seat came back to a recap"
        assert hidden_checked, "the recaps' spans held the other seat's private lines (a draw, say)"


def line(step: int, text: str, seat: int | None = None, kind: str = "") -> LogLine:
    return LogLine(step, Event(text, seat, kind))


def test_a_seat_s_turn_ending_by_itself_with_results_makes_its_recap_then_and_its_return_the_next() -> None:
    """Returns, frame by frame, as a remote seat sees them: Ana (seat 0) attacks at move 3; the combat resolves
    and her turn ends by itself; Bram decides at move 6 (Ana's recap is made then: "your turn has ended"); Ana is
    asked again at move 9 after Bram moved (her recap on return covers moves 7 to 9 only)."""
    log = [
        line(1, "Turn 1: Ana", kind="turn"),
        line(3, "Ana attacks with Wolf."),
        line(4, "Ana draws Owl.", seat=0, kind="draw"),
        line(5, "Wolf deals 2 damage to Bram."),
        line(6, "Turn 2: Bram", kind="turn"),
        line(7, "Bram draws Fox.", seat=1, kind="draw"),
        line(8, "Bram plays a card."),
        line(9, "Bear dies."),
    ]
    mine = [entry for entry in log if entry.event.seat in (None, 0)]  # what Ana's frames hold
    ana = Returns(0)
    ana.see(0, 2, mine[:1])  # her first look: nothing to recap
    assert ana.recap is None and not ana.fresh
    ana.see(0, 3, mine[:2])  # asked again, Bram has not moved: no recap
    assert ana.recap is None
    ana.see(1, 6, mine[:5])
    assert ana.ended and ana.recap is not None
    assert ana.recap.results == ("Ana draws Owl.", "Wolf deals 2 damage to Bram.")
    ana.see(1, 6, mine[:5])  # the same frame again (a chat line): said once
    assert not ana.ended
    ana.see(0, 9, mine)
    assert ana.fresh and ana.recap == Recap(6, 9, ("Bear dies.",), ("Bram plays a card.",))
    assert "Bram draws Fox." not in ana.recap.lines()


def test_no_turn_ended_recap_when_the_other_seat_only_answers_mid_turn() -> None:
    ana = Returns(0)
    log = [line(1, "Ana attacks with Wolf."), line(2, "Wolf deals 2 damage to Bram.")]
    ana.see(0, 1, log[:1])
    ana.see(1, 2, log)  # Bram blocks: Ana's turn goes on
    assert not ana.ended and ana.recap is None


async def test_when_a_seat_s_turn_ends_by_itself_with_results_its_screen_says_so_with_the_results_beside(
    tmp_path: Path,
) -> None:
    """Seed 4, after five moves: Ana's Kitsune Veilwalker wounds Stone-Born Adept, and her turn ends by itself (its
    only choice); at one keyboard the recap screen would show it before the curtain."""
    done = play_game(RULESET, END_SEED).game
    assert done is not None
    game = Game(done.loaded, done.seed, done.setup)
    for action in done.actions[:5]:
        game.apply(action)
    async with at_table(tmp_path, game) as seats:
        await choose(seats, 0, done.actions[5])
        ana = seats.apps[0]
        await seats.settle(lambda: "Your turn has ended" in screen_text(ana))
        assert game.decision is not None and game.decision.seat == 1
        shown = screen_text(ana)
        assert "Your turn has ended: results beside (r)." in shown
        assert seat_screen_of(ana).has_class("-recap") and "Stone-Born Adept suffers 1" in shown
        assert "Your turn has ended" not in screen_text(seats.apps[1])
        await seats.pilots[0].press("r")
        assert not seat_screen_of(ana).has_class("-recap")


def test_a_seat_back_on_a_new_connection_recaps_from_where_it_went_away() -> None:
    """Returns on a new connection: without `back_from` its first look recaps nothing; with it (the host's
    `away_from`), the first time it is asked its recap runs from the move where its last connection went away."""
    log = [line(2, "Ana plays a card."), line(4, "Bram attacks with Wolf."), line(5, "Wolf deals 2 damage to Ana.")]
    fresh = Returns(0)
    fresh.see(0, 6, log)
    assert fresh.recap is None
    back = Returns(0)
    back.back_from(3)
    back.see(1, 5, log[:2])  # not its decision yet: nothing made
    assert back.recap is None
    back.see(0, 6, log)
    assert back.fresh and back.recap == Recap(3, 6, ("Wolf deals 2 damage to Ana.",), ("Bram attacks with Wolf.",))
    back.back_from(5)  # a later frame saying the same changes nothing once it has looked
    assert back.returned == 6


async def test_a_seat_back_after_a_drop_is_asked_with_a_recap_of_the_moves_made_while_it_was_away(
    tmp_path: Path,
) -> None:
    from mythtable.tables.client import TableClient
    from mythtable.tables.protocol import Choose
    from mythtable.tables.remote_seat import RemoteSeat
    from tests.tables.hostkit import until

    async with running_host(tmp_path / "tables") as host:
        table, ticket = host.open_table(RULESET, 7, Game.new(RULESET, 7).setup, "key:ana")
        clients = [await TableClient.connect(host.socket_path, ticket)]
        clients.append(await TableClient.connect(host.socket_path, host.join(table.code, "key:bram")))
        game = table.game

        async def move(seat: int) -> None:
            client = clients[seat]
            frame = await until(client, lambda f: f.decision is not None and f.decision.seat == seat)
            assert frame.decision is not None
            await client.send(Choose(decision=frame.decision.id, index=frame.decision.options[-1].index))
            await until(client, lambda f: f.moves > frame.moves)

        while game.decision is not None and game.decision.seat == 0:
            await move(0)
        await clients[0].close()
        await asyncio.wait_for(wait_for(lambda: not table.connected[0]), 10)
        left = table.moves
        while game.decision is not None and game.decision.seat == 1:
            await move(1)
        assert table.moves > left, "Bram moved while Ana was away"
        again = await TableClient.connect(host.socket_path, host.join(table.code, "key:ana"))
        frame = await until(again, lambda f: f.seat == 0 and f.decision is not None)
        assert frame.away_from == left
        seat = RemoteSeat(again)
        recap = seat.frame().recap
        assert recap is not None and (recap.since, recap.upto) == (left, table.moves)
        assert not recap.empty and seat.returns.fresh
        await again.close()
        await clients[1].close()


async def wait_for(test: Any) -> None:
    while not test():
        await asyncio.sleep(0.02)
