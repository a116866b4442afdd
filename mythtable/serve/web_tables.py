"""How `serve web` reaches the shared tables: the SSH server's table host when one runs on the same data folder
(a page then joins a table opened over SSH), else a host of its own.

The web server asks the host over its socket with the control key (tables/client.py `control`), and gets each
page's game a lobby ticket (`lobby_environment`): its title screen then opens, joins and watches tables itself,
over the host's socket, as an SSH session's does; wrong table codes count per page and per address there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mythtable.tables.client import SOCKET_ENV, control
from mythtable.tables.host import TableHost
from mythtable.tables.host_types import HostSettings


def ssh_tables_folder(data_root: Path) -> Path:
    """Where `serve ssh --data-dir DATA` keeps its table host (settings.data_dir is DATA/ssh)."""
    return data_root / "ssh" / "tables"


async def reach_tables(data_root: Path, log: Callable[[str], None] = print) -> tuple[Path, TableHost | None]:
    """(the folder of the table host to use, the host started here or None when the SSH server's answered)."""
    shared = ssh_tables_folder(data_root)
    try:
        await control(shared, action="list")
        log(f"mythtable: shared tables: the SSH server's ({shared})")
        return shared, None
    except (ConnectionError, OSError):
        pass
    own = TableHost(HostSettings(folder=data_root / "web" / "tables", log=log))
    await own.start()
    log(f"mythtable: shared tables: this server's own ({own.folder})")
    return own.folder, own


async def lobby_environment(folder: Path, address: str) -> dict[str, str]:
    """What lets a page's game reach the tables from its title screen (nothing when the host does not answer:
    the title screen then offers no tables)."""
    from mythtable.tables.host import SOCKET_NAME
    from mythtable.tables.lobby_client import LOBBY_ENV

    try:
        reply = await control(folder, action="lobby", identity="web", address=address[:80])
    except (ConnectionError, OSError):
        return {}
    if reply.ticket is None:
        return {}
    return {SOCKET_ENV: str(folder / SOCKET_NAME), LOBBY_ENV: reply.ticket}
