"""Auto-pass at a shared table (issue 15 at issue 32's tables): the host answers for a seat what hot-seat answers
for it, with the same log lines and auto marks, instead of asking the seat at its own terminal."""

from __future__ import annotations

from pathlib import Path

from mythtable.engine.autopass import SeatSettings
from mythtable.engine.game import Game
from mythtable.tables.client import TableClient
from mythtable.tables.protocol import AutoPass, Choose, Frame
from mythtable.tables.table import Table
from tests.tables.hostkit import (
    RULESET,
    HotSeat,
    hot_seat,
    record_without_times,
    refused,
    running_host,
    settled,
    until,
)

SEED = 7


async def choose(table: Table, client: TableClient, label: str) -> int:
    """The seat whose decision is open (on `client`) picks the option whose label starts with `label`; the
    index of that option among the game's options (what hot_seat replays)."""
    frame = await until(client, lambda f: f.decision is not None and f.moves == table.moves)
    assert frame.decision is not None
    labels = [option.label for option in frame.decision.options]
    pick = next(i for i, text in enumerate(labels) if text.startswith(label))
    await client.send(Choose(decision=frame.decision.id, index=frame.decision.options[pick].index))
    await until(client, lambda f: f.moves > frame.moves)  # the host has made the move
    return pick


def log_texts(frame: Frame) -> list[str]:
    return [line.text for line in frame.log]


async def test_a_seat_is_not_asked_a_window_hot_seat_passes_for_it_and_the_log_says_auto(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        table, ticket = host.open_table(RULESET, SEED, Game.new(RULESET, SEED).setup, "key:ana")
        ana = await TableClient.connect(host.socket_path, ticket)
        bram = await TableClient.connect(host.socket_path, host.join(table.code, "key:bram"))
        picks = [await choose(table, ana, "Ana goes first")]
        # Ana's own card waits in limbo: hot-seat passes her "respond" window on it (nothing more to add)
        picks.append(await choose(table, ana, "Play Kobold Lantern-Bearer"))
        frame = await until(ana, lambda f: f.decision is not None and f.moves == table.moves)
        assert frame.decision is not None and frame.decision.kind == "main"
        line = "Ana plays nothing more on Kobold Lantern-Bearer (auto pass); Bram may answer it."
        assert line in log_texts(frame)
        picks.append(await choose(table, ana, "Go to combat"))
        picks.append(await choose(table, ana, "End the turn"))
        # Bram moves on to combat: Ana, with nothing waiting, is passed over in his stage change
        before = len(table.game.actions)
        picks.append(await choose(table, bram, "Go to combat"))
        frame = await settled(ana, table.version)
        assert frame.decision is None, "Ana is not asked to answer Bram's stage change"
        assert "Ana passes (auto)." in log_texts(frame)
        asked = await until(bram, lambda f: f.decision is not None and f.moves == table.moves)
        assert asked.decision is not None and asked.decision.seat == 1
        game = table.game
        assert [(game.actors[i], game.auto[i]) for i in range(before, len(game.actions))][:2] == [(1, False), (0, True)]
        # the record is a hot-seat game's of the same choices, auto marks included, and it replays
        assert record_without_times(game.record_data()) == record_without_times(hot_seat(SEED, picks).record_data())
        replayed = Game.from_record(game.to_record(), verify=True)
        assert replayed.auto == game.auto and replayed.actions == game.actions
        for client in (ana, bram):
            assert client.refusals == []


async def test_a_seats_pass_until_my_turn_key_reaches_the_host_and_passes_as_at_one_keyboard(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        table, ticket = host.open_table(RULESET, SEED, Game.new(RULESET, SEED).setup, "key:ana")
        ana = await TableClient.connect(host.socket_path, ticket)
        bram = await TableClient.connect(host.socket_path, host.join(table.code, "key:bram"))
        picks = [await choose(table, ana, label) for label in ("Ana goes first", "Play Kobold", "Go to", "End the")]
        frame = await until(bram, lambda f: f.decision is not None and f.moves == table.moves)
        await ana.send(AutoPass(kind="turn"))
        await ana.send_raw(b'{"type": "autopass", "kind": "forever"}\n')
        assert await refused(ana) == ["not a table message (autopass.kind: literal_error)"]
        shown = await until(ana, lambda f: f.autopass == "passing until your turn")
        assert shown.decision is None and table.game.autopass == {
            "seats": [{"stops": [], "full_control": False, "until": "turn"}, SeatSettings().to_json()]
        }
        rusalka = await choose(table, bram, "Play Rusalka")
        # at one keyboard without the yield, Ana holds answers and is asked about Bram's card
        assert hot_seat(SEED, [*picks, rusalka]).decision.seat == 0  # type: ignore[union-attr]
        frame = await until(bram, lambda f: f.decision is not None and f.moves == table.moves)
        assert frame.decision is not None and frame.decision.seat == 1
        ana_frame = await settled(ana, table.version)
        assert ana_frame.decision is None
        assert "Ana does not answer Bram's Rusalka of the Ford (auto pass)." in log_texts(ana_frame)
        same = HotSeat(SEED)
        for pick in picks:
            same.pick(pick)
        same.session.set_yield(0, "turn")
        same.pick(rusalka)
        assert record_without_times(table.game.record_data()) == record_without_times(same.game.record_data())
        assert bram.refusals == []
