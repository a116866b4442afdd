"""The table host: every shared table of a server, and the Unix socket the seats' game processes talk through.

It lives in the server's process (`serve ssh`, or `serve web` when no SSH server runs). The server opens and
joins tables here (`open_table`, `join`, `watch`), getting back a one-time ticket that it hands to the seat's
game process in its environment; the process connects to `socket_path` and says hello with it. From then on
every message is checked against that connection (its table, its seat or watcher role), refused with a reason
and logged once per kind when wrong. The socket lives in a 0700 folder of the server's data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import os
import secrets
import time
from pathlib import Path

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record import record_json, write_atomic
from mythtable.engine.text import clean_name
from mythtable.saves import new_save_name
from mythtable.tables.codes import (
    new_code,
    new_token,
    token_digest,
    token_matches,
)
from mythtable.tables.host_types import Connection, HostSettings, TableRefusal, Ticket
from mythtable.tables.join_limits import CodeTries, JoinLimits
from mythtable.tables.lobby_desk import answer_lobby, listing, open_for, table_infos
from mythtable.tables.log_delta import SentLog
from mythtable.tables.protocol import (
    MAX_CLIENT_LINE,
    Absent,
    Answer,
    AutoPass,
    Chat,
    Choose,
    Closed,
    Control,
    ControlReply,
    Frame,
    Hello,
    Inspect,
    Leave,
    Lobby,
    LobbyReply,
    Refused,
    TableInfo,
    TakeBack,
    Watchers,
    encode,
    parse_client_line,
)
from mythtable.tables.saver import Saver
from mythtable.tables.table import Table

SOCKET_NAME = "host.sock"
CONTROL_KEY_NAME = "control.key"
TICKET_LIFE = 60.0
"""Seconds a ticket waits for its game process to say hello."""
HELLO_WAIT = 15.0
SEND_BACKLOG_LIMIT = 8 * 1024 * 1024
"""A connection with this much unsent output does not read its frames: it is let go."""


class TableHost:
    def __init__(self, settings: HostSettings) -> None:
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.tickets: dict[str, Ticket] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.server: asyncio.AbstractServer | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.saver = Saver()
        self.limits = JoinLimits()
        """Wrong table codes per connection and per address: the SSH commands' and the lobbies' alike."""
        self.lobbies: set[Connection] = set()

    @property
    def folder(self) -> Path:
        return self.settings.folder

    @property
    def socket_path(self) -> Path:
        return self.folder / SOCKET_NAME

    # ----- life -------------------------------------------------------------------------------------
    async def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.folder, 0o700)
        (self.folder / "tables").mkdir(exist_ok=True, mode=0o700)
        self.socket_path.unlink(missing_ok=True)
        self.control_key = new_token() + new_token()
        key_path = self.folder / CONTROL_KEY_NAME
        key_path.unlink(missing_ok=True)
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(self.control_key)
        self.restore()
        self.server = await asyncio.start_unix_server(
            self._serve, path=str(self.socket_path), limit=MAX_CLIENT_LINE + 2
        )
        os.chmod(self.socket_path, 0o600)
        self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.server is not None:
            self.server.close()
        for conns in [*self.conns.values(), self.lobbies]:
            for conn in list(conns):
                self._close(conn, "the server is shutting down")
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=2.0)
        await self.saver.flush()
        for table in self.tables.values():
            table.writer = write_atomic
            table.save()  # kept: the tables come back when the server starts again
        self.socket_path.unlink(missing_ok=True)
        (self.folder / CONTROL_KEY_NAME).unlink(missing_ok=True)

    def restore(self) -> None:
        """Bring back the open tables of a server that stopped, from their autosaves."""
        for path in sorted((self.folder / "tables").glob("*.json")):
            try:
                table = Table.from_data(json.loads(path.read_text(encoding="utf-8")), path)
            except Exception as exc:
                self.settings.log(f"tables: could not bring back {path.name}: {str(exc)[:200]}")
                continue
            if table.over:  # it ended while the server was down: the players' copies, then gone
                self._finish(table)
                path.unlink(missing_ok=True)
                continue
            table.writer = self.saver
            self.tables[table.code] = table
            self.settings.log(f"tables: table {table.code} is back ({table.game.ruleset.id})")

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.tick(time.monotonic())

    def tick(self, now: float) -> None:
        """Forget stale tickets; close tables nobody came back to; refresh the countdown of an away seat."""
        for key, ticket in list(self.tickets.items()):
            if ticket.expires < now:
                del self.tickets[key]
        for table in list(self.tables.values()):
            if table.run_clock(now):  # a decision's clock started, or ran out (the computer moved for it)
                self._run_computer(table)
                if table.over:
                    self._finish(table)
                self.broadcast(table)
            away = [s for s in (0, 1) if table.holders[s] is not None and not table.connected[s]]
            if table.anyone_here() or not away:
                if any(s not in table.computer for s in away) and not table.over:  # a countdown to refresh
                    self.broadcast(table)
                continue
            since = max(t for t in table.away_since if t is not None) if any(table.away_since) else now
            if now - since >= self.settings.grace:
                self.close_table(table, "nobody came back")

    # ----- what the server asks ---------------------------------------------------------------------
    def open_table(
        self,
        ruleset_id: str,
        seed: int,
        setup: Setup,
        identity: str,
        watchable: bool = True,
        clock: float | None = None,
        seat: int = 0,
    ) -> tuple[Table, str]:
        """A new table whose seat `seat` (1 unless told) is `identity`'s; returns it and the ticket for the
        opener's process. With `clock`, each decision may take that many seconds (then the computer makes that
        one move)."""
        if len(self.tables) >= self.settings.max_tables:
            raise TableRefusal(f"the server is full: {self.settings.max_tables} tables are open; try again later")
        game = Game.new(ruleset_id, seed, setup)
        code = new_code(set(self.tables))
        path = self.folder / "tables" / f"{code}.json"
        table = Table(code=code, game=game, watchable=watchable, path=path, writer=self.saver, clock=clock, opener=seat)
        self.tables[code] = table
        ticket = self._seat_ticket(table, seat, identity)
        table.save()
        timed = f", {clock:g} s a decision" if clock else ""
        self.settings.log(f"tables: {code} opened ({ruleset_id}, seed {seed}{timed})")
        return table, ticket

    def join(self, code: str, identity: str, token: str | None = None) -> str:
        """A ticket for a seat of table `code`: the one `identity` (or `token`) holds, else a free one."""
        table = self.tables.get(code)
        if table is None:
            raise TableRefusal(f"no open table has the code {code}")
        if table.over:
            raise TableRefusal(f"table {code} has ended")
        seat = table.seat_of(identity)
        if seat is None and token:
            held = [(s, h) for s, h in enumerate(table.holders) if h and h.startswith("token:")]
            seat = next((s for s, h in held if token_matches(token, h[6:])), None)
            if seat is not None:
                identity = table.holders[seat] or identity
        if seat is None:
            seat = table.free_seat()
            if seat is None:
                raise TableRefusal(f"table {code} is full: both seats are taken (watch it with: watch {code})")
        return self._seat_ticket(table, seat, identity)

    def join_all(self, code: str, identity: str, token: str | None = None) -> list[str]:
        """As `join`, and a ticket for every other seat of the table the same player holds: two seats opened at
        one keyboard come back together (the first the one `join` gives)."""
        first = self.join(code, identity, token)
        ticket = self.tickets[first]
        table = self.tables[code]
        others = [s for s, h in enumerate(table.holders) if s != ticket.seat and h == ticket.identity]
        return [first, *(self._seat_ticket(table, seat, ticket.identity) for seat in others)]

    def _seat_ticket(self, table: Table, seat: int, identity: str) -> str:
        token = None
        if table.holders[seat] is None:
            if not identity.startswith("key:"):  # no key to know them by: a seat token gets the seat back
                token = new_token()
                identity = f"token:{token_digest(token)}"
            table.holders[seat] = identity
            table.save()
        return self._ticket(Ticket(table.code, seat, identity, time.monotonic() + TICKET_LIFE, token))

    def watch(self, code: str, renderer: bool = False) -> str:
        """A watcher's ticket (or, with `renderer`, one for a server's renderer shared by many watchers)."""
        table = self.tables.get(code)
        if table is None:
            raise TableRefusal(f"no open table has the code {code}")
        if not table.watchable:
            raise TableRefusal(f"table {code} is closed to watchers")
        if not renderer:
            self.check_watcher_room(table)
        return self._ticket(Ticket(code, None, "watcher", time.monotonic() + TICKET_LIFE, renderer=renderer))

    def check_watcher_room(self, table: Table) -> None:
        if table.watchers + table.audience >= self.settings.max_watchers:
            raise TableRefusal(f"table {table.code} is full: {self.settings.max_watchers} are watching already")

    def set_audience(self, code: str, count: int) -> None:
        """How many watch a table through a server's shared renderer (players see "N watching")."""
        table = self.tables.get(code)
        if table is not None and table.audience != count:
            table.audience = count
            table.version += 1
            self.broadcast(table)

    def lobby_ticket(self, identity: str, tries: CodeTries) -> str:
        """A ticket for a title screen's lobby connection (`lobby`): its player, and the connection's count of
        wrong table codes (join-by-code is limited as for the SSH commands)."""
        return self._ticket(Ticket("", None, identity, time.monotonic() + TICKET_LIFE, lobby=True, tries=tries))

    def _ticket(self, ticket: Ticket) -> str:
        key = new_token()
        self.tickets[key] = ticket
        return key

    def listing(self, watchable_only: bool = False) -> list[str]:
        """One line a table for `ssh host tables`: code, ruleset, players, what it waits for."""
        return listing(self.tables, watchable_only)

    def table_infos(self) -> list[TableInfo]:
        """The open tables, for a title screen's lists ("Join a table", "Watch a table")."""
        return table_infos(self.tables)

    # ----- a title screen's lobby -------------------------------------------------------------------
    def lobby(self, conn: Connection, asked: Lobby) -> LobbyReply:
        """What a lobby connection asked for (lobby_desk.py)."""
        return answer_lobby(self, conn, asked)

    def open_for(self, identity: str, asked: Lobby) -> tuple[Table, list[str]]:
        """A table opened from a title screen (lobby_desk.py)."""
        return open_for(self, identity, asked)

    # ----- connections ------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        conn = Connection(writer)
        try:
            hello = await asyncio.wait_for(reader.readline(), HELLO_WAIT)
            if self._control(conn, hello) or not self._hello(conn, hello):
                return
            while not conn.closed:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    self._refuse(conn, "oversize", f"a message over {MAX_CLIENT_LINE} bytes")
                    break
                if not line:
                    break
                self._handle(conn, line)
        except (TimeoutError, ConnectionError, ValueError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            self._gone(conn)
            with contextlib.suppress(Exception):
                writer.close()

    def _control(self, conn: Connection, line: bytes) -> bool:
        """Answer a server's Control request (and end the connection); False when `line` is no such request."""
        try:
            message = parse_client_line(line.strip())
        except ValueError:
            return False
        if not isinstance(message, Control):
            return False
        if not hmac.compare_digest(message.key.encode(), self.control_key.encode()):
            self._send(conn, ControlReply(refused="wrong control key"))
            self.settings.log("tables: refused a control request with a wrong key")
            return True
        try:
            self._send(conn, self.control(message))
        except TableRefusal as exc:
            self._send(conn, ControlReply(refused=str(exc)))
        return True

    def control(self, asked: Control) -> ControlReply:
        """What a server asked for over the socket: the same as `open_table`, `join`, `watch`, `listing`."""
        if asked.action == "list":
            return ControlReply(lines=self.listing())
        if asked.action == "open":
            if asked.ruleset is None:
                raise TableRefusal("open needs a ruleset")
            from mythtable.engine.registry import UnknownRuleset, load

            try:
                loaded = load(asked.ruleset)
            except UnknownRuleset as exc:
                raise TableRefusal(str(exc)) from None
            setup = loaded.ruleset.default_setup(loaded.content)
            for seat, name in enumerate(asked.players):
                setup.players[seat] = clean_name(name)
            setup.options.update(asked.options)
            try:
                Game(loaded, asked.seed or 0, setup)
            except Exception as exc:
                raise TableRefusal(f"that setup cannot be played: {str(exc)[:200]}") from None
            seed = asked.seed if asked.seed is not None else secrets.randbelow(2**31)
            table, ticket = self.open_table(asked.ruleset, seed, setup, asked.identity, clock=asked.clock)
            return ControlReply(ticket=ticket, code=table.code)
        if asked.action == "lobby":
            return ControlReply(ticket=self.lobby_ticket(asked.identity, CodeTries(asked.address)))
        if asked.code is None:
            raise TableRefusal(f"{asked.action} needs a table code")
        if asked.action == "join":
            return ControlReply(ticket=self.join(asked.code, asked.identity, asked.token), code=asked.code)
        return ControlReply(ticket=self.watch(asked.code), code=asked.code)

    def _hello(self, conn: Connection, line: bytes) -> bool:
        try:
            message = parse_client_line(line.strip())
        except ValueError:
            message = None
        ticket = self.tickets.pop(message.ticket, None) if isinstance(message, Hello) else None
        if ticket is not None and ticket.lobby and ticket.expires >= time.monotonic():
            conn.lobby, conn.identity, conn.tries = True, ticket.identity, ticket.tries
            self.lobbies.add(conn)
            return True
        table = self.tables.get(ticket.code) if ticket is not None else None
        if ticket is None or table is None or ticket.expires < time.monotonic():
            self._send(conn, Closed(reason="that ticket is not valid (it is used once, within a minute)"))
            self.settings.log("tables: refused a connection without a valid ticket")
            return False
        conn.code, conn.seat, conn.token, conn.renderer = table.code, ticket.seat, ticket.token, ticket.renderer
        peers = self.conns.setdefault(table.code, set())
        if ticket.seat is None:
            full = not ticket.renderer and table.watchers + table.audience >= self.settings.max_watchers
            if full or not table.watchable:
                self._send(conn, Closed(reason="the table takes no more watchers"))
                return False
            table.watchers += 0 if ticket.renderer else 1
        else:
            if table.holders[ticket.seat] != ticket.identity:
                self._send(conn, Closed(reason="that seat is held by someone else"))
                return False
            for old in [c for c in peers if c.seat == ticket.seat]:  # the same player from a new terminal
                self._close(old, "you sat down at this seat from another terminal")
            table.arrive(ticket.seat)
        peers.add(conn)
        self.settings.log(
            f"tables: {table.code} {'a watcher' if ticket.seat is None else table.names[ticket.seat]} connected"
        )
        self._run_computer(table)
        self.broadcast(table)
        return True

    def _handle(self, conn: Connection, line: bytes) -> None:
        if conn.lobby:
            self._handle_lobby(conn, line)
            return
        table = self.tables.get(conn.code)
        if table is None:
            self._close(conn, "the table has closed")
            return
        try:
            message = parse_client_line(line.strip())
        except ValueError as exc:
            self._refuse(conn, "malformed", str(exc))
            return
        seat = conn.seat
        if isinstance(message, Leave):
            self._close(conn, "you left the table")
            return
        if isinstance(message, Lobby):
            self._refuse(conn, "lobby", "a seat's connection does not ask for tables")
            return
        if seat is None:  # a watcher sends nothing that acts
            self._refuse(conn, "watcher", "watchers cannot act at the table")
            return
        if isinstance(message, Inspect):
            self._send(conn, table.frame(seat, time.monotonic(), self.settings.grace, inspect=True, sent=conn.sent))
            return
        refusal: str | None = None
        if isinstance(message, Choose):
            refusal = table.choose(seat, message.decision, message.index)
        elif isinstance(message, TakeBack):
            refusal = table.ask_take_back(seat)
        elif isinstance(message, Answer):
            refusal = table.answer_take_back(seat, message.accept)
        elif isinstance(message, Chat):
            refusal = table.say(seat, message.text)
        elif isinstance(message, Absent):
            refusal = table.absent(seat, message.choice)
        elif isinstance(message, AutoPass):
            refusal = table.set_autopass(seat, message.kind)
        elif isinstance(message, Watchers):
            if seat != table.opener:
                refusal = "only the table's opener opens or closes it to watchers"
            else:
                table.watchable = message.allow
                table.note(f"The table is {'open' if message.allow else 'closed'} to watchers.")
                if not message.allow:
                    for watcher in [c for c in self.conns.get(table.code, ()) if c.seat is None]:
                        self._close(watcher, "the table closed to watchers")
        else:  # a second hello
            refusal = "this connection has said hello already"
        if refusal is not None:
            self._refuse(conn, type(message).__name__, refusal)
            return
        self._run_computer(table)
        if table.over:
            self._finish(table)
        self.broadcast(table)

    def _handle_lobby(self, conn: Connection, line: bytes) -> None:
        try:
            message = parse_client_line(line.strip())
        except ValueError as exc:
            self._refuse(conn, "malformed", str(exc))
            return
        if isinstance(message, Leave):
            self._close(conn, "you left the lobby")
            return
        if not isinstance(message, Lobby):
            self._refuse(conn, "not lobby", "a lobby connection only asks for tables")
            return
        try:
            reply = self.lobby(conn, message)
        except TableRefusal as exc:
            reply = LobbyReply(refused=str(exc))
        self._send(conn, reply)

    def _run_computer(self, table: Table) -> None:
        """Make the moves nobody is asked for: the computer's, and a person's seat's auto-passes."""
        while table.computer_move() or table.auto_move():
            pass

    def _refuse(self, conn: Connection, kind: str, reason: str) -> None:
        """Tell the connection why not; log the first refusal of each kind per connection (never its input)."""
        self._send(conn, Refused(reason=reason))
        if kind not in conn.logged:
            conn.logged.add(kind)
            who = "a watcher" if conn.seat is None else f"seat {conn.seat + 1}"
            self.settings.log(f"tables: {conn.code or '?'} refused {who}: {reason}")

    def _send(self, conn: Connection, message: Frame | Refused | Closed | ControlReply | LobbyReply) -> None:
        self._write(conn, encode(message))

    def _write(self, conn: Connection, data: bytes) -> None:
        if conn.closed:
            return
        transport = conn.writer.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() > SEND_BACKLOG_LIMIT:
            self._close(conn, "too far behind")
            return
        conn.writer.write(data)

    def broadcast(self, table: Table) -> None:
        """Send every connection at `table` what it may see now, with the log lines it has not been sent; the
        watchers holding as many lines share one public frame."""
        now, grace = time.monotonic(), self.settings.grace
        public: dict[tuple[int, int, int], tuple[bytes, SentLog]] = {}
        for conn in list(self.conns.get(table.code, ())):
            if conn.seat is None:
                held = (conn.sent.count, id(conn.sent.last), conn.sent.epoch)
                if held not in public:
                    sent = dataclasses.replace(conn.sent)
                    public[held] = (encode(table.frame(None, now, grace, sent=sent)), sent)
                data, sent = public[held]
                conn.sent = dataclasses.replace(sent)
                self._write(conn, data)
            else:
                self._send(conn, table.frame(conn.seat, now, grace, conn.token, sent=conn.sent))
                conn.token = None  # shown once

    def _close(self, conn: Connection, reason: str) -> None:
        if conn.closed:
            return
        self._send(conn, Closed(reason=reason))
        conn.closed = True
        with contextlib.suppress(Exception):
            conn.writer.close()
        self._gone(conn)

    def _gone(self, conn: Connection) -> None:
        if conn.lobby:
            conn.closed = True
            self.lobbies.discard(conn)
            return
        peers = self.conns.get(conn.code)
        if peers is None or conn not in peers:
            return
        conn.closed = True
        peers.discard(conn)
        table = self.tables.get(conn.code)
        if table is None:
            return
        if conn.seat is None:
            if not conn.renderer:
                table.watchers = max(0, table.watchers - 1)
        elif not any(c.seat == conn.seat for c in peers):
            table.depart(conn.seat, time.monotonic())
            self.settings.log(f"tables: {table.code} {table.names[conn.seat]} disconnected")
        if table.over and not table.anyone_here() and conn.seat is not None:
            self.close_table(table, "the game is over")
        else:
            self.broadcast(table)

    # ----- the end of a table -----------------------------------------------------------------------
    def close_table(self, table: Table, reason: str) -> None:
        if table.code not in self.tables:
            return
        if table.ended is None and table.game.result is None:
            table.ended = reason
        self._finish(table)
        del self.tables[table.code]
        for conn in list(self.conns.pop(table.code, ())):
            self._close(conn, f"the table closed: {reason}")
        if table.path is not None:
            self.saver.forget(table.path)
            table.path.unlink(missing_ok=True)
        self.settings.log(f"tables: {table.code} closed ({reason})")

    def _finish(self, table: Table) -> None:
        """Put a copy of the game in each key holder's saves (once), so they find it afterwards."""
        if table.copied or self.settings.saves_for is None:
            return
        table.copied = True
        text = record_json(table.game.record_data())
        written: dict[Path, str] = {}  # two seats at one keyboard: one copy, named to both
        for seat, holder in enumerate(table.holders):
            folder = self.settings.saves_for(holder) if holder else None
            if folder is None:
                continue
            if folder not in written:
                name = new_save_name(table.game.ruleset.id)
                try:
                    write_atomic(folder / "saves" / name, text)
                except OSError:
                    continue
                written[folder] = f"saves/{name}"
            table.saved[seat] = written[folder]
