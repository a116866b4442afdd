"""The watchers' fanout (serve/watch_fanout.py): one renderer process a watched table, its records written to every
watcher as they are (the server draws nothing): the changed lines to the watchers there, the latest whole screen to
a newcomer, and at the end the renderer's reason to each; the process is gone when the last watcher leaves."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from mythtable.serve import watch_fanout
from mythtable.serve.watch_fanout import Fanout
from mythtable.tables.watch_stream import end_record, screen_record

SCRIPT = """
import sys, time
out = sys.stdout.buffer
out.write({first!r}); out.flush()
time.sleep(0.3)
out.write({second!r}); out.flush()
time.sleep({linger})
out.write({end!r}); out.flush()
"""


def renderer(monkeypatch: pytest.MonkeyPatch, linger: float) -> None:
    """A stand-in renderer: two screens, then (after `linger` seconds) the end."""
    code = SCRIPT.format(
        first=screen_record(b"<all 1>", b"<all 1>"),
        second=screen_record(b"<lines 2>", b"<all 2>"),
        end=end_record("the table closed"),
        linger=linger,
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


def test_changes_go_to_the_watchers_there_a_whole_screen_to_a_newcomer_and_the_end_to_all(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    renderer(monkeypatch, linger=0.5)
    counts: list[int] = []

    async def scenario() -> tuple[Watcher, Watcher, Fanout]:
        fanout = Fanout("7KQ2X", counts.append, lambda: None)
        first, late = Watcher(), Watcher()
        await fanout.start(tmp_path / "socket", "ticket")
        fanout.add(first.write, lambda: 0, first.end)
        for _ in range(100):
            if b"<lines 2>" in first.got:
                break
            await asyncio.sleep(0.05)
        fanout.add(late.write, lambda: 0, late.end)
        assert fanout.task is not None and fanout.process is not None
        await asyncio.wait_for(fanout.task, 10)
        await asyncio.wait_for(fanout.process.wait(), 10)
        await asyncio.sleep(0.2)  # its pipes' transport closes on the loop, before the loop does
        return first, late, fanout

    first, late, fanout = asyncio.run(scenario())
    assert first.got == b"<all 1><lines 2>"  # from the first screen on, only what changed
    assert late.got == b"<all 2>"  # the newcomer: the whole latest screen, nothing else
    assert first.ended == late.ended == ["the table closed"]
    assert counts == [1, 2] and not fanout.watchers


def test_the_renderer_ends_when_its_last_watcher_leaves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    renderer(monkeypatch, linger=60)
    emptied: list[bool] = []

    async def scenario() -> int | None:
        fanout = Fanout("7KQ2X", lambda n: None, lambda: emptied.append(True))
        watcher = Watcher()
        await fanout.start(tmp_path / "socket", "ticket")
        key = fanout.add(watcher.write, lambda: 0, watcher.end)
        await asyncio.sleep(0.2)
        fanout.remove(key)
        assert fanout.process is not None
        code = await asyncio.wait_for(fanout.process.wait(), 10)
        await asyncio.sleep(0.2)  # its pipes' transport closes on the loop, before the loop does
        return code

    assert asyncio.run(scenario()) is not None  # gone (SIGTERM to its group), not left running for a minute
    assert emptied
