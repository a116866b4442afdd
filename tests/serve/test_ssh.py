"""`mythtable serve ssh`, for real: a server subprocess on 127.0.0.1 and asyncssh clients."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from asyncssh.packet import Boolean, String, UInt32

from mythtable.engine.registry import available, get
from tests.serve.sshkit import Server, connect, open_game, pid_alive

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]:
    """(an authorized key, a stranger's key, the authorized_keys file)."""
    folder = tmp_path_factory.mktemp("keys")
    good = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    authorized = folder / "authorized_keys"
    authorized.write_bytes(good.export_public_key())
    return good, stranger, authorized


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> Iterator[Server]:
    """Keys or the password; room for three games; generous rate limits (every test comes from 127.0.0.1)."""
    srv = Server(
        tmp_path_factory.mktemp("server"),
        "--authorized-keys",
        str(keys[2]),
        "--max-sessions",
        "3",
        "--rate-limit",
        "200",
        "--login-attempts",
        "50",
        env={"MYTHTABLE_SSH_PASSWORD": PASSWORD},
    )
    yield srv
    srv.stop()
    assert not srv.children()
    assert "Traceback" not in srv.log(), srv.log()


def run(coro: object, timeout: float = 60.0) -> object:
    async def bounded() -> object:
        return await asyncio.wait_for(coro, timeout)  # type: ignore[arg-type]

    return asyncio.run(bounded())


def test_start_prints_the_host_key_fingerprint(server: Server) -> None:
    key = asyncssh.read_private_key(server.host_key)
    assert f"host key fingerprint {key.get_fingerprint()}" in server.log()
    assert oct(server.host_key.stat().st_mode & 0o777) == "0o600"


def test_play_resize_and_disconnect(server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]) -> None:
    before = server.wait_children(0)
    ruleset = get(available()[0])

    async def scenario() -> int:
        async with await connect(server.port, client_keys=[keys[0]]) as conn:
            screen = await open_game(conn)
            await screen.wait_for("New game")
            game_pid = server.wait_children(1)[0]
            # The pty is the client's size; a resize reaches the app (too small, then back).
            screen.resize(60, 20)
            await screen.wait_for("Terminal too small: 60x20")
            screen.resize(80, 24)
            await screen.wait_for("Rules reference")
            # Start a game from the title's menu: New game, then Ctrl+S on the form.
            screen.send("n")
            await screen.wait_for("Ruleset")
            screen.send("\x13")
            if ruleset.hidden_information:
                await screen.wait_for("Pass the keyboard")
                screen.send("\r")
            await screen.wait_for("turn")
            await screen.wait_quiet()
            for key in ("\x1b[B", "\x1b[B", "\x1b[A"):
                received = screen.received
                screen.send(key)
                await screen.wait_quiet()
                assert screen.received > received, "a key press changed nothing on the screen"
            assert "Traceback" not in screen.text()
        return game_pid  # leaving `async with` closes the connection mid-game

    game_pid = run(scenario())
    assert isinstance(game_pid, int)
    server.wait_children(len(before))
    assert not pid_alive(game_pid), "the game process outlived its connection"
    assert server.running()
    players = server.data / "ssh" / "players"
    assert len(list(players.iterdir())) == 1, "a key's games are kept in its own folder"


def test_password_login_and_title_quit(server: Server) -> None:
    async def scenario() -> int | None:
        async with await connect(server.port, password=PASSWORD) as conn:
            screen = await open_game(conn, term="xterm")
            await screen.wait_for("New game")
            # TERM comes from the client; nothing secret of the server's reaches the game.
            game_pid = server.wait_children(1)[0]
            env = dict(
                item.split("=", 1) for item in Path(f"/proc/{game_pid}/environ").read_text().split("\0") if "=" in item
            )
            assert env["TERM"] == "xterm"
            assert "MYTHTABLE_SSH_PASSWORD" not in env and PASSWORD not in "".join(env.values())
            screen.send("q")
            await asyncio.wait_for(screen.closed.wait(), 15)
            assert screen.chan is not None
            status = screen.chan.get_exit_status()
        return status

    assert run(scenario()) == 0
    server.wait_children(0)
    sessions = server.data / "ssh" / "sessions"  # a password player's folder lasts as long as the session
    deadline = time.monotonic() + 30  # a bounded poll: ends as soon as the folder is gone
    while sessions.exists() and any(sessions.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sessions.exists() or not any(sessions.iterdir())


def test_wrong_key_and_wrong_password_are_refused(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, client_keys=[keys[1]])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, password="wrong horse")
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port)  # no credentials at all
        async with await connect(server.port, client_keys=[keys[0]]) as conn:  # still serving others
            screen = await open_game(conn)
            await screen.wait_for("New game")

    run(scenario())
    server.wait_children(0)


def test_only_the_interactive_game_is_offered(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        async with await connect(server.port, client_keys=[keys[0]]) as conn:
            # A command (exec), with a pty or without, runs nothing: one line says why and how to connect
            # (issue 16: it used to be refused bare, which OpenSSH shows as "exec request failed").
            for pty in ({"term_type": "xterm"}, {}):
                proc = await conn.create_process("echo hello", encoding=None, **pty)
                result = await proc.wait(timeout=10)
                assert result.exit_status == 1, pty
                said = result.stderr or b""
                assert b"game only" in said and f"connect with: ssh -t -p {server.port} player@".encode() in said
                assert b"hello" not in (result.stdout or b"") + said
                assert said.count(b"\n") == 1, said
                assert server.children() == []
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", server.port)  # local port forwarding
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            # A shell without a pty gets a one-line explanation and exit status 1, and no process.
            proc = await conn.create_process(encoding=None)
            result = await proc.wait(timeout=10)
            assert result.exit_status == 1
            assert b"interactive terminal" in (result.stderr or b"")
            assert server.children() == []
            # One game at a time per connection: a second one alongside is turned away.
            screen = await open_game(conn)
            await screen.wait_for("New game")
            # Agent and X11 forwarding requests on the game's channel are answered "no".
            chan = screen.chan
            assert chan is not None
            assert await chan._make_request(b"auth-agent-req@openssh.com") is False
            x11 = (Boolean(False), String("MIT-MAGIC-COOKIE-1"), String("00" * 16), UInt32(0))
            assert await chan._make_request(b"x11-req", *x11) is False
            second = await open_game(conn)
            await asyncio.wait_for(second.closed.wait(), 10)
            assert second.chan is not None and second.chan.get_exit_status() == 1
            assert b"one game per connection" in second.stderr
            assert len(server.children()) == 1

    run(scenario())
    server.wait_children(0)
    assert "refused a command" in server.log()
    assert "refused subsystem 'sftp'" in server.log()


def test_a_command_is_answered_with_the_login_name_only_when_it_is_plain(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    # The how-to-connect line echoes the client's login name only when it is plain (letters, digits, . _ -):
    # a name is the client's text, and (asyncssh's client refuses control characters) others may not be.
    async def said(username: str) -> bytes:
        async with await connect(server.port, client_keys=[keys[0]], username=username) as conn:
            result = await (await conn.create_process("ls", encoding=None)).wait(timeout=10)
            assert result.exit_status == 1
            return result.stderr or b""

    async def scenario() -> None:
        assert f"ssh -t -p {server.port} ana.b@HOST".encode() in await said("ana.b")
        odd = await said("ana smith; rm -rf ~")
        assert f"ssh -t -p {server.port} player@HOST".encode() in odd
        assert b"smith" not in odd

    run(scenario())


def test_a_full_server_says_so_and_keeps_its_players(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        conns = [await connect(server.port, client_keys=[keys[0]]) for _ in range(4)]
        try:
            players = [await open_game(c) for c in conns[:3]]
            await asyncio.gather(*(p.wait_for("New game") for p in players))
            late = await open_game(conns[3])
            await asyncio.wait_for(late.closed.wait(), 15)
            assert "the server is full" in late.text()
            assert late.chan is not None and late.chan.get_exit_status() == 1
            for player in players:  # the three games still answer
                received = player.received
                player.send("\x1b[B")
                await player.wait_quiet()
                assert player.received > received
            conns[0].close()
            server.wait_children(2)
            conns.append(await connect(server.port, password=PASSWORD))
            again = await open_game(conns[-1])
            await again.wait_for("New game")
        finally:
            for conn in conns:
                conn.close()

    run(scenario())
    server.wait_children(0)


def test_garbage_and_broken_handshakes_do_not_stop_the_server(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    for payload in (os.urandom(4096), b"SSH-2.0-junk\r\n" + os.urandom(2048), b"GET / HTTP/1.0\r\n\r\n", b""):
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(payload)
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        assert sock.recv(256).startswith(b"SSH-2.0-mythtable")
        sock.sendall(b"SSH-2.0-OpenSSH_9.0\r\n\x00\x00\x01")  # then hang up mid-packet
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:  # an abrupt RST
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")

    async def abandon_mid_auth() -> None:
        conn = await connect(server.port, client_keys=[keys[0]])
        screen = await open_game(conn)
        conn.abort()  # gone before the title even appeared
        await asyncio.sleep(0)
        del screen

    run(abandon_mid_auth())
    assert server.running()

    async def still_serving() -> None:
        async with await connect(server.port, client_keys=[keys[0]]) as conn:
            screen = await open_game(conn)
            await screen.wait_for("New game")

    run(still_serving())
    server.wait_children(0)
    assert server.running()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh client is not installed")
def test_openssh_client_is_refused_a_command_and_gets_the_game_with_a_pty(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path], tmp_path: Path
) -> None:
    identity = tmp_path / "id"
    identity.write_bytes(keys[0].export_private_key())
    identity.chmod(0o600)
    options = [
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "LogLevel=ERROR",
        "-i",
        str(identity),
        "-p",
        str(server.port),
    ]
    refused = subprocess.run(
        ["ssh", *options, "player@127.0.0.1", "id"], capture_output=True, timeout=20, stdin=subprocess.DEVNULL
    )
    assert refused.returncode == 1
    assert b"uid=" not in refused.stdout
    assert b"exec request failed" not in refused.stderr
    assert f"runs no commands; connect with: ssh -t -p {server.port} player@".encode() in refused.stderr
    from tests.tui.terminal import Terminal

    term = Terminal(["ssh", *options, "-tt", "player@127.0.0.1"], cols=80, rows=24)
    try:
        term.wait_for("New game")
        term.send("q")
        assert term.wait_exit() == 0
    finally:
        term.close()
    server.wait_children(0)


def test_idle_and_session_time_limits(tmp_path: Path) -> None:
    srv = Server(tmp_path, "--open", "--idle-timeout", "2s", "--session-limit", "5s", "--rate-limit", "50")
    try:
        assert "ANYONE" in srv.log()

        async def scenario() -> None:
            start = time.monotonic()
            idle = await open_game(await connect(srv.port))
            busy = await open_game(await connect(srv.port))
            await asyncio.gather(idle.wait_for("New game"), busy.wait_for("New game"))
            idle_closed = busy_closed = 0.0
            while not busy.closed.is_set():
                busy.send("\x1b[B" if int(time.monotonic() * 2) % 2 else "\x1b[A")
                await asyncio.sleep(0.3)
                if idle.closed.is_set() and not idle_closed:
                    idle_closed = time.monotonic() - start
                assert time.monotonic() - start < 40, "the session limit never closed the busy game"
            busy_closed = time.monotonic() - start
            # Which limit closed each game is in its message; the clock only shows that neither
            # closed early (a loaded machine may close them late, so no upper bound but the order).
            assert 2 <= idle_closed < busy_closed
            assert "no key pressed for 2 seconds" in idle.text()
            assert "sessions last at most" not in idle.text()
            assert busy_closed >= 5
            assert "sessions last at most 5 seconds" in busy.text()
            assert "no key pressed" not in busy.text()
            # A connection that stays without a game is closed too (here after the 2 s idle timeout).
            lingering = await connect(srv.port)
            await asyncio.wait_for(lingering.wait_closed(), 8)
            assert busy.raw.endswith(b"\r\n")  # the player's terminal is given back before the message
            assert b"\x1b[?1049l" in busy.raw

        run(scenario())
        srv.wait_children(0)
    finally:
        srv.stop()


def test_rate_limit_and_login_attempts_per_address(tmp_path: Path) -> None:
    srv = Server(tmp_path, "--rate-limit", "4", "--login-attempts", "2", env={"MYTHTABLE_SSH_PASSWORD": PASSWORD})
    try:

        async def scenario() -> None:
            for _ in range(2):
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(srv.port, password="nope")
            # Two failures: this address is turned away now, even with the right password.
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await connect(srv.port, password=PASSWORD)

        run(scenario())
        assert "too many failed logins" in srv.log()
    finally:
        srv.stop()
    srv2 = Server(tmp_path / "second", "--rate-limit", "3", "--open")
    try:

        async def burst() -> None:
            for _ in range(3):
                conn = await connect(srv2.port)
                conn.close()
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await connect(srv2.port)

        run(burst())
        assert "too many connections from your address" in srv2.log()
        assert srv2.running()
    finally:
        srv2.stop()


def test_no_game_outlives_a_killed_server(tmp_path: Path) -> None:
    """Even SIGKILL on the server (no cleanup at all) ends the games: the pty hangs up on them."""
    srv = Server(tmp_path, "--open")

    async def scenario() -> list[int]:
        conn = await connect(srv.port)
        screen = await open_game(conn)
        await screen.wait_for("New game")
        pids = srv.children()
        srv.proc.kill()
        srv.proc.wait(10)
        conn.close()
        return pids

    pids = run(scenario())
    assert isinstance(pids, list) and len(pids) == 1
    deadline = time.monotonic() + 30  # a bounded poll: ends as soon as the process is gone
    while any(pid_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(pid_alive(pid) for pid in pids), "a game process outlived its server"


def test_stopping_the_server_ends_the_games_and_tells_the_players(tmp_path: Path) -> None:
    srv = Server(tmp_path, "--open")

    async def scenario() -> tuple[list[int], str]:
        conn = await connect(srv.port)
        screen = await open_game(conn)
        await screen.wait_for("New game")
        pids = srv.children()
        srv.proc.terminate()
        await asyncio.wait_for(screen.closed.wait(), 10)
        conn.close()
        return pids, screen.text()

    result = run(scenario())
    assert isinstance(result, tuple)
    pids, shown = result
    assert "the server is shutting down" in shown
    assert srv.proc.wait(10) == 0
    assert not any(pid_alive(pid) for pid in pids)


class Guesser(asyncssh.SSHClient):
    """A client that tries three wrong passwords on its connection."""

    def __init__(self) -> None:
        self.tries = 0

    def password_auth_requested(self) -> str | None:
        self.tries += 1
        return f"guess number {self.tries}" if self.tries <= 3 else None


def test_failed_logins_are_counted_before_the_password_is_checked(tmp_path: Path) -> None:
    """Ten connections from one address guess at once, three passwords each: no more than --login-attempts of the
    thirty guesses are checked (it was about 2.5 times as many); right passwords use up nothing."""
    srv = Server(tmp_path, "--rate-limit", "100", "--login-attempts", "6", env={"MYTHTABLE_SSH_PASSWORD": PASSWORD})
    try:

        async def guess() -> None:
            with contextlib.suppress(asyncssh.Error, OSError):
                conn = await connect(srv.port, client_factory=Guesser, password=None, password_auth=True)
                conn.close()

        async def scenario() -> None:
            for _ in range(8):  # more right passwords than the limit: none of them counts as a failure
                async with await connect(srv.port, password=PASSWORD):
                    pass
            await asyncio.gather(*(guess() for _ in range(10)))
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await connect(srv.port, password=PASSWORD)  # the address is turned away now

        run(scenario())
        checked = srv.log().count("wrong password from 127.0.0.1")
        assert checked == 6, srv.log()
    finally:
        srv.stop()
    assert "Traceback" not in srv.log()


def _idle_sockets(port: int, source: str, count: int) -> list[socket.socket]:
    """`count` TCP connections from `source` that never say a word (each waits for the server's greeting, so the
    server has seen them all when this returns)."""
    held = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        held.append(sock)
    for sock in held:
        with contextlib.suppress(OSError):
            sock.recv(64)
    return held


def test_idle_connections_from_a_few_addresses_do_not_lock_others_out(tmp_path: Path) -> None:
    """Connections without a game are capped per address (--rate-limit, 10) and in all (64); when all places are
    taken, a newcomer takes a place from the address holding the most. Before, idle sockets from a few addresses
    filled every place (here 20, with --max-sessions 2; 56 by default) for the 30 s login timeout."""
    srv = Server(tmp_path, "--max-sessions", "2", env={"MYTHTABLE_SSH_PASSWORD": PASSWORD})
    held: list[socket.socket] = []
    try:
        for n in range(2, 5):
            held += _idle_sockets(srv.port, f"127.0.0.{n}", 10)

        async def log_in() -> None:
            async with await connect(srv.port, password=PASSWORD) as conn:
                screen = await open_game(conn)
                await screen.wait_for("New game")

        run(log_in())
        # Seven more addresses take all 64 places (and more): a player from elsewhere still gets in.
        for n in range(5, 12):
            held += _idle_sockets(srv.port, f"127.0.0.{n}", 10)
        run(log_in())
        assert "its place went to a connection from another address" in srv.log()
        assert srv.running()
    finally:
        for sock in held:
            sock.close()
        srv.stop()
    assert "Traceback" not in srv.log()


def test_the_session_limit_counts_per_connection(tmp_path: Path) -> None:
    """One connection plays game after game: --session-limit 5s ends it after 5 s in all (it used to allow 5 s per
    game, as many games as one liked)."""
    srv = Server(tmp_path, "--open", "--session-limit", "5s", "--rate-limit", "50")
    try:

        async def scenario() -> tuple[int, bool]:
            conn = await connect(srv.port)
            games, limited = 0, False
            try:
                for _ in range(6):  # at least a second each: six games outlast the limit
                    try:
                        screen = await open_game(conn)
                    except (asyncssh.Error, OSError):
                        limited = True  # the connection is gone
                        break
                    games += 1
                    with contextlib.suppress(AssertionError):
                        await screen.wait_for("New game")
                    await asyncio.sleep(1.0)
                    if not screen.closed.is_set():
                        screen.send("q")
                    await asyncio.wait_for(screen.closed.wait(), 15)
                    if "sessions last at most 5 seconds" in screen.text():
                        limited = True
                        break
                    srv.wait_children(0)
                if limited:
                    await asyncio.wait_for(conn.wait_closed(), 5)  # and the connection goes with the game
            finally:
                conn.close()
            return games, limited

        result = run(scenario(), timeout=90)
        assert isinstance(result, tuple)
        games, limited = result
        assert limited, f"{games} games on one connection and no session limit"
        assert games < 6
        srv.wait_children(0)
    finally:
        srv.stop()
    assert "Traceback" not in srv.log()


@pytest.mark.slow
def test_a_relative_data_dir_is_taken_from_where_the_server_started(
    tmp_path: Path, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    """`--data-dir reld`: games run in their own folders, so they are handed absolute paths (a relative one nested
    itself: reld/ssh/players/<id>/reld/ssh/players/<id>/saves)."""
    srv = Server(tmp_path, "--authorized-keys", str(keys[2]), data_dir="reld")
    try:

        async def scenario() -> list[str]:
            async with await connect(srv.port, client_keys=[keys[0]]) as conn:
                screen = await open_game(conn)
                await screen.wait_for("New game")
                pid = srv.wait_children(1)[0]
                return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")

        argv = run(scenario())
        assert isinstance(argv, list)
        folder = Path(argv[argv.index("--data-dir") + 1])
        players = (tmp_path / "reld" / "ssh" / "players").resolve()
        assert folder.is_absolute() and folder.parent == players, argv
        assert not (folder / "reld").exists()
        srv.wait_children(0)
    finally:
        srv.stop()
