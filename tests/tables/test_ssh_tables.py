"""Shared tables over real SSH connections (issue 32): open, tables, join, watch, drops, restarts.

The seats play in the full game screen (the seat program is tui/table_app.py: a digit chooses an option, as in
hot-seat), the record equals the hot-seat game of the same choices, and a watcher's whole byte stream never names a
hidden card.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import asyncssh
import pytest

from tests.serve.sshkit import Screen, Server, connect
from tests.tables.hostkit import HotSeat, hot_seat, record_without_times
from tests.test_views import SECRETS

pytestmark = pytest.mark.slow

SEED = 7
PICKS = 54
"""The seed of the test's random picks (among the first nine options, the digits): with auto-pass on both sides
(the table's and the hot-seat replica's) this one ends the game after 211 decisions asked, 245 moves in all."""
ROWS = 40
MOVE = re.compile(r", move (\d+) \(")
CODE = re.compile(r"join ([2-9A-Z]{5})")
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
"""The board's colours and the cursor addressing of the watchers' stream: a name split by a colour is still a name."""
OPTION_ROW = re.compile(r"^([1-9]) (\S.*?)\s*[│┌└]", re.M)
"""An option of the prompt, left of the log: its digit and its words."""


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]:
    folder = tmp_path_factory.mktemp("keys")
    ana, bram = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    authorized = folder / "authorized_keys"
    authorized.write_bytes(ana.export_public_key() + bram.export_public_key())
    return ana, bram, authorized


def start(folder: Path, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path], *flags: str) -> Server:
    return Server(folder, "--authorized-keys", str(keys[2]), "--rate-limit", "200", "--login-attempts", "50", *flags)


@pytest.fixture
def server(tmp_path: Path, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]) -> Iterator[Server]:
    srv = start(tmp_path / "server", keys)
    yield srv
    srv.stop()
    assert "Traceback" not in srv.log(), srv.log()


def run(coro: object, timeout: float = 240.0) -> object:
    async def bounded() -> object:
        return await asyncio.wait_for(coro, timeout)  # type: ignore[arg-type]

    return asyncio.run(bounded())


async def command(conn: asyncssh.SSHClientConnection, text: str, rows: int = ROWS) -> Screen:
    _, screen = await conn.create_session(
        lambda: Screen(100, rows), text, term_type="xterm-256color", term_size=(100, rows), encoding=None
    )
    assert isinstance(screen, Screen)
    return screen


def moves_shown(screen: Screen) -> int:
    found = MOVE.findall(screen.text())
    return int(found[-1]) if found else -1


def options_shown(screen: Screen) -> list[str]:
    """The prompt's option rows as the seat sees them ("1 Play Rusalka of the Ford (3 XP)")."""
    return [f"{n} {words}" for n, words in OPTION_ROW.findall(screen.text())]


async def showing(screen: Screen, test: Callable[[str], bool], timeout: float = 30.0) -> None:
    """Until the screen's text passes `test` (a loaded machine draws late; a wrong screen fails after `timeout`)."""
    end = time.monotonic() + timeout
    while not test(screen.text()):
        if time.monotonic() > end or screen.closed.is_set():
            raise AssertionError(f"not on screen:\n{screen.text()}")
        screen.arrived.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(screen.arrived.wait(), 0.2)


def actions_saved(server: Server, code: str) -> int:
    try:
        return len(json.loads(table_file(server, code).read_text())["record"]["actions"])
    except (OSError, ValueError, KeyError):
        return -1


async def until_saved(server: Server, code: str, moves: int, screens: list[Screen]) -> None:
    """Until the table's autosave holds `moves` moves (written a moment after each), and the seats' screens rest."""
    for _ in range(400):
        if actions_saved(server, code) >= moves:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"the table never saved move {moves}:\n" + "\n\n".join(s.text() for s in screens))
    for screen in screens:
        await screen.wait_quiet()


async def moved_past(screens: list[Screen], moves: int) -> None:
    for screen in screens:
        for _ in range(400):
            if moves_shown(screen) > moves:
                break
            screen.arrived.clear()
            if screen.closed.is_set():
                raise AssertionError(f"closed:\n{screen.text()}")
            try:
                await asyncio.wait_for(screen.arrived.wait(), 10)
            except TimeoutError:
                raise AssertionError(f"no move past {moves}:\n{screen.text()}") from None


async def seated(
    conn_a: asyncssh.SSHClientConnection, conn_b: asyncssh.SSHClientConnection
) -> tuple[str, Screen, Screen]:
    ana = await command(conn_a, f"open mythicarium --seed {SEED}")
    shown = await ana.wait_for("Waiting for Bram to join: join ")
    code = CODE.findall(shown)[0]
    assert "Mythicarium · turn 0" in shown and "Hand 7/8" in shown, "the opener sees the board, not plain text"
    bram = await command(conn_b, f"join {code}")
    await bram.wait_for("Ana is choosing who goes first...")
    await ana.wait_for("1 Ana goes first")
    for screen in (ana, bram):
        await screen.wait_quiet()
    assert "Waiting for Bram" not in ana.text()
    return code, ana, bram


def table_file(server: Server, code: str) -> Path:
    return server.data / "ssh" / "tables" / "tables" / f"{code}.json"


def test_tables_lists_and_needs_no_terminal_and_bad_codes_are_refused(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        async with await connect(server.port, client_keys=[keys[0]]) as conn:
            result = await conn.run("tables", encoding=None, timeout=10)
            assert result.exit_status == 0 and result.stdout == b"no tables are open\r\n"
            result = await conn.run("open mythicarium", encoding=None, timeout=10)
            assert result.exit_status == 1 and b"open needs a terminal: ssh -t" in (result.stderr or b"")
            result = await conn.run("join 0O1IL", encoding=None, timeout=10)
            assert b"a table code is 5 characters of" in (result.stderr or b"")
            ana = await command(conn, f"open mythicarium --seed {SEED}")
            shown = await ana.wait_for("Waiting for Bram to join: join ")
            code = CODE.findall(shown)[0]
        async with await connect(server.port, client_keys=[keys[1]]) as conn:
            result = await conn.run("tables", encoding=None, timeout=10)
            assert re.fullmatch(
                rf"{code}  mythicarium  +Ana v Bram  \(a seat free; 0 watching\)\r\n", (result.stdout or b"").decode()
            )
            tries = []
            for _ in range(6):
                bad = await command(conn, "join 22222")
                await bad.closed.wait()
                tries.append(bytes(bad.stderr))
            assert tries[0] == b"mythtable: no open table has the code 22222\r\n"
            assert b"too many wrong table codes on one connection (at most 5)" in tries[-1]

    run(scenario())


def test_two_ssh_seats_play_a_seeded_game_to_its_end_by_keys_and_a_watcher_sees_no_hidden_card(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        async with (
            await connect(server.port, client_keys=[keys[0]]) as conn_a,
            await connect(server.port, client_keys=[keys[1]]) as conn_b,
            await connect(server.port, client_keys=[keys[1]]) as conn_w,
        ):
            code, ana, bram = await seated(conn_a, conn_b)
            watcher = await command(conn_w, f"watch {code}", rows=24)
            await watcher.wait_for("move 0")
            await ana.wait_for("1 watching")
            rng, picks = random.Random(PICKS), []
            hot = HotSeat(SEED)  # the same game on one keyboard, auto-passes and all
            replica = hot.game
            secret_of = SECRETS["mythicarium"]
            seen = 0
            for _ in range(400):
                moves = len(replica.actions)
                chunk = ESCAPES.sub(b"", bytes(watcher.raw[max(0, seen - 400) :]))  # a name across two reads too
                seen = len(watcher.raw)
                hidden = secret_of(replica.state).words
                leaked = [word for word in hidden if word.encode() in chunk or word in watcher.text()]
                assert not leaked, f"the watcher's stream named hidden cards {leaked} at move {moves}"
                if replica.result is not None:
                    break
                seat = replica.decision.seat  # type: ignore[union-attr]
                mover, other = [ana, bram][seat], [ana, bram][1 - seat]
                options = replica.options()
                first = f"1 {options[0][1][:20]}".rstrip()
                await showing(mover, lambda s, first=first: s.startswith(first) or f"\n{first}" in s)
                await showing(other, lambda s: "is choosing" in s and not OPTION_ROW.search(s))
                pick = rng.randrange(min(9, len(options)))
                picks.append(pick)
                hot.pick(pick)
                mover.send(str(pick + 1))  # a digit chooses, as in hot-seat
                await until_saved(server, code, len(replica.actions), [ana, bram])
                await moved_past([watcher], moves)
            assert replica.result is not None
            await ana.wait_for("Leave the table (t)")  # the result screen, as hot-seat's
            await bram.wait_for("Leave the table (t)")
            winner = replica.setup.players[replica.result.winner or 0]
            assert f"{winner} wins" in ana.text() and f"wins: {winner} wins" not in ana.text()  # said once
            for seat in (ana, bram):  # where the game is in each player's saves
                await seat.wait_for("Record: saves/")
            saved = json.loads(table_file(server, code).read_text())["record"]
            assert record_without_times(saved) == record_without_times(hot_seat(SEED, picks).record_data())
        players = list((server.data / "ssh" / "players").glob("*/saves/*.json"))
        assert len(players) == 2  # each player finds the game in their own saves

    run(scenario())


def test_a_killed_seat_connection_reconnects_to_the_same_decision(
    server: Server, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    async def scenario() -> None:
        async with await connect(server.port, client_keys=[keys[0]]) as conn_a:
            conn_b = await connect(server.port, client_keys=[keys[1]])
            code, ana, bram = await seated(conn_a, conn_b)
            hot = HotSeat(SEED)
            replica = hot.game
            while replica.decision.seat != 1:  # type: ignore[union-attr]
                ana.send("1")
                hot.pick(0)
                await until_saved(server, code, len(replica.actions), [ana, bram])
            before = options_shown(bram)
            assert before, bram.text()
            conn_b.abort()  # the connection dies mid-decision
            await ana.wait_for("Bram disconnected, waiting 9:")
            shown = ana.text()
            assert "wait for Bram" in shown and "the computer plays for Bram" in shown and "end the game" in shown
            async with await connect(server.port, client_keys=[keys[1]]) as again:
                back = await command(again, f"join {code}")
                await back.wait_for(before[0])
                await back.wait_quiet()
                assert options_shown(back) == before
                await ana.wait_for("Bram is choosing")

    run(scenario())


def test_the_server_killed_and_restarted_brings_the_table_back(
    tmp_path: Path, keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path]
) -> None:
    first = start(tmp_path / "server", keys)
    code = ""

    async def before() -> None:
        nonlocal code
        async with (
            await connect(first.port, client_keys=[keys[0]]) as conn_a,
            await connect(first.port, client_keys=[keys[1]]) as conn_b,
        ):
            code, ana, _bram = await seated(conn_a, conn_b)
            ana.send("1")
            saved = table_file(first, code)
            for _ in range(100):  # the autosave is written off the server's loop, a moment after the move
                if len(json.loads(saved.read_text())["record"]["actions"]) >= 1:  # with any auto-passes after it
                    break
                await asyncio.sleep(0.05)

    try:
        run(before())
    finally:  # also when `before` fails: a server left running outlives the test run
        first.proc.kill()  # no goodbye: the autosave is all that is left
        first.proc.wait(10)
    again = Server(tmp_path / "server", "--authorized-keys", str(keys[2]), "--rate-limit", "200")
    try:

        async def after() -> None:
            async with await connect(again.port, client_keys=[keys[0]]) as conn:
                listed = await conn.run("tables", encoding=None, timeout=10)
                assert code.encode() in (listed.stdout or b"") and b"seats taken" in (listed.stdout or b"")
                back = await command(conn, f"join {code}")
                await back.wait_for("Ana goes first")  # the log of the move made before the restart
                await back.wait_for("Bram disconnected")

        run(after())
        assert f"table {code} is back" in again.log()
    finally:
        again.stop()
