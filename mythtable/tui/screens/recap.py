"""A combat's result before the curtain falls (issue 33, item 1).

When a seat's turn ends by itself (its only choice was taken for it) right after a combat, the curtain
would hide the result at once: this screen shows the seat its recap first, and it presses Enter to go on,
no timer. Only that seat's eyes are on the screen: the curtain comes after.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from mythtable.play.recap import Recap
from mythtable.tui.widgets.recap import recap_text


class RecapScreen(ModalScreen[None]):
    """The seat's recap, and Enter to go on to the curtain."""

    BINDINGS = [Binding("enter,escape,space,r", "go_on", "Continue", priority=True)]
    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen #recap-box { width: 76; max-width: 100%; height: auto; max-height: 90%;
        border: double $warning; padding: 0 1; background: $panel; }
    RecapScreen #recap-body { height: auto; }
    """

    def __init__(self, name: str, recap: Recap | None) -> None:
        super().__init__()
        self.player = name
        self.recap = recap

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recap-box"):
            yield Static(recap_text(self.recap, heading=f"{self.player}: your turn has ended"), id="recap-body")
            yield Static("Press Enter to continue: the keyboard goes to the other player next.", id="recap-go")
        yield Footer()

    def action_go_on(self) -> None:
        self.dismiss(None)
