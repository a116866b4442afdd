"""PtyProcess on its own: resizes reach the app whether or not the pty is its controlling terminal."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pyte
import pytest

from mythtable.serve.pty_process import PtyProcess, child_environment, clamp_size, mythtable_argv
from tests.serve.sshkit import pid_alive


async def _resize_and_kill(argv: list[str], folder: Path) -> int:
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    exits: list[int] = []
    process = PtyProcess(argv, child_environment("xterm-256color", "256"), 80, 24, folder, stream.feed, exits.append)
    await process.start()
    try:
        return await _check(process, screen, exits)
    finally:
        await process.kill()  # even when a check failed


async def _check(process: PtyProcess, screen: pyte.Screen, exits: list[int]) -> int:
    async def shows(text: str) -> None:
        end = time.monotonic() + 20
        while text not in "\n".join(screen.display):
            assert time.monotonic() < end, "\n".join(screen.display)
            await asyncio.sleep(0.05)

    await shows("New game")
    screen.resize(20, 60)
    process.resize(60, 20)
    await shows("Terminal too small: 60x20")
    pid = process.pid
    assert pid is not None
    await process.kill()
    assert not process.alive()
    await asyncio.sleep(0.1)
    assert exits, "on_exit was called"
    return pid


@pytest.mark.parametrize("bootstrap", [True, False], ids=["controlling-tty", "plain-python-m"])
def test_resize_reaches_the_app_and_kill_ends_it(tmp_path: Path, bootstrap: bool) -> None:
    argv = mythtable_argv(tmp_path) if bootstrap else [sys.executable, "-m", "mythtable", "--data-dir", str(tmp_path)]
    pid = asyncio.run(asyncio.wait_for(_resize_and_kill(argv, tmp_path), 60))
    assert not pid_alive(pid)


def test_sizes_are_clamped() -> None:
    assert clamp_size(0, 0) == (80, 24)
    assert clamp_size(100_000, 100_000) == (1000, 500)
    assert clamp_size(132, 43) == (132, 43)
