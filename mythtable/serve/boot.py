"""How a server starts a game: `python -c BOOT PARENT args...` behaves as `python -m mythtable args...`, once the
game is sure to die with the server that started it.

- The parent-death signal (Linux `prctl(PR_SET_PDEATHSIG, SIGKILL)`): the kernel kills the game the moment the
  server dies, however it dies. Before this, after `kill -9` of `serve web` a page's game ran on and kept its
  save's lock (issue 29); its pipes were gone, but a game waiting for keys never noticed. The server's pid is
  passed in, so a game whose server died before the signal was set leaves at once; where there is no prctl, a
  thread watches for the game being handed to another parent (what happens when the server dies).
- For `serve ssh`, the game's pseudo-terminal is made its controlling terminal: the kernel then sends SIGWINCH on
  a resize, and SIGHUP when the terminal hangs up.

Saves do not suffer from the abrupt end: each is written whole (a temporary file renamed over it) and its lock
is an flock, which dies with the process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_BOOT = """\
import os, runpy, signal, sys
parent = int(sys.argv.pop(1))
def _watch():
    import time
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
try:
    import ctypes
    if ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL)) != 0:
        raise OSError('prctl')
except Exception:
    import threading
    threading.Thread(target=_watch, daemon=True, name='mythtable-parent-watch').start()
if os.getppid() != parent:
    os._exit(1)
"""
_TTY = """\
import fcntl, termios
try:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
except OSError:
    pass
"""
_RUN = "runpy.run_module('mythtable', run_name='__main__', alter_sys=True)\n"

BOOT = _BOOT + _RUN
"""The bootstrap of a game that dies with its server (serve web)."""
BOOT_TTY = _BOOT + _TTY + _RUN
"""The same, with its pty as controlling terminal (serve ssh)."""


def module_argv(module: str, *args: str) -> list[str]:
    """`python -m MODULE args...` started as a game is (dies with this server; its pty is its controlling
    terminal): a seat at a shared table runs this way (mythtable.tui.table_app)."""
    run = f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)\n"
    return [sys.executable, "-c", _BOOT + _TTY + run, str(os.getpid()), *args]


def game_argv(data_dir: Path, controlling_tty: bool) -> list[str]:
    """The command a server runs for one player's game in `data_dir` (this process is the parent it watches)."""
    return [sys.executable, "-c", BOOT_TTY if controlling_tty else BOOT, str(os.getpid()), "--data-dir", str(data_dir)]
