"""What passes between the server and its one watch renderer (tui/watch_render.py), which draws every watched
table's screen, so the server fans bytes out without drawing anything itself.

The server writes commands to the renderer's standard input, one JSON object a line:

    {"watch": CODE, "socket": PATH, "ticket": TICKET}   draw table CODE, reached as a watcher with TICKET
    {"drop": CODE}                                      stop drawing it (its last watcher left)

The renderer writes records to its standard output, each named by its table's code:

    S <code> <len changes> <len whole>\\n<changes><whole>   a new screen: the bytes that turn the previous screen
                                                          into it (for the watchers who have it), and the whole
                                                          repaint (for a watcher who arrives later); both in one
                                                          record, so no watcher can fall between them
    E <code> <len reason> 0\\n<reason>                      the end of that table's screen: why ("the table closed")

An output that ends, or holds anything but records, ends every table's screen (`End` with the code "").
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from pathlib import Path

from mythtable.engine.text import one_line

MAX_RECORD = 1024 * 1024
"""Bytes of one part of a record at most (a whole 80x24 screen is a few kilobytes)."""
MAX_COMMAND = 4096
"""Bytes of one command line at most (a code, a socket's path and a ticket)."""
CODE = re.compile(r"[0-9A-Z]{1,16}")
"""What a table code in a record or a command looks like (tables/codes.py makes them)."""
ALL = ""
"""The code of an End that ends every table's screen: the renderer's output stopped."""


@dataclass(frozen=True)
class Screen:
    code: str
    changes: bytes
    whole: bytes


@dataclass(frozen=True)
class End:
    code: str
    reason: str


@dataclass(frozen=True)
class Watch:
    code: str
    socket: Path
    ticket: str


@dataclass(frozen=True)
class Drop:
    code: str


def screen_record(code: str, changes: bytes, whole: bytes) -> bytes:
    return f"S {code} {len(changes)} {len(whole)}\n".encode() + changes + whole


def end_record(code: str, reason: str) -> bytes:
    data = one_line(reason, 200).encode()
    return f"E {code} {len(data)} 0\n".encode() + data


STOPPED = End(ALL, "the watchers' screen stopped")


async def read_record(reader: asyncio.StreamReader) -> Screen | End:
    """The next record; `STOPPED` (every table's end) when the output ends or holds anything but records."""
    try:
        head = await reader.readline()
        kind, code_bytes, first, second = head.split()
        code = code_bytes.decode("ascii")
        sizes = int(first), int(second)
        if kind not in (b"S", b"E") or not CODE.fullmatch(code) or not all(0 <= n <= MAX_RECORD for n in sizes):
            raise ValueError("not a record")
        one, two = await reader.readexactly(sizes[0]), await reader.readexactly(sizes[1])
    except (ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return STOPPED
    if kind == b"E":
        return End(code, one.decode(errors="replace"))
    return Screen(code, one, two)


def watch_command(code: str, socket: Path, ticket: str) -> bytes:
    return (json.dumps({"watch": code, "socket": str(socket), "ticket": ticket}) + "\n").encode()


def drop_command(code: str) -> bytes:
    return (json.dumps({"drop": code}) + "\n").encode()


def parse_command(line: bytes) -> Watch | Drop | None:
    """A command line as sent by `watch_command` or `drop_command`; None for anything else."""
    if len(line) > MAX_COMMAND:
        return None
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    code = data.get("watch", data.get("drop"))
    if not isinstance(code, str) or not CODE.fullmatch(code):
        return None
    if "drop" in data:
        return Drop(code)
    socket, ticket = data.get("socket"), data.get("ticket")
    if not isinstance(socket, str) or not isinstance(ticket, str) or not socket or not ticket:
        return None
    return Watch(code, Path(socket), ticket)
