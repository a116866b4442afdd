"""Files at paths mythtable does not choose alone: never through a symbolic link, never over a file unasked,
never a read that waits forever.

A path typed by a player, or a file in a folder someone else can write to (a save folder that several sessions
share, a lock beside a save), may be a symbolic link planted to turn mythtable's write into a write elsewhere
(issue 29: a `<save>.json.lock` linked to another file truncated it), or a FIFO whose reading never ends (`decks
import` of one hung). These helpers are the one way such files are opened:

- `symlink_on(path)`: the first part of a path that is a symbolic link, so a caller can refuse the path;
- `create_new(path, text)`: a new file, created with O_EXCL and O_NOFOLLOW (it fails, changing nothing, if anything
  is there already, a link included), written and synced;
- `open_no_follow(path, flags)`: `os.open` with O_NOFOLLOW (and O_NONBLOCK, so a FIFO or device never blocks);
- `read_regular(path, limit)`: a regular file's bytes, at most `limit + 1` of them (ValueError for anything but a
  regular file).

Writes that replace a file mythtable owns go through engine.record.write_atomic: a temporary file made with
O_EXCL, then a rename, which replaces a link at the name rather than writing through it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
NOCTTY = getattr(os, "O_NOCTTY", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class NotRegularFile(ValueError):
    """The path names a folder, FIFO, device or socket, not a file."""


def symlink_on(path: Path) -> Path | None:
    """The first part of `path` (made absolute) that is a symbolic link, or None if it goes through none."""
    current = Path(path.anchor) if path.is_absolute() else Path.cwd()
    for part in (path if path.is_absolute() else Path.cwd() / path).parts[1:]:
        current = current / part
        if current.is_symlink():
            return current
    return None


def open_no_follow(path: Path, flags: int, mode: int = 0o644) -> int:
    """`os.open` that never follows a symbolic link at the last part (OSError ELOOP then) and never blocks on
    opening a FIFO or a device."""
    return os.open(path, flags | NOFOLLOW | NONBLOCK | NOCTTY | CLOEXEC, mode)


def create_new(path: Path, text: str, mode: int = 0o644) -> None:
    """Write `text` to a new file at `path`: FileExistsError (nothing written) if anything is there, even a
    dangling link; the data is synced before returning, and a failed write leaves no file behind."""
    fd = open_no_follow(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def read_regular(path: Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of a regular file (a caller tells "too large" by the extra byte). A FIFO, a
    device, a folder or a socket is refused with NotRegularFile before anything is read; links are followed
    (a path the user gave for reading), but opening never blocks."""
    fd = os.open(path, os.O_RDONLY | NONBLOCK | NOCTTY | CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(f"{path}: not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
