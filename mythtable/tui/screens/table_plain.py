"""A seat at a shared table as the plain seat shows it (tables/text_view.py), inside the app: the screen a seat
joined from the title screen plays in until the full game screen draws remote seats. The same keys as the
plain seat: a number chooses, u asks to take back, y/n answer, t TEXT chats, q leaves. With two seats at this
keyboard, the one whose decision it is shows."""

from __future__ import annotations

import contextlib

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from mythtable.engine.text import one_line
from mythtable.tables.client import TableClient
from mythtable.tables.protocol import (
    Absent,
    Answer,
    Chat,
    Choose,
    Frame,
    Leave,
    TakeBack,
    Watchers,
    _Message,
)
from mythtable.tables.text_view import screen_lines
from mythtable.tui.safe_text import plain

HELP = "number: choose  u: take back  t TEXT: chat  m: mute chat  q: leave"


def command(line: str, frame: Frame | None) -> _Message | str | None:
    """The message a typed line asks for, a one-line complaint, or None for an empty line."""
    text = line.strip()
    if not text:
        return None
    if frame is None:
        return "the table has not answered yet"
    if text.isdigit():
        if frame.decision is None:
            return "it is not your decision"
        number = int(text)
        options = frame.decision.options
        if not 1 <= number <= len(options):
            return f"there is no option {number}"
        return Choose(decision=frame.decision.id, index=options[number - 1].index)
    word, _, rest = text.partition(" ")
    if word == "t":
        return Chat(text=rest[:200])
    if word == "m":
        return "mute"
    simple: dict[str, _Message] = {
        "u": TakeBack(),
        "y": Answer(accept=True),
        "n": Answer(accept=False),
        "w": Absent(choice="wait"),
        "c": Absent(choice="computer"),
        "e": Absent(choice="end"),
        "x": Watchers(allow=not frame.watchable),
        "q": Leave(),
    }
    return simple.get(word, f"unknown command {word[:20]!r}")


def seat_lines(frame: Frame, width: int) -> list[str]:
    """What only a seat reads under the table: a take-back to answer, an absent player, its token, the keys."""
    lines = []
    if frame.seat is not None:
        if frame.asks_take_back:
            lines.append(f"{frame.names[1 - frame.seat]} asks to take back a move: y to allow, n to refuse")
        if frame.absent:
            lines.append("The other player is away: w wait, c hand their seat to the computer, e end (saved)")
        if frame.token:
            lines.append(f"Your seat token (to come back without a key): {frame.token}")
    lines.append(HELP)
    return [one_line(line, max(10, width - 1)) for line in lines]


class PlainSeatScreen(Screen[None]):
    def __init__(self, clients: list[TableClient]) -> None:
        super().__init__()
        self.clients = clients
        self.note = ""
        self.muted = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="plain-table"):
            yield Static("", id="plain-frame")
        yield Static("", id="plain-note")
        yield Input(placeholder="number: choose  u: take back  t TEXT: chat  q: leave", id="plain-input")

    def on_mount(self) -> None:
        for client in self.clients:
            self.pump(client)
        self.query_one("#plain-input", Input).focus()
        self.paint()

    @property
    def shown(self) -> TableClient:
        """The seat whose decision it is (two seats at one keyboard), else the first."""
        for client in self.clients:
            if client.frame is not None and client.frame.decision is not None:
                return client
        return self.clients[0]

    def paint(self) -> None:
        frame = self.shown.frame
        if frame is None:
            return
        if self.muted:
            frame = frame.model_copy(update={"chat": []})
        size = self.size
        extra = seat_lines(frame, max(40, size.width))
        lines = screen_lines(frame, max(40, size.width), max(10, size.height - 2 - len(extra))) + extra
        self.query_one("#plain-frame", Static).update(Text("\n".join(lines)))
        self.query_one("#plain-note", Static).update(plain(self.note))

    @work(group="pump")
    async def pump(self, client: TableClient) -> None:
        while True:
            message = await client.receive()
            if message is None or message.type == "closed":
                self.note = f"{client.closed or 'the table closed'}; q goes back to the title screen"
                self.paint()
                return
            self.note = f"! {client.refusals[-1]}" if message.type == "refused" and client.refusals else ""
            self.paint()

    @on(Input.Submitted, "#plain-input")
    async def typed(self, event: Input.Submitted) -> None:
        event.input.value = ""
        client = self.shown
        if event.value.strip() == "q" or client.closed is not None:
            if event.value.strip() == "q":
                await self.leave()
            return
        asked = command(event.value, client.frame)
        if asked == "mute":
            self.muted = not self.muted
            self.note = "chat muted (m: show it again)" if self.muted else ""
        elif isinstance(asked, str):
            self.note = f"! {asked}"
        elif asked is not None:
            with contextlib.suppress(ConnectionError, OSError):
                await client.send(asked)
        self.paint()

    async def leave(self) -> None:
        for client in self.clients:
            if client.closed is None:
                with contextlib.suppress(ConnectionError, OSError):
                    await client.send(Leave())
            await client.close()
        app = self.app
        while len(app.screen_stack) > 2:
            app.pop_screen()
