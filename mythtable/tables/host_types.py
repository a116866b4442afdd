"""The table host's plain records: a ticket waiting for its game process, a connection, the host's settings,
and the one-line refusal a player reads."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mythtable.engine.errors import MythtableError
from mythtable.tables.join_limits import CodeTries
from mythtable.tables.log_delta import SentLog


class TableRefusal(MythtableError):
    """Why a table cannot be opened, joined or watched, in one line for the player."""


@dataclass
class Ticket:
    code: str
    seat: int | None
    identity: str
    expires: float
    token: str | None = None
    """A new seat token to show the player in the first frame (password and web players)."""
    renderer: bool = False
    """A server's shared watcher renderer: its watchers are counted as the table's audience instead."""
    lobby: bool = False
    """A title screen's lobby connection (no table): it asks for tables, seats and watchers' tickets."""
    tries: CodeTries | None = None
    """The lobby's wrong table codes (an SSH connection's own, shared with its join and watch commands)."""


@dataclass(eq=False)
class Connection:
    """One game process (a seat's or a watcher's) at one table."""

    writer: asyncio.StreamWriter
    code: str = ""
    seat: int | None = None
    token: str | None = None
    renderer: bool = False
    logged: set[str] = field(default_factory=set)
    closed: bool = False
    lobby: bool = False
    identity: str = ""
    """A lobby's player: who the seats it asks for are held by."""
    tries: CodeTries | None = None
    opened: set[str] = field(default_factory=set)
    """The tables this lobby opened (it may close them again before anyone plays)."""
    sent: SentLog = field(default_factory=SentLog)
    """The log lines this connection has been sent (its next frame sends only the new ones)."""


@dataclass
class HostSettings:
    folder: Path
    grace: float = 600.0
    max_tables: int = 50
    max_watchers: int = 200
    saves_for: Callable[[str], Path | None] | None = None
    """The data folder of a seat's holder ("key:<id>"), where its copy of a finished or ended game goes."""
    log: Callable[[str], None] = print
