"""The table host with fake clients: play to the end, refusals, reconnects, restarts (issue 32 item 1)."""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path

import pytest

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.tables.client import TableClient
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import TableRefusal
from mythtable.tables.protocol import (
    MAX_CLIENT_LINE,
    Absent,
    Answer,
    Chat,
    Choose,
    TakeBack,
)
from tests.tables.hostkit import (
    RULESET,
    hot_seat,
    make_host,
    record_without_times,
    refused,
    running_host,
    settled,
    until,
)

SEED = 7


def setup() -> Setup:
    game = Game.new(RULESET, SEED)
    return game.setup


async def open_two(
    host: TableHost, ana: str = "key:ana", bram: str = "key:bram"
) -> tuple[str, TableClient, TableClient]:
    table, ticket = host.open_table(RULESET, SEED, setup(), ana)
    first = await TableClient.connect(host.socket_path, ticket)
    second = await TableClient.connect(host.socket_path, host.join(table.code, bram))
    for client in (first, second):
        await until(client, lambda f: not any("Waiting for" in s for s in f.status))
    return table.code, first, second


async def step(host: TableHost, seats: list[TableClient], rng: random.Random, picks: list[int]) -> bool:
    """The seat whose decision is open picks an option; False once the game is over."""
    table = next(iter(host.tables.values()))
    version = table.version
    for client in seats:
        await settled(client, version)
    frames = [c.frame for c in seats]
    assert all(f is not None for f in frames)
    if frames[0].result is not None:  # type: ignore[union-attr]
        return False
    deciding = [i for i, f in enumerate(frames) if f.decision is not None]  # type: ignore[union-attr]
    assert len(deciding) == 1, "exactly one seat is offered the open decision"
    frame = frames[deciding[0]]
    assert frame is not None and frame.decision is not None
    other = frames[1 - deciding[0]]
    assert other is not None and other.choosing.startswith(frame.names[deciding[0]])
    pick = rng.randrange(len(frame.decision.options))
    picks.append(pick)
    await seats[deciding[0]].send(Choose(decision=frame.decision.id, index=frame.decision.options[pick].index))
    for client in seats:  # both see the move before the next one
        await until(client, lambda f: f.version > frame.version)
    return True


async def test_a_seeded_table_played_to_the_end_records_what_hot_seat_records(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        rng, picks = random.Random(3), []
        for _ in range(3000):
            if not await step(host, [ana, bram], rng, picks):
                break
        table = host.tables[code]
        assert table.game.result is not None
        assert ana.refusals == [] and bram.refusals == []
        same = hot_seat(SEED, picks)
        assert record_without_times(table.game.record_data()) == record_without_times(same.record_data())


async def test_another_seats_option_and_a_watchers_option_are_refused(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        watcher = await TableClient.connect(host.socket_path, host.watch(code))
        frame = await until(watcher, lambda f: f.watchers == 1)
        assert frame.decision is None and frame.seat is None
        table = host.tables[code]
        decision = table.game.decision
        assert decision is not None
        idle = [ana, bram][1 - decision.seat]
        before = list(table.game.actions)
        await idle.send(Choose(decision=table.moves, index=0))
        await watcher.send(Choose(decision=table.moves, index=0))
        await refused(idle)
        await refused(watcher)
        assert idle.refusals == ["it is not your decision"]
        assert watcher.refusals == ["watchers cannot act at the table"]
        assert table.game.actions == before
        assert any("refused a watcher" in line for line in host.lines)  # type: ignore[attr-defined]


async def test_a_stale_or_missing_option_is_refused_and_logged_once(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        table = host.tables[code]
        decision = table.game.decision
        assert decision is not None
        mover = [ana, bram][decision.seat]
        for _ in range(3):
            await mover.send(Choose(decision=table.moves + 5, index=0))
        await mover.send(Choose(decision=table.moves, index=9999))
        await refused(mover, 4)
        assert mover.refusals[:3] == ["that decision has passed"] * 3
        assert mover.refusals[3] == "there is no option 10000"
        lines = [line for line in host.lines if "refused" in line]  # type: ignore[attr-defined]
        assert len(lines) == 1, lines  # one kind of refusal (a choice) from one connection: logged once
        assert table.game.actions == []


async def test_an_oversize_or_malformed_message_is_refused(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, _bram = await open_two(host)
        await ana.send_raw(b'{"type":"bogus"}\n')
        await refused(ana)
        assert ana.refusals and ana.refusals[0].startswith("not a table message")
        await ana.send_raw(b'{"type":"chat","text":"' + b"x" * (MAX_CLIENT_LINE * 2) + b'"}\n')
        while await ana.receive() is not None:
            pass
        assert ana.refusals[-1] == f"a message over {MAX_CLIENT_LINE} bytes"
        assert host.tables[code].game.actions == [] and host.tables[code].chat == []


async def test_a_reconnect_with_the_same_key_gets_the_same_decision(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        table = host.tables[code]
        decision = table.game.decision
        assert decision is not None
        mover = [ana, bram][decision.seat]
        other = [ana, bram][1 - decision.seat]
        before = await settled(mover, table.version)
        await mover.close()
        name = table.names[decision.seat]
        await until(other, lambda f: any(s.startswith(f"{name} disconnected, waiting ") for s in f.status))
        assert other.frame is not None and other.frame.absent
        back = await TableClient.connect(host.socket_path, host.join(code, ["key:ana", "key:bram"][decision.seat]))
        again = await until(back, lambda f: f.decision is not None)
        assert again.decision == before.decision and again.seat == before.seat
        assert [line.text for line in again.log] == [line.text for line in before.log]
        third = None
        try:
            host.join(code, "key:carl")
        except TableRefusal as exc:
            third = str(exc)
        assert third == f"table {code} is full: both seats are taken (watch it with: watch {code})"


async def test_a_password_player_gets_the_seat_back_with_the_seat_token_only(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, _ana, bram = await open_two(host, bram="password")
        token = None
        while token is None:
            assert bram.frame is not None
            token = bram.frame.token
            if token is None:
                await bram.receive()
        await bram.close()
        try:
            host.join(code, "password")
            raise AssertionError("a password login without the token took a held seat")
        except TableRefusal:
            pass
        back = await TableClient.connect(host.socket_path, host.join(code, "password", token))
        frame = await until(back, lambda f: f.seat == 1)
        assert frame.token is None  # shown once, when the seat was first taken


async def test_take_back_is_a_request_the_other_seat_answers(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        table = host.tables[code]
        clients = [ana, bram]
        rng, picks = random.Random(5), []
        for _ in range(400):  # play until some seat may take back its move
            decision = table.game.decision
            assert decision is not None
            if any(table.game.takeback_count(s) for s in (0, 1)):
                break
            await step(host, clients, rng, picks)
        seat = next(s for s in (0, 1) if table.game.takeback_count(s))
        moves = len(table.game.actions)
        await clients[seat].send(TakeBack())
        frame = await until(clients[1 - seat], lambda f: f.asks_take_back)
        assert len(table.game.actions) == moves  # not taken back silently
        await clients[1 - seat].send(Answer(accept=False))
        await until(clients[seat], lambda f: any("declines" in c for c in f.chat))
        assert len(table.game.actions) == moves
        await clients[seat].send(TakeBack())
        await until(clients[1 - seat], lambda f: f.asks_take_back and f.version > frame.version)
        await clients[1 - seat].send(Answer(accept=True))
        await until(clients[seat], lambda f: any("takes back" in line.text for line in f.log))
        assert len(table.game.actions) < moves


async def test_chat_is_text_only_and_reaches_both_seats(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        _code, ana, bram = await open_two(host)
        await ana.send(Chat(text="hi \x1b]0;owned\x07[bold]there[/]\nfriend"))
        frame = await until(bram, lambda f: bool(f.chat))
        assert frame.chat == [f"{frame.names[0]}: hi [bold]there[/] friend"]


async def test_the_computer_takes_an_absent_seat_and_gives_it_back(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        code, ana, bram = await open_two(host)
        table = host.tables[code]
        await bram.close()
        await until(ana, lambda f: f.absent)
        await ana.send(Absent(choice="computer"))
        await until(ana, lambda f: any("computer plays" in s for s in f.status))
        assert 1 in table.computer
        back = await TableClient.connect(host.socket_path, host.join(code, "key:bram"))
        await until(back, lambda f: f.seat == 1)
        assert table.computer == set() and table.game.controllers == ["human", "human"]


async def test_a_restarted_host_brings_the_table_back_at_the_same_decision(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    await host.start()
    code, ana, bram = await open_two(host)
    rng, picks = random.Random(9), []
    for _ in range(12):
        await step(host, [ana, bram], rng, picks)
    table = host.tables[code]
    version_hash, actions = table.game.hash(), list(table.game.actions)
    await host.stop()
    saved = json.loads((tmp_path / "tables" / f"{code}.json").read_text())
    assert "token" not in json.dumps(saved["holders"])
    again = make_host(tmp_path)
    await again.start()
    try:
        back = again.tables[code]
        assert back.game.hash() == version_hash and back.game.actions == actions
        assert back.connected == [False, False]
        seat = await TableClient.connect(again.socket_path, again.join(code, "key:ana"))
        frame = await until(seat, lambda f: f.seat == 0)
        assert frame.log and any("disconnected" in s for s in frame.status)
    finally:
        await again.stop()


async def test_a_table_nobody_comes_back_to_closes_after_its_grace_and_lands_in_the_saves(tmp_path: Path) -> None:
    folders = {"key:ana": tmp_path / "ana"}
    async with running_host(tmp_path / "host", grace=30.0, saves_for=folders.get) as host:
        code, ana, bram = await open_two(host)
        await ana.close()
        await bram.close()
        table = host.tables[code]
        while table.anyone_here():
            await asyncio.sleep(0.01)
        away = max(t for t in table.away_since if t is not None)
        host.tick(away + 29.0)
        assert code in host.tables
        host.tick(away + 30.5)
        assert code not in host.tables
        assert not (tmp_path / "host" / "tables" / f"{code}.json").exists()
        assert len(list((tmp_path / "ana" / "saves").glob("*.json"))) == 1


async def test_caps_on_tables_and_watchers_say_full(tmp_path: Path) -> None:
    async with running_host(tmp_path, max_tables=1, max_watchers=1) as host:
        table, _ticket = host.open_table(RULESET, SEED, setup(), "key:ana")
        try:
            host.open_table(RULESET, SEED, setup(), "key:bram")
            raise AssertionError("a table over the cap opened")
        except TableRefusal as exc:
            assert "the server is full: 1 tables are open" in str(exc)
        watcher = await TableClient.connect(host.socket_path, host.watch(table.code))
        await until(watcher, lambda f: f.watchers == 1)
        try:
            host.watch(table.code)
            raise AssertionError("a watcher over the cap was let in")
        except TableRefusal as exc:
            assert "is full: 1 are watching already" in str(exc)


def test_a_seat_process_gets_every_ticket_its_command_gave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ssh host join CODE` for two seats opened at one keyboard starts one seat program holding both tickets (it
    shows the keyboard table); the environment carries them, and is emptied as the program reads it."""
    from types import SimpleNamespace

    from mythtable.serve.ssh_tables import seat_environment
    from mythtable.tables.client import SOCKET_ENV, TICKET_ENV, from_environment

    host = SimpleNamespace(socket_path=tmp_path / "tables.sock")
    env = seat_environment(host, ["first", "second"])  # type: ignore[arg-type]
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert from_environment() == (tmp_path / "tables.sock", ["first", "second"])
    assert SOCKET_ENV not in os.environ and TICKET_ENV not in os.environ
    monkeypatch.setenv(SOCKET_ENV, "x")
    monkeypatch.setenv(TICKET_ENV, ",")
    assert from_environment() is None
