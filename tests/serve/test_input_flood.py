"""Issue 29 item 2: a client that sends keys faster than its game reads them costs neither the server nor the game
memory without bound, and the other players feel nothing.

The reproduction: one client on an `--open` server writes 64 KiB chunks of `jk` as fast as the channel takes them,
for 15 s. Before, the server grew from 45 MB to 2.3 GB (and stayed at 1.2 GB after the client left) and the game
to 365 MB: the server's limit on unsent input was checked only when its writer was installed, and Textual's input
thread handed the game every key it could parse. Now the server pauses the channel above 256 KiB of unsent input
(pty_process.INPUT_HIGH; asyncssh then stops reopening the window) and the game's input thread waits for the app
(tui/input_gate.py), so the flood is slowed to the speed the game handles keys at.

The bound asserted: the server and the flooding game each grow by less than 20 MB over the whole burst, and the
server ends within 20 MB of where it began. Another player's key presses meanwhile: their median time to a redraw
stays within a few times what it was before the flood (a ratio in one run, not a time: the machine is shared).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from pathlib import Path

import asyncssh
import pytest

from tests.serve.sshkit import Counter, Screen, Server, connect, open_game, rss_mb

BURST_SECONDS = 15.0
CHUNK = b"jk" * 32768  # 64 KiB
GROWTH_MB = 20.0
LATENCY_RATIO = 8.0


async def _key_latency(screen: Screen, key: str) -> float:
    """Seconds from a key press to the first byte of the redraw it causes."""
    await screen.wait_quiet(0.1, limit=5)
    received = screen.received
    start = time.monotonic()
    screen.send(key)
    while screen.received == received:
        assert not screen.closed.is_set(), "the other player's session ended"
        assert time.monotonic() - start < 30, "the other player's key was not answered within 30 s"
        await asyncio.sleep(0.002)
    return time.monotonic() - start


async def _latencies(screen: Screen, count: int) -> list[float]:
    times = []
    for i in range(count):
        times.append(await _key_latency(screen, "\x1b[B" if i % 2 == 0 else "\x1b[A"))
    return times


async def _flood(chan: asyncssh.SSHClientChannel[bytes], seconds: float) -> int:
    """Write CHUNKs as fast as the channel takes them (its send buffer kept under 256 KiB); bytes accepted."""
    sent = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if chan.get_write_buffer_size() < 256 * 1024:
            chan.write(CHUNK)
            sent += len(CHUNK)
        else:
            await asyncio.sleep(0.005)
    return sent


@pytest.mark.slow
def test_a_key_flood_grows_neither_server_nor_game_and_others_play_on(tmp_path: Path) -> None:
    server = Server(tmp_path, "--open", "--rate-limit", "100")
    try:

        async def scenario() -> dict[str, float]:
            player_conn = await connect(server.port)
            flooder_conn = await connect(server.port)
            try:
                player = await open_game(player_conn)
                await player.wait_for("New game", timeout=60)
                (player_game,) = server.wait_children(1, timeout=30)
                chan, _counter = await flooder_conn.create_session(
                    Counter, term_type="xterm-256color", term_size=(80, 24), encoding=None
                )
                games = server.wait_children(2, timeout=30)
                (flood_game,) = [pid for pid in games if pid != player_game]
                await asyncio.sleep(2.0)  # the flooder's title screen is up
                before = await _latencies(player, 8)
                server_before, game_before = rss_mb(server.proc.pid), rss_mb(flood_game)
                peaks = {"server": server_before, "game": game_before}

                async def sample() -> None:
                    while True:
                        peaks["server"] = max(peaks["server"], rss_mb(server.proc.pid))
                        peaks["game"] = max(peaks["game"], rss_mb(flood_game))
                        await asyncio.sleep(0.25)

                sampler = asyncio.create_task(sample())
                flood = asyncio.create_task(_flood(chan, BURST_SECONDS))  # type: ignore[arg-type]
                await asyncio.sleep(1.0)
                during: list[float] = []
                while not flood.done():
                    during.append(await _key_latency(player, "\x1b[B" if len(during) % 2 == 0 else "\x1b[A"))
                    await asyncio.sleep(0.2)
                sent = await flood
                sampler.cancel()
                assert not player.closed.is_set()
                flooder_conn.close()
                server.wait_children(1, timeout=30)
                await asyncio.sleep(1.0)
                server_after = rss_mb(server.proc.pid)
                return {
                    "sent_mb": sent / 1e6,
                    "server_before": server_before,
                    "server_peak": peaks["server"],
                    "server_after": server_after,
                    "game_before": game_before,
                    "game_peak": peaks["game"],
                    "latency_before": statistics.median(before),
                    "latency_during": statistics.median(during),
                    "presses_during": len(during),
                }
            finally:
                flooder_conn.close()
                player_conn.close()

        figures = asyncio.run(asyncio.wait_for(scenario(), 180))
        print("flood figures:", {k: round(v, 4) for k, v in figures.items()})
        assert figures["server_peak"] - figures["server_before"] < GROWTH_MB, figures
        assert figures["server_after"] - figures["server_before"] < GROWTH_MB, figures
        assert figures["game_peak"] - figures["game_before"] < GROWTH_MB, figures
        assert figures["presses_during"] >= 5, figures
        assert figures["latency_during"] < LATENCY_RATIO * max(figures["latency_before"], 0.005), figures
        server.wait_children(0, timeout=30)
        assert server.running()
        assert "Traceback" not in server.log()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_key_flood_from_a_web_page_grows_neither_server_nor_game(tmp_path: Path) -> None:
    """The same flood from a browser page: 64 KiB `stdin` messages as fast as the socket takes them. The server
    already waited on the game's pipe (aiohttp reads no further meanwhile), but the game took every key and grew
    (about 410 MB after 8 s). Now the game's input thread waits for the app, the pipe fills, the server stops
    reading the page, and the page is slowed or, when even its heartbeat cannot get through, cut off."""
    import json

    import aiohttp

    from tests.serve.test_web import TITLE, games_of, web_server

    with web_server(tmp_path) as (server, port):

        async def scenario() -> dict[str, float]:
            async with (
                aiohttp.ClientSession() as http,
                http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws,
            ):
                seen = bytearray()

                async def read() -> None:
                    async for message in ws:
                        if message.type == aiohttp.WSMsgType.BINARY:
                            seen.extend(message.data)

                reader = asyncio.create_task(read())
                while TITLE not in seen:
                    await asyncio.sleep(0.05)
                (game,) = games_of(server)
                before = {"server": rss_mb(server.pid), "game": rss_mb(game)}
                peaks = dict(before)

                async def sample() -> None:
                    while True:
                        with contextlib.suppress(AssertionError, OSError):
                            peaks["server"] = max(peaks["server"], rss_mb(server.pid))
                            peaks["game"] = max(peaks["game"], rss_mb(game))
                        await asyncio.sleep(0.25)

                async def flood() -> None:
                    message = json.dumps(["stdin", CHUNK.decode()])
                    with contextlib.suppress(ConnectionError, aiohttp.ClientError):
                        while True:
                            await ws.send_str(message)

                sampler = asyncio.create_task(sample())
                flooding = asyncio.create_task(flood())
                await asyncio.sleep(8.0)
                for task in (flooding, sampler, reader):
                    task.cancel()
                return {
                    "server_before": before["server"],
                    "server_peak": peaks["server"],
                    "game_before": before["game"],
                    "game_peak": peaks["game"],
                }

        figures = asyncio.run(asyncio.wait_for(scenario(), 120))
        print("web flood figures:", {k: round(v, 1) for k, v in figures.items()})
        assert figures["server_peak"] - figures["server_before"] < GROWTH_MB, figures
        assert figures["game_peak"] - figures["game_before"] < GROWTH_MB, figures


@pytest.mark.slow
def test_web_pages_that_stop_reading_do_not_grow_the_server(tmp_path: Path) -> None:
    """The other direction on the web (as test_ssh_load.py checks over SSH): five pages stop reading and ask for a
    1000x500 redraw four times a second for 12 s. aiohttp waits for each page's socket before it takes more of
    its game's output, so the output waits in the game's pipe, not in the server (measured: +5.5 MB)."""
    from tests.serve.test_web import TITLE, Page, web_server

    with web_server(tmp_path) as (server, port):

        async def scenario() -> tuple[float, float]:
            pages = [await Page.open(port) for _ in range(5)]
            try:
                for page in pages:
                    await page.wait_for(TITLE, from_start=True)
                for page in pages:
                    page.writer.transport.pause_reading()  # type: ignore[attr-defined]
                before = peak = rss_mb(server.pid)
                for step in range(48):
                    for page in pages:
                        page.send("resize", {"width": 1000 - step % 2, "height": 500})
                    await asyncio.sleep(0.25)
                    peak = max(peak, rss_mb(server.pid))
                return before, peak
            finally:
                for page in pages:
                    page.abort()

        before, peak = asyncio.run(asyncio.wait_for(scenario(), 120))
        print(f"web server RSS {before:.1f} MB before, peak {peak:.1f} MB")
        assert peak - before < GROWTH_MB
