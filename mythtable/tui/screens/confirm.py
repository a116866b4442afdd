"""A yes/no question over the current screen, and a question answered with a line of text."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from mythtable.tui.safe_text import plain


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(plain(self.question))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class AskScreen(ModalScreen[str | None]):
    """A question and a one-line answer: Enter gives the text, Esc gives None (nothing is done)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self.question))
            yield Input(value=self.value, id="answer")
            yield Static("Enter: OK · Esc: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
