"""Test helpers: a `mythtable serve ssh` server in a subprocess, and an asyncssh client that reads
its screen through a VT emulator (pyte), like a person would."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, cast

import asyncssh
import pyte
from asyncssh.channel import SSHChannel

LISTENING = re.compile(r"SSH server listening on 127\.0\.0\.1:(\d+)")


def child_pids(pid: int) -> list[int]:
    """Direct children of `pid`, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != b"Z":
            found.append(int(entry))
    return found


def pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`python -m mythtable serve ssh --port 0 ...` with its own host key and data folder."""

    def __init__(
        self, folder: Path, *flags: str, env: dict[str, str] | None = None, data_dir: str | None = None
    ) -> None:
        """`data_dir` is passed as given (relative to `folder`, where the server then runs), if set."""
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.data = folder / (data_dir or "data")
        self.host_key = folder / "host_key"
        self.log_path = folder / "server.log"
        full_env = {**os.environ, **(env or {})}
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "mythtable",
                    "--data-dir",
                    data_dir or str(self.data),
                    "serve",
                    "ssh",
                    "--port",
                    "0",
                    "--host-key",
                    str(self.host_key),
                    *flags,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=full_env,
                cwd=folder if data_dir else None,
                start_new_session=True,
            )
        self.port = self._wait_listening()

    def _wait_listening(self, timeout: float = 20.0) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            match = LISTENING.search(self.log())
            if match:
                return int(match.group(1))
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"the server did not start:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def children(self) -> list[int]:
        return child_pids(self.proc.pid)

    def running(self) -> bool:
        return self.proc.poll() is None

    def wait_children(self, count: int, timeout: float = 10.0) -> list[int]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            kids = self.children()
            if len(kids) == count:
                return kids
            time.sleep(0.05)
        raise AssertionError(f"expected {count} game processes, found {self.children()}:\n{self.log()}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


class Screen(asyncssh.SSHClientSession[bytes]):
    """The client end of a session: what arrives is fed to a pyte screen."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.raw = bytearray()
        self.stderr = bytearray()
        self.closed = asyncio.Event()
        self.arrived = asyncio.Event()
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: SSHChannel[bytes]) -> None:
        self.chan = chan  # type: ignore[assignment]

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr += data
            return
        self.received += len(data)
        self.raw += data
        self.stream.feed(data)
        self.arrived.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.text()
            if text in shown:
                return shown
            if self.closed.is_set():
                break
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 0.1)
        raise AssertionError(f"{text!r} did not appear; the screen shows:\n{self.text()}")

    async def wait_quiet(self, quiet: float = 0.15, limit: float = 5.0) -> None:
        """Until nothing arrived for `quiet` seconds."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), quiet)
            except TimeoutError:
                return

    def send(self, keys: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    def resize(self, cols: int, rows: int) -> None:
        assert self.chan is not None
        self.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)


async def connect(port: int, **kwargs: Any) -> asyncssh.SSHClientConnection:
    options: dict[str, Any] = {
        "username": "player",
        "known_hosts": None,
        "client_keys": None,
        "agent_path": None,
        "connect_timeout": 15,
    }
    options.update(kwargs)
    return await asyncssh.connect("127.0.0.1", port, **options)


async def open_game(
    conn: asyncssh.SSHClientConnection, cols: int = 80, rows: int = 24, term: str = "xterm-256color"
) -> Screen:
    _, screen = await conn.create_session(
        lambda: Screen(cols, rows), term_type=term, term_size=(cols, rows), encoding=None
    )
    return cast(Screen, screen)


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB, from /proc."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


class Counter(asyncssh.SSHClientSession[bytes]):
    """A client end that only counts what arrives (no terminal emulation: cheap at any size)."""

    def __init__(self) -> None:
        self.received = 0
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += len(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
