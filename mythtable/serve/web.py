"""`mythtable serve web`: the game in a web browser, through textual-serve.

textual-serve runs `python -m mythtable` once per open page and relays the screen over a websocket.
There is no login, so it listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import argparse
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from mythtable.engine.errors import MythtableError
from mythtable.serve.net import listen_error

LOOPBACK = ("127.0.0.1", "::1", "localhost")
SHUTDOWN_SECONDS = 2.0


def web_command(data_dir: Path) -> str:
    """The shell command textual-serve runs for each browser page."""
    return shlex.join([sys.executable, "-m", "mythtable", "--data-dir", str(data_dir)])


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


def _server_class() -> type[Any]:
    import asyncio
    import signal

    from aiohttp import web
    from textual_serve.server import Server

    class QuickExitServer(Server):
        """textual-serve's server, but Ctrl+C / SIGTERM end open games within seconds.

        (textual-serve waits up to aiohttp's default 60 s for open pages before it stops their games.)
        """

        def serve(self, debug: bool = False) -> None:
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, self.request_exit)
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda *args: None,
                shutdown_timeout=SHUTDOWN_SECONDS,
            )

    return QuickExitServer


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
        web_command(folder), host=args.host, port=args.port, title="mythtable", public_url=args.public_url
    )
    try:
        server.serve()
    except OSError as exc:
        raise MythtableError(f"cannot listen on {args.host}:{args.port}: {listen_error(exc)}") from None
    return 0
