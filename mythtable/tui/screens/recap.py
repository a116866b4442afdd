"""A combat's result before the curtain falls (issue 33, item 1).

When a seat's turn ends by itself (its only choice was taken for it) right after a combat, the curtain
would hide the result at once: this screen shows the seat its recap first, and it presses Enter to go on,
no timer. It is the hand-over's first step (a CurtainScreen whose seat is the one still at the keyboard):
Enter goes on to the curtain for the other seat, and `u` still takes back the seat's move.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from mythtable.play.recap import Recap
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.widgets.recap import recap_text


class RecapScreen(CurtainScreen):
    """The seat's recap; Enter goes on (to the curtain), u takes back its move if it may."""

    BINDINGS = [
        Binding("enter", "take", "Continue", priority=True),
        Binding("u", "take_back", "Take back my move"),
        Binding("u", "cannot_take_back", "Take back my move", show=False),
    ]

    def __init__(
        self, seat: int, name: str, role: str, recap: Recap | None, previous: str | None = None, why: str = ""
    ) -> None:
        super().__init__(seat, name, role, previous, why)
        self.recap = recap

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recap-box"):
            yield Static(recap_text(self.recap, heading=f"{self.player}: your turn has ended"), id="recap-body")
            take_back = f" ({self.previous}: u takes back your move.)" if self.previous else ""
            yield Static(f"Enter: continue, then the keyboard goes to the other player.{take_back}", id="recap-go")
        yield Footer()
