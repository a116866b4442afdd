"""`mythtable serve web`: the game in a web browser, through textual-serve.

textual-serve runs one game process per open page and relays its screen over a websocket. Out of the box it
trusts every request; this module subclasses its `Server` and `AppService` (no fork) so that:

- a request whose Host, or whose Origin if it has one, is not the served address (or an `--allow-origin`) gets
  403 and starts nothing: a web page the local user visits cannot play the shared saves, even by DNS rebinding;
- at most `--max-sessions` games run at once; one more page is told the server is full and starts nothing;
- terminal sizes from the page are clamped like the SSH server's (at most 1000x500; 0 or less means 80x24), and
  malformed messages are ignored instead of ending the page with a traceback in the server log;
- a page's game runs in its own session and process group (no shell in between) and ends with its socket:
  asked to quit, then SIGTERM, then SIGKILL to the whole group, each after `GRACE_SECONDS`; and it dies with the
  server however the server dies (boot.py: the parent-death signal);
- a game runs with a clean environment, as over SSH, marked as a remote player's (MYTHTABLE_REMOTE=web: Export
  downloads the record, no screen asks for a path) with its settings in the web folder;
- a request aiohttp cannot parse (no Host header) is one line in the log, not a traceback, and lines repeated for
  one address are held back after a few.

Why games used to outlive their pages: when the socket closed, textual-serve's output reader hit the closed socket
and stopped reading the game's stdout. The game then blocked in `os.write` on a full pipe, on its event loop's
thread, so its SIGTERM handler (an asyncio handler that would run on that loop) never ran, and nobody ever waited
for the process. Here the reader keeps draining (and dropping) the output until the game has exited.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mythtable.engine.errors import MythtableError
from mythtable.serve.boot import game_argv
from mythtable.serve.limits import LogFilter
from mythtable.serve.net import listen_error
from mythtable.serve.pty_process import child_environment, clamp_size, remote_environment
from mythtable.serve.quiet import quiet_library_deprecations

LOOPBACK = ("127.0.0.1", "::1", "localhost")
WILDCARD = ("0.0.0.0", "::", "")
SHUTDOWN_SECONDS = 2.0
GRACE_SECONDS = 2.0  # for each step of ending a game: quit, SIGTERM, SIGKILL
FULL_MESSAGE = "mythtable: the server is full ({n} games are open). Try again later."
TEXTUAL_SERVE_ENV = ("TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLUMNS", "ROWS")
"""What textual-serve sets for its games besides TEXTUAL_* (kept in their clean environment)."""

log = logging.getLogger("mythtable.serve.web")


def web_argv(data_dir: Path) -> list[str]:
    """The command each browser page runs, started without a shell: `python -m mythtable --data-dir DIR`,
    dying with the server (boot.py)."""
    return game_argv(data_dir, controlling_tty=False)


def _whole(*values: object) -> bool:
    return all(isinstance(value, int) and not isinstance(value, bool) for value in values)


# ----- who may ask -------------------------------------------------------------------------------------------
Address = tuple[str, int]


def _address(scheme: str, netloc: str) -> Address | None:
    """(host, port) of a URL's network location, lower case and without IPv6 brackets; None if malformed."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname
    if not host or parts.username is not None or parts.password is not None:
        return None
    return host, port if port is not None else (443 if scheme == "https" else 80)


def parse_origin(text: str) -> Address:
    """An `--allow-origin` value, `http[s]://host[:port]`, as (host, port); ValueError if it is not one."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"expected an origin like https://games.example.org or http://host:8000, not {text!r}")
    address = _address(parts.scheme, parts.netloc)
    if address is None:
        raise ValueError(f"expected an origin like https://games.example.org or http://host:8000, not {text!r}")
    return address


def _host_header(text: str) -> list[Address]:
    """What a Host header may mean: host and port, or without a port the default one of the scheme the browser
    used, which a proxy in front of us (https) may hide."""
    address = _address("http", text)
    if address is None:
        return []
    if urlsplit(f"//{text}").port is not None:
        return [address]
    return [(address[0], 80), (address[0], 443)]


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class RequestCheck:
    """Which Host and Origin headers a request may carry.

    Host must name the served address (the loopback names stand for each other), the public URL or an allowed
    origin; when listening on every address, any IP address with the served port will do too, since only a
    host *name* can be rebound to 127.0.0.1. Origin, which browsers send with every websocket, must be one of
    those addresses or the request's own Host (a same-origin page); non-browser clients send none.
    """

    def __init__(self, host: str, port: int, public_url: str | None = None, allow: Iterable[Address] = ()) -> None:
        self.port = port
        self.any_ip = host in WILDCARD
        host = host.strip("[]").lower()
        names = {host}
        if host in LOOPBACK or self.any_ip:
            names.update(LOOPBACK)
        self.allowed: set[Address] = {(name, port) for name in names}
        if public_url:
            public = urlsplit(public_url)
            address = _address(public.scheme or "http", public.netloc)
            if address is not None:
                self.allowed.add(address)
        self.allowed.update(allow)

    def refusal(self, host_header: str | None, origin_header: str | None) -> str | None:
        """Why a request is refused, or None if it may go on."""
        hosts = _host_header(host_header or "")
        by_ip = self.any_ip and any(_is_ip(name) and port == self.port for name, port in hosts)
        if not (by_ip or any(host in self.allowed for host in hosts)):
            return "mythtable: this server does not answer to that host name."
        if origin_header is None:
            return None
        parts = urlsplit(origin_header)
        origin = _address(parts.scheme, parts.netloc) if parts.scheme in ("http", "https") else None
        if origin is None or not (origin in self.allowed or origin in hosts):
            return "mythtable: pages from other sites may not open games here."
        return None


# ----- one page's game ---------------------------------------------------------------------------------------
def _app_service_class() -> type[Any]:
    quiet_library_deprecations()
    from textual_serve.app_service import AppService

    class GameService(AppService):  # type: ignore[misc]
        """One page's game process, in its own process group, ended with the page."""

        def __init__(
            self,
            argv: list[str],
            folder: Path,
            tables: Path | None = None,
            address: str = "?",
            **kwargs: Any,
        ) -> None:
            super().__init__(" ".join(argv), **kwargs)
            self.argv = argv
            self.folder = folder
            self.tables, self.address = tables, address
            """The table host's folder (the SSH server's, or this server's own) and the page's address."""
            self.lobby: dict[str, str] = {}

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            """A clean environment, as over SSH (textual-serve hands on the server's whole environment): what
            Textual's web driver needs, and what makes the game a remote player's (no path taken from them;
            settings in the web folder, not in the server account's)."""
            served = super()._build_environment(width=width, height=height)
            env = child_environment("xterm-256color", None, remote_environment("web", self.folder))
            env.update({k: v for k, v in served.items() if k.startswith("TEXTUAL") or k in TEXTUAL_SERVE_ENV})
            env.update(self.lobby)
            return env

        async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
            if self.tables is not None:  # the title screen's tables: a lobby ticket for this page's game
                from mythtable.serve.web_tables import lobby_environment

                self.lobby = await lobby_environment(self.tables, self.address)
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._build_environment(width=width, height=height),
                start_new_session=True,
            )
            self._stdin = process.stdin
            return process

        async def start(self, width: int, height: int) -> None:
            await super().start(*clamp_size(width, height))

        async def set_terminal_size(self, width: int, height: int) -> None:
            await super().set_terminal_size(*clamp_size(width, height))

        def signal_group(self, signum: int) -> None:
            """Signal the game's process group (its pid is the group id: it leads its own session)."""
            if self._process is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self._process.pid, signum)

        async def stop(self) -> None:
            """Ask the game to quit, then SIGTERM, then SIGKILL its group, `GRACE_SECONDS` apart; then end the
            reader. If this is cancelled (the server stopping), the group is killed at once."""
            process = self._process
            if process is None:
                return
            try:
                if self._task is not None:
                    await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(self.send_meta({"type": "quit"}), GRACE_SECONDS)
                for signum in (signal.SIGTERM, signal.SIGKILL):
                    if process.returncode is None:
                        with contextlib.suppress(asyncio.TimeoutError):
                            await asyncio.wait_for(process.wait(), GRACE_SECONDS)
                    if process.returncode is None:
                        self.signal_group(signum)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), GRACE_SECONDS)
            finally:
                self.signal_group(signal.SIGKILL)  # anything the game started in its group, or a cancelled stop
                if self._stdin is not None:
                    self._stdin.close()
                if self._task is not None:
                    # The group is gone, so stdout ends and the reader with it; do not wait on it forever.
                    with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                        await asyncio.wait_for(self._task, GRACE_SECONDS)
                    self._task = None

    return GameService


class RequestErrorsInOneLine(logging.Filter):
    """aiohttp logs a request it cannot parse (one without a Host header, say) with a traceback of a hundred lines
    (issue 29): here it is one line, "bad request from ADDRESS: why", and repeated ones from an address are held
    back after a few (limits.LogFilter). Any other error keeps its traceback."""

    def __init__(self, repeats: LogFilter) -> None:
        super().__init__()
        self.repeats = repeats

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        remote = str(record.args[0]) if isinstance(record.args, tuple) and record.args else "?"
        reason = " ".join(str(getattr(error, "message", "") or type(error).__name__).split())[:200]
        lines = self.repeats.lines(remote, remote, f"bad request from {remote}: {reason}")
        if not lines:
            return False
        record.msg, record.args = "; ".join(lines), ()
        record.exc_info, record.exc_text, record.levelno, record.levelname = None, None, logging.WARNING, "WARNING"
        return True


async def _forgiving(send: Any, data: Any) -> None:
    """Send to the page, dropping the data if the page has gone: the reader must keep draining the game's
    output, or the game blocks writing to its pipe and cannot even be asked to quit."""
    with contextlib.suppress(ConnectionError):
        await send(data)


# ----- the server --------------------------------------------------------------------------------------------
def _server_class() -> type[Any]:
    quiet_library_deprecations()
    from aiohttp import WSCloseCode, WSMsgType, web
    from textual_serve.server import Server, to_int

    game_service = _app_service_class()

    class GameServer(Server):  # type: ignore[misc]
        """textual-serve's server with the checks above; Ctrl+C / SIGTERM end open games within seconds
        (textual-serve waits up to aiohttp's default 60 s for open pages before it stops their games)."""

        def __init__(
            self,
            folder: Path,
            *,
            max_sessions: int,
            allow_origins: Iterable[Address] = (),
            **kwargs: Any,
        ) -> None:
            super().__init__(f"python -m mythtable --data-dir {folder}", **kwargs)  # shown in its banner
            self.folder = folder
            self.argv = web_argv(folder)
            self.max_sessions = max_sessions
            self.check = RequestCheck(self.host, self.port, kwargs.get("public_url"), allow_origins)
            self.games: set[Any] = set()  # from before a game starts until its process is reaped
            self.log_filter = LogFilter()  # lines repeated for one address are held back after a few

        def full(self) -> bool:
            return len(self.games) >= self.max_sessions

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()

            @web.middleware
            async def check_request(request: web.Request, handler: Any) -> web.StreamResponse:
                reason = self.check.refusal(request.headers.get("Host"), request.headers.get("Origin"))
                if reason is not None:
                    remote = request.remote or "?"
                    said = f"refused {request.method} from {remote}: {reason}"
                    for line in self.log_filter.lines(remote, remote, said):
                        log.warning("%s", line)
                    raise web.HTTPForbidden(text=reason)
                return await handler(request)

            app.middlewares.append(check_request)
            app.on_startup.append(self._start_tables)
            app.on_cleanup.append(self._stop_tables)
            return app

        async def _start_tables(self, app: web.Application) -> None:
            from mythtable.serve.web_tables import reach_tables

            self.tables_folder, self.own_tables = await reach_tables(self.folder.parent)

        async def _stop_tables(self, app: web.Application) -> None:
            if getattr(self, "own_tables", None) is not None:
                await self.own_tables.stop()

        async def handle_index(self, request: web.Request) -> Any:
            if self.full():
                return web.Response(status=503, text=FULL_MESSAGE.format(n=len(self.games)))
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            websocket = web.WebSocketResponse(heartbeat=15)
            await websocket.prepare(request)  # a request that is no websocket handshake ends here with a 400
            if self.full():
                await _forgiving(websocket.send_bytes, ("\r\n" + FULL_MESSAGE.format(n=len(self.games))).encode())
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"server full")
                return websocket
            game = game_service(
                self.argv,
                self.folder,
                tables=getattr(self, "tables_folder", None),
                address=request.remote or "?",
                write_bytes=lambda data: _forgiving(websocket.send_bytes, data),
                write_str=lambda data: _forgiving(websocket.send_str, data),
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.games.add(game)
            try:
                width = to_int(request.query.get("width", "80"), 80)
                height = to_int(request.query.get("height", "24"), 24)
                await game.start(width, height)
                await self._process_messages(websocket, game)
            except (asyncio.CancelledError, ConnectionError):
                pass
            finally:
                try:
                    await game.stop()
                finally:
                    self.games.discard(game)
                    with contextlib.suppress(ConnectionError):
                        await websocket.close()
            return websocket

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
            """textual-serve's message loop, but anything malformed is skipped and sizes are clamped."""
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except ValueError:
                    continue
                if not isinstance(envelope, list) or not envelope:
                    continue
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    await app_service.send_bytes(data.encode("utf-8", "replace"))
                elif kind == "resize" and isinstance(data, dict) and _whole(data.get("width"), data.get("height")):
                    await app_service.set_terminal_size(data["width"], data["height"])  # clamped there
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await app_service.blur()
                elif kind == "focus":
                    await app_service.focus()

        def serve(self, debug: bool = False) -> None:
            self.debug = debug
            self.initialize_logging()
            logging.getLogger("aiohttp.server").addFilter(RequestErrorsInOneLine(self.log_filter))
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, self.request_exit)
            try:
                web.run_app(
                    self._make_app(),
                    host=self.host,
                    port=self.port,
                    handle_signals=False,
                    loop=loop,
                    print=lambda *args: None,
                    shutdown_timeout=SHUTDOWN_SECONDS,
                )
            finally:
                for game in list(self.games):  # a page whose handler never got to stop its game
                    game.signal_group(signal.SIGKILL)

    return GameServer


def check_port(host: str, port: int) -> None:
    """Fail early, in one line, if the address cannot be listened on."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise MythtableError(f"cannot listen on {host}:{port}: {listen_error(exc)}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise MythtableError(f"cannot listen on {host}:{port}: {listen_error(exc)}") from None


def run_web(args: argparse.Namespace) -> int:
    from mythtable.saves import data_dir

    folder = data_dir(args.data_dir) / "web"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise MythtableError(f"cannot create the data folder {folder}: {exc.strerror}") from None
    check_port(args.host, args.port)
    if args.host not in LOOPBACK:
        print(
            f"mythtable: WARNING: the web server has no login; anyone who can reach {args.host}:{args.port} may play.",
            file=sys.stderr,
            flush=True,
        )
    server = _server_class()(
        folder,
        host=args.host,
        port=args.port,
        title="mythtable",
        public_url=args.public_url,
        max_sessions=args.max_sessions,
        allow_origins=args.allow_origin or (),
    )
    try:
        server.serve()
    except OSError as exc:
        raise MythtableError(f"cannot listen on {args.host}:{args.port}: {listen_error(exc)}") from None
    return 0
