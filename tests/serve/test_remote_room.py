"""Issue 29 item 1 (and 7), for real: a remote player's Export names no path on the server, and the servers hand
their games what keeps them in the player's room (tests/hostile/test_remote_room.py goes through every place).

The reproduction: log in over SSH with a key, open Continue, press `x`, clear the box and type a path in the server
account's home (or in another key's folder of saves), Enter. It wrote the record there ("Exported ... to
.../.bash_profile"), holding a player name the attacker chose, for the server account's next login shell to run.
Now over SSH `x` shows the record as a code to copy, and on the web it is a download; no path is asked for.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from mythtable import codes
from tests.engine.locking import saved_game
from tests.serve.sshkit import Server, connect, open_game
from tests.serve.test_web import TITLE, Page, games_of, web_server


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace")
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


def _cmdline(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]


@pytest.fixture
def keyed(tmp_path: Path) -> tuple[asyncssh.SSHKey, Path]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(key.export_public_key())
    return key, authorized


def test_ssh_export_takes_no_path_and_shows_a_code(tmp_path: Path, keyed: tuple[asyncssh.SSHKey, Path]) -> None:
    key, authorized = keyed
    home = tmp_path / "server-home"
    home.mkdir()
    srv = Server(tmp_path / "srv", "--authorized-keys", str(authorized), "--rate-limit", "100", env={"HOME": str(home)})
    try:
        players = srv.data / "ssh" / "players"
        mine = players / hashlib.sha256(key.public_data).hexdigest()[:32]
        save = saved_game(mine, 2, "mythicarium")
        other = players / ("0" * 32) / "saves"
        other.mkdir(parents=True)
        targets = [home / ".bash_profile", other / "planted.json"]

        async def scenario() -> tuple[str, dict[str, str], list[str]]:
            async with await connect(srv.port, client_keys=[key]) as conn:
                # the command line, where imports and replay files take paths, is out of reach
                refused = await (await conn.create_process("mythtable decks import /etc/passwd")).wait(timeout=10)
                assert refused.exit_status == 1
                screen = await open_game(conn)
                await screen.wait_for("New game")
                (pid,) = srv.wait_children(1)
                screen.send("c")
                await screen.wait_for("Continue a game")
                shown = ""
                for target in targets:
                    screen.send("x")
                    await screen.wait_quiet(0.3)
                    shown = screen.text()
                    screen.send("\x15" + str(target) + "\r")  # clear the box, type the path, Enter
                    await screen.wait_quiet(0.3)
                    screen.send("\x1b")
                    await screen.wait_quiet(0.3)
                return shown, _environ(pid), _cmdline(pid)

        shown, env, argv = asyncio.run(asyncio.wait_for(scenario(), 90))  # type: ignore[misc]
        for target in targets:
            assert not target.exists(), f"a remote player's Export wrote {target}"
        assert "as a code" in shown and codes.RECORD_PREFIX in shown, shown
        assert "Copy the record" not in shown
        assert str(home) not in shown, "the server's folders are not shown"
        # what the server hands the game: remote, settings in the player's folder, no command of the client's
        assert env["MYTHTABLE_REMOTE"] == "ssh"
        assert Path(env["MYTHTABLE_CONFIG_DIR"]).is_relative_to(mine)
        assert argv[-2:] == ["--data-dir", str(mine)]
        assert sorted(p.name for p in (mine / "saves").iterdir()) == [save.name]
        srv.wait_children(0)
    finally:
        srv.stop()
    assert "Traceback" not in srv.log()


DELIVERY = re.compile(rb'\["deliver_file_start",\s*"([0-9a-f]+)"\]')


def test_web_export_is_a_download_named_by_the_program(tmp_path: Path) -> None:
    web = tmp_path / "data" / "web"
    save = saved_game(web, 2, "mythicarium")

    with web_server(tmp_path) as (server, port):

        async def visit() -> tuple[bytes, str, dict[str, str], list[str]]:
            page = await Page.open(port, width=80, height=24)
            try:
                await page.wait_for(TITLE)
                (pid,) = games_of(server)
                page.send("stdin", "c")
                await page.wait_for(b"Continue a game")
                page.send("stdin", "x")
                found = await page.wait_for(DELIVERY, timeout=30)
                key = DELIVERY.search(found).group(1).decode()  # type: ignore[union-attr]
                async with (
                    aiohttp.ClientSession() as http,
                    http.get(f"http://127.0.0.1:{port}/download/{key}") as response,
                ):
                    assert response.status == 200
                    body = await response.read()
                    disposition = response.headers.get("Content-Disposition", "")
                return body, disposition, _environ(pid), _cmdline(pid)
            finally:
                page.abort()

        body, disposition, env, argv = asyncio.run(asyncio.wait_for(visit(), 90))
        assert body == save.read_bytes()
        assert save.name in disposition
        assert env["MYTHTABLE_REMOTE"] == "web"
        assert Path(env["MYTHTABLE_CONFIG_DIR"]).is_relative_to(web)
        assert argv[-2:] == ["--data-dir", str(web)]
    assert sorted(p.name for p in (web / "saves").iterdir()) == [save.name]


def test_a_web_page_cannot_choose_its_game_nor_see_the_servers_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The query of the page's socket sets its size only; the game's environment is a clean one, as over SSH
    (textual-serve handed on the server's whole environment)."""
    monkeypatch.setenv("SERVER_ONLY_SECRET", "s3cret")
    with web_server(tmp_path) as (server, port):

        async def visit() -> tuple[dict[str, str], list[str]]:
            extra = "80&command=sh&argv=--data-dir&data_dir=/tmp&env=MYTHTABLE_REMOTE%3D"  # beside the width
            page = await Page.open(port, width=extra, height=24)  # type: ignore[arg-type]
            try:
                await page.wait_for(TITLE)
                (pid,) = games_of(server)
                return _environ(pid), _cmdline(pid)
            finally:
                page.abort()

        env, argv = asyncio.run(asyncio.wait_for(visit(), 60))
    assert env["MYTHTABLE_REMOTE"] == "web"
    assert "SERVER_ONLY_SECRET" not in env and "s3cret" not in json.dumps(env)
    assert argv[-2:] == ["--data-dir", str(tmp_path / "data" / "web")]


def test_saves_import_code_brings_a_remote_game_home(tmp_path: Path) -> None:
    """The other half of SSH's Export: the code, pasted at home (wrapped over lines by the terminal)."""
    import os
    import subprocess
    import sys

    save = saved_game(tmp_path / "server", 3, "mythicarium")
    code = codes.encode_record(save.read_text())
    wrapped = "\n".join(code[i : i + 80] for i in range(0, len(code), 80))
    env = {**os.environ, "MYTHTABLE_DATA_DIR": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "mythtable", "saves", "import-code", wrapped, "--name", "from work"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "home" / "saves" / "from work.json").exists()
    again = subprocess.run(
        [sys.executable, "-m", "mythtable", "saves", "import-code", code[:-9]],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert again.returncode == 1 and again.stderr.count("\n") == 1 and "Traceback" not in again.stderr
