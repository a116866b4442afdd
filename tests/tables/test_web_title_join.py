"""Web: a page joins a table opened over SSH (issue 32), for real. `serve ssh` and `serve web` run on one data
folder; Ana opens a table with `ssh -t host open mythicarium`; a browser page (a websocket to `serve web`, whose
game process textual-serve starts) picks "Join a table" on its title screen, types the code and reaches the seat:
the host seats a token holder at seat 2 and Ana's table goes on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import asyncssh
import pytest

from mythtable.serve.web_tables import ssh_tables_folder
from mythtable.tables.client import control
from tests.serve.sshkit import Server, connect
from tests.serve.test_web import Page, web_server
from tests.tables.test_ssh_tables import command, keys, start  # noqa: F401  (keys: a fixture)

pytestmark = pytest.mark.slow


def holders(server: Server, code: str) -> list[str | None]:
    path = ssh_tables_folder(server.data) / "tables" / f"{code}.json"
    return list(json.loads(path.read_text())["holders"])


def test_a_web_page_joins_from_its_title_screen_a_table_opened_over_ssh(
    tmp_path: Path,
    keys: tuple[asyncssh.SSHKey, asyncssh.SSHKey, Path],  # noqa: F811
) -> None:
    server = start(tmp_path / "server", keys)
    web_log = tmp_path / "web.log"
    try:
        with web_server(tmp_path, data=server.data) as (_web, port):
            assert "shared tables: the SSH server's" in web_log.read_text()

            async def scenario() -> None:
                async with await connect(server.port, client_keys=[keys[0]]) as conn:
                    ana = await command(conn, "open mythicarium --seed 7", rows=24)
                    folder = ssh_tables_folder(server.data)
                    code = ""
                    for _ in range(200):
                        listed = await control(folder, action="list")
                        if listed.lines:
                            code = listed.lines[0].split()[0]
                            break
                        await asyncio.sleep(0.1)
                    assert code, "no table opened"
                    page = await Page.open(port, width=80, height=24)
                    assert page.status == 101
                    await page.wait_for(b"Join a table", from_start=True)
                    page.send("stdin", "j")
                    await page.wait_for(b"Table code", from_start=True)
                    page.send("stdin", code.lower())
                    page.send("stdin", "\r")
                    for _ in range(300):  # the host seats the page's player
                        seated = holders(server, code)
                        if seated[1] is not None:
                            break
                        await asyncio.sleep(0.1)
                    assert seated[0] is not None and seated[0].startswith("key:")
                    assert seated[1] is not None and seated[1].startswith("token:")  # a web player: a seat token
                    listed = await control(folder, action="list")
                    assert "seats taken" in listed.lines[0]
                    await page.wait_for(b"Chat", from_start=True)  # the seat's game screen, with the table's keys
                    page.abort()
                    ana.send("\x11")

            asyncio.run(asyncio.wait_for(scenario(), 180))
    finally:
        server.stop()
    assert "Traceback" not in server.log(), server.log()
    assert "Traceback" not in web_log.read_text(errors="replace")
