"""Twenty players at once, each pressing random keys: every game keeps answering and all end cleanly."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from tests.serve.sshkit import Screen, Server, connect, open_game, pid_alive

SESSIONS = 20
# Keys that move around without quitting: arrows, Tab, Escape, the title's n/c/r, Space, letters.
KEYS = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\t", "\x1b[Z", "\x1b", "n", "c", "r", " ", "x", "1"]


async def _play(screen: Screen, seed: int, seconds: float) -> None:
    rng = random.Random(seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        screen.send(rng.choice(KEYS))
        await asyncio.sleep(rng.uniform(0.05, 0.25))


async def _responds(screen: Screen, cols: int) -> float:
    """Seconds until a resize is redrawn (a resize always changes the screen)."""
    await screen.wait_quiet(0.2, limit=10)
    received = screen.received
    start = time.monotonic()
    screen.resize(cols, 24)
    while screen.received == received:
        assert not screen.closed.is_set(), "the session ended"
        assert time.monotonic() - start < 15, "no redraw within 15 s"
        await asyncio.sleep(0.01)
    return time.monotonic() - start


def test_twenty_players_press_random_keys(tmp_path: Path) -> None:
    server = Server(tmp_path, "--open", "--max-sessions", str(SESSIONS), "--rate-limit", "100")
    try:
        assert server.children() == []

        async def scenario() -> list[int]:
            conns = await asyncio.gather(*(connect(server.port) for _ in range(SESSIONS)))
            try:
                screens = await asyncio.gather(*(open_game(c) for c in conns))
                await asyncio.gather(*(s.wait_for("New game", timeout=60) for s in screens))
                pids = server.wait_children(SESSIONS)
                await asyncio.gather(*(_play(s, i, 3.0) for i, s in enumerate(screens)))
                delays = await asyncio.gather(*(_responds(s, 81 + i % 3) for i, s in enumerate(screens)))
                assert max(delays) < 15
                assert all("Traceback" not in s.text() for s in screens)
                assert all(not s.closed.is_set() for s in screens)
                return pids
            finally:
                for conn in conns:
                    conn.close()

        pids = asyncio.run(asyncio.wait_for(scenario(), 120))
        server.wait_children(0, timeout=20)
        assert not any(pid_alive(pid) for pid in pids)
        assert server.running()
        assert "Traceback" not in server.log()
    finally:
        server.stop()
