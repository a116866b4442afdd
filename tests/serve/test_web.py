"""`mythtable serve web`: the page answers on loopback, and a browser's websocket gets the title screen."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from tests.serve.sshkit import free_port


async def _page_and_title(port: int) -> tuple[int, str, bytes]:
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
        return status, html, seen


def test_web_page_answers_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "web.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "mythtable", "--data-dir", str(tmp_path / "data"), "serve", "web",
             "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )
    try:
        status, html, seen = asyncio.run(asyncio.wait_for(_page_and_title(port), 60))
        assert status == 200
        assert "<html" in html.lower()
        assert b"New game" in seen, seen[-500:]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
    assert "Traceback" not in log.read_text(errors="replace")
