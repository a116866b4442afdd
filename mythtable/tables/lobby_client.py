"""A title screen's lobby connection to its server's table host (asyncio, no textual).

A server that runs the game for a remote player (`serve ssh`, `serve web`) puts the host's socket and a
one-time lobby ticket in the game's environment; the game connects at once and keeps the connection, and its
title screen asks over it for the open tables, to open one, or for a seat's or a watcher's ticket, which it then
takes to a TableClient of its own. One request at a time: each has exactly one reply.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

from mythtable.tables.client import SOCKET_ENV, TableClient
from mythtable.tables.protocol import MAX_HOST_LINE, Hello, Lobby, LobbyReply, encode, parse_host_line

LOBBY_ENV = "MYTHTABLE_LOBBY_TICKET"


def lobby_from_environment() -> tuple[Path, str] | None:
    """The host's socket and the lobby ticket a server gave this game, taken out of the environment (nothing
    the game starts inherits them)."""
    ticket = os.environ.pop(LOBBY_ENV, None)
    if not ticket:
        return None
    socket = os.environ.pop(SOCKET_ENV, None)
    if not socket:
        return None
    return Path(socket), ticket


class LobbyClient:
    def __init__(self, socket: Path, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.socket = socket
        self.reader, self.writer = reader, writer
        self._lock = asyncio.Lock()
        self.closed: str | None = None

    @classmethod
    async def connect(cls, socket: Path, ticket: str) -> LobbyClient:
        reader, writer = await asyncio.open_unix_connection(str(socket), limit=MAX_HOST_LINE)
        client = cls(socket, reader, writer)
        writer.write(encode(Hello(ticket=ticket)))
        await writer.drain()
        return client

    async def ask(self, **request: Any) -> LobbyReply:
        """Send one Lobby request and wait for its reply; a refusal comes back in `refused`, a lost host as
        ConnectionError."""
        async with self._lock:
            if self.closed is not None:
                raise ConnectionError(self.closed)
            self.writer.write(encode(Lobby(**request)))
            await self.writer.drain()
            while True:
                line = await self.reader.readline()
                if not line:
                    self.closed = "the table server has gone"
                    raise ConnectionError(self.closed)
                message = parse_host_line(line)
                if isinstance(message, LobbyReply):
                    return message
                if message.type == "closed":
                    self.closed = getattr(message, "reason", "closed")
                    raise ConnectionError(self.closed)
                if message.type == "refused":
                    return LobbyReply(refused=getattr(message, "reason", "refused"))

    async def seat(self, ticket: str) -> TableClient:
        """A seat's (or a watcher's) connection with a ticket this lobby was given."""
        return await TableClient.connect(self.socket, ticket)

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
