"""The app's way to the shared tables of the server that runs it (`serve ssh`, `serve web`).

The server puts its table host's socket and a one-time lobby ticket in the game's environment; the app connects
once, as it starts (a ticket lasts a minute), and its title screen then offers "Open a table", "Join a table"
and "Watch a table". A local game has no such ticket: its title screen does not change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from mythtable.tables.client import TableClient
from mythtable.tables.lobby_client import LobbyClient, lobby_from_environment
from mythtable.tables.protocol import LobbyReply


class TableLink:
    def __init__(self, socket: Path, ticket: str) -> None:
        self.socket, self._ticket = socket, ticket
        self.client: LobbyClient | None = None
        self._connecting: asyncio.Task[LobbyClient] | None = None

    @classmethod
    def from_environment(cls) -> TableLink | None:
        found = lobby_from_environment()
        return cls(*found) if found is not None else None

    async def connect(self) -> LobbyClient:
        """The lobby connection (made once; every caller waits for the same one)."""
        if self.client is not None:
            return self.client
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(LobbyClient.connect(self.socket, self._ticket))
        self.client = await asyncio.shield(self._connecting)
        return self.client

    async def ask(self, **request: Any) -> LobbyReply:
        """A Lobby request; a host that cannot be reached is a refusal in one line like any other."""
        try:
            client = await self.connect()
            return await client.ask(**request)
        except (ConnectionError, OSError) as exc:
            self.client = None
            return LobbyReply(refused=f"the table server cannot be reached ({str(exc)[:80] or type(exc).__name__})")

    async def sit(self, tickets: list[str]) -> list[TableClient]:
        """A connection for each ticket, each with its first frame read (or its refusal)."""
        clients = [await TableClient.connect(self.socket, ticket) for ticket in tickets]
        for client in clients:
            while client.frame is None and client.closed is None:
                await client.receive()
        return clients

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()
