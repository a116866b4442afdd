"""Two fake seats and a watcher at one table host, for the host's tests."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.tables.client import TableClient
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import HostSettings
from mythtable.tables.protocol import Frame
from mythtable.tui.session import Session

RULESET = "mythicarium"


def record_without_times(data: dict[str, Any]) -> dict[str, Any]:
    """A record as its JSON reads back, less the times it was made and written."""
    data = json.loads(json.dumps(data))
    return {k: v for k, v in data.items() if k not in ("created", "updated")}


class HotSeat:
    """The same game on one keyboard: a hot-seat Session (auto-pass and all, with the default settings) whose
    seats pick options of the decisions they are asked."""

    def __init__(self, seed: int) -> None:
        with tempfile.TemporaryDirectory() as config:  # no player's remembered settings
            self.session = Session(Game.new(RULESET, seed), config=Path(config))
        self.session.next_step()

    @property
    def game(self) -> Game:
        return self.session.game

    def pick(self, pick: int) -> None:
        """The asked seat takes option `pick` (of Game.options); then the moves nobody is asked for."""
        self.play(self.game.options()[pick][0])

    def play(self, action: Action) -> None:
        """The asked seat makes `action`; then the moves nobody is asked for."""
        self.game.apply(action)
        self.session.next_step()


def hot_seat(seed: int, picks: list[int]) -> Game:
    """The same game on one keyboard: option `pick` of each decision a seat is asked, in turn."""
    table = HotSeat(seed)
    for pick in picks:
        table.pick(pick)
    return table.game


def make_host(folder: Path, **kw: Any) -> TableHost:
    lines: list[str] = []
    host = TableHost(HostSettings(folder=folder, log=lines.append, **kw))
    host.lines = lines  # type: ignore[attr-defined]
    return host


@asynccontextmanager
async def running_host(folder: Path, **kw: Any) -> AsyncIterator[TableHost]:
    """A started host (make_host), stopped again however the test ends."""
    host = make_host(folder, **kw)
    await host.start()
    try:
        yield host
    finally:
        await host.stop()


async def until(client: TableClient, test: Any, limit: int = 50) -> Frame:
    """Read messages until the latest frame passes `test`."""
    for _ in range(limit):
        if client.frame is not None and test(client.frame):
            return client.frame
        if await client.receive() is None:
            break
    raise AssertionError(f"no such frame; last {client.frame and client.frame.version}, closed {client.closed}")


async def settled(client: TableClient, version: int) -> Frame:
    return await until(client, lambda f: f.version >= version)


def chooser(frames: list[Frame]) -> int | None:
    for index, frame in enumerate(frames):
        if frame.decision is not None:
            return index
    return None


def pick_for(rng: random.Random, frame: Frame) -> int:
    assert frame.decision is not None
    return rng.randrange(len(frame.decision.options))


async def refused(client: TableClient, count: int = 1, limit: int = 50) -> list[str]:
    """Read messages until `client` has been refused `count` times in all."""
    for _ in range(limit):
        if len(client.refusals) >= count:
            return client.refusals
        if await client.receive() is None:
            break
    raise AssertionError(f"refused {client.refusals}, closed {client.closed}")
