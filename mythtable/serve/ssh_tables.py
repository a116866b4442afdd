"""The table commands of `serve ssh`: `open RULESET [setup]`, `tables`, `join CODE [TOKEN]`, `watch CODE`.

`tables` prints a plain list and needs no terminal; the others need one (`ssh -t`). Opening and joining give
the session a one-time ticket for its seat's game process (environment only, never its command line); joining
by code is rate-limited per connection and per address, since a code is all that guards a table.
"""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass, field
from typing import Any

from mythtable.engine.errors import MythtableError
from mythtable.engine.text import clean_name
from mythtable.serve.boot import module_argv
from mythtable.serve.watch_fanout import Fanout
from mythtable.tables.client import SOCKET_ENV, TICKET_ENV
from mythtable.tables.codes import CODE_ALPHABET, CODE_LENGTH, guesses_for_a_hit, normal_code
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import TableRefusal
from mythtable.tables.join_limits import JOINS_PER_ADDRESS, CodeTries
from mythtable.tables.lobby_client import LOBBY_ENV
from mythtable.tables.protocol import CLOCK_RANGE
from mythtable.tables.setup_check import SetupRefused, checked_setup

COMMANDS = ("open", "tables", "join", "watch")


@dataclass
class TableCommand:
    kind: str
    code: str | None = None
    token: str | None = None
    ruleset: str | None = None
    seed: int | None = None
    names: dict[int, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    clock: int | None = None
    """Seconds per decision (`--clock 90`); None: no clock."""

    @property
    def needs_terminal(self) -> bool:
        return self.kind != "tables"


class CommandError(MythtableError):
    """A table command that cannot be read, in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message)


def _open_parser() -> _Parser:
    from mythtable.engine.registry import available

    parser = _Parser(prog="open", add_help=False, exit_on_error=False)
    parser.add_argument("ruleset", choices=list(available()))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--p1")
    parser.add_argument("--p2")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--clock", type=int, default=None, metavar="SECONDS")
    return parser


def parse_command(command: str) -> TableCommand | None:
    """The table command in an SSH exec request; None when it is not one (the session says what is offered).

    Raises CommandError for a table command with wrong arguments."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if not words or words[0] not in COMMANDS:
        return None
    kind, rest = words[0], words[1:]
    if kind == "tables":
        if rest:
            raise CommandError("tables takes no arguments")
        return TableCommand("tables")
    if kind in ("join", "watch"):
        if not rest or len(rest) > (2 if kind == "join" else 1):
            raise CommandError(f"usage: {kind} CODE" + (" [SEAT-TOKEN]" if kind == "join" else ""))
        code = normal_code(rest[0])
        if code is None:
            raise CommandError(f"a table code is {CODE_LENGTH} characters of {CODE_ALPHABET}")
        token = rest[1][:64] if len(rest) > 1 else None
        return TableCommand(kind, code=code, token=token)
    try:
        args = _open_parser().parse_args(rest)
    except argparse.ArgumentError as exc:
        raise CommandError(str(exc)) from None
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise CommandError("--seed must be zero or positive, and below 2**63")
    options = {}
    for pair in args.option:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CommandError(f"--option wants KEY=VALUE, not {pair[:40]!r}")
        options[key.strip()] = value.strip()
    low, high = CLOCK_RANGE
    if args.clock is not None and not low <= args.clock <= high:
        raise CommandError(f"--clock is seconds per decision, from {low} to {high}")
    names = {seat: clean_name(typed) for seat, typed in enumerate((args.p1, args.p2)) if typed is not None}
    return TableCommand("open", ruleset=args.ruleset, seed=args.seed, names=names, options=options, clock=args.clock)


def guessing_note(open_tables: int) -> str:
    """How long a blind guess takes, for the README and the server's start-up lines."""
    tries = guesses_for_a_hit(open_tables)
    days = tries / JOINS_PER_ADDRESS / 60 / 24
    return (
        f"codes: {len(CODE_ALPHABET)}^{CODE_LENGTH} = {len(CODE_ALPHABET) ** CODE_LENGTH:,}; with {open_tables} "
        f"tables open a blind guess needs about {tries:,.0f} tries, {days:,.0f} days at {JOINS_PER_ADDRESS} a "
        "minute from one address"
    )


# ----- the session's side --------------------------------------------------------------------------


def identity_of(session: Any) -> str:
    """Who holds a seat: the key's id ("key:<id>"), else nobody known (a seat token will be made)."""
    key_id = session.gate.key_id()
    return f"key:{key_id}" if key_id else "anonymous"


def seat_environment(host: TableHost, tickets: list[str]) -> dict[str, str]:
    """The seat process's way to its table: the socket and its tickets (two for seats opened at one keyboard)."""
    return {SOCKET_ENV: str(host.socket_path), TICKET_ENV: ",".join(tickets)}


def lobby_environment(session: Any) -> dict[str, str]:
    """What lets a session's game reach the tables from its title screen: the host's socket and a lobby ticket
    held by this connection's player, counting wrong codes with this connection's commands."""
    host: TableHost = session.hub.tables
    ticket = host.lobby_ticket(identity_of(session), code_tries(session))
    return {SOCKET_ENV: str(host.socket_path), LOBBY_ENV: ticket}


def seat_argv() -> list[str]:
    """The game process of a seat at a shared table: the game screen over the seat's remote link."""
    return module_argv("mythtable.tui.table_app")


def code_tries(session: Any) -> CodeTries:
    """The wrong table codes of this SSH connection (its commands and its title screen's lobby count together)."""
    gate = session.gate
    tries = getattr(gate, "code_tries", None)
    if tries is None:
        tries = gate.code_tries = CodeTries(gate.address)
    return tries


def open_table(host: TableHost, asked: TableCommand, identity: str) -> str:
    """Open the table `asked` describes (as `mythtable play` would set it up); the opener's ticket."""
    assert asked.ruleset is not None
    try:
        seed, setup = checked_setup(asked.ruleset, asked.names, asked.options, asked.seed)
    except SetupRefused as exc:
        raise TableRefusal(str(exc)) from None
    _table, ticket = host.open_table(asked.ruleset, seed, setup, identity, clock=asked.clock)
    return ticket


async def table_session(session: Any, command: str) -> dict[str, str] | bool:
    """Run a table command for an SSH session: the environment of the seat process to start, True when the
    command was answered here (a list, a refusal, a watcher), False when `command` is no table command."""
    hub = session.hub
    try:
        asked = parse_command(command)
    except CommandError as exc:
        session._deny(str(exc))
        return True
    if asked is None or hub.tables is None:
        return False
    host: TableHost = hub.tables
    if asked.kind == "tables":
        lines = host.listing() or ["no tables are open"]
        session._say("\n".join(lines) + "\n")
        session._finish(0)
        return True
    if not session.has_pty:
        session._deny(f"{asked.kind} needs a terminal: ssh -t ... {asked.kind}")
        return True
    identity = identity_of(session)
    try:
        if asked.kind == "open":
            tickets = [open_table(host, asked, identity)]
        else:
            tries = code_tries(session)
            limited = host.limits.refusal(tries)
            if limited is not None:
                session.gate.log(f"refused a table code from {session.gate.address}: {limited}")
                raise TableRefusal(limited)
            assert asked.code is not None
            if asked.code not in host.tables:
                host.limits.wrong(tries)
            if asked.kind == "watch":
                await watch(session, host, asked.code)
                return True
            tickets = host.join_all(asked.code, identity, asked.token)
    except TableRefusal as exc:
        session._deny(str(exc))
        return True
    return seat_environment(host, tickets)


async def watch(session: Any, host: TableHost, code: str) -> None:
    """Make the session one more watcher of `code` (the server's renderer draws the table from its first watcher
    on, and its screens are fanned out)."""
    hub = session.hub
    table = host.tables.get(code)
    if table is None:
        raise TableRefusal(f"no open table has the code {code}")
    fanout = hub.fanouts.get(code)
    if fanout is None:
        ticket = host.watch(code, renderer=True)
        audience, gone = (lambda n: host.set_audience(code, n)), (lambda: hub.fanouts.pop(code, None))
        fanout = Fanout(code, audience, gone, hub.renderer)
        hub.fanouts[code] = fanout
        await fanout.start(host.socket_path, ticket)
    host.check_watcher_room(table)
    chan = session.chan
    if chan is None:
        return
    session.gate.playing = True  # a watcher is not a connection without a game
    hub.stop_waiting(session.gate)
    session.watching = (fanout, fanout.add(chan.write, session._backlog, session.stop_watching))
    session.gate.log(f"{session.gate.address} watches table {code}")
