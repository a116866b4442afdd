"""Issue 29 item 4: the options of `--authorized-keys` lines are honoured as OpenSSH honours them, or the server
does not start.

The reproduction: a line `expiry-time="20200101",restrict ssh-ed25519 ...` logged in and played: asyncssh checked
`from=` and nothing else, silently. Now an expired key is refused, `restrict` and `no-pty` get no terminal (so no
game: the session is refused, saying why), `command=` is refused (this server runs no command), and an option
the server does not understand stops it at start-up, naming the line. One connection's repeated log lines are
held back after a few (item 8: 20,000 "refused a second game" lines in 40 s).
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncssh
import pytest

from mythtable.engine.errors import MythtableError
from mythtable.serve.authkeys import KeyPolicy, parse_expiry, policy_of, read_authorized_keys
from tests.serve.sshkit import Server, connect, open_game

LINES = {
    "expired": 'expiry-time="20200101",restrict',  # the reproduction
    "restricted": "restrict",
    "restricted-with-pty": "restrict,pty",
    "no-pty": "no-pty",
    "command": 'command="/bin/echo hello"',
    "elsewhere": 'from="10.0.0.0/8"',
    "later": 'expiry-time="29991231",no-port-forwarding,no-X11-forwarding',
    "plain": "",
}


@pytest.fixture(scope="module")
def keys() -> dict[str, asyncssh.SSHKey]:
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in LINES}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, asyncssh.SSHKey]) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("authkeys")
    authorized = folder / "authorized_keys"
    authorized.write_text(
        "".join(f"{LINES[name]} {key.export_public_key().decode()}".lstrip() for name, key in keys.items())
    )
    srv = Server(folder / "srv", "--authorized-keys", str(authorized), "--rate-limit", "200", "--login-attempts", "50")
    yield srv
    srv.stop()
    assert not srv.children()
    assert "Traceback" not in srv.log()


def run(coro: object, timeout: float = 60.0) -> object:
    async def bounded() -> object:
        return await asyncio.wait_for(coro, timeout)  # type: ignore[arg-type]

    return asyncio.run(bounded())


async def _session(port: int, key: asyncssh.SSHKey) -> tuple[int | None, str, str]:
    """(exit status, what the screen showed, stderr) of a session with a pty, or (None, title...) for a game."""
    async with await connect(port, client_keys=[key]) as conn:
        screen = await open_game(conn)
        for _ in range(150):  # the title, or the session's end
            if screen.closed.is_set() or "New game" in screen.text():
                break
            await asyncio.sleep(0.1)
        if "New game" in screen.text():
            return None, screen.text(), ""
        await asyncio.wait_for(screen.closed.wait(), 15)
        assert screen.chan is not None
        return screen.chan.get_exit_status(), screen.text(), screen.stderr.decode(errors="replace")


def test_an_expired_key_is_refused(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    async def scenario() -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, client_keys=[keys["expired"]])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, client_keys=[keys["elsewhere"]])  # from= still honoured

    run(scenario())
    assert "refused an expired key from 127.0.0.1" in server.log()
    assert server.children() == []


@pytest.mark.parametrize("name", ["restricted", "no-pty", "command"])
def test_a_key_limited_by_its_options_gets_no_game_and_is_told_why(
    server: Server, keys: dict[str, asyncssh.SSHKey], name: str
) -> None:
    status, _shown, said = run(_session(server.port, keys[name]))  # type: ignore[misc]
    assert status == 1
    assert said.count("\n") == 1 and "authorized_keys, line" in said, said
    assert ("command" in said) == (name == "command")
    assert server.children() == []


@pytest.mark.parametrize("name", ["restricted-with-pty", "later", "plain"])
def test_keys_whose_options_allow_a_terminal_play(server: Server, keys: dict[str, asyncssh.SSHKey], name: str) -> None:
    status, shown, _said = run(_session(server.port, keys[name]))  # type: ignore[misc]
    assert status is None and "New game" in shown


def test_one_connection_cannot_flood_the_log(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """One game open, then 200 more sessions on the same connection, each refused: a handful of log lines, and
    one that counts the rest once the connection is gone."""

    async def scenario() -> None:
        async with await connect(server.port, client_keys=[keys["plain"]]) as conn:
            screen = await open_game(conn)
            await screen.wait_for("New game")
            for _ in range(200):
                extra = await open_game(conn)
                await asyncio.wait_for(extra.closed.wait(), 10)

    def refusals() -> int:
        return len(re.findall(r"(?m)^[\d:]{8} refused a second game", server.log()))

    before = refusals()
    run(scenario(), timeout=120)
    assert refusals() - before <= 3, server.log()[-2000:]
    deadline = time.monotonic() + 10  # the count is logged as the connection goes: a bounded poll
    while "more log lines held back" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    held = re.search(r"127\.0\.0\.1: ([\d,]+) more log lines held back, most often 'refused a second", server.log())
    assert held and int(held.group(1).replace(",", "")) >= 190, server.log()[-2000:]


# ----- the file itself -------------------------------------------------------------------------------------------


def _file(tmp_path: Path, line: str) -> Path:
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    path = tmp_path / "authorized_keys"
    path.write_text(f"# a comment\n\n{line} {key}".lstrip())
    return path


@pytest.mark.parametrize(
    "options,words",
    [
        ('environment="PATH=/tmp"', "clean environment"),
        ("cert-authority", "certificates"),
        ('principals="ana"', "certificates"),
        ('tunnel="1"', "tunnels"),
        ("no-touch-required", "security-key"),
        ("verify-required", "security-key"),
        ("no-ptty", "not an option this server knows"),
        ('FROM="10.0.0.1"', "lower case"),
        ('expiry-time="2020-01-01"', "YYYYMMDD"),
    ],
)
def test_an_option_the_server_cannot_honour_stops_it_at_start(tmp_path: Path, options: str, words: str) -> None:
    path = _file(tmp_path, options)
    with pytest.raises(MythtableError, match=words) as refused:
        read_authorized_keys(path)
    assert "line 3" in str(refused.value) and "\n" not in str(refused.value)
    started = subprocess.run(
        [sys.executable, "-m", "mythtable", "serve", "ssh", "--port", "0", "--authorized-keys", str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", "MYTHTABLE_CONFIG_DIR": str(tmp_path / "config"), "HOME": str(tmp_path)},
    )
    assert started.returncode == 1 and "Traceback" not in started.stderr
    (line,) = [line for line in started.stderr.splitlines() if line.strip()]
    assert words in line and "line 3" in line


def test_what_each_option_allows() -> None:
    assert policy_of(1, {}) == KeyPolicy(1)
    assert policy_of(2, {"restrict": True}) == KeyPolicy(2, pty=False)
    assert policy_of(2, {"restrict": True, "pty": True}) == KeyPolicy(2)
    assert policy_of(3, {"no-pty": True, "no-X11-forwarding": True}).pty is False
    assert policy_of(4, {"command": "ls"}).session_refusal() is not None
    assert policy_of(5, {"expiry-time": ["20200101Z", "20300101Z"]}).expires == datetime(2020, 1, 1, tzinfo=UTC)
    now = datetime.now(UTC)
    assert policy_of(6, {"expiry-time": ["20200101"]}).expired(now)
    assert not policy_of(6, {"expiry-time": ["29991231235959Z"]}).expired(now)
    assert parse_expiry("202001021530Z") == datetime(2020, 1, 2, 15, 30, tzinfo=UTC)
    local = parse_expiry("20200102")
    assert abs(local - datetime(2020, 1, 2).astimezone(UTC)) < timedelta(seconds=1)
