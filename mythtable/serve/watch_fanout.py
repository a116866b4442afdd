"""Watchers are cheap: one public-view renderer per table whose screen is fanned out to every watcher's channel.

The renderer is one watcher connection to the table host (as dgamelaunch shares a player's terminal): each
public frame becomes one whole 80x24 screen (tables/text_view.py), written to every channel that watches that
table; a watcher who arrives late gets the latest screen at once. An extra watcher costs a channel and nothing
else: no process, no frame of its own. A watcher sends nothing that acts (its keys only let it leave).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

from mythtable.tables.client import TableClient
from mythtable.tables.protocol import Closed, Frame
from mythtable.tables.text_view import screen

WATCH_SIZE = (80, 24)
WATCHER_BACKLOG = 512 * 1024
"""A watcher this far behind is let go (it does not read its stream) instead of holding the others back."""

Write = Callable[[bytes], int | None]


class Fanout:
    """One table's renderer and the channels that watch it."""

    def __init__(self, code: str, on_count: Callable[[int], None], on_empty: Callable[[], None]) -> None:
        self.code = code
        self.watchers: dict[int, tuple[Write, Callable[[], int], Callable[[str], None]]] = {}
        self.latest = b""
        self.client: TableClient | None = None
        self.task: asyncio.Task[None] | None = None
        self.on_count, self.on_empty = on_count, on_empty
        self._next = 0

    async def start(self, socket: Path, ticket: str) -> None:
        self.client = await TableClient.connect(socket, ticket)
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def add(self, write: Write, backlog: Callable[[], int], end: Callable[[str], None]) -> int:
        key = self._next = self._next + 1
        self.watchers[key] = (write, backlog, end)
        if self.latest:
            write(self.latest)  # a whole repaint for the newcomer
        self.on_count(len(self.watchers))
        return key

    def remove(self, key: int) -> None:
        if self.watchers.pop(key, None) is not None:
            self.on_count(len(self.watchers))
        if not self.watchers:
            self.on_empty()
            self.stop()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.client is not None:
            self.client.writer.close()

    async def _pump(self) -> None:
        assert self.client is not None
        reason = "the table closed"
        try:
            while True:
                message = await self.client.receive()
                if message is None or isinstance(message, Closed):
                    reason = self.client.closed or reason
                    break
                if isinstance(message, Frame):
                    cols, rows = WATCH_SIZE
                    self.latest = screen(message, cols, rows - 1).encode()  # the last line must not scroll
                    self.fan(self.latest)
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        for key, (_write, _backlog, end) in list(self.watchers.items()):
            self.watchers.pop(key, None)
            with contextlib.suppress(Exception):
                end(reason)
        self.on_empty()

    def fan(self, data: bytes) -> None:
        for key, (write, backlog, end) in list(self.watchers.items()):
            try:
                if backlog() > WATCHER_BACKLOG:
                    self.watchers.pop(key, None)
                    end("your connection fell too far behind")
                    continue
                write(data)
            except Exception:
                self.watchers.pop(key, None)
