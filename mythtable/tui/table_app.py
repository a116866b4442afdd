"""The program a seat at a shared table runs in its terminal: `python -m mythtable.tui.table_app`.

`serve ssh` starts it in the seat's pseudo-terminal (for `open`, `join`), with the table host's socket and a
one-time ticket in its environment (tables/client.py); it shows the seat's game screen (screens/table_seat.py)
and ends when the player leaves the table or the table closes. The seat stays held when it ends.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mythtable.tables.client import TableClient, from_environment
from mythtable.tui.app import MythtableApp
from mythtable.tui.safe_text import notify
from mythtable.tui.screens.confirm import ConfirmScreen


class TableSeatApp(MythtableApp):
    """The app with one screen: this seat at its table (no title screen: the SSH command chose the table)."""

    SEAT_ONLY = True
    """No title screen below the seat's: the result screen offers to leave the table instead."""

    def __init__(self, socket: Path, tickets: list[str]) -> None:
        super().__init__()
        self.socket, self.tickets = socket, tickets

    async def on_mount(self) -> None:
        from mythtable.tui.screens.table_wait import seat_screen_for

        self.watch_terminal()
        try:
            clients = [await TableClient.connect(self.socket, ticket) for ticket in self.tickets]
        except OSError as exc:
            notify(self, f"The table is gone: {exc.strerror or exc}", title="No table", severity="error")
            self.set_timer(3.0, self.exit)
            return
        self.push_screen(seat_screen_for(clients), lambda _: self.exit())
        self.check_size(self.size.width, self.size.height)

    def in_game(self) -> bool:
        return True

    def action_request_quit(self) -> None:
        """Ctrl+Q leaves the table (asked first; a second Ctrl+Q leaves at once). The seat stays held."""
        if isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        question = "Leave the table? Your seat stays yours:\njoin the table again to come back. (y/n)"
        self.push_screen(ConfirmScreen(question), lambda yes: self.exit() if yes else None)


def main() -> int:
    found = from_environment()
    if found is None:
        print("mythtable: no table to join (this program is started by the server)", file=sys.stderr)
        return 2
    TableSeatApp(*found).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
