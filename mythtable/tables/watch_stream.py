"""What a table's watch renderer (tui/watch_render.py) writes to the server that started it: records on its
standard output, so the server fans bytes out without drawing anything itself.

    S <len changes> <len whole>\\n<changes><whole>   a new screen: the bytes that turn the previous screen into it
                                                   (for the watchers who have it), and the whole repaint (for a
                                                   watcher who arrives later); both in one record, so no watcher
                                                   can fall between them
    E <len reason> 0\\n<reason>                      the end: why the watchers are let go ("the table closed")
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from mythtable.engine.text import one_line

MAX_RECORD = 1024 * 1024
"""Bytes of one part of a record at most (a whole 80x24 screen is a few kilobytes)."""


@dataclass(frozen=True)
class Screen:
    changes: bytes
    whole: bytes


@dataclass(frozen=True)
class End:
    reason: str


def screen_record(changes: bytes, whole: bytes) -> bytes:
    return f"S {len(changes)} {len(whole)}\n".encode() + changes + whole


def end_record(reason: str) -> bytes:
    data = one_line(reason, 200).encode()
    return f"E {len(data)} 0\n".encode() + data


async def read_record(reader: asyncio.StreamReader) -> Screen | End:
    """The next record; End when the renderer's output ends (or holds anything but records)."""
    try:
        head = await reader.readline()
        kind, first, second = head.split()
        sizes = int(first), int(second)
        if kind not in (b"S", b"E") or not all(0 <= size <= MAX_RECORD for size in sizes):
            raise ValueError("not a record")
        one, two = await reader.readexactly(sizes[0]), await reader.readexactly(sizes[1])
    except (ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return End("the watchers' screen stopped")
    if kind == b"E":
        return End(one.decode(errors="replace"))
    return Screen(one, two)
