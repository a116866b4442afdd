"""A frame carries only the log lines its connection has not been sent (tables/log_delta.py): the client puts
the whole log back together, equal at every frame to what the host's game shows that seat, through take-backs;
and the view it carries (made once a position) is the seat's view of that position."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mythtable.engine.decision import Event
from mythtable.engine.game import Game, LogLine
from mythtable.engine.views import view_data
from mythtable.tables import client as client_module
from mythtable.tables.client import TableClient
from mythtable.tables.log_delta import SentLog, joined
from mythtable.tables.protocol import Answer, Choose, Frame, HostMessage, TakeBack, parse_host_line
from tests.tables.hostkit import running_host, until


def test_a_connection_is_sent_what_follows_what_it_holds_and_the_whole_log_after_a_take_back() -> None:
    log = [LogLine(step, Event(f"line {step}")) for step in range(5)]
    sent = SentLog()
    assert sent.start(log[:2], 0) == 0  # nothing held yet: the whole log
    sent.sent(log[:2], 0)
    assert sent.start(log, 0) == 2
    assert sent.start(log, 1) == 0  # a take-back since: the log was written anew
    assert sent.start(log[:1], 0) == 0  # shorter than what is held
    assert sent.start([log[0], LogLine(1, Event("line 1")), *log[2:]], 0) == 0  # not the same line where it was


def test_the_client_joins_the_pieces_and_refuses_a_piece_that_does_not_follow() -> None:
    assert joined(["a", "b", "c"], 2, ["x"]) == ["a", "b", "x"]
    assert joined(["a"], 0, ["x", "y"]) == ["x", "y"]
    with pytest.raises(ValueError, match="after the 1 lines held"):
        joined(["a"], 2, ["x"])


@pytest.mark.parametrize("ruleset", ["mythicarium", "magewars", "mythcraft"])
async def test_each_seat_and_a_watcher_hold_their_whole_log_at_every_frame_sent_in_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    rng = random.Random(5)
    starts: list[int] = []

    def parse(line: bytes) -> HostMessage:
        message = parse_host_line(line)
        if isinstance(message, Frame):
            starts.append(message.log_start)  # as sent, before the client joins the pieces
        return message

    monkeypatch.setattr(client_module, "parse_host_line", parse)
    async with running_host(tmp_path / "tables") as host:
        table, ticket = host.open_table(ruleset, 7, Game.new(ruleset, 7).setup, "key:ana")
        seats = [await TableClient.connect(host.socket_path, ticket)]
        seats.append(await TableClient.connect(host.socket_path, host.join(table.code, "key:bram")))
        watcher = await TableClient.connect(host.socket_path, host.watch(table.code))
        game, takebacks = table.game, 0

        def same(client: TableClient, seat: int | None) -> None:
            frame = client.frame
            assert frame is not None and frame.log_start == 0
            lines = game.log_for(seat) if seat is not None else [ln for ln in game.log if ln.event.seat is None]
            got = [(ln.step, ln.text, ln.kind, ln.seat, ln.reveals) for ln in frame.log]
            want = [(ln.step, ln.event.text, ln.event.kind, ln.event.seat, ln.event.reveals) for ln in lines]
            assert got == want
            view = game.view(seat) if seat is not None else game.public_view()
            assert frame.view == json.loads(json.dumps(view_data(view)))  # a view made once a position, never stale

        async def caught_up(client: TableClient) -> None:
            await until(client, lambda f: f.version == table.version, limit=500)

        for _ in range(120):
            decision = game.decision
            if decision is None or game.result is not None:
                break
            for seat, client in enumerate(seats):
                await caught_up(client)
                same(client, seat)
            await caught_up(watcher)
            same(watcher, None)
            mover = decision.seat
            if takebacks < 3 and game.takeback_count(mover) and rng.random() < 0.2:
                await seats[mover].send(TakeBack())
                await until(seats[1 - mover], lambda f: f.asks_take_back)
                await seats[1 - mover].send(Answer(accept=True))
                takebacks += 1
                await until(seats[mover], lambda f: f.version == table.version)
                continue
            frame = seats[mover].frame
            assert frame is not None and frame.decision is not None
            option = rng.choice(frame.decision.options)
            await seats[mover].send(Choose(decision=frame.decision.id, index=option.index))
            await until(seats[mover], lambda f, v=frame.version: f.version > v)
        assert takebacks > 0
        assert sum(start > 0 for start in starts) > 0.8 * len(starts), "most frames carry a piece of the log"
        for client in (*seats, watcher):
            await client.close()
