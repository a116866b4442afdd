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


async def _feed(argv: list[str], folder: Path, total: int) -> tuple[list[bool], PtyProcess]:
    """Write `total` bytes of keys, 64 KiB at a time, to a PtyProcess running `argv`; the backpressure calls seen."""
    calls: list[bool] = []
    process = PtyProcess(argv, child_environment("xterm", None), 80, 24, folder, lambda data: None, lambda code: None)
    process.on_input_backlog = calls.append
    await process.start()
    chunk = b"jk" * 32768
    for _ in range(total // len(chunk)):
        process.write(chunk)
    return calls, process


def test_unsent_input_pauses_the_client_as_it_grows_and_is_capped(tmp_path: Path) -> None:
    """Issue 29: the limit on unsent input was checked only when the writer was installed (the backlog still tiny),
    so a client sending faster than the game read was never paused and the server grew without end. A game that
    reads nothing: the client is paused once INPUT_HIGH is passed, and nothing beyond INPUT_HARD_LIMIT is kept."""
    from mythtable.serve.pty_process import INPUT_HARD_LIMIT, INPUT_HIGH

    async def scenario() -> tuple[list[bool], int, int]:
        calls, process = await _feed([sys.executable, "-c", "import time; time.sleep(60)"], tmp_path, 4 * 1024 * 1024)
        try:
            return calls, len(process._pending), process.dropped_input
        finally:
            await process.kill(grace=0.1)

    calls, pending, dropped = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert calls == [True]
    assert INPUT_HIGH < pending <= INPUT_HARD_LIMIT
    assert dropped >= 4 * 1024 * 1024 - INPUT_HARD_LIMIT - 128 * 1024  # all but what the pty itself took


def test_a_paused_client_may_send_again_once_the_game_has_read(tmp_path: Path) -> None:
    reader = "import os, tty\ntty.setraw(0)\nwhile os.read(0, 65536):\n    pass\n"

    async def scenario() -> list[bool]:
        calls, process = await _feed([sys.executable, "-c", reader], tmp_path, 1024 * 1024)
        try:
            deadline = time.monotonic() + 20
            while calls != [True, False] and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            return calls
        finally:
            await process.kill(grace=0.1)

    assert asyncio.run(asyncio.wait_for(scenario(), 30)) == [True, False]
