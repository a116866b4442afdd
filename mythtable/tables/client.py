"""The seat's end of the socket: connect with a ticket, receive frames, send choices (asyncio, no textual).

The remote seat of the TUI, the watchers' shared renderer and the tests use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

from mythtable.tables.log_delta import joined
from mythtable.tables.protocol import (
    MAX_HOST_LINE,
    Closed,
    Control,
    ControlReply,
    Frame,
    Hello,
    HostMessage,
    Refused,
    _Message,
    encode,
    parse_host_line,
)

SOCKET_ENV = "MYTHTABLE_TABLE_SOCKET"
TICKET_ENV = "MYTHTABLE_TABLE_TICKET"


def from_environment() -> tuple[Path, list[str]] | None:
    """The socket and the tickets (one a seat; two for seats at one keyboard) a server gave this game process,
    taken out of the environment."""
    socket, tickets = os.environ.pop(SOCKET_ENV, None), os.environ.pop(TICKET_ENV, None)
    found = [ticket for ticket in (tickets or "").split(",") if ticket]
    if not socket or not found:
        return None
    return Path(socket), found


class TableClient:
    """One connection to a table host; `frame` is the latest frame, `refusals` what the host said no to."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.frame: Frame | None = None
        self.refusals: list[str] = []
        self.closed: str | None = None
        self.token: str | None = None
        """This seat's token, kept from the one frame that shows it (a screen made later still has it)."""

    @classmethod
    async def connect(cls, socket: Path, ticket: str) -> TableClient:
        reader, writer = await asyncio.open_unix_connection(str(socket), limit=MAX_HOST_LINE)
        client = cls(reader, writer)
        await client.send(Hello(ticket=ticket))
        return client

    async def send(self, message: _Message) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def receive(self) -> HostMessage | None:
        """The next message (and remember it), or None when the host closed the connection."""
        line = await self.reader.readline()
        if not line:
            self.closed = self.closed or "the connection closed"
            return None
        message = parse_host_line(line)
        if isinstance(message, Frame):
            if message.log_start:  # only the lines added since the last frame: put the whole log back together
                held = self.frame.log if self.frame is not None else []
                log = joined(held, message.log_start, message.log)
                message = message.model_copy(update={"log": log, "log_start": 0})
            self.frame = message
            self.token = message.token or self.token
        elif isinstance(message, Refused):
            self.refusals.append(message.reason)
        elif isinstance(message, Closed):
            self.closed = message.reason
        return message

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


def control_key(folder: Path) -> str | None:
    """The control key of the host whose folder is `folder`, if one runs there (readable by its account only)."""
    from mythtable.tables.host import CONTROL_KEY_NAME, SOCKET_NAME

    try:
        key = (folder / CONTROL_KEY_NAME).read_text().strip()
    except OSError:
        return None
    return key if key and (folder / SOCKET_NAME).exists() else None


async def control(folder: Path, **request: Any) -> ControlReply:
    """Ask the table host in `folder` (another server's) to list, open, join or watch; raises ConnectionError
    when no host answers there."""
    from mythtable.tables.host import SOCKET_NAME

    key = control_key(folder)
    if key is None:
        raise ConnectionError(f"no table host runs in {folder}")
    reader, writer = await asyncio.open_unix_connection(str(folder / SOCKET_NAME), limit=MAX_HOST_LINE)
    try:
        writer.write(encode(Control(key=key, **request)))
        await writer.drain()
        line = await reader.readline()
    finally:
        writer.close()
    if not line:
        raise ConnectionError("the table host closed the connection")
    reply = parse_host_line(line)
    if not isinstance(reply, ControlReply):
        raise ConnectionError("the table host did not answer the request")
    return reply
