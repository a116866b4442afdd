"""Watchers are cheap: one renderer process per watched table, whose screens are fanned out to every watcher.

The renderer (`python -m mythtable.tui.watch_render`, started for a table's first watcher, as dgamelaunch shares a
player's terminal) is one watcher connection to the table host: it draws each public frame as an 80x24 screen with
the boards' own functions, and writes records (tables/watch_stream.py): the lines that changed since the previous
screen, and the whole screen. The server draws nothing: it writes the changes to every watching channel and keeps
the whole screen for a watcher who arrives later. An extra watcher costs a channel and nothing else: no process,
no frame, no drawing of its own. A watcher sends nothing that acts (its keys only let it leave). The server imports
no UI: the renderer is another program, started as the seats' game programs are.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Callable
from pathlib import Path

from mythtable.serve.boot import module_argv
from mythtable.serve.pty_process import child_environment
from mythtable.tables.client import SOCKET_ENV, TICKET_ENV
from mythtable.tables.watch_stream import End, Screen, read_record

WATCH_SIZE = (80, 24)
"""The watchers' common size (the renderer draws at it: tui/watch_render.py)."""
WATCHER_BACKLOG = 512 * 1024
"""A watcher this far behind is let go (it does not read its stream) instead of holding the others back."""
ERRORS_KEPT = 2000
"""Bytes of the renderer's error output kept for the server's log."""

Write = Callable[[bytes], int | None]


def renderer_argv() -> list[str]:
    """The renderer of one watched table (it dies with the server, as the seats' games do)."""
    return module_argv("mythtable.tui.watch_render")


class Fanout:
    """One table's renderer and the channels that watch it."""

    def __init__(
        self,
        code: str,
        on_count: Callable[[int], None],
        on_empty: Callable[[], None],
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.code = code
        self.watchers: dict[int, tuple[Write, Callable[[], int], Callable[[str], None]]] = {}
        self.latest = b""
        self.process: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task[None] | None = None
        self.on_count, self.on_empty = on_count, on_empty
        self.log = log or (lambda line: None)
        self._next = 0

    async def start(self, socket: Path, ticket: str) -> None:
        env = child_environment("xterm-256color", None, {SOCKET_ENV: str(socket), TICKET_ENV: ticket})
        self.process = await asyncio.create_subprocess_exec(
            *renderer_argv(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=socket.parent,
            start_new_session=True,
        )
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
        self._end_process()

    def _end_process(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)  # it leads its own group (start_new_session)
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().create_task(self._reap(process))

    @staticmethod
    async def _reap(process: asyncio.subprocess.Process) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 5.0)
            return
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()

    async def _pump(self) -> None:
        process = self.process
        assert process is not None and process.stdout is not None and process.stderr is not None
        errors = asyncio.get_running_loop().create_task(self._errors(process.stderr))
        while True:
            record = await read_record(process.stdout)
            if isinstance(record, End):
                break
            if isinstance(record, Screen):
                self.fan(record.changes)
                self.latest = record.whole
        told = await errors
        if told.strip():
            self.log(f"table {self.code}: the watchers' renderer said: {told.decode(errors='replace')}")
        for key, (_write, _backlog, end) in list(self.watchers.items()):
            self.watchers.pop(key, None)
            with contextlib.suppress(Exception):
                end(record.reason)
        self.on_empty()
        self._end_process()  # gone by itself, usually: the table closed

    @staticmethod
    async def _errors(stream: asyncio.StreamReader) -> bytes:
        """The end of what the renderer wrote to its error output (read as it comes, so it never blocks on it)."""
        kept = b""
        while chunk := await stream.read(64 * 1024):
            kept = (kept + chunk)[-ERRORS_KEPT:]
        return kept

    def fan(self, data: bytes) -> None:
        if not data:
            return
        for key, (write, backlog, end) in list(self.watchers.items()):
            try:
                if backlog() > WATCHER_BACKLOG:
                    self.watchers.pop(key, None)
                    end("your connection fell too far behind")
                    continue
                write(data)
            except Exception:
                self.watchers.pop(key, None)
