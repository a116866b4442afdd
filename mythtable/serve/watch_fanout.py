"""Watchers are cheap: one renderer process draws every watched table, and each table's screens are fanned out to
every watcher of it.

The renderer (`python -m mythtable.tui.watch_render`, started for the first watcher of any table, as dgamelaunch
shares a player's terminal) is one watcher connection to each table it draws: it draws each public frame as an
80x24 screen with the boards' own functions, and writes records named by the table (tables/watch_stream.py): the
lines that changed since the previous screen, and the whole screen. The server draws nothing: it writes the changes
to every watching channel and keeps the whole screen for a watcher who arrives later. An extra watcher costs a
channel and nothing else: no process, no frame, no drawing of its own; an extra watched table costs a connection in
the renderer, not a process (about 48 MB each before). A watcher sends nothing that acts (its keys only let it
leave). The server imports no UI: the renderer is another program, started as the seats' game programs are.
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
from mythtable.tables.watch_stream import ALL, STOPPED, Screen, drop_command, read_record, watch_command

WATCH_SIZE = (80, 24)
"""The watchers' common size (the renderer draws at it: tui/watch_render.py)."""
WATCHER_BACKLOG = 512 * 1024
"""A watcher this far behind is let go (it does not read its stream) instead of holding the others back."""
ERRORS_KEPT = 2000
"""Bytes of the renderer's error output told in the server's log at a time."""

Write = Callable[[bytes], int | None]


def renderer_argv() -> list[str]:
    """The watchers' renderer (it dies with this server, as the seats' games do)."""
    return module_argv("mythtable.tui.watch_render")


class Renderer:
    """The one renderer process of a server and the tables it draws: started for the first watched table, ended
    when the last one is dropped; if it dies, every table's watchers are let go with the reason, and the next
    watcher starts it again."""

    def __init__(self, log: Callable[[str], None] | None = None) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task[None] | None = None
        self.tables: dict[str, Fanout] = {}
        self.log = log or (lambda line: None)
        self._lock = asyncio.Lock()

    async def watch(self, fanout: Fanout, socket: Path, ticket: str) -> None:
        """Draw `fanout`'s table, reached through `socket` with a watcher's `ticket`."""
        async with self._lock:
            if self.process is not None and self.process.returncode is not None:
                self._let_go()  # it died and its output has not been read to the end yet
            if self.process is None:
                await self._start(socket.parent)
            self.tables[fanout.code] = fanout
            self._send(watch_command(fanout.code, socket, ticket))

    def drop(self, code: str) -> None:
        """Stop drawing table `code`; the process ends with the last table."""
        if self.tables.pop(code, None) is None:
            return
        self._send(drop_command(code))
        if not self.tables:
            self.stop()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        process, self.process = self.process, None
        if process is not None and process.returncode is None:
            if process.stdin is not None:
                process.stdin.close()  # its input ends: it stops by itself
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)  # it leads its own group (start_new_session)
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().create_task(self._reap(process))

    def _send(self, command: bytes) -> None:
        process = self.process
        if process is not None and process.stdin is not None and not process.stdin.is_closing():
            process.stdin.write(command)

    async def _start(self, folder: Path) -> None:
        env = child_environment("xterm-256color", None)
        self.process = await asyncio.create_subprocess_exec(
            *renderer_argv(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=folder,
            start_new_session=True,
        )
        self.task = asyncio.get_running_loop().create_task(self._pump(self.process))

    @staticmethod
    async def _reap(process: asyncio.subprocess.Process) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 5.0)
            return
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()

    async def _pump(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None and process.stderr is not None
        errors = asyncio.get_running_loop().create_task(self._errors(process.stderr))
        try:
            while True:
                record = await read_record(process.stdout)
                if isinstance(record, Screen):
                    fanout = self.tables.get(record.code)
                    if fanout is not None:
                        fanout.screen(record)
                elif record.code == ALL:  # its output ended: read what it said before it went
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(asyncio.shield(errors), 1.0)
                    break
                else:
                    fanout = self.tables.pop(record.code, None)
                    if fanout is not None:
                        fanout.finish(record.reason)
                    if not self.tables:
                        break  # its last table closed: it ends (the next watcher starts another)
        finally:
            errors.cancel()
        if self.process is process:
            self.task = None
            self._let_go()

    def _let_go(self) -> None:
        """The process stopped by itself: every table's watchers are let go, and the next watcher starts another
        (a table left here would stay drawn by nobody)."""
        tables, self.tables = self.tables, {}
        for fanout in tables.values():
            fanout.finish(STOPPED.reason)
        self.stop()

    async def _errors(self, stream: asyncio.StreamReader) -> None:
        """What the renderer writes to its error output, told in the server's log as it comes (so it never blocks
        on it), a chunk at a time."""
        while chunk := await stream.read(64 * 1024):
            told = chunk[-ERRORS_KEPT:].decode(errors="replace").strip()
            if told:
                self.log(f"the watchers' renderer said: {told}")


class Fanout:
    """One watched table: the channels that watch it, and its latest whole screen for the next newcomer."""

    def __init__(
        self,
        code: str,
        on_count: Callable[[int], None],
        on_empty: Callable[[], None],
        renderer: Renderer,
    ) -> None:
        self.code = code
        self.watchers: dict[int, tuple[Write, Callable[[], int], Callable[[str], None]]] = {}
        self.latest = b""
        self.renderer = renderer
        self.on_count, self.on_empty = on_count, on_empty
        self._next = 0
        self._done = False

    async def start(self, socket: Path, ticket: str) -> None:
        await self.renderer.watch(self, socket, ticket)

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
            self.stop()

    def stop(self) -> None:
        """Nobody watches any more: the renderer stops drawing this table."""
        if not self._done:
            self._done = True
            self.on_empty()
            self.renderer.drop(self.code)

    def screen(self, record: Screen) -> None:
        self.fan(record.changes)
        self.latest = record.whole

    def finish(self, reason: str) -> None:
        """The table's screen ended (the table closed, or the renderer stopped): every watcher is told why."""
        for key, (_write, _backlog, end) in list(self.watchers.items()):
            self.watchers.pop(key, None)
            with contextlib.suppress(Exception):
                end(reason)
        self.stop()

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
