"""One SSH session channel: one player's game process in its own pseudo-terminal.

It starts the game when the client asks for a shell (with a pty), passes keys and window sizes
to it, holds the game's output back while the client is not taking it (backpressure), and ends
the game, with a word to the player, when a limit ends the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import time
from pathlib import Path
from typing import Any

from mythtable.serve.libraries import SSHChannel, asyncssh
from mythtable.serve.limits import describe_duration
from mythtable.serve.pty_process import PtyProcess, child_environment, mythtable_argv, remote_environment
from mythtable.serve.ssh_common import (
    BACKLOG_POLL,
    OUTPUT_HIGH,
    OUTPUT_LOW,
    TERM_OK,
    TERMINAL_RESET,
    spawn,
)

PLAIN_USER = re.compile(r"[A-Za-z0-9._-]{1,32}")
"""A login name safe to echo back in the how-to-connect line; any other (control characters...) reads 'player'."""


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel = one player's game process."""

    def __init__(self, hub: Any, gate: Any) -> None:
        """`hub` is the server's `ssh.Hub` and `gate` this connection's `ssh.Gatekeeper` (typed loosely:
        ssh.py imports this module, and this one does not import it back)."""
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
        self.command: str | None = None  # a table command (ssh_tables.py); any other is told the game only
        self.watching: tuple[Any, int] | None = None  # (watch_fanout.Fanout, key) while this session watches

    def connection_made(self, chan: SSHChannel[bytes]) -> None:
        self.chan = chan  # type: ignore[assignment]
        with contextlib.suppress(Exception):
            chan.set_write_buffer_limits(high=OUTPUT_HIGH, low=OUTPUT_LOW)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True  # no-pty / restrict in authorized_keys: the session is refused in _start, saying why
        self.term = term_type if TERM_OK.match(term_type or "") else "xterm-256color"
        self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """A table command (open, tables, join, watch: ssh_tables.py); any other is accepted only to say why
        not (refusing the request leaves OpenSSH's bare "exec request failed")."""
        self.command = command[:1000]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.gate.log(f"refused subsystem {subsystem!r} from {self.gate.address}")
        return False

    def session_started(self) -> None:
        spawn(self._start())

    def _say(self, text: str) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write(text.replace("\n", "\r\n").encode())

    def _how_to_connect(self) -> str:
        """The ssh command line that gets the game, with the port and login name this client used."""
        conn = self.gate.conn
        sockname = conn.get_extra_info("sockname") if conn is not None else None
        user = conn.get_extra_info("username") if conn is not None else None
        port = f"-p {sockname[1]} " if sockname and sockname[1] != 22 else ""
        user = user if isinstance(user, str) and PLAIN_USER.fullmatch(user) else "player"
        return f"ssh -t {port}{user}@HOST"

    def _refuse(self, why: str) -> None:
        """One line on stderr, exit status 1, no game process."""
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write_stderr(f"mythtable: {why}; connect with: {self._how_to_connect()}\r\n".encode())
        self._finish(1)

    def _deny(self, why: str) -> None:
        """One line on stderr, exit status 1, no game process (no way to connect otherwise to suggest)."""
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write_stderr(f"mythtable: {why}\r\n".encode())
        self._finish(1)

    def _finish(self, status: int) -> None:
        self.ending = True  # a refused session's channel closing is no player disconnecting
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    async def _start(self) -> None:
        chan = self.chan
        if chan is None:
            return
        policy = self.gate.policy()
        refusal = policy.session_refusal() if policy is not None else None
        if refusal is not None:  # authorized_keys limits this key to what the game is not (authkeys.py)
            self.gate.log(f"refused a game to {self.gate.address}: {refusal}")
            self._deny(refusal)
            return
        argv, table_env = mythtable_argv, None
        if self.command is not None:
            from mythtable.serve.ssh_tables import seat_argv, table_session

            answered = await table_session(self, self.command)
            if answered is False:
                self.gate.log(f"refused a command from {self.gate.address}: only the game is offered")
                self._refuse("this server offers the game only and runs no commands")
                return
            if answered is True:
                return
            argv, table_env = (lambda _folder: seat_argv()), answered
        elif self.hub.tables is not None:  # the title screen's tables: a lobby connection of its own
            from mythtable.serve.ssh_tables import lobby_environment

            table_env = lobby_environment(self)
        if not self.has_pty:
            self._refuse("this server only offers the game in an interactive terminal")
            return
        if len(self.hub.sessions) >= self.hub.settings.max_sessions or self.hub.closing:
            self.gate.log(f"server full: turned away {self.gate.address}")
            self._say(
                f"mythtable: sorry, the server is full ({self.hub.settings.max_sessions} games running).\n"
                "Please try again in a few minutes.\n"
            )
            self._finish(1)
            return
        if self.gate.playing:
            self.gate.log(f"refused a second game on one connection from {self.gate.address}")
            with contextlib.suppress(Exception):
                chan.write_stderr(b"mythtable: one game per connection.\r\n")
            self._finish(1)
            return
        limit = self.hub.settings.session_limit
        if limit and time.monotonic() - self.gate.opened >= limit:
            self.gate.log(f"refused another game to {self.gate.address}: its connection is over the session limit")
            self._say(f"mythtable: session closed: sessions last at most {describe_duration(limit)}.\n")
            self._finish(1)
            return
        self.hub.sessions.add(self)
        self.hub.stop_waiting(self.gate)
        self.gate.playing = True
        self.slot = True
        try:
            self.folder, self.temporary = self.hub.session_folder(self.gate.key_id())
            env = child_environment(
                self.term,
                self.hub.color_system(self.term, self._client_env()),
                {**remote_environment("ssh", self.folder), **(table_env or {})},
            )
            process = PtyProcess(
                argv(self.folder), env, self.size[0], self.size[1], self.folder, self._output, self._exited
            )
            process.on_input_backlog = self._input_backlog
            self.process = process
            self.last_input = time.monotonic()
            await process.start()
        except OSError as exc:
            self.gate.log(f"could not start a game for {self.gate.address}: {exc}")
            self._say("mythtable: the server could not start a game; please try again later.\n")
            self._release()
            self._finish(1)
            return
        if self.ending or self.chan is None:  # the client left while the process was starting
            await process.kill()
            self._release()
            return
        self.gate.log(
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
        if self.watching is not None:  # a watcher's keys act on nothing; q, Ctrl+C or Ctrl+D leave
            if any(key in data for key in (b"q", b"\x03", b"\x04")):
                self.stop_watching("you stopped watching")
            return
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
    def stop_watching(self, reason: str) -> None:
        """Leave the table's watchers (the renderer's end, a key, or a lost connection)."""
        watching, self.watching = self.watching, None
        if watching is None:
            return
        fanout, key = watching
        fanout.remove(key)
        self.gate.playing = False
        self.gate.since = time.monotonic()
        if self.chan is not None and not self.ending:
            with contextlib.suppress(Exception):
                self.chan.write(TERMINAL_RESET)
            self._say(f"\nmythtable: {reason}.\n")
            self._finish(0)

    def _exited(self, code: int) -> None:
        """The app ended by itself (the player quit)."""
        if not self.ending:
            self.ending = True
            self.gate.log(f"game ended for {self.gate.address} (exit {code})")
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
            self.gate.log(f"ended the game of {self.gate.address}: {reason}")
            with contextlib.suppress(Exception):
                self.chan.write(TERMINAL_RESET)
            kept = "" if self.temporary else " Your game is saved."
            self._say(f"\nmythtable: session closed: {reason}.{kept}\n")
        self._finish(0)
        self._release()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.stop_watching("gone")
        if not self.ending:
            self.gate.log(f"{self.gate.address} disconnected")
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
