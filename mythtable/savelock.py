"""One writer per save: a lock that dies with the process that holds it.

Two sessions on one save (two `mythtable resume`, one SSH key on two connections, two browsers
on `serve web`) used to overwrite each other's moves. A session now holds `<save>.json.lock` with
`fcntl.flock` for as long as its game is open; the kernel drops the lock when the process ends,
however it ends, so a lock left by a killed process is simply taken over. The file also says who
holds it (pid, since when) for the message the second session sees.

Locks are per process: every `SaveStore` in one process shares them (one process is one session).
Without `fcntl` (not a POSIX system) or on a file system that refuses locks, saves are not locked
and everything works as before.

The lock lives in the save folder, which other sessions (all browser players of `serve web`) share: it is
opened without following a symbolic link (safe_io.open_no_follow). A lock planted as a link to another file
used to be truncated and written through (issue 29); now such a save is refused, with a word why.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import socket
import stat
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from mythtable.engine.errors import MythtableError
from mythtable.safe_io import open_no_follow

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no locking, as before
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
RETRIES = 5
"""A probe (the Continue list) holds a shared lock for an instant: try a few times before saying 'open'."""
RETRY_PAUSE = 0.02


def lock_path(save: Path) -> Path:
    """`game.json` -> `game.json.lock`, beside it (never matched by the `*.json` of the save list)."""
    return save.with_name(save.name + LOCK_SUFFIX)


@dataclass(frozen=True)
class Holder:
    """Who holds a save open, as far as its lock file tells (either may be unknown)."""

    pid: int | None = None
    since: datetime | None = None

    def since_text(self) -> str:
        """' since 14:02' in local time (with the date when not today), or '' when unknown."""
        if self.since is None:
            return ""
        local = self.since.astimezone()
        if local.date() == datetime.now().astimezone().date():
            return f" since {local:%H:%M}"
        return f" since {local:%Y-%m-%d %H:%M}"

    def describe(self) -> str:
        return f"this game is open in another session{self.since_text()}"


class SaveLocked(MythtableError):
    """The save is open in another session: it may be watched, not played."""

    def __init__(self, save: Path, holder: Holder) -> None:
        self.save = save
        self.holder = holder
        super().__init__(f"{holder.describe()}; you may watch its replay, not play it")


class LockRefused(MythtableError):
    """The save's lock file is a symbolic link, or not a file at all: the save is neither opened nor written."""

    def __init__(self, save: Path, why: str) -> None:
        self.save = save
        super().__init__(
            f"{save.name}: its lock {lock_path(save).name} {why}; the save is not opened "
            "(someone may have put it there to have mythtable write elsewhere): remove it"
        )


class SaveNotHeld(MythtableError):
    """A write to a save this session does not hold: refused, the file is left as it is."""

    def __init__(self, save: Path) -> None:
        self.save = save
        super().__init__(f"not saved: {save.name} is not held by this session (it may be open in another one)")


@dataclass
class _Hold:
    lock: Path
    fd: int | None  # None: held without an OS lock (no fcntl, or the file system refused one)


_HELD: dict[Path, _Hold] = {}
_atexit_registered = False


def _key(save: Path) -> Path:
    return Path(os.path.abspath(save))


def _same_file(fd: int, lock: Path) -> bool:
    """The open lock is still the file at its path (not unlinked and recreated by someone)."""
    try:
        mine, there = os.fstat(fd), os.stat(lock)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def read_holder(lock: Path) -> Holder:
    """What a lock file says about its holder; nothing known if it is empty, torn or unreadable."""
    try:
        fd = open_no_follow(lock, os.O_RDONLY)
        try:
            data = json.loads(os.read(fd, 4096).decode("utf-8"))
        finally:
            os.close(fd)
        pid = data.get("pid")
        since = datetime.fromisoformat(data["since"]) if isinstance(data.get("since"), str) else None
        if since is not None and since.tzinfo is None:
            since = since.replace(tzinfo=UTC)
        return Holder(pid if isinstance(pid, int) else None, since)
    except (OSError, ValueError, TypeError, AttributeError, KeyError, RecursionError):
        return Holder()


def holds(save: Path) -> bool:
    """This process holds the save, and its lock file is still the one it locked."""
    hold = _HELD.get(_key(save))
    if hold is None:
        return False
    return hold.fd is None or _same_file(hold.fd, hold.lock)


def acquire(save: Path) -> None:
    """Take the save for this process, or raise SaveLocked naming who has it. Idempotent."""
    key = _key(save)
    if holds(key):
        return
    stale = _HELD.pop(key, None)
    if stale is not None and stale.fd is not None:
        os.close(stale.fd)  # its file was removed or replaced: lock again, afresh
    lock = lock_path(key)
    lock.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        _remember(key, _Hold(lock, None))
        return
    for attempt in range(RETRIES):
        fd = _open_lock(key, lock, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                _remember(key, _Hold(lock, None))  # e.g. ENOLCK on a network folder: play on unlocked
                return
            if attempt + 1 < RETRIES:
                time.sleep(RETRY_PAUSE)
                continue
            raise SaveLocked(key, read_holder(lock)) from None
        if not _same_file(fd, lock):  # the last holder removed it between our open and our lock
            os.close(fd)
            continue
        info = {"pid": os.getpid(), "since": datetime.now(UTC).isoformat(timespec="seconds"), "host": _host()}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(info).encode(), 0)
        _remember(key, _Hold(lock, fd))
        return
    raise SaveLocked(key, read_holder(lock))


def _open_lock(save: Path, lock: Path, flags: int) -> int:
    """The lock file, opened without following a link; LockRefused if it is a link or not a regular file."""
    try:
        fd = open_no_follow(lock, flags, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LockRefused(save, "is a symbolic link") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LockRefused(save, "is not a file")
    return fd


def _host() -> str:
    try:
        return socket.gethostname()
    except OSError:  # pragma: no cover
        return ""


def _remember(key: Path, hold: _Hold) -> None:
    global _atexit_registered
    _HELD[key] = hold
    if not _atexit_registered:
        atexit.register(release_all)
        _atexit_registered = True


def release(save: Path) -> None:
    """Let the save go (the game ended or the session closes); its lock file is removed."""
    hold = _HELD.pop(_key(save), None)
    if hold is None or hold.fd is None:
        return
    try:
        if _same_file(hold.fd, hold.lock):
            hold.lock.unlink(missing_ok=True)  # while still locked, so no one can lock the old file after us
    except OSError:
        pass
    finally:
        os.close(hold.fd)


def release_all() -> None:
    for key in list(_HELD):
        release(key)


def open_elsewhere(save: Path) -> Holder | None:
    """Who holds the save open in another process, or None (free, stale, or held by this one).

    Only looks: a shared lock for an instant, which `acquire` rides out with its retries."""
    key = _key(save)
    if key in _HELD or fcntl is None:
        return None
    lock = lock_path(key)
    try:
        fd = open_no_follow(lock, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return read_holder(lock)
        return None
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
