"""What the SSH server's connection and session halves share: its settings, limits and helpers."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Undo what a killed app may have left on the player's terminal: alternate screen, hidden cursor,
# mouse tracking, bracketed paste, focus events, the kitty keyboard protocol, colors.
TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l"
)
TERM_OK = re.compile(r"^[A-Za-z0-9._+-]{1,64}$")
LOGIN_WINDOW = 600.0  # seconds over which failed logins per address are counted
NO_GAME_LIMIT = 60.0  # seconds a connection may stay open without a game running (logged in or not)
# Backpressure: while more than OUTPUT_HIGH bytes of a game's output wait to reach its client (in the channel or in
# the connection's socket buffer), the server stops reading the game's pty; it reads again below OUTPUT_LOW.
OUTPUT_HIGH = 256 * 1024
OUTPUT_LOW = 64 * 1024
BACKLOG_POLL = 0.02  # seconds between looks at the backlog while a game's output is held back
# A connection with this much unsent data (whatever its cause) does not read what it is sent: it is cut off.
CONNECTION_BACKLOG_LIMIT = 4 * 1024 * 1024


@dataclass
class SSHSettings:
    host: str
    port: int
    host_key: Path | None
    authorized_keys: Path | None
    password: str | None
    open: bool
    data_dir: Path
    max_sessions: int = 20
    idle_timeout: float = 900.0
    session_limit: float = 10800.0
    rate_limit: int = 10
    login_attempts: int = 6
    color_system: str = "auto"
    login_timeout: float = 30.0
    waiting_total: int = 64  # connections without a game (logging in, or logged in and not playing), in all
    seat_grace: float = 600.0  # how long a shared table holds a dropped player's seat
    max_tables: int = 50  # shared tables open at once
    max_watchers: int = 200  # watchers of one table

    @property
    def waiting_per_address(self) -> int:
        """Connections without a game from one address at once: as many as it may open in a minute."""
        return self.rate_limit


_TASKS: set[asyncio.Task[None]] = set()


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run `coro` in the background, keeping a reference until it is done."""
    task = asyncio.get_running_loop().create_task(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


def log(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {message}", flush=True)
