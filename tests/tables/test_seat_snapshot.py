"""An SVG snapshot of a seat at a shared table waiting for the other player, at 80x24 (pytest-textual-snapshot).

Update after an intended visual change with:
python -m pytest tests/tables/test_seat_snapshot.py --snapshot-update
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from mythtable.engine.game import Game
from mythtable.tables.client import TableClient
from mythtable.tui.screens.table_seat import TableSeatScreen
from mythtable.tui.table_app import TableSeatApp
from tests.tables.hostkit import RULESET, make_host


class BramWaits(TableSeatApp):
    """Bram's seat program at a seeded table whose host (and Ana's connection, no screen) run in the app's loop:
    Ana decides first, so Bram's screen waits for her."""

    def __init__(self) -> None:
        super().__init__(Path("unused"), ["unused"])
        self.folder = Path(tempfile.mkdtemp(prefix="mythtable-seat-snapshot-"))

    async def on_mount(self) -> None:
        self.host = make_host(self.folder)
        await self.host.start()
        table, ana = self.host.open_table(RULESET, 7, Game.new(RULESET, 7).setup, "key:ana")
        self.ana = await TableClient.connect(self.host.socket_path, ana)
        self.socket, self.tickets = self.host.socket_path, [self.host.join(table.code, "key:bram")]
        await super().on_mount()

    async def on_unmount(self) -> None:
        await self.ana.close()
        await self.host.stop()


async def until_waiting(pilot: Pilot[Any]) -> None:
    for _ in range(300):
        await pilot.pause(0.02)
        screen = pilot.app.screen
        if isinstance(screen, TableSeatScreen) and screen.link.inspectables():
            break
    await pilot.pause(0.1)


def test_a_seat_waits_for_the_other_player(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(BramWaits(), terminal_size=(80, 24), run_before=until_waiting)
