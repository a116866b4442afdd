"""The watchers' renderer: `python -m mythtable.tui.watch_render`, one process for every watched table of a server.

`serve ssh` starts it for the first watcher of any table and tells it on its standard input which tables to draw
and which to stop drawing (tables/watch_stream.py). For each table it reads the public frames as any watcher
would, draws each as an 80x24 screen with the boards' own Rich functions (tui/watch/: no Textual app runs), and
writes records, named by the table's code: the lines that changed since the previous screen, and the whole screen
for watchers who arrive later. One process for all tables costs one Python's memory (about 48 MB) rather than one
per watched table; a table whose drawing fails ends alone. The process ends when its input does.
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from collections.abc import Callable
from typing import BinaryIO

from mythtable.tables.client import TableClient
from mythtable.tables.protocol import Closed, Frame
from mythtable.tables.watch_stream import Drop, Watch, end_record, parse_command, screen_record
from mythtable.tui.watch.screen import screen_lines
from mythtable.tui.watch.terminal import changes, repaint

WATCH_SIZE = (80, 24)
"""The watchers' common size; the last row stays empty, so nothing ever scrolls."""


class Renderer:
    """One table's frames in, records out: keeps the previous screen's lines to send only what changed."""

    def __init__(self, code: str, size: tuple[int, int] = WATCH_SIZE) -> None:
        self.code = code
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
        return screen_record(self.code, diff, whole)


def writer(out: BinaryIO) -> Callable[[bytes], None]:
    """Write a record whole and at once (the server reads records, never parts)."""

    def write(data: bytes) -> None:
        if data:
            out.write(data)
            out.flush()

    return write


async def run(client: TableClient, renderer: Renderer, write: Callable[[bytes], None]) -> str:
    """Draw every frame until the table closes; why it closed."""
    reason = "the table closed"
    try:
        while True:
            message = await client.receive()
            if message is None or isinstance(message, Closed):
                return client.closed or reason
            if isinstance(message, Frame):
                write(renderer.draw(message))
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        return reason


async def draw_table(order: Watch, write: Callable[[bytes], None]) -> None:
    """One table's screens from its first frame to its end record."""
    try:
        client = await TableClient.connect(order.socket, order.ticket)
    except OSError as exc:
        write(end_record(order.code, f"the table is gone: {exc.strerror or exc}"))
        return
    try:
        reason = await run(client, Renderer(order.code), write)
    except asyncio.CancelledError:
        raise
    except Exception:  # a defect drawing this table: the others go on, the server logs what went wrong
        traceback.print_exc(file=sys.stderr)
        reason = "the watchers' screen of this table failed"
    finally:
        client.writer.close()
    write(end_record(order.code, reason))


async def serve(commands: asyncio.StreamReader, write: Callable[[bytes], None]) -> None:
    """Draw the tables the server names, until its commands end."""
    tables: dict[str, asyncio.Task[None]] = {}
    while line := await commands.readline():
        order = parse_command(line.strip())
        if isinstance(order, Watch) and (order.code not in tables or tables[order.code].done()):
            tables[order.code] = asyncio.get_running_loop().create_task(draw_table(order, write))
        elif isinstance(order, Drop) and order.code in tables:
            tables.pop(order.code).cancel()
    for task in tables.values():
        task.cancel()
    await asyncio.gather(*tables.values(), return_exceptions=True)


async def main_async() -> int:
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    await serve(commands, writer(sys.stdout.buffer))
    return 0


def main() -> int:
    try:
        return asyncio.run(main_async())
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
