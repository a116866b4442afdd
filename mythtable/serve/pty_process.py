"""One mythtable process in its own pseudo-terminal, driven from the asyncio loop.

The child runs `python -m mythtable --data-dir DIR` through a bootstrap (boot.py) that makes the pty its
controlling terminal: then the kernel delivers SIGWINCH on resize, and SIGHUP to the whole session if the
server itself dies; the bootstrap also has the kernel kill the game when the server dies. The child is the
leader of its own session and process group; `kill()` signals that group and nothing else.

Both directions are bounded: keyboard input the game has not taken pauses the client above INPUT_HIGH (and is
capped at INPUT_HARD_LIMIT), and the caller pauses reading the game's output (`pause_output`) while its client
is behind (ssh_game.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import struct
import termios
from collections.abc import Callable, Mapping
from fcntl import ioctl
from pathlib import Path

from mythtable.serve.boot import game_argv

MAX_COLS, MAX_ROWS = 1000, 500
INPUT_HIGH = 256 * 1024
"""Bytes of keyboard input not yet taken by the game above which the client is asked to pause (on_input_backlog)."""
INPUT_LOW = 64 * 1024
"""...and below which it may send again."""
INPUT_HARD_LIMIT = 1024 * 1024
"""Input beyond this is dropped: a client that ignores the pause (or a caller without on_input_backlog)."""


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """Clients may send 0x0 ('unknown') or absurd sizes."""
    cols = cols if cols > 0 else 80
    rows = rows if rows > 0 else 24
    return min(cols, MAX_COLS), min(rows, MAX_ROWS)


def mythtable_argv(data_dir: Path) -> list[str]:
    """One SSH player's game: `python -m mythtable --data-dir DIR` with its pty as controlling terminal, dying
    with the server (boot.py)."""
    return game_argv(data_dir, controlling_tty=True)


def remote_environment(kind: str, folder: Path) -> dict[str, str]:
    """What tells a game it runs for a remote player ("ssh" or "web"), and keeps its settings in `folder`.

    MYTHTABLE_REMOTE makes every screen that would take a path from the player offer something to take away
    instead (paths.remote_session); MYTHTABLE_CONFIG_DIR keeps the player's settings (autopass.json) out of the
    server account's config folder, which every player shared (issue 29)."""
    from mythtable.paths import REMOTE_ENV

    return {REMOTE_ENV: kind, "MYTHTABLE_CONFIG_DIR": str(folder / "config")}


def child_environment(term: str, color_system: str | None, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A small, clean environment: nothing of the server's secrets, nothing the client chose but TERM."""
    env: dict[str, str] = {"PATH": os.environ.get("PATH", os.defpath), "TERM": term}
    for name in ("HOME", "TMPDIR", "MYTHTABLE_ASSETS", "SYSTEMROOT"):
        if name in os.environ:
            env[name] = os.environ[name]
    lang = os.environ.get("LC_ALL") or os.environ.get("LANG") or ""
    env["LANG"] = lang if "utf" in lang.lower().replace("-", "") else "C.UTF-8"
    import mythtable

    root = str(Path(mythtable.__file__).resolve().parent.parent)
    path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in path and not _is_site_dir(root):
        path.insert(0, root)
    if path:
        env["PYTHONPATH"] = os.pathsep.join(path)
    if color_system:
        env["TEXTUAL_COLOR_SYSTEM"] = color_system
        if color_system == "truecolor":
            env["COLORTERM"] = "truecolor"
    env.update(extra or {})
    return env


def _is_site_dir(folder: str) -> bool:
    import site

    sites = [*site.getsitepackages(), site.getusersitepackages()]
    return any(os.path.realpath(s) == os.path.realpath(folder) for s in sites)


def _set_size(fd: int, cols: int, rows: int) -> None:
    ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtyProcess:
    """Spawn with `start()`; output goes to `on_output`; `on_exit(returncode)` runs once at the end."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        cols: int,
        rows: int,
        cwd: Path,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
    ) -> None:
        self.argv, self.env, self.cwd = argv, env, cwd
        self.cols, self.rows = clamp_size(cols, rows)
        self.on_output, self.on_exit = on_output, on_exit
        self.proc: asyncio.subprocess.Process | None = None
        self.master = -1
        self._pending = bytearray()
        self._reading = False
        self._writing = False
        self._input_paused = False
        self.dropped_input = 0  # bytes thrown away over INPUT_HARD_LIMIT
        self._closed = False
        self._watcher: asyncio.Task[None] | None = None
        self.on_input_backlog: Callable[[bool], None] | None = None  # True: please pause the client

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        master, slave = os.openpty()
        try:
            _set_size(slave, self.cols, self.rows)
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        self.resume_output()
        self._watcher = loop.create_task(self._watch())

    async def _watch(self) -> None:
        assert self.proc is not None
        code = await self.proc.wait()
        # Drain whatever the app wrote last (its terminal reset), then report the end.
        for _ in range(64):
            if not self._read_once():
                break
        self._close_master()
        self.on_exit(code)

    def _read_once(self) -> bool:
        if self.master < 0:
            return False
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return False
        except OSError as exc:  # EIO: the child side is gone
            if exc.errno != errno.EIO:
                raise
            self.pause_output()
            return False
        if not data:
            self.pause_output()
            return False
        self.on_output(data)
        return True

    def _readable(self) -> None:
        self._read_once()

    def pause_output(self) -> None:
        if self._reading and self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)
        self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master >= 0 and not self._closed:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self._reading = True

    def write(self, data: bytes) -> None:
        """Keyboard input for the app; buffered if the pty is full, and never more than INPUT_HARD_LIMIT bytes."""
        if self.master < 0:
            return
        room = INPUT_HARD_LIMIT - len(self._pending)
        if len(data) > room:
            self.dropped_input += len(data) - max(room, 0)
            data = data[: max(room, 0)]
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        while self._pending and self.master >= 0:
            try:
                sent = os.write(self.master, self._pending[:4096])
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:sent]
        loop = asyncio.get_running_loop()
        if self._pending and not self._writing and self.master >= 0:
            loop.add_writer(self.master, self._flush)
            self._writing = True
        elif not self._pending and self._writing:
            loop.remove_writer(self.master)
            self._writing = False
        self._check_input()

    def _check_input(self) -> None:
        """Backpressure on the client, checked whenever the unsent input grows or shrinks: pause it above
        INPUT_HIGH, let it go on at INPUT_LOW (issue 29: this was checked only when the writer was installed,
        while the backlog was still small, so a fast client was never paused and the server grew by gigabytes)."""
        size = len(self._pending)
        if not self._input_paused and size > INPUT_HIGH:
            self._input_paused = True
            if self.on_input_backlog:
                self.on_input_backlog(True)
        elif self._input_paused and size <= INPUT_LOW:
            self._input_paused = False
            if self.on_input_backlog:
                self.on_input_backlog(False)

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = clamp_size(cols, rows)
        if self.master < 0 or self.proc is None:
            return
        with contextlib.suppress(OSError):
            _set_size(self.master, self.cols, self.rows)
        # The kernel signals SIGWINCH to the pty's foreground group: the app, once the pty is its controlling
        # terminal. Should the bootstrap not have managed that, signal the app's group ourselves.
        try:
            foreground = os.tcgetpgrp(self.master)
        except OSError:
            foreground = -1
        if foreground != self.proc.pid and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGWINCH)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self, grace: float = 1.0) -> None:
        """Hang up the app's process group; SIGKILL it if it is still there after `grace` seconds."""
        if self.proc is None:
            return
        pgid = self.proc.pid  # the child leads its own session and process group
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, signal.SIGHUP)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.proc.wait()), grace)
        if self.proc.returncode is None:  # only while the leader lives is the group surely still ours
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, signal.SIGKILL)
        await self.proc.wait()
        self._close_master()

    def _close_master(self) -> None:
        if self.master < 0:
            return
        self.pause_output()
        loop = asyncio.get_running_loop()
        if self._writing:
            loop.remove_writer(self.master)
            self._writing = False
        self._closed = True
        os.close(self.master)
        self.master = -1
