"""The watchers' fanout (serve/watch_fanout.py): one renderer process draws every watched table, its records written
to each table's watchers as they are (the server draws nothing): the changed lines to the watchers there, the latest
whole screen to a newcomer, and at the end the renderer's reason to each; one table's end leaves the others drawn;
the process is gone when the last watched table is; if it dies, every watcher is told and the next one starts it
again."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from mythtable.serve import watch_fanout
from mythtable.serve.watch_fanout import Fanout, Renderer
from mythtable.tables.watch_stream import Drop, Watch, end_record, parse_command, screen_record

STAND_IN = """
import json, os, sys, time
out = sys.stdout.buffer
def record(data):
    out.write(data); out.flush()
for line in sys.stdin:
    order = json.loads(line)
    code = order.get("watch")
    if code is None:
        continue
    if order["ticket"] == "die":
        os._exit(3)
    record({first!r}.replace(b"CODE", code.encode()))
    time.sleep(0.3)
    record({second!r}.replace(b"CODE", code.encode()))
    if order["ticket"] == "close":
        time.sleep(0.3)
        record({end!r}.replace(b"CODE", code.encode()))
"""
"""A stand-in renderer: for each table it is told to draw, two screens (then, for the ticket "close", the table's
end; for the ticket "die", it dies at once)."""


def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    code = STAND_IN.format(
        first=screen_record("CODE", b"<all 1>", b"<all 1>"),
        second=screen_record("CODE", b"<lines 2>", b"<all 2>"),
        end=end_record("CODE", "the table closed"),
    )
    monkeypatch.setattr(watch_fanout, "renderer_argv", lambda: [sys.executable, "-c", code])


class Watcher:
    def __init__(self) -> None:
        self.got = b""
        self.ended: list[str] = []

    def write(self, data: bytes) -> None:
        self.got += data

    def end(self, reason: str) -> None:
        self.ended.append(reason)


async def until(test: object, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if test():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not in time")


def test_changes_go_to_the_watchers_there_a_whole_screen_to_a_newcomer_and_the_end_to_all(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stand_in(monkeypatch)
    counts: list[int] = []
    emptied: list[bool] = []

    async def scenario() -> tuple[Watcher, Watcher, Fanout, Renderer, int | None]:
        renderer = Renderer()
        fanout = Fanout("7KQ2X", counts.append, lambda: emptied.append(True), renderer)
        first, late = Watcher(), Watcher()
        await fanout.start(tmp_path / "socket", "close")
        process = renderer.process
        assert process is not None
        fanout.add(first.write, lambda: 0, first.end)
        await until(lambda: b"<lines 2>" in first.got)
        fanout.add(late.write, lambda: 0, late.end)
        await until(lambda: first.ended)
        assert renderer.process is None, "its last table closed: the renderer ends"
        returned = await asyncio.wait_for(process.wait(), 10)
        await asyncio.sleep(0.2)  # its pipes' transport closes on the loop, before the loop does
        return first, late, fanout, renderer, returned

    first, late, fanout, renderer, returned = asyncio.run(scenario())
    assert returned is not None
    assert first.got == b"<all 1><lines 2>"  # from the first screen on, only what changed
    assert late.got == b"<all 2>"  # the newcomer: the whole latest screen, nothing else
    assert first.ended == late.ended == ["the table closed"]
    assert counts == [1, 2] and not fanout.watchers and emptied == [True]
    assert not renderer.tables


def test_one_process_draws_every_watched_table_and_one_tables_end_leaves_the_others(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Before, each watched table had its own renderer process (about 48 MB each)."""
    stand_in(monkeypatch)

    async def scenario() -> tuple[Watcher, Watcher, bool, bool]:
        renderer = Renderer()
        closing = Fanout("AAAAA", lambda n: None, lambda: None, renderer)
        staying = Fanout("BBBBB", lambda n: None, lambda: None, renderer)
        one, two = Watcher(), Watcher()
        await closing.start(tmp_path / "socket", "close")
        pid = renderer.process.pid if renderer.process else None
        await staying.start(tmp_path / "socket", "stay")
        shared = renderer.process is not None and renderer.process.pid == pid
        closing.add(one.write, lambda: 0, one.end)
        staying.add(two.write, lambda: 0, two.end)
        await until(lambda: one.ended and b"<lines 2>" in two.got)
        alive = renderer.process is not None and renderer.process.returncode is None
        process = renderer.process
        renderer.stop()
        if process is not None:
            await asyncio.wait_for(process.wait(), 10)
        await asyncio.sleep(0.2)
        return one, two, shared, alive

    one, two, shared, alive = asyncio.run(scenario())
    assert shared, "the second table was given a process of its own"
    assert one.ended == ["the table closed"] and one.got.startswith(b"<all 1>")
    assert two.ended == [] and two.got == b"<all 1><lines 2>", "the other table's watcher was disturbed"
    assert alive, "a table was still watched: its renderer must go on"


def test_the_renderer_ends_when_its_last_watcher_leaves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    stand_in(monkeypatch)
    emptied: list[bool] = []

    async def scenario() -> int | None:
        renderer = Renderer()
        fanout = Fanout("7KQ2X", lambda n: None, lambda: emptied.append(True), renderer)
        watcher = Watcher()
        await fanout.start(tmp_path / "socket", "stay")
        key = fanout.add(watcher.write, lambda: 0, watcher.end)
        await asyncio.sleep(0.2)
        process = renderer.process
        assert process is not None
        fanout.remove(key)
        assert renderer.process is None and not renderer.tables
        code = await asyncio.wait_for(process.wait(), 10)
        await asyncio.sleep(0.2)  # its pipes' transport closes on the loop, before the loop does
        return code

    assert asyncio.run(scenario()) is not None  # gone (its input closed), not left running
    assert emptied == [True]


def test_a_renderer_that_dies_lets_every_watcher_go_and_the_next_watcher_starts_another(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stand_in(monkeypatch)

    async def scenario() -> tuple[Watcher, Watcher, Watcher]:
        renderer = Renderer()
        first = Fanout("AAAAA", lambda n: None, lambda: None, renderer)
        one, two, later = Watcher(), Watcher(), Watcher()
        await first.start(tmp_path / "socket", "stay")
        first.add(one.write, lambda: 0, one.end)
        await until(lambda: b"<lines 2>" in one.got)
        dying = Fanout("BBBBB", lambda n: None, lambda: None, renderer)
        await dying.start(tmp_path / "socket", "die")
        dying.add(two.write, lambda: 0, two.end)
        await until(lambda: one.ended and two.ended)
        again = Fanout("CCCCC", lambda n: None, lambda: None, renderer)
        await again.start(tmp_path / "socket", "stay")
        again.add(later.write, lambda: 0, later.end)
        await until(lambda: b"<lines 2>" in later.got)
        process = renderer.process
        renderer.stop()
        if process is not None:
            await asyncio.wait_for(process.wait(), 10)
        await asyncio.sleep(0.2)
        return one, two, later

    one, two, later = asyncio.run(scenario())
    assert one.ended == two.ended == ["the watchers' screen stopped"]
    assert later.got == b"<all 1><lines 2>" and later.ended == []


def test_the_commands_read_back_and_anything_else_is_ignored() -> None:
    from mythtable.tables.watch_stream import drop_command, watch_command

    assert parse_command(watch_command("7KQ2X", Path("/run/a b/socket"), "t1").strip()) == Watch(
        "7KQ2X", Path("/run/a b/socket"), "t1"
    )
    assert parse_command(drop_command("7KQ2X")) == Drop("7KQ2X")
    for line in (b"", b"{", b"[]", b'{"drop": "../x"}', b'{"watch": "7KQ2X"}', b'{"watch": "7KQ2X", "socket": 1}'):
        assert parse_command(line) is None, line


def test_the_renderer_program_ends_a_table_it_cannot_reach_alone_and_stops_when_its_input_ends(tmp_path: Path) -> None:
    """tui/watch_render.serve, the real program's loop: a table whose socket is gone gets its own end record; lines
    that are not commands change nothing; the loop ends with its input."""
    from mythtable.tables.watch_stream import drop_command, watch_command
    from mythtable.tui.watch_render import serve

    written: list[bytes] = []

    async def scenario() -> None:
        commands = asyncio.StreamReader()
        for line in (
            b"not a command\n",
            drop_command("ZZZZZ"),
            watch_command("AAAAA", tmp_path / "no-socket", "t"),
        ):
            commands.feed_data(line)
        loop = asyncio.create_task(serve(commands, written.append))
        await until(lambda: written)
        commands.feed_eof()
        await asyncio.wait_for(loop, 10)

    asyncio.run(scenario())
    assert len(written) == 1 and written[0].startswith(b"E AAAAA ") and b"the table is gone" in written[0]
