""" "Open a table": the new-game form, but each seat is played by me, another terminal, this keyboard, or the
computer; the table is opened in the server's table host and its code shown on the table screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.binding import Binding
from textual.widgets import Button, Select, Static

from mythtable.engine.errors import MythtableError
from mythtable.engine.registry import Loaded, load
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.new_game import NewGameScreen

if TYPE_CHECKING:
    from mythtable.tui.table_link import TableLink
    from mythtable.userfiles import BuiltFile

SEAT_CHOICES = [
    ("me", "me"),
    ("another terminal", "terminal"),
    ("this keyboard", "keyboard"),
    ("the computer", "computer"),
]
DEFAULT_SEATS = ("me", "terminal")


class OpenTableScreen(NewGameScreen):
    HEADING = "[b]Open a table[/b]  (one seat is yours; Tab moves between fields; Ctrl+S opens it)"
    START_LABEL = "Open the table"
    BINDINGS = [Binding("ctrl+s", "start", "Open the table")]

    def __init__(self, link: TableLink, ruleset_id: str | None = None) -> None:
        super().__init__(ruleset_id)
        self.link = link
        self.opening = False

    def offered(self) -> tuple[Loaded, list[BuiltFile]]:
        """The prebuilt decks, parties and encounters only: the table lives in the server, not in your folder."""
        return load(self.ruleset_id), []

    def fill_fields(self) -> None:
        super().fill_fields()
        for key, value in zip(("p1", "p2"), DEFAULT_SEATS, strict=True):
            for select in self.query(f"#{key}-controller").results(Select):
                select.set_options(SEAT_CHOICES)
                select.value = value

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        if self.opening:
            return  # a second Enter while the first is on its way: one table
        try:
            ruleset_id, seed, setup = self.collect()
        except MythtableError as exc:
            self.query_one("#error", Static).update(plain(exc))
            return
        seats = self.collect_controllers()
        if seats.count("me") != 1:
            self.query_one("#error", Static).update("One seat, and only one, is yours: choose me for it.")
            return
        self.opening = True
        self.open_table(ruleset_id, seed, list(setup.players), dict(setup.options), seats)

    @work(exclusive=True)
    async def open_table(
        self, ruleset_id: str, seed: int, players: list[str], options: dict[str, str], seats: list[str]
    ) -> None:
        from mythtable.tui.screens.table_wait import TableWaitScreen

        try:
            reply = await self.link.ask(
                action="open", ruleset=ruleset_id, seed=seed, players=players, options=options, seats=seats
            )
            if reply.refused is not None or not reply.tickets or reply.code is None:
                self.query_one("#error", Static).update(plain(f"Cannot open the table: {reply.refused}"))
                return
            clients = await self.link.sit(reply.tickets)
        finally:
            self.opening = False
        self.app.switch_screen(TableWaitScreen(self.link, clients, reply.code, opened=True))
