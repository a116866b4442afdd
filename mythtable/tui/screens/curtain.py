"""The hot-seat curtain: hides both hands until the next player has the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class CurtainScreen(Screen[int]):
    """Full-screen and opaque: nothing of the table shows through. Enter hands over."""

    BINDINGS = [Binding("enter", "take", "I have the keyboard", priority=True)]

    DEFAULT_CSS = """
    CurtainScreen { background: $background; align: center middle; }
    CurtainScreen #card { width: 56; height: auto; border: double $accent; padding: 1 2; text-align: center; }
    """

    def __init__(self, seat: int, name: str, role: str) -> None:
        super().__init__()
        self.seat = seat
        self.player = name
        self.role = role

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"[b]Pass the keyboard to {self.player}[/b]\n({self.role})\n\n"
                f"{self.player}, press [b]Enter[/b] when the other player is not looking.",
                id="card",
            )

    def action_take(self) -> None:
        self.dismiss(self.seat)
