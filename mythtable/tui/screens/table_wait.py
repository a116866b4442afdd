"""The table screen before play: the table's code, who has joined, and a way to cancel. It hands the seat to
the seat screen once every seat has its player (or the computer); a watcher goes straight on."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from mythtable.tables.protocol import Frame, Leave
from mythtable.tui.safe_text import plain

if TYPE_CHECKING:
    from mythtable.tables.client import TableClient
    from mythtable.tui.table_link import TableLink

SEAT_STATES = {
    "here": "joined",
    "away": "joined, then disconnected",
    "free": "waiting for another terminal",
    "computer": "the computer",
}


def seated(frame: Frame | None) -> bool:
    """No seat waits for a player any more (one who joined and dropped is the game screen's business: it offers
    to wait for them, hand their seat to the computer, or end the game)."""
    return frame is not None and bool(frame.seats) and "free" not in frame.seats


def seat_lines(frame: Frame, mine: set[int]) -> list[str]:
    """ "Seat 1  Ana    you" ... one line a seat."""
    width = max(len(name) for name in frame.names)
    lines = []
    for seat, (name, state) in enumerate(zip(frame.names, frame.seats, strict=False)):
        said = "you" if seat in mine else SEAT_STATES.get(state, state)
        lines.append(f"  Seat {seat + 1}  {name:<{width}}  {said}")
    return lines


def seat_screen_for(clients: list[TableClient]) -> Screen[None]:
    """The screen a joined seat plays in (a watcher watches in): the game screen over the remote seat; two seats
    at this keyboard share one game screen, the curtain between them (table_keyboard.py)."""
    if len(clients) > 1:
        from mythtable.tables.remote_seat import RemoteSeat
        from mythtable.tui.screens.table_keyboard import KeyboardTableScreen

        return KeyboardTableScreen(RemoteSeat(clients[0]), RemoteSeat(clients[1]))
    from mythtable.tui.screens.table_seat import seat_screen

    return seat_screen(clients[0])


def back_to_title(screen: Screen[None]) -> None:
    app = screen.app
    while len(app.screen_stack) > 2:
        app.pop_screen()


def hand_over(screen: Screen[None], clients: list[TableClient]) -> None:
    """Put the seat's screen in place of the table screens; back at the title when it is done."""
    app = screen.app
    back_to_title(screen)
    app.push_screen(seat_screen_for(clients), lambda _: None)


class TableWaitScreen(Screen[None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, link: TableLink, clients: list[TableClient], code: str, opened: bool = False) -> None:
        super().__init__()
        self.link, self.clients, self.code, self.opened = link, clients, code, opened
        self.gone = False

    def compose(self) -> ComposeResult:
        with Vertical(id="table-wait"):
            yield Static(Text(f"Table {self.code}"), id="table-code")
            yield Static("", id="table-seats")
            yield Static("", id="table-help")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.paint()
        self.wait_for_players()

    @property
    def mine(self) -> set[int]:
        return {c.frame.seat for c in self.clients if c.frame is not None and c.frame.seat is not None}

    def paint(self) -> None:
        frame = self.clients[0].frame
        client = self.clients[0]
        if frame is None:
            self.query_one("#error", Static).update(plain(f"The table answered no: {client.closed or '...'}"))
            return
        from mythtable.engine.registry import entries

        found = entries().get(frame.ruleset)
        title = f"Table {frame.code}  ·  {found.title if found is not None else frame.ruleset}"
        self.query_one("#table-code", Static).update(Text(title, style="bold"))
        self.query_one("#table-seats", Static).update(Text("\n".join(seat_lines(frame, self.mine))))
        if "free" in frame.seats:
            help_text = (
                f'Give the other player the code {frame.code}: they pick "Join a table" on the title\n'
                f"screen of this server, or run: ssh -t HOST join {frame.code}\n\n"
                "The game begins when every seat has its player."
            )
        else:
            help_text = "Every seat has its player: the game begins."
        token = next((c.token for c in self.clients if c.token), None)
        if token:  # no key to know this player by: the token gets the seat back
            help_text += f"\n\nYour seat token: {token}  (write it down: it gets you this seat back)"
        self.query_one("#table-help", Static).update(Text(help_text))

    @work(exclusive=True)
    async def wait_for_players(self) -> None:
        client = self.clients[0]
        while not self.gone:
            frame = client.frame
            if frame is not None and (frame.seat is None or seated(frame)):
                hand_over(self, self.clients)
                return
            message = await client.receive()
            if message is None or message.type == "closed":
                self.query_one("#error", Static).update(
                    plain(f"The table closed: {client.closed or 'the server ended it'}. Esc goes back.")
                )
                self.gone = True
                return
            if message.type == "refused" and client.refusals:
                self.query_one("#error", Static).update(plain(client.refusals[-1]))
            self.paint()

    async def action_cancel(self) -> None:
        if self.opened and not self.gone:
            reply = await self.link.ask(action="close", code=self.code)
            if reply.refused is not None:
                self.query_one("#error", Static).update(plain(reply.refused))
                return
        self.gone = True
        for client in self.clients:
            if client.closed is None:
                with contextlib.suppress(ConnectionError, OSError):
                    await client.send(Leave())
            await client.close()
        back_to_title(self)
