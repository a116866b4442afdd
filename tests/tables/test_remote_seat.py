"""The remote form of the seat seam (issue 32): a RemoteSeat's frames are what the local form would draw for that
seat (its view, its decision, its log), a watcher's are the public ones, and its acts reach the table."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path

from mythtable.engine.game import Game
from mythtable.play.seat import SeatFrame, SeatLink, frame_of
from mythtable.tables.client import TableClient
from mythtable.tables.remote_seat import RemoteSeat
from tests.tables.hostkit import RULESET, HotSeat, make_host

SEED = 7


def local_frame(game: Game, seat: int | None) -> SeatFrame:
    """What the seam's local form builds for `seat` from the same game (the public view for a watcher)."""
    decision = game.decision
    deciding = seat is not None and decision is not None and decision.seat == seat
    view = game.public_view() if seat is None else game.view(seat)
    frame = frame_of(game, seat, view, seat if seat is not None else 0, deciding)
    if seat is None:
        frame = dataclasses.replace(frame, log=tuple(line for line in game.log if line.event.seat is None))
    return frame


def same_table(remote: SeatFrame, local: SeatFrame) -> None:
    """Equal but for what only a table says (who chooses, watchers, status lines), the decision's move count
    (a table counts take-backs too), the prompt of another seat's decision, which a table keeps to its
    chooser (it may name a card still in the chooser's hand), and the recap, which the remote seat makes itself
    from its frames (test_seat_result_recap.py)."""
    keep = {"choosing": "", "watchers": 0, "status": (), "recap": None}
    remote, local = dataclasses.replace(remote, **keep), dataclasses.replace(local, **keep)
    if remote.decision is not None and local.decision is not None:
        prompt = local.decision.prompt if local.decision.options else ""
        assert remote.decision.prompt == prompt
        local = dataclasses.replace(
            local, decision=dataclasses.replace(local.decision, moves=remote.decision.moves, prompt=prompt)
        )
    assert remote == local


async def settled(seat: RemoteSeat, moves: int) -> None:
    for _ in range(200):
        wire = seat.client.frame
        if wire is not None and wire.moves >= moves and seat._frame is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no frame")


async def test_remote_seats_see_what_the_local_form_shows_and_a_watcher_the_public_table(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    await host.start()
    try:
        hot = HotSeat(SEED)  # the same game on one keyboard, auto-passes and all
        replica = hot.game
        table, ticket = host.open_table(RULESET, SEED, replica.setup, "key:ana")
        clients = [
            await TableClient.connect(host.socket_path, ticket),
            await TableClient.connect(host.socket_path, host.join(table.code, "key:bram")),
            await TableClient.connect(host.socket_path, host.watch(table.code)),
        ]
        seats = [RemoteSeat(client) for client in clients]
        pumps = [asyncio.ensure_future(seat.pump()) for seat in seats]
        assert all(isinstance(seat, SeatLink) for seat in seats)
        rng = random.Random(2)
        for _ in range(25):
            for seat in seats:
                await settled(seat, len(replica.actions))
            for index, seat in enumerate(seats):
                same_table(seat.frame(), local_frame(replica, index if index < 2 else None))
            decision = replica.decision
            assert decision is not None
            mover = seats[decision.seat]
            options = mover.frame().decision.options  # type: ignore[union-attr]
            assert seats[1 - decision.seat].frame().decision.options == ()  # type: ignore[union-attr]
            assert seats[2].choose(options[0].index) == "watchers cannot act at the table"
            option = options[rng.randrange(len(options))]
            assert mover.subject(option.action) == replica.subject(option.action)
            assert mover.choose(option.index) is None
            hot.play(option.action)
        mover = seats[replica.decision.seat]  # type: ignore[union-attr]
        await settled(mover, len(replica.actions))
        mover.ask_inspect()
        seat_index = seats.index(mover)
        expected = replica.inspectables(seat_index)
        for _ in range(200):  # the answer to this ask, not a list the seat asked for by itself a move before
            if mover.inspectables() == expected:
                break
            await asyncio.sleep(0.01)
        assert mover.inspectables() == expected
        first = replica.inspectables(seat_index)[0].ref
        assert mover.inspect(first) == replica.inspect(seat_index, first)
        assert seats[2].inspectables() == []
        for pump in pumps:
            pump.cancel()
    finally:
        await host.stop()
