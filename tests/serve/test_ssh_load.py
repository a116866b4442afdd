"""Many players at once: twenty pressing random keys all keep answering; clients that stop reading cost the server
no memory."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import asyncssh
import pytest

from tests.serve.sshkit import Counter, Screen, Server, connect, open_game, pid_alive, rss_mb

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


@pytest.mark.slow
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


@pytest.mark.slow
def test_clients_that_stop_reading_do_not_grow_the_server(tmp_path: Path) -> None:
    """Five players open a 2 GiB window, stop reading, and resize every quarter second (each resize redraws a
    1000x500 screen). Backpressure holds the games' output back: the server's memory stays put, where it used to
    grow by megabytes a second and without end. A client that reads again gets its game back."""
    server = Server(tmp_path, "--open", "--rate-limit", "100")
    try:

        async def scenario() -> tuple[float, float]:
            conns = await asyncio.gather(*(connect(server.port) for _ in range(5)))
            try:
                sessions: list[tuple[asyncssh.SSHClientChannel[bytes], Counter]] = []
                for conn in conns:
                    chan, counter = await conn.create_session(
                        Counter, term_type="xterm-256color", term_size=(1000, 500), encoding=None, window=2**31
                    )
                    sessions.append((chan, counter))  # type: ignore[arg-type]
                server.wait_children(5, timeout=30)
                for conn in conns:  # stop reading the socket at all: what the server sends stays on its side
                    conn._transport.pause_reading()  # type: ignore[attr-defined]
                before = rss_mb(server.proc.pid)
                peak = before
                for step in range(64):  # 16 s
                    for chan, _ in sessions:
                        chan.change_terminal_size(1000 - step % 2, 500)
                    await asyncio.sleep(0.25)
                    peak = max(peak, rss_mb(server.proc.pid))
                    # Held back, each game keeps well under 1 MB waiting; unheld, this grew by 5-15 MB a second.
                    grown = f"server RSS {peak:.0f} MB (was {before:.0f} MB) after {step / 4:.1f} s"
                    assert peak - before < 30 and peak < 100, grown
                assert server.children() and len(server.children()) == 5
                # One player reads again: the game's held-back output arrives and it answers a resize.
                conns[0]._transport.resume_reading()  # type: ignore[attr-defined]
                chan, counter = sessions[0]
                received, quiet = -1, 0
                for _ in range(600):  # until nothing more arrived for half a second (at most 30 s)
                    quiet = quiet + 1 if counter.received == received else 0
                    received = counter.received
                    if quiet >= 10:
                        break
                    await asyncio.sleep(0.05)
                chan.change_terminal_size(120, 40)
                for _ in range(300):
                    if counter.received > received:
                        break
                    await asyncio.sleep(0.05)
                assert counter.received > received, "the game did not answer once its client read again"
                return before, peak
            finally:
                for conn in conns:
                    conn.close()

        before, peak = asyncio.run(asyncio.wait_for(scenario(), 120))
        print(f"server RSS {before:.1f} MB before, peak {peak:.1f} MB")
        server.wait_children(0, timeout=20)
        assert server.running()
        assert "Traceback" not in server.log()
    finally:
        server.stop()
