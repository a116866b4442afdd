""" "Join a table" (by its code, or picked from this server's tables waiting for a player) and "Watch a table"
(picked from the running tables that allow watching). A wrong code, a full or closed table, or too many tries
is one line under the list, and nothing else changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.tables.codes import TOKEN_CHARS, code_and_token
from mythtable.tables.protocol import TableInfo
from mythtable.tui.safe_text import plain

if TYPE_CHECKING:
    from mythtable.tui.table_link import TableLink


REFRESH_EVERY = 5.0
"""Seconds between two looks at the server's tables (Ctrl+R looks at once)."""


def table_line(info: TableInfo) -> str:
    """ "7KQ2W  Mythicarium     Ana v Bram   a seat free" (names are the players' own: shown as text)."""
    names = " v ".join(info.names)
    state = "your seat, held for you" if info.yours else "a seat free" if info.free else f"move {info.moves}"
    watching = f", {info.watchers} watching" if info.watchers else ""
    return f"{info.code}  {info.title[:16]:<16} {names[:34]}  ({state}{watching})"


class JoinTableScreen(Screen[None]):
    """With `watch`, "Watch a table"; else "Join a table"."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+r", "refresh", "Refresh the list"),
    ]

    def __init__(self, link: TableLink, watch: bool = False) -> None:
        super().__init__()
        self.link, self.watch = link, watch
        self.busy = False

    def compose(self) -> ComposeResult:
        verb = "Watch" if self.watch else "Join"
        with Vertical(id="table-join"):
            yield Static(Text(f"{verb} a table", style="bold"))
            with Horizontal(classes="row"):
                yield Label("Table code")
                yield Input(placeholder="e.g. 7KQ2W, then Enter", id="code", max_length=80, compact=True)
            if not self.watch:
                with Horizontal(classes="row"):
                    yield Label("Seat token")
                    yield Input(placeholder="only to get your seat back", id="token", max_length=80, compact=True)
            listed = "tables you may watch" if self.watch else "tables waiting for you or a player"
            yield Static(Text(f"Or pick one of the {listed} (Tab, arrows, Enter):"))
            yield OptionList(id="tables")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()
        self.action_refresh()
        self.set_interval(REFRESH_EVERY, self.action_refresh)

    def action_back(self) -> None:
        self.app.pop_screen()

    @work(exclusive=True, group="list")
    async def action_refresh(self) -> None:
        reply = await self.link.ask(action="list")
        tables = self.query_one("#tables", OptionList)
        if reply.refused is not None:
            self.say(reply.refused)
            return
        if self.watch:
            shown = [t for t in reply.tables if t.watchable]
        else:  # the player's own tables to go back to first, then those waiting for a player
            shown = [t for t in reply.tables if t.yours] + [t for t in reply.tables if t.free and not t.yours]
        was = tables.highlighted_option.id if tables.highlighted_option is not None else None
        tables.clear_options()
        if shown:
            tables.add_options([Option(Text(table_line(t)), id=t.code) for t in shown])
            codes = [t.code for t in shown]
            tables.highlighted = codes.index(was) if was in codes else 0  # where the player was stays
        else:
            nothing = "no table allows watching now" if self.watch else "no table is waiting for you or a player now"
            tables.add_option(Option(Text(f"({nothing})"), id="none", disabled=True))

    def say(self, line: str) -> None:
        self.query_one("#error", Static).update(plain(line))

    @on(Input.Submitted, "#code")
    @on(Input.Submitted, "#token")
    def code_typed(self) -> None:
        """Enter in either box: the code (with a seat token after it, or in its own box) goes to the table."""
        typed = code_and_token(self.query_one("#code", Input).value)
        if isinstance(typed, str):
            self.say(typed)
            return
        code, token = typed
        boxes = list(self.query("#token").results(Input))
        boxed = boxes[0].value.strip() if boxes else ""
        if boxed:
            if any(c not in TOKEN_CHARS for c in boxed) or len(boxed) > 64:
                self.say("A seat token is letters, digits, - and _ (as it was shown to you when you joined).")
                return
            if token is not None and token != boxed:
                self.say("Two different seat tokens: keep the one in the Seat token box.")
                return
            token = boxed
        if self.watch and token is not None:
            self.say("Watching needs no seat token: type the code alone.")
            return
        self.go(code, token)

    @on(OptionList.OptionSelected, "#tables")
    def table_picked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id != "none":
            self.go(event.option.id, None)

    @work(exclusive=True, group="go")
    async def go(self, code: str, token: str | None) -> None:
        from mythtable.tui.screens.table_wait import TableWaitScreen

        if self.busy:
            return
        self.busy = True
        try:
            reply = await self.link.ask(action="watch" if self.watch else "join", code=code, token=token)
            if reply.refused is not None or not reply.tickets:
                self.say(f"{reply.refused or 'the table server said no'}.")
                return
            clients = await self.link.sit(reply.tickets)
            if clients[0].frame is None:
                self.say(f"{clients[0].closed or 'the table did not answer'}.")
                return
        finally:
            self.busy = False
        self.say("")
        self.app.push_screen(TableWaitScreen(self.link, clients, code))
