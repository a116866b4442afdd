"""`mythtable serve ssh`: an asyncssh server whose only service is the game.

Each authenticated connection may open one session; the session must ask for a pty and a shell,
and then gets its own `python -m mythtable` process in its own pseudo-terminal (see pty_process).
Everything else an SSH client can ask for (subsystems such as SFTP, port forwarding, agent and X11
forwarding, a second session) is refused; a command (exec) is told in one line that only the game is offered.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import os
import secrets
import shutil
import signal
import sys
import time
from pathlib import Path

from mythtable.engine.errors import MythtableError
from mythtable.serve.authkeys import AuthorizedKeys, KeyPolicy, read_authorized_keys
from mythtable.serve.hostkey import load_or_create_host_key
from mythtable.serve.libraries import asyncssh
from mythtable.serve.limits import LogFilter, SlidingWindow, WaitingRoom, describe_duration
from mythtable.serve.net import listen_error
from mythtable.serve.ssh_common import (
    CONNECTION_BACKLOG_LIMIT,
    LOGIN_WINDOW,
    NO_GAME_LIMIT,
    SSHSettings,
    log,
)
from mythtable.serve.ssh_game import GameSession
from mythtable.serve.watch_fanout import Fanout, Renderer
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import HostSettings

__all__ = ["Gatekeeper", "Hub", "SSHSettings", "run_ssh", "serve", "settings_from_args", "start_server"]


class Hub:
    """State shared by all connections: the settings, the live sessions and the per-address counters."""

    def __init__(self, settings: SSHSettings, authorized: AuthorizedKeys | None) -> None:
        self.settings = settings
        self.authorized = authorized
        self.sessions: set[GameSession] = set()
        self.gates: set[Gatekeeper] = set()  # admitted connections
        self.room: WaitingRoom[Gatekeeper] = WaitingRoom(settings.waiting_per_address, settings.waiting_total)
        self.recent = SlidingWindow(settings.rate_limit, 60.0)
        self.failures = SlidingWindow(settings.login_attempts, LOGIN_WINDOW)
        self.log_filter = LogFilter()  # lines repeated by one connection or address are held back after a few
        self.closing = False
        self.tables: TableHost | None = None  # the shared tables (started with the server)
        self.fanouts: dict[str, Fanout] = {}  # the watchers of each watched table
        self.renderer = Renderer(log)  # one process draws every watched table's screen

    def log_for(self, source: object, message: str, name: str | None = None) -> None:
        """Log `message` on behalf of `source` (a connection, or an address), unless it repeats too often."""
        for line in self.log_filter.lines(source, name or str(source), message):
            log(line)

    def admit(self, gate: Gatekeeper) -> str | None:
        """None if a new connection may proceed (it then holds a place in the waiting room), else the reason."""
        address = gate.address
        if self.closing:
            return "the server is shutting down"
        if self.failures.exceeded(address):
            return "too many failed logins from your address; try again later"
        if self.recent.exceeded(address):
            return "too many connections from your address; try again in a minute"
        if not self.wait(gate):
            return "the server is busy; try again later"
        self.recent.add(address)
        return None

    def wait(self, gate: Gatekeeper) -> bool:
        """Give a connection without a game a place in the waiting room; False if there is none for it."""
        admitted, evicted = self.room.enter(gate.address, gate)
        if evicted is not None:
            evicted.waiting = False
            evicted.drop("the server is busy (its place went to a connection from another address)")
        gate.waiting = admitted
        return admitted

    def stop_waiting(self, gate: Gatekeeper) -> None:
        if gate.waiting:
            self.room.leave(gate.address, gate)
            gate.waiting = False

    def color_system(self, term: str, client_env: dict[str, str]) -> str | None:
        choice = self.settings.color_system
        if choice != "auto":
            return choice
        if client_env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
            return "truecolor"
        if term.endswith("direct") or term in ("xterm-kitty", "xterm-ghostty", "wezterm", "alacritty"):
            return "truecolor"
        if "256" in term:
            return "256"
        if term in ("dumb", "vt100", "vt220"):
            return "standard"
        return None  # let Textual decide from TERM

    def session_folder(self, key_id: str | None) -> tuple[Path, bool]:
        """(folder, temporary): a key keeps its own saves; everyone else gets a fresh folder."""
        root = self.settings.data_dir
        if key_id:
            folder = root / "players" / key_id
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            return folder, False
        folder = root / "sessions" / secrets.token_hex(8)
        folder.mkdir(parents=True, exist_ok=False, mode=0o700)
        return folder, True

    def player_folder(self, identity: str) -> Path | None:
        """Where a seat holder's copy of a shared game goes: a key's own folder; None for anyone else."""
        if not identity.startswith("key:"):
            return None
        return self.settings.data_dir / "players" / identity[4:]

    async def start_tables(self) -> None:
        self.tables = TableHost(
            HostSettings(
                folder=self.settings.data_dir / "tables",
                grace=self.settings.seat_grace,
                max_tables=self.settings.max_tables,
                max_watchers=self.settings.max_watchers,
                saves_for=self.player_folder,
                log=log,
            )
        )
        await self.tables.start()

    async def close_all(self) -> None:
        self.closing = True
        await asyncio.gather(*(s.end("the server is shutting down") for s in list(self.sessions)))
        for fanout in list(self.fanouts.values()):
            fanout.stop()
        self.renderer.stop()
        if self.tables is not None:
            await self.tables.stop()

    def tick(self) -> None:
        """Called every half second: end idle sessions and those over their time limit; say what the log held back."""
        for line in self.log_filter.expired():
            log(line)
        now = time.monotonic()
        for session in list(self.sessions):
            session.check_time(now)
        wait = self.settings.idle_timeout or NO_GAME_LIMIT
        wait = min(wait, NO_GAME_LIMIT)
        limit = self.settings.session_limit
        for gate in list(self.gates):
            if gate.dropped:
                continue
            if gate.backlog() > CONNECTION_BACKLOG_LIMIT:
                gate.drop("it does not read what it is sent", abort=True)
            elif gate.playing:
                continue
            elif limit and now - gate.opened >= limit:
                gate.drop(f"sessions last at most {describe_duration(limit)}")
            elif now - gate.since >= wait:
                gate.drop("no game was started")


class Gatekeeper(asyncssh.SSHServer):
    """One per TCP connection: admission, authentication, and which channels may be opened."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.counted = False
        self.waiting = False  # holds a place in the hub's waiting room
        self.dropped = False
        self.authenticated = False
        self.attempted = False
        self.password_failures = 0
        self.auth_by_password = False
        self.last_key_id: str | None = None
        self.last_policy: KeyPolicy | None = None
        self.playing = False  # one game at a time per connection
        self.opened = time.monotonic()  # --session-limit counts from here, however many games are played
        self.since = self.opened  # when the connection came, or its last game ended

    # --- the connection -------------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.hub.admit(self)
        if refusal:
            self.hub.log_for(self.address, f"refused {self.address}: {refusal}")
            asyncio.get_running_loop().call_soon(self._refuse, refusal)
            return
        self.hub.gates.add(self)
        self.counted = True

    def log(self, message: str) -> None:
        """A line about this connection in the server's log; repeated ones are held back after a few and counted
        (one connection opening sessions in a loop wrote 20,000 lines in 40 s)."""
        self.hub.log_for(self, message, self.address)

    def drop(self, reason: str, abort: bool = False) -> None:
        """Close a connection that holds a place without playing (or, with `abort`, one that reads nothing)."""
        if self.dropped:
            return
        self.dropped = True
        self.log(f"closed the connection of {self.address}: {reason}")
        if self.conn is not None:
            with contextlib.suppress(Exception):
                if abort:  # what is still unsent would never leave: throw it away with the socket
                    self.conn.abort()
                else:
                    self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)

    def backlog(self) -> int:
        """Bytes of this connection still waiting in its socket's send buffer.

        asyncssh hands a channel's data to the socket as far as the client's window allows and ignores the
        socket's pause_writing (SSHConnection.pause_writing does nothing), so a client that opens a huge window and
        stops reading piles data up here; no public API tells its size, hence the look at `_transport`.
        """
        transport = getattr(self.conn, "_transport", None)
        size = getattr(transport, "get_write_buffer_size", None)
        if not callable(size):
            return 0
        try:
            return int(size())
        except Exception:
            return 0

    def _refuse(self, reason: str) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        for line in self.hub.log_filter.close(self):
            log(line)
        self.hub.stop_waiting(self)
        if self.counted:
            self.hub.gates.discard(self)
            self.counted = False
        if self.attempted and not self.authenticated and self.password_failures == 0:
            self.hub.failures.add(self.address)  # keys were offered and none fitted: one failure
        self.conn = None

    # --- authentication -------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        if self.hub.failures.exceeded(self.address) and not self.hub.settings.open:
            asyncio.get_running_loop().call_soon(self._too_many_failures)  # others from here used up the attempts
        return not self.hub.settings.open

    def password_auth_supported(self) -> bool:
        return self.hub.settings.password is not None and not self.hub.settings.open

    def validate_password(self, username: str, password: str) -> bool:
        self.attempted = True
        # The limit comes before the password: an attempt takes its place among the failures first (one step, so
        # concurrent connections from one address cannot all slip through) and gives it back if it was right.
        if not self.hub.failures.take(self.address):
            self.password_failures += 1
            self.log(f"refused a password from {self.address} unchecked: too many failed logins")
            asyncio.get_running_loop().call_soon(self._too_many_failures)
            return False
        expected = self.hub.settings.password or ""
        digest = hashlib.sha256  # equal-length digests: the comparison time says nothing about the password
        ok = bool(expected) and hmac.compare_digest(
            digest(password.encode()).digest(), digest(expected.encode()).digest()
        )
        if ok:
            self.hub.failures.give_back(self.address)
            self.auth_by_password = True
            return True
        self.password_failures += 1
        self.log(f"wrong password from {self.address} (user {username!r})")
        if self.hub.failures.exceeded(self.address) and self.conn is not None:
            asyncio.get_running_loop().call_soon(self._too_many_failures)
        return False

    def _too_many_failures(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failed logins")

    def public_key_auth_supported(self) -> bool:
        return self.hub.authorized is not None and not self.hub.settings.open

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key of the authorized_keys file whose line lets it in now, from this address (authkeys.py)."""
        self.attempted = True
        if self.hub.authorized is None or self.hub.failures.exceeded(self.address):
            return False
        policy, why = self.hub.authorized.match(key, self.address)
        if policy is None:
            if why == "expired":
                self.log(f"refused an expired key from {self.address} (expiry-time in authorized_keys)")
            elif why == "from":
                self.log(f"refused a key from {self.address}: its from= in authorized_keys does not allow it")
            return False
        self.last_key_id = hashlib.sha256(key.public_data).hexdigest()[:32]
        self.last_policy = policy
        return True

    def auth_completed(self) -> None:
        self.authenticated = True

    def key_id(self) -> str | None:
        """The client's key, if it logged in with one (then its saves are kept between visits)."""
        if not self.authenticated or self.auth_by_password or self.hub.settings.open:
            return None
        return self.last_key_id

    def policy(self) -> KeyPolicy | None:
        """What the authorized_keys line of the client's key allows its sessions (None: logged in otherwise)."""
        return self.last_policy if self.key_id() is not None else None

    # --- channels -------------------------------------------------------------------------------
    def session_requested(self) -> GameSession | bool:
        return GameSession(self.hub, self)

    # connection_requested / server_requested / unix_* / tun / tap: asyncssh's defaults refuse them.


# --- starting the server ---------------------------------------------------------------------------


def settings_from_args(args: argparse.Namespace) -> SSHSettings:
    from mythtable.saves import data_dir

    password = os.environ.get(args.password_env) if args.password_env else None
    if password is not None and not password:
        raise MythtableError(f"${args.password_env} is set but empty; set a password or unset it")
    return SSHSettings(
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        authorized_keys=args.authorized_keys,
        password=password,
        open=args.open,
        data_dir=(data_dir(args.data_dir) / "ssh").expanduser().absolute(),  # the games run in their own folders
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        session_limit=args.session_limit,
        rate_limit=args.rate_limit,
        login_attempts=args.login_attempts,
        color_system=args.color_system,
        seat_grace=args.seat_grace,
        max_tables=args.max_tables,
        max_watchers=args.max_watchers,
    )


def read_authorized(path: Path | None) -> AuthorizedKeys | None:
    return None if path is None else read_authorized_keys(path)


async def start_server(settings: SSHSettings) -> tuple[asyncssh.SSHAcceptor, Hub, asyncssh.SSHKey, Path, bool]:
    """Check the settings, then listen. Raises MythtableError for anything the user can fix."""
    if not settings.open and settings.authorized_keys is None and settings.password is None:
        raise MythtableError(
            "nobody could log in: pass --authorized-keys FILE, set a password in $MYTHTABLE_SSH_PASSWORD, "
            "or --open to let anyone play"
        )
    authorized = None if settings.open else read_authorized(settings.authorized_keys)
    key, key_path, created = load_or_create_host_key(settings.host_key)
    try:
        settings.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise MythtableError(f"cannot create the data folder {settings.data_dir}: {exc.strerror}") from None
    shutil.rmtree(settings.data_dir / "sessions", ignore_errors=True)  # leftovers of a crashed server
    hub = Hub(settings, authorized)
    await hub.start_tables()
    try:
        acceptor = await asyncssh.listen(
            settings.host,
            settings.port,
            server_factory=lambda: Gatekeeper(hub),
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            kbdint_auth=False,
            login_timeout=settings.login_timeout,
            keepalive_interval=30,
            keepalive_count_max=4,
            server_version="mythtable",
            reuse_address=True,
        )
    except OSError as exc:
        raise MythtableError(f"cannot listen on {settings.host}:{settings.port}: {listen_error(exc)}") from None
    return acceptor, hub, key, key_path, created


async def serve(settings: SSHSettings) -> int:
    acceptor, hub, key, key_path, created = await start_server(settings)
    port = acceptor.get_port()
    print(f"mythtable: {'created a new host key' if created else 'host key'} {key_path}", flush=True)
    print(f"mythtable: host key fingerprint {key.get_fingerprint()} ({key.get_algorithm()})", flush=True)
    if settings.open:
        bar = "!" * 78
        print(
            f"{bar}\n!! WARNING: --open: ANYONE who can reach {settings.host}:{port} may play, with no key or\n"
            f"!! password. Use it only for a demo booth or a trusted network.\n{bar}",
            file=sys.stderr,
            flush=True,
        )
    else:
        ways = []
        if hub.authorized is not None:
            count = len(hub.authorized)
            ways.append(f"keys in {settings.authorized_keys} ({count} key{'s' if count != 1 else ''})")
        if settings.password is not None:
            ways.append("the shared password")
        print(f"mythtable: login with {' or '.join(ways)}", flush=True)
    print(
        f"mythtable: up to {settings.max_sessions} games; idle timeout "
        f"{describe_duration(settings.idle_timeout) if settings.idle_timeout else 'off'}; session limit "
        f"{describe_duration(settings.session_limit) if settings.session_limit else 'off'}",
        flush=True,
    )
    print(
        f"mythtable: SSH server listening on {settings.host}:{port}  (ssh -p {port} player@{settings.host})", flush=True
    )

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    with contextlib.suppress(ValueError, OSError):
        loop.add_signal_handler(signal.SIGHUP, stop.set)
    try:
        while not stop.is_set():
            hub.tick()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
    finally:
        print("mythtable: stopping; ending all games", flush=True)
        acceptor.close()
        await hub.close_all()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(acceptor.wait_closed(), 5)
    return 0


def run_ssh(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    if args.password_env:
        os.environ.pop(args.password_env, None)  # never handed on to anything we start
    return asyncio.run(serve(settings))
