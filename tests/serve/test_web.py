"""`mythtable serve web`: the page answers on loopback, a browser's websocket gets the title screen, and
stopping the server ends the games of pages still open."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from tests.serve.sshkit import child_pids, free_port, pid_alive


def descendants(pid: int) -> list[int]:
    found = []
    for child in child_pids(pid):
        found += [child, *descendants(child)]
    return found


async def _visit(port: int, server: subprocess.Popen[bytes]) -> tuple[int, str, bytes, list[int], float]:
    async with aiohttp.ClientSession() as http:
        deadline = time.monotonic() + 20
        while True:
            try:
                async with http.get(f"http://127.0.0.1:{port}/") as response:
                    status, html = response.status, await response.text()
                    break
            except aiohttp.ClientConnectionError:
                assert time.monotonic() < deadline, "the web server did not answer"
                await asyncio.sleep(0.1)
        seen = b""
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws:
            while b"New game" not in seen:
                message = await asyncio.wait_for(ws.receive(), 20)
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
                elif message.type == aiohttp.WSMsgType.TEXT:
                    seen += message.data.encode()
                else:
                    break
            games = descendants(server.pid)
            # Stop the server while the page is still open.
            start = time.monotonic()
            server.send_signal(signal.SIGTERM)
            while server.poll() is None and time.monotonic() - start < 15:
                await asyncio.sleep(0.1)
            stopped = time.monotonic() - start
        return status, html, seen, games, stopped


def test_web_page_answers_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "web.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mythtable",
                "--data-dir",
                str(tmp_path / "data"),
                "serve",
                "web",
                "--port",
                str(port),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        status, html, seen, games, stopped = asyncio.run(asyncio.wait_for(_visit(port, server), 60))
        assert status == 200
        assert "<html" in html.lower()
        assert b"New game" in seen, seen[-500:]
        assert games, "the page's game runs in a process of its own"
        assert server.poll() == 0 and stopped < 10
        deadline = time.monotonic() + 5
        while any(pid_alive(pid) for pid in games) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(pid_alive(pid) for pid in games)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(5)
    assert "Traceback" not in log.read_text(errors="replace")
