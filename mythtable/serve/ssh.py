"""`mythtable serve ssh`: an asyncssh server whose only service is the game.

Each authenticated connection may open one session; the session must ask for a pty and a shell,
and then gets its own `python -m mythtable` process in its own pseudo-terminal (see pty_process).
Everything else an SSH client can ask for (exec, subsystems such as SFTP, port forwarding, agent
and X11 forwarding, a second session) is refused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import os
import re
import secrets
import shutil
import signal
import sys
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
from asyncssh.channel import SSHChannel

from mythtable.engine.errors import MythtableError
from mythtable.serve.hostkey import load_or_create_host_key
from mythtable.serve.limits import SlidingWindow, WaitingRoom, describe_duration
from mythtable.serve.net import listen_error
from mythtable.serve.pty_process import PtyProcess, child_environment, mythtable_argv

# Undo what a killed app may have left on the player's terminal: alternate screen, hidden cursor,
# mouse tracking, bracketed paste, focus events, the kitty keyboard protocol, colors.
TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l"
)
_TERM_OK = re.compile(r"^[A-Za-z0-9._+-]{1,64}$")
LOGIN_WINDOW = 600.0  # seconds over which failed logins per address are counted
NO_GAME_LIMIT = 60.0  # seconds a connection may stay open without a game running (logged in or not)
# Backpressure: while more than OUTPUT_HIGH bytes of a game's output wait to reach its client (in the channel or in
# the connection's socket buffer), the server stops reading the game's pty; it reads again below OUTPUT_LOW.
OUTPUT_HIGH = 256 * 1024
OUTPUT_LOW = 64 * 1024
BACKLOG_POLL = 0.02  # seconds between looks at the backlog while a game's output is held back
# A connection with this much unsent data (whatever its cause) does not read what it is sent: it is cut off.
CONNECTION_BACKLOG_LIMIT = 4 * 1024 * 1024


@dataclass
class SSHSettings:
    host: str
    port: int
    host_key: Path | None
    authorized_keys: Path | None
    password: str | None
    open: bool
    data_dir: Path
    max_sessions: int = 20
    idle_timeout: float = 900.0
    session_limit: float = 10800.0
    rate_limit: int = 10
    login_attempts: int = 6
    color_system: str = "auto"
    login_timeout: float = 30.0
    waiting_total: int = 64  # connections without a game (logging in, or logged in and not playing), in all

    @property
    def waiting_per_address(self) -> int:
        """Connections without a game from one address at once: as many as it may open in a minute."""
        return self.rate_limit


_TASKS: set[asyncio.Task[None]] = set()


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run `coro` in the background, keeping a reference until it is done."""
    task = asyncio.get_running_loop().create_task(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


def log(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {message}", flush=True)


class Hub:
    """State shared by all connections: the settings, the live sessions and the per-address counters."""

    def __init__(self, settings: SSHSettings, authorized: asyncssh.SSHAuthorizedKeys | None) -> None:
        self.settings = settings
        self.authorized = authorized
        self.sessions: set[GameSession] = set()
        self.gates: set[Gatekeeper] = set()  # admitted connections
        self.room: WaitingRoom[Gatekeeper] = WaitingRoom(settings.waiting_per_address, settings.waiting_total)
        self.recent = SlidingWindow(settings.rate_limit, 60.0)
        self.failures = SlidingWindow(settings.login_attempts, LOGIN_WINDOW)
        self.closing = False

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

    async def close_all(self) -> None:
        self.closing = True
        await asyncio.gather(*(s.end("the server is shutting down") for s in list(self.sessions)))

    def tick(self) -> None:
        """Called every half second: end idle sessions and those over their time limit."""
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
            log(f"refused {self.address}: {refusal}")
            asyncio.get_running_loop().call_soon(self._refuse, refusal)
            return
        self.hub.gates.add(self)
        self.counted = True

    def drop(self, reason: str, abort: bool = False) -> None:
        """Close a connection that holds a place without playing (or, with `abort`, one that reads nothing)."""
        if self.dropped:
            return
        self.dropped = True
        log(f"closed the connection of {self.address}: {reason}")
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
            log(f"refused a password from {self.address} unchecked: too many failed logins")
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
        log(f"wrong password from {self.address} (user {username!r})")
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
        self.attempted = True
        if self.hub.authorized is None or self.hub.failures.exceeded(self.address):
            return False
        options = self.hub.authorized.validate(key, self.address, self.address)
        if options is None:
            return False
        self.last_key_id = hashlib.sha256(key.public_data).hexdigest()[:32]
        return True

    def auth_completed(self) -> None:
        self.authenticated = True

    def key_id(self) -> str | None:
        """The client's key, if it logged in with one (then its saves are kept between visits)."""
        if not self.authenticated or self.auth_by_password or self.hub.settings.open:
            return None
        return self.last_key_id

    # --- channels -------------------------------------------------------------------------------
    def session_requested(self) -> GameSession | bool:
        return GameSession(self.hub, self)

    # connection_requested / server_requested / unix_* / tun / tap: asyncssh's defaults refuse them.


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel = one player's game process."""

    def __init__(self, hub: Hub, gate: Gatekeeper) -> None:
        self.hub, self.gate = hub, gate
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.process: PtyProcess | None = None
        self.folder: Path | None = None
        self.temporary = False
        self.last_input = 0.0
        self.ending = False
        self.slot = False
        self.held = False  # the game's output is held back until the client takes what it was sent
        self._poll: asyncio.TimerHandle | None = None

    def connection_made(self, chan: SSHChannel[bytes]) -> None:
        self.chan = chan  # type: ignore[assignment]
        with contextlib.suppress(Exception):
            chan.set_write_buffer_limits(high=OUTPUT_HIGH, low=OUTPUT_LOW)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type if _TERM_OK.match(term_type or "") else "xterm-256color"
        self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log(f"refused a command from {self.gate.address}: only the game is offered")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log(f"refused subsystem {subsystem!r} from {self.gate.address}")
        return False

    def session_started(self) -> None:
        spawn(self._start())

    def _say(self, text: str) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write(text.replace("\n", "\r\n").encode())

    def _finish(self, status: int) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    async def _start(self) -> None:
        chan = self.chan
        if chan is None:
            return
        if not self.has_pty:
            with contextlib.suppress(Exception):
                chan.write_stderr(
                    b"mythtable: this server only offers the game in an interactive terminal; "
                    b"connect from a terminal (ssh -t).\r\n"
                )
            self._finish(1)
            return
        if len(self.hub.sessions) >= self.hub.settings.max_sessions or self.hub.closing:
            log(f"server full: turned away {self.gate.address}")
            self._say(
                f"mythtable: sorry, the server is full ({self.hub.settings.max_sessions} games running).\n"
                "Please try again in a few minutes.\n"
            )
            self._finish(1)
            return
        if self.gate.playing:
            log(f"refused a second game on one connection from {self.gate.address}")
            with contextlib.suppress(Exception):
                chan.write_stderr(b"mythtable: one game per connection.\r\n")
            self._finish(1)
            return
        limit = self.hub.settings.session_limit
        if limit and time.monotonic() - self.gate.opened >= limit:
            log(f"refused another game to {self.gate.address}: its connection is over the session limit")
            self._say(f"mythtable: session closed: sessions last at most {describe_duration(limit)}.\n")
            self._finish(1)
            return
        self.hub.sessions.add(self)
        self.hub.stop_waiting(self.gate)
        self.gate.playing = True
        self.slot = True
        try:
            self.folder, self.temporary = self.hub.session_folder(self.gate.key_id())
            env = child_environment(self.term, self.hub.color_system(self.term, self._client_env()))
            process = PtyProcess(
                mythtable_argv(self.folder), env, self.size[0], self.size[1], self.folder, self._output, self._exited
            )
            process.on_input_backlog = self._input_backlog
            self.process = process
            self.last_input = time.monotonic()
            await process.start()
        except OSError as exc:
            log(f"could not start a game for {self.gate.address}: {exc}")
            self._say("mythtable: the server could not start a game; please try again later.\n")
            self._release()
            self._finish(1)
            return
        if self.ending or self.chan is None:  # the client left while the process was starting
            await process.kill()
            self._release()
            return
        log(
            f"game started for {self.gate.address} (pid {process.pid}, {self.term} {process.cols}x{process.rows}"
            f"{', saves kept' if not self.temporary else ''}; {len(self.hub.sessions)} playing)"
        )

    def _client_env(self) -> dict[str, str]:
        if self.chan is None:
            return {}
        try:
            return {str(k): str(v) for k, v in self.chan.get_environment().items()}
        except Exception:
            return {}

    # --- data both ways ---------------------------------------------------------------------------
    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self.ending:
            try:
                self.chan.write(data)
            except Exception:
                self.chan = None
        self._check_backlog()

    def _backlog(self) -> int:
        """Bytes of output the client has not taken yet: in the channel (its window is full) or in the socket."""
        size = self.gate.backlog()
        if self.chan is not None:
            with contextlib.suppress(Exception):
                size += self.chan.get_write_buffer_size()
        return size

    def _check_backlog(self) -> None:
        """Backpressure: stop reading the game's pty while too much output waits; read again once it drained.

        A stopped reader fills the pty, and the game then waits in its own write: nothing piles up in the server.
        """
        process = self.process
        if process is None or self.ending:
            self._unhold()
            return
        backlog = self._backlog()
        if not self.held and backlog > OUTPUT_HIGH:
            self.held = True
            process.pause_output()
        elif self.held and backlog <= OUTPUT_LOW:
            self._unhold()
        if self.held and self._poll is None:  # neither asyncssh nor the socket says when it drained: look again
            self._poll = asyncio.get_running_loop().call_later(BACKLOG_POLL, self._poll_backlog)

    def _poll_backlog(self) -> None:
        self._poll = None
        self._check_backlog()

    def _unhold(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        if self.held:
            self.held = False
            if self.process is not None:  # while ending too: what it writes is dropped, and it can exit
                self.process.resume_output()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        if self.process is not None:
            self.process.write(data)

    def _input_backlog(self, full: bool) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                if full:
                    self.chan.pause_reading()
                else:
                    self.chan.resume_reading()

    def pause_writing(self) -> None:
        """asyncssh: the channel holds more than OUTPUT_HIGH bytes (the client's window is used up)."""
        self._check_backlog()

    def resume_writing(self) -> None:
        self._check_backlog()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.process is not None:
            self.process.resize(width, height)

    def eof_received(self) -> bool:
        spawn(self.end(None))
        return True

    def break_received(self, msec: int) -> bool:
        return False

    # --- the end --------------------------------------------------------------------------------
    def _exited(self, code: int) -> None:
        """The app ended by itself (the player quit)."""
        if not self.ending:
            self.ending = True
            log(f"game ended for {self.gate.address} (exit {code})")
            self._finish(code if code >= 0 else 1)
        self._release()

    def check_time(self, now: float) -> None:
        if self.ending or self.process is None:
            return
        settings = self.hub.settings
        if settings.idle_timeout and now - self.last_input >= settings.idle_timeout:
            reason = f"no key pressed for {describe_duration(settings.idle_timeout)}"
        elif settings.session_limit and now - self.gate.opened >= settings.session_limit:  # per connection
            reason = f"sessions last at most {describe_duration(settings.session_limit)}"
        else:
            return
        spawn(self.end(reason))

    async def end(self, reason: str | None) -> None:
        """End the game from the server side (time limits, shutdown) or because the client left."""
        if self.ending:
            return
        self.ending = True
        self._unhold()
        if self.process is not None:
            await self.process.kill()
        if reason is not None and self.chan is not None:
            log(f"ended the game of {self.gate.address}: {reason}")
            with contextlib.suppress(Exception):
                self.chan.write(TERMINAL_RESET)
            kept = "" if self.temporary else " Your game is saved."
            self._say(f"\nmythtable: session closed: {reason}.{kept}\n")
        self._finish(0)
        self._release()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        if not self.ending:
            log(f"{self.gate.address} disconnected")
        spawn(self.end(None))

    def _release(self) -> None:
        if self.process is not None and self.process.alive():
            return  # end() will come back here once the process is gone
        self._unhold()
        if self.slot:
            self.hub.sessions.discard(self)
            self.gate.playing = False
            self.gate.since = time.monotonic()
            self.slot = False
            limit = self.hub.settings.session_limit
            over = limit and time.monotonic() - self.gate.opened >= limit  # then the next tick closes it
            if self.gate.conn is not None and not self.gate.dropped and not over and not self.hub.wait(self.gate):
                self.gate.drop("the server is busy")
        if self.temporary and self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


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
    )


def read_authorized(path: Path | None) -> asyncssh.SSHAuthorizedKeys | None:
    if path is None:
        return None
    path = path.expanduser()
    if not path.is_file():
        raise MythtableError(f"the authorized keys file {path} does not exist")
    try:
        keys = asyncssh.read_authorized_keys(str(path))
    except (asyncssh.KeyImportError, OSError, ValueError) as exc:
        raise MythtableError(f"cannot read the authorized keys file {path}: {exc}") from None
    if not keys._user_entries and not keys._ca_entries:  # an empty file would let nobody in
        raise MythtableError(f"the authorized keys file {path} holds no keys")
    return keys


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
            ways.append(f"keys in {settings.authorized_keys}")
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
