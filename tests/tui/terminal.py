"""Run a real program in a pseudo-terminal and read its screen through a VT emulator (pyte)."""

from __future__ import annotations

import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Sequence
from fcntl import ioctl

import pyte


class Terminal:
    """A program on a pty of a given size; `screen_text()` is what a person would see."""

    def __init__(self, argv: Sequence[str], cols: int = 80, rows: int = 24, env: dict[str, str] | None = None):
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = pty.openpty()
        self._set_size(slave, cols, rows)
        full_env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        full_env["TERM"] = "xterm-256color"
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.received = 0
        self.last_data_at = 0.0

    @staticmethod
    def _set_size(fd: int, cols: int, rows: int) -> None:
        ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def pump(self, seconds: float = 0.05) -> None:
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                return
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.received += len(data)
            self.last_data_at = time.perf_counter()
            self.stream.feed(data)

    def screen_text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.01)
            shown = self.screen_text()
            if text in shown:
                return shown
            if self.proc.poll() is not None:
                self.pump(0.2)
                break
        raise AssertionError(f"{text!r} did not appear; the screen shows:\n{self.screen_text()}")

    def send(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        self._set_size(self.master, cols, rows)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def wait_exit(self, timeout: float = 15.0) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.1)
            code = self.proc.poll()
            if code is not None:
                return code
        raise AssertionError(f"the program did not exit; the screen shows:\n{self.screen_text()}")

    def hang_up(self) -> None:
        """Close our end, as a terminal window does when it is closed."""
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
        self.hang_up()
