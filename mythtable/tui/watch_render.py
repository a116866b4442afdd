"""The renderer of a watched table: `python -m mythtable.tui.watch_render`, one process a table however many watch.

`serve ssh` starts it for a table's first watcher, with the table host's socket and a watcher's ticket in its
environment (tables/client.py), and fans what it writes out to every watcher (serve/watch_fanout.py). It reads the
table's public frames as any watcher would, draws each as an 80x24 screen with the boards' own Rich functions
(tui/watch/: no Textual app runs), and writes records (tables/watch_stream.py): the lines that changed since the
previous screen, and the whole screen for watchers who arrive later. It ends when the table closes.
"""

from __future__ import annotations

import asyncio
import sys
from typing import BinaryIO

from mythtable.tables.client import TableClient, from_environment
from mythtable.tables.protocol import Closed, Frame
from mythtable.tables.watch_stream import end_record, screen_record
from mythtable.tui.watch.screen import screen_lines
from mythtable.tui.watch.terminal import changes, repaint

WATCH_SIZE = (80, 24)
"""The watchers' common size; the last row stays empty, so nothing ever scrolls."""


class Renderer:
    """Frames in, records out: keeps the previous screen's lines to send only what changed."""

    def __init__(self, out: BinaryIO, size: tuple[int, int] = WATCH_SIZE) -> None:
        self.out = out
        self.cols, self.rows = size
        self.shown: list[str] | None = None

    def draw(self, frame: Frame) -> bytes:
        """The record for `frame` (empty when the screen looks as it did)."""
        lines = screen_lines(frame, self.cols, self.rows - 1)
        if lines == self.shown:
            return b""
        whole = repaint(lines)
        diff = whole if self.shown is None else changes(self.shown, lines)
        self.shown = lines
        return screen_record(diff, whole)

    def write(self, data: bytes) -> None:
        if data:
            self.out.write(data)
            self.out.flush()


async def run(client: TableClient, renderer: Renderer) -> str:
    """Draw every frame until the table closes; why it closed."""
    reason = "the table closed"
    try:
        while True:
            message = await client.receive()
            if message is None or isinstance(message, Closed):
                return client.closed or reason
            if isinstance(message, Frame):
                renderer.write(renderer.draw(message))
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        return reason


async def main_async() -> int:
    found = from_environment()
    if found is None:
        print("mythtable: no table to watch (this program is started by the server)", file=sys.stderr)
        return 2
    renderer = Renderer(sys.stdout.buffer)
    try:
        socket, tickets = found
        client = await TableClient.connect(socket, tickets[0])
    except OSError as exc:
        renderer.write(end_record(f"the table is gone: {exc.strerror or exc}"))
        return 1
    reason = await run(client, renderer)
    renderer.write(end_record(reason))
    return 0


def main() -> int:
    try:
        return asyncio.run(main_async())
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
