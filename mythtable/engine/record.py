"""Game records: the JSON that replays a game exactly, and the save format.

A record holds the ruleset, the hash of the content it was played with, the seed, the
setup and every action. pydantic validates it at the edge (record_schema.py: GameRecord,
parse_record, read_record, imported only where records are read); the engine never sees raw
JSON. Writing one needs no pydantic, so a game in progress autosaves without importing it.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

RECORD_FORMAT: Final = "mythtable-record"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 8_000_000


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def record_json(data: dict[str, Any]) -> str:
    """A record's fields (in GameRecord's order) as the saved text: indented by one space, UTF-8 as is."""
    return json.dumps(data, indent=1, ensure_ascii=False)


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash at any moment leaves either the old or the new file whole.

    Temporary file in the same folder, flush, fsync, rename, then fsync the folder.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
