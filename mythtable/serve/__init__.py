"""`mythtable serve ssh|web`: offer the game to others over SSH or in a web browser.

This module is imported on every start of the `mythtable` command (for its argparse entries),
so it imports nothing heavy: asyncssh and textual-serve are imported only when a server starts.

The package, one job a module (the servers never import the UI: a game is a separate process):

    ssh.py          the SSH server: Hub (settings, live sessions, per-address counters, the log filter) and
                    Gatekeeper (one per connection: admission, authentication, which channels may open)
    ssh_game.py     GameSession: one SSH session channel is one player's game in its own pty
    ssh_common.py   what those two share: settings, limits, log()
    authkeys.py     --authorized-keys read line by line, with the OpenSSH options it honours
    pty_process.py  a game process in a pseudo-terminal, its clean environment, input held back when unread
    boot.py         how a game starts: it dies with its server; for SSH its pty is its controlling terminal
    ssh_tables.py   the table commands over SSH: open, tables, join, watch (the shared tables: mythtable/tables)
    watch_fanout.py one renderer process for every watched table (tui/watch_render.py), its lines fanned out
    web.py          serve web: textual-serve with Host and Origin checks, a cap, clamped sizes, ended games
    web_tables.py   serve web reaches the SSH server's table host, or starts its own
    limits.py       durations, sliding windows, the waiting room, the log filter (no I/O)
    hostkey.py, net.py, quiet.py, libraries.py: the host key, listen errors, library warnings, asyncssh

A game started by a server belongs to a remote player: MYTHTABLE_REMOTE (paths.remote_session) makes every
screen that would take a path offer something to take away instead, MYTHTABLE_CONFIG_DIR keeps their settings
in their folder, and --data-dir is that folder (a key's, a password session's, or the web players' shared one).
Every buffer between a client and its game is bounded, both ways: output is held back while the client is
behind (ssh_game.py), input pauses the client above pty_process.INPUT_HIGH, and the game reads keys no faster
than it handles them (tui/input_gate.py). One session channel still owns one game process; a shared table
(issue 32) lives in the server's TableHost (mythtable/tables), and each seat's process talks to it over a
Unix socket with a one-time ticket from its environment; watchers share one renderer per table.
"""

from __future__ import annotations

import argparse
from typing import Any

from mythtable.serve.limits import parse_duration

DEFAULT_SSH_PORT = 2222
DEFAULT_WEB_PORT = 8000
PASSWORD_ENV = "MYTHTABLE_SSH_PASSWORD"

__all__ = ["add_serve_parser", "run_serve"]


def _duration(text: str) -> float:
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _origin(text: str) -> tuple[str, int]:
    from mythtable.serve.web import parse_origin

    try:
        return parse_origin(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535, not {value}")
    return value


def add_serve_parser(sub: Any) -> None:
    """Add `serve ssh` and `serve web` to the `mythtable` subcommands (an argparse subparsers object)."""
    from pathlib import Path

    serve = sub.add_parser(
        "serve",
        help="offer mythtable to others over SSH or in a web browser",
        description="Offer mythtable over SSH (each connection plays in its own process) or in a browser.",
    )
    kinds = serve.add_subparsers(dest="serve_command", metavar="KIND", required=True)

    ssh = kinds.add_parser(
        "ssh",
        help="an SSH server: `ssh -p 2222 player@host` lands in the title screen",
        description=(
            "An SSH server that offers only the game: each connection gets its own mythtable process in its "
            "own pseudo-terminal. By default only keys from --authorized-keys, or the password in "
            f"${PASSWORD_ENV}, may log in; --open lets anyone in."
        ),
    )
    ssh.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    ssh.add_argument("--port", type=_port, default=DEFAULT_SSH_PORT, help=f"default: {DEFAULT_SSH_PORT}")
    ssh.add_argument(
        "--host-key",
        type=Path,
        default=None,
        metavar="PATH",
        help="the server's private host key; created there if missing "
        "(default: ssh_host_ed25519_key in the user config folder)",
    )
    ssh.add_argument(
        "--authorized-keys",
        type=Path,
        default=None,
        metavar="FILE",
        help="public keys (OpenSSH authorized_keys format) that may log in",
    )
    ssh.add_argument(
        "--password-env",
        default=PASSWORD_ENV,
        metavar="NAME",
        help=f"environment variable holding a shared password (default: {PASSWORD_ENV}; unset = no passwords)",
    )
    ssh.add_argument(
        "--open", action="store_true", help="let ANYONE who reaches the port play, without a key or password"
    )
    ssh.add_argument("--max-sessions", type=_positive, default=20, help="concurrent games (default: 20)")
    ssh.add_argument(
        "--idle-timeout",
        type=_duration,
        default=parse_duration("15m"),
        metavar="TIME",
        help="end a session after this long without a key press, e.g. 90s, 15m (default: 15m; 0 = never)",
    )
    ssh.add_argument(
        "--session-limit",
        type=_duration,
        default=parse_duration("3h"),
        metavar="TIME",
        help="longest a connection may play, all its games together (default: 3h; 0 = no limit)",
    )
    ssh.add_argument(
        "--rate-limit",
        type=_positive,
        default=10,
        metavar="N",
        help="new connections allowed per client address per minute, and connections without a game from one "
        "address at once (default: 10)",
    )
    ssh.add_argument(
        "--login-attempts",
        type=_positive,
        default=6,
        metavar="N",
        help="failed logins allowed per client address in 10 minutes before it is turned away (default: 6)",
    )
    ssh.add_argument(
        "--seat-grace",
        type=_duration,
        default=parse_duration("10m"),
        metavar="TIME",
        help="how long a shared table holds the seat of a player who dropped (default: 10m)",
    )
    ssh.add_argument("--max-tables", type=_positive, default=50, help="shared tables open at once (default: 50)")
    ssh.add_argument("--max-watchers", type=_positive, default=200, help="watchers of one table (default: 200)")
    ssh.add_argument(
        "--color-system",
        choices=["auto", "truecolor", "256", "standard"],
        default="auto",
        help="colors for the players' terminals; auto uses the client's TERM and COLORTERM (default: auto)",
    )

    web = kinds.add_parser(
        "web",
        help="serve the game to web browsers (textual-serve)",
        description="Serve mythtable to web browsers with textual-serve: each page runs its own mythtable process. "
        "There is no login: keep it on 127.0.0.1 or behind something that authenticates.",
    )
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    web.add_argument("--port", type=_port, default=DEFAULT_WEB_PORT, help=f"default: {DEFAULT_WEB_PORT}")
    web.add_argument("--public-url", default=None, help="the URL browsers use, if behind a proxy")
    web.add_argument(
        "--allow-origin",
        action="append",
        type=_origin,
        default=[],
        metavar="ORIGIN",
        help="also accept pages and Host headers from this origin, e.g. https://games.example.org behind a proxy "
        "(repeatable; the served address, with localhost and 127.0.0.1 alike, is always accepted)",
    )
    web.add_argument("--max-sessions", type=_positive, default=20, help="concurrent games (default: 20)")


def run_serve(args: argparse.Namespace) -> int:
    """Run the server chosen by `args.serve_command` until interrupted; return the exit code."""
    if args.serve_command == "ssh":
        from mythtable.serve.ssh import run_ssh

        return run_ssh(args)
    from mythtable.serve.web import run_web

    return run_web(args)
