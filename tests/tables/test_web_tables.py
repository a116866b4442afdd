"""`serve web` reaches the SSH server's tables (issue 32): a web-side seat joins a table opened over SSH."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from mythtable.serve.web_tables import reach_tables, ssh_tables_folder
from mythtable.tables.client import TableClient, control
from mythtable.tables.host import CONTROL_KEY_NAME
from mythtable.tables.protocol import Choose
from tests.tables.hostkit import HotSeat, until
from tests.tables.test_ssh_tables import CODE, command, keys, start, until_saved  # noqa: F401  (keys: a fixture)

pytestmark = pytest.mark.slow


def test_a_web_seat_joins_a_table_opened_over_ssh(
    tmp_path: Path,
    keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path],  # noqa: F811
) -> None:
    server = start(tmp_path / "server", keys)
    try:

        async def scenario() -> None:
            from tests.serve.sshkit import connect

            async with await connect(server.port, client_keys=[keys[0]]) as conn:
                ana = await command(conn, "open mythicarium --seed 7")
                code = CODE.findall(await ana.wait_for("Waiting for Bram"))[0]
                folder, own = await reach_tables(server.data, log=lambda line: None)
                assert own is None and folder == ssh_tables_folder(server.data)
                listed = await control(folder, action="list")
                assert listed.lines and listed.lines[0].startswith(code)
                reply = await control(folder, action="join", code=code, identity="web")
                assert reply.ticket and reply.refused is None
                bram = await TableClient.connect(folder / "host.sock", reply.ticket)
                frame = await until(bram, lambda f: f.seat == 1)
                assert frame.token  # a web player comes back with the seat token
                for _ in range(100):  # Ana's screen shows Bram seated
                    if "Waiting for Bram" not in ana.text():
                        break
                    await asyncio.sleep(0.1)
                assert "Waiting for Bram" not in ana.text()
                hot = HotSeat(7)  # the same game on one keyboard, auto-passes and all
                replica = hot.game
                while replica.decision.seat != 1:  # type: ignore[union-attr]  # Ana's keys until it is Bram's turn
                    ana.send("1")  # a digit chooses, in the game screen
                    hot.pick(0)
                    await until_saved(server, code, len(replica.actions), [ana])
                await ana.wait_for("Bram is choosing")
                frame = await until(bram, lambda f: f.decision is not None and f.moves == len(replica.actions))
                assert frame.decision is not None
                await bram.send(Choose(decision=frame.decision.id, index=0))
                hot.play(replica.decision.actions[0])  # type: ignore[union-attr]
                await until_saved(server, code, len(replica.actions), [ana])
                last = replica.log[-1].event.text
                await ana.wait_for(last[:30])  # Bram's move, on Ana's screen
                await bram.close()

        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        server.stop()
    assert "Traceback" not in server.log()


async def test_a_wrong_control_key_is_refused_and_without_ssh_the_web_server_hosts_its_own(tmp_path: Path) -> None:
    folder, own = await reach_tables(tmp_path, log=lambda line: None)
    try:
        assert own is not None and folder == tmp_path / "web" / "tables"
        key = folder / CONTROL_KEY_NAME
        assert oct(key.stat().st_mode & 0o777) == "0o600" and oct(folder.stat().st_mode & 0o777) == "0o700"
        real = key.read_text()
        key.write_text("not-the-key")
        reply = await control(folder, action="list")
        assert reply.refused == "wrong control key"
        key.write_text(real)
        assert (await control(folder, action="list")).refused is None
    finally:
        await own.stop()  # type: ignore[union-attr]
    assert not (folder / CONTROL_KEY_NAME).exists()
