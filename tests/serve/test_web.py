"""`mythtable serve web`: the page answers on loopback, a browser's websocket gets the title screen, stopping the
server ends the games of pages still open; requests from other sites and host names are refused, sizes are
clamped, games are capped, and a closed page leaves no game process behind (issue 12, finding 4).

The websocket client here is a few lines over a raw socket, so that a test can send any Host and Origin header
and can drop the connection without a closing handshake, as a crashed or killed browser tab does."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest

from tests.serve.sshkit import child_pids, free_port, pid_alive

TITLE = b"New game"
FOOTER_ROW = re.compile(rb"\x1b\[(\d+);\d+H q Quit ")  # the key bar sits on the bottom row (colors taken out)
COLORS = re.compile(rb"\x1b\[[0-9;]*m")


def descendants(pid: int) -> list[int]:
    found = []
    for child in child_pids(pid):
        found += [child, *descendants(child)]
    return found


def games_of(server: subprocess.Popen[bytes]) -> list[int]:
    """The server's descendants that run a game (`python -c BOOT PID --data-dir DIR`, serve/boot.py; read from
    /proc, no psutil)."""
    found = []
    for pid in descendants(server.pid):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                argv = cmdline.read().split(b"\0")
        except OSError:
            continue
        if b"--data-dir" in argv and any(b"mythtable" in arg for arg in argv):
            found.append(pid)
    return found


async def wait_for_games(server: subprocess.Popen[bytes], count: int, timeout: float = 60.0) -> list[int]:
    """Poll (bounded) until the server runs exactly `count` games; return them as last seen."""
    deadline = time.monotonic() + timeout
    games = games_of(server)
    while len(games) != count and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        games = games_of(server)
    return games


@contextmanager
def web_server(tmp_path: Path, *flags: str, data: Path | None = None) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`serve web` with `flags` on the data folder `data` (default tmp_path/data), its log in tmp_path/web.log;
    the server and its port. Stopped after, with any game it left."""
    port = free_port()
    log = tmp_path / "web.log"
    command = [sys.executable, "-m", "mythtable", "--data-dir", str(data or tmp_path / "data"), "serve", "web"]
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [*command, "--port", str(port), *flags],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while asyncio.run(_get_status(port, "/")) is None:
            assert server.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, "the web server did not answer"
            time.sleep(0.1)
        yield server, port
    finally:
        games = games_of(server)
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(5)
        for pid in games:  # should a test fail with games left over, they must not outlive it
            if pid_alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert "Traceback" not in log.read_text(errors="replace")


# ----- a minimal websocket client ------------------------------------------------------------------------------
async def _get_status(port: int, path: str, host: str | None = None, origin: str | None = None) -> int | None:
    """Status of a plain GET, or None if nothing listens yet."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return None
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Connection: close"]
    lines += [f"Origin: {origin}"] if origin else []
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n"), 20)
    finally:
        writer.close()
    return int(head.split()[1])


class Page:
    """One browser page's websocket. A task reads what the server sends (and answers its heartbeat pings, as a
    browser does, or the server would close the page after 15 s)."""

    def __init__(self, status: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.status, self.reader, self.writer = status, reader, writer
        self.seen = b""  # what the page was sent, without color codes
        self.close_code: int | None = None
        self.closed = asyncio.Event()
        self.arrived = asyncio.Event()
        self.task = asyncio.create_task(self._read()) if status == 101 else None

    @classmethod
    async def open(
        cls, port: int, *, width: int = 80, height: int = 24, host: str | None = None, origin: str | None = None
    ) -> Page:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        lines = [
            f"GET /ws?width={width}&height={height} HTTP/1.1",
            f"Host: {host or f'127.0.0.1:{port}'}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: " + base64.b64encode(os.urandom(16)).decode(),
            "Sec-WebSocket-Version: 13",
        ]
        lines += [f"Origin: {origin}"] if origin else []
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 20)
        return cls(int(head.split()[1]), reader, writer)

    def send(self, *envelope: object) -> None:
        self._send(0x1, json.dumps(list(envelope)).encode())

    def _send(self, opcode: int, data: bytes) -> None:
        mask = os.urandom(4)
        size = bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(data))
        self.writer.write(bytes([0x80 | opcode]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    async def _read(self) -> None:
        try:
            while True:
                first, second = await self.reader.readexactly(2)
                size = second & 0x7F
                if size == 126:
                    size = struct.unpack(">H", await self.reader.readexactly(2))[0]
                elif size == 127:
                    size = struct.unpack(">Q", await self.reader.readexactly(8))[0]
                payload = await self.reader.readexactly(size)
                opcode = first & 0x0F
                if opcode == 8:
                    self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                    return
                if opcode == 9:
                    self._send(0xA, payload)
                elif opcode in (1, 2):
                    self.seen += COLORS.sub(b"", payload)
                    self.arrived.set()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.closed.set()
            self.arrived.set()

    async def wait_for(
        self, found: re.Pattern[bytes] | bytes, timeout: float = 60.0, from_start: bool = False
    ) -> bytes:
        """Wait until `found` shows in what arrives from now on (or, `from_start`, in all the page has seen,
        for a screen that may have come in full while the test waited on another page); return that part."""
        start = 0 if from_start else len(self.seen)

        async def read() -> bytes:
            while not re.search(found, self.seen[start:]):
                assert not self.closed.is_set(), f"closed before {found!r}: {self.seen[-300:]!r}"
                self.arrived.clear()
                await self.arrived.wait()
            return self.seen[start:]

        return await asyncio.wait_for(read(), timeout)

    async def wait_closed(self, timeout: float = 60.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)

    def abort(self) -> None:
        """Drop the connection without a closing handshake, as a killed browser tab does."""
        self.writer.transport.abort()
        if self.task is not None:
            self.task.cancel()


# ----- the page works and stopping the server ends its games ---------------------------------------------------
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
            while TITLE not in seen:
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
        assert TITLE in seen, seen[-500:]
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


# ----- Origin and Host ------------------------------------------------------------------------------------------
def test_web_refuses_a_page_from_another_site(tmp_path: Path) -> None:
    """Any page the local user visits could open a socket to 127.0.0.1:PORT; its Origin gives it away."""
    with web_server(tmp_path) as (server, port):

        async def visit() -> list[int]:
            statuses = []
            for origin in ("http://evil.example", f"http://evil.example:{port}", "null", "file://"):
                page = await Page.open(port, origin=origin)
                statuses.append(page.status)
                page.abort()
            statuses.append(await _get_status(port, "/", origin="http://evil.example") or 0)
            return statuses

        assert asyncio.run(visit()) == [403] * 5
        assert games_of(server) == [], "a refused page started a game"


def test_web_refuses_an_unknown_host_name(tmp_path: Path) -> None:
    """DNS rebinding: a name the attacker controls, resolving to 127.0.0.1, shows in Host (and same-origin)."""
    with web_server(tmp_path) as (server, port):

        async def visit() -> list[int]:
            rebound = f"rebind.evil.example:{port}"
            page = await Page.open(port, host=rebound, origin=f"http://{rebound}")
            bare = await Page.open(port, host=rebound)
            for each in (page, bare):
                each.abort()
            index = await _get_status(port, "/", host=rebound)
            wrong_port = await _get_status(port, "/", host=f"127.0.0.1:{port + 1}")
            return [page.status, bare.status, index or 0, wrong_port or 0]

        assert asyncio.run(visit()) == [403] * 4
        assert games_of(server) == [], "a refused page started a game"


@pytest.mark.slow
def test_web_accepts_its_own_address_localhost_and_an_allowed_origin(tmp_path: Path) -> None:
    with web_server(tmp_path, "--allow-origin", "https://games.example.org") as (server, port):

        async def visit() -> list[int]:
            statuses = []
            for host, origin in (
                (f"localhost:{port}", f"http://localhost:{port}"),
                (f"127.0.0.1:{port}", f"http://localhost:{port}"),  # the page at localhost, its socket at 127.0.0.1
                ("games.example.org", "https://games.example.org"),  # behind a proxy that keeps the Host
                (f"127.0.0.1:{port}", "https://games.example.org"),  # behind one that rewrites it
            ):
                page = await Page.open(port, host=host, origin=origin)
                statuses.append(page.status)
                await page.wait_for(TITLE)
                page.abort()
            statuses.append(await _get_status(port, "/", host="games.example.org") or 0)
            return statuses

        assert asyncio.run(visit()) == [101] * 4 + [200]
        assert asyncio.run(wait_for_games(server, 0)) == []


# ----- sizes ------------------------------------------------------------------------------------------------------
def test_web_clamps_the_terminal_size_like_ssh(tmp_path: Path) -> None:
    """The bottom row the game draws on is the height it was given: at most 500, from the URL or a resize."""
    with web_server(tmp_path) as (server, port):

        async def visit() -> list[int]:
            page = await Page.open(port, width=1200, height=600)
            rows = [int(FOOTER_ROW.findall(await page.wait_for(FOOTER_ROW))[-1])]
            page.send("resize", {"width": 100, "height": 30})
            rows.append(int(FOOTER_ROW.findall(await page.wait_for(rb"\x1b\[30;\d+H q Quit "))[-1]))
            page.send("resize", {"width": "wide", "height": None})  # malformed: ignored, nothing breaks
            page.send("resize", {"width": 1200, "height": 600})
            rows.append(int(FOOTER_ROW.findall(await page.wait_for(rb"\x1b\[(?!30;)\d+;\d+H q Quit "))[-1]))
            page.abort()
            return rows

        assert asyncio.run(visit()) == [500, 30, 500]
        assert asyncio.run(wait_for_games(server, 0)) == []


# ----- the cap on games -------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_web_caps_the_games_and_tells_one_more_page_the_server_is_full(tmp_path: Path) -> None:
    with web_server(tmp_path, "--max-sessions", "2") as (server, port):

        async def visit() -> None:
            pages = [await Page.open(port) for _ in range(2)]
            for page in pages:  # the second page's title may be in before the first one's wait ends
                await page.wait_for(TITLE, from_start=True)
            assert len(await wait_for_games(server, 2)) == 2
            assert await _get_status(port, "/") == 503
            extra = await Page.open(port)
            assert extra.status == 101
            await extra.wait_closed()
            assert b"the server is full" in extra.seen and extra.close_code == 1013
            assert len(games_of(server)) == 2, "the page turned away started a game"
            pages[0].abort()  # its game ends, and its place is free again
            assert len(await wait_for_games(server, 1)) == 1
            deadline = time.monotonic() + 60
            while await _get_status(port, "/") == 503 and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            again = await Page.open(port)
            await again.wait_for(TITLE)
            for page in (pages[1], again):
                page.abort()

        asyncio.run(visit())
        assert asyncio.run(wait_for_games(server, 0)) == []


# ----- closed pages leave nothing behind --------------------------------------------------------------------------
@pytest.mark.slow
def test_web_abrupt_closes_after_resize_storms_leave_no_game_behind(tmp_path: Path) -> None:
    """20 pages, 4 at a time: each gets its title screen, sends ten 1000x500 resizes and drops the connection.
    textual-serve stopped reading a game's output once the page was gone, so the game blocked writing to its
    pipe, deaf to SIGTERM, until the server stopped."""
    with web_server(tmp_path) as (server, port):

        async def storm() -> None:
            page = await Page.open(port)
            await page.wait_for(TITLE)
            for _ in range(10):
                page.send("resize", {"width": 1000, "height": 500})
            await page.wait_for(rb"\x1b\[500;")  # the game has begun to send the big screen
            page.abort()

        async def storms() -> None:
            for _ in range(5):
                await asyncio.gather(*(storm() for _ in range(4)))

        asyncio.run(asyncio.wait_for(storms(), 400))
        left = asyncio.run(wait_for_games(server, 0, timeout=60))
        assert left == [], f"{len(left)} game processes outlived their pages"
        assert server.poll() is None


def test_web_skips_malformed_messages(tmp_path: Path) -> None:
    """textual-serve ended the page, with a traceback in the server log, on the first message it could not read."""
    with web_server(tmp_path) as (server, port):

        async def visit() -> bytes:
            page = await Page.open(port, width=0, height=-5)  # 'unknown': 80x24, as over SSH
            await page.wait_for(rb"\x1b\[24;\d+H q Quit ")
            page._send(0x1, b"not json")
            for envelope in ([], {}, ["stdin", 5], ["resize", [1, 2]], ["resize", {"width": True, "height": 2}]):
                page._send(0x1, json.dumps(envelope).encode())
            page.send("resize", {"width": 100, "height": 30})  # still listening
            found = await page.wait_for(rb"\x1b\[30;\d+H q Quit ")
            page.abort()
            return found

        assert asyncio.run(visit())
        assert asyncio.run(wait_for_games(server, 0)) == []


# ----- the checks and the ending of a game, in process --------------------------------------------------------------
def test_request_check_rules() -> None:
    from mythtable.serve.web import RequestCheck, parse_origin

    loopback = RequestCheck("127.0.0.1", 8000)
    assert loopback.refusal("127.0.0.1:8000", None) is None
    assert loopback.refusal("[::1]:8000", "http://localhost:8000") is None
    assert loopback.refusal("localhost:8000", "http://127.0.0.1:8000") is None
    assert loopback.refusal("127.0.0.1:8001", None)  # another port is another site
    assert loopback.refusal("127.0.0.1", None)  # port 80 or 443
    assert loopback.refusal("user@127.0.0.1:8000", None)
    assert loopback.refusal("", None) and loopback.refusal(None, None)
    assert loopback.refusal("127.0.0.1:8000", "null")
    assert loopback.refusal("127.0.0.1:8000", "http://127.0.0.1.evil.example:8000")

    everywhere = RequestCheck("0.0.0.0", 8000)
    assert everywhere.refusal("192.168.1.5:8000", "http://192.168.1.5:8000") is None
    assert everywhere.refusal("192.168.1.5:8000", "http://192.168.1.6:8000")  # a page on another machine
    assert everywhere.refusal("games.example.org:8000", None)  # a name could be rebound

    proxied = RequestCheck("127.0.0.1", 8000, "https://play.example.org/", [parse_origin("https://b.example.org")])
    assert proxied.refusal("play.example.org", "https://play.example.org") is None
    assert proxied.refusal("127.0.0.1:8000", "https://b.example.org") is None
    assert proxied.refusal("127.0.0.1:8000", "https://c.example.org")
    for bad in ("b.example.org", "ftp://b.example.org", "https://b.example.org/path", "https://u@b.example.org"):
        with pytest.raises(ValueError):
            parse_origin(bad)


async def test_a_game_that_ignores_quit_and_sigterm_is_killed_with_its_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort: a game (and whatever it started) deaf to 'quit' and SIGTERM gets SIGKILL."""
    from textual_serve.download_manager import DownloadManager

    from mythtable.serve import web

    monkeypatch.setattr(web, "GRACE_SECONDS", 0.5)
    pids = tmp_path / "pids"
    script = (
        "import os, signal, subprocess, sys, time\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
        "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)'])\n"
        f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n"
        "sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush()\n"
        "time.sleep(120)\n"
    )

    async def nothing(*args: object) -> None:
        return None

    game = web._app_service_class()(
        [sys.executable, "-c", script],
        tmp_path,
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )
    await game.start(80, 24)
    deadline = time.monotonic() + 20
    while not (pids.exists() and len(pids.read_text().split()) == 2):
        assert time.monotonic() < deadline, "the stand-in game did not start"
        await asyncio.sleep(0.05)
    leader, child = (int(pid) for pid in pids.read_text().split())
    await asyncio.wait_for(game.stop(), 20)
    assert game._process.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 10
    while pid_alive(child) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not pid_alive(leader) and not pid_alive(child)


def test_a_killed_server_takes_its_games_with_it(tmp_path: Path) -> None:
    """Issue 29 item 6: after `kill -9` of `serve web` a page's game ran on, holding its save's lock (its pipes were
    gone, but a game waiting for keys never noticed). Now the kernel ends each game with its server (serve/boot.py:
    the parent-death signal), and the save it had open can be opened again at once."""
    from mythtable.savelock import SaveLocked, acquire, release
    from tests.engine.locking import saved_game

    web = tmp_path / "data" / "web"
    save = saved_game(web, 2, "mythicarium")
    with web_server(tmp_path) as (server, port):

        async def visit() -> int:
            page = await Page.open(port)
            await page.wait_for(TITLE)
            (game,) = games_of(server)
            page.send("stdin", "c")
            await page.wait_for(b"Continue a game")
            page.send("stdin", "\r")  # resume the save: the game holds its lock once its curtain is up
            await page.wait_for(b"Pass the keyboard", timeout=60)
            with pytest.raises(SaveLocked):
                acquire(save)
            server.kill()
            server.wait(10)
            page.abort()
            return game

        game = asyncio.run(asyncio.wait_for(visit(), 120))
        deadline = time.monotonic() + 30  # a bounded poll: ends as soon as the game is gone
        while pid_alive(game) and time.monotonic() < deadline:
            time.sleep(0.05)
        survived = pid_alive(game)
        if survived:
            os.kill(game, signal.SIGKILL)  # not left behind by a failing test
        assert not survived, "a game outlived its killed server"
        acquire(save)  # free again
        release(save)


def test_a_request_without_host_is_one_line_in_the_log(tmp_path: Path) -> None:
    """Issue 29 item 8: aiohttp logged a hundred-line traceback for each request without a Host header. Now it is
    one line, and a client sending fifty of them gets a handful of lines (limits.LogFilter)."""

    async def without_host() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        try:
            return await asyncio.wait_for(reader.read(200), 20)
        finally:
            writer.close()

    with web_server(tmp_path) as (server, port):
        answers = [asyncio.run(without_host()) for _ in range(50)]
        assert all(answer.startswith(b"HTTP/1.") and b" 400 " in answer for answer in answers)
        assert server.poll() is None
    log = (tmp_path / "web.log").read_text(errors="replace")
    assert "Traceback" not in log and "Error handling request" not in log
    lines = [line for line in log.splitlines() if "bad request from 127.0.0.1" in line]
    assert 1 <= len(lines) <= 3 and "Missing 'Host' header" in lines[0], log[-3000:]
