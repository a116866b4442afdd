"""The hot-seat curtain: hides both hands until the next player has the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from mythtable.tui.safe_text import markup, notify

TAKE_BACK = -1
"""What the curtain returns when the previous player takes back their move instead."""


class CurtainScreen(Screen[int]):
    """Full-screen and opaque: nothing of the table shows through. Enter hands over.

    The player who just moved is still at the keyboard, so they may take their move back here.
    """

    BINDINGS = [
        Binding("enter", "take", "I have the keyboard", priority=True),
        Binding("u", "take_back", "Take back my move"),
        Binding("u", "cannot_take_back", "Take back my move", show=False),  # u when none is possible: say why
    ]

    def __init__(self, seat: int, name: str, role: str, previous: str | None = None, why: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.player = name
        self.role = role
        self.previous = previous
        """The name of the player who may still take back their move, if any."""
        self.why = why or "nothing to take back"
        """Why `u` takes nothing back here (when `previous` is None)."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                markup(
                    "[b]Pass the keyboard to $player[/b]\n($role)\n\n"
                    "$player, press [b]Enter[/b] when the other player is not looking."
                    + ("\n\n[dim]$previous: press u to take back your move.[/dim]" if self.previous else ""),
                    player=self.player,
                    role=self.role,
                    previous=self.previous or "",
                ),
                id="card",
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.previous is not None
        if action == "cannot_take_back":
            return self.previous is None
        return True

    def action_take(self) -> None:
        self.dismiss(self.seat)

    def action_take_back(self) -> None:
        if self.previous is not None:
            self.dismiss(TAKE_BACK)

    def action_cannot_take_back(self) -> None:
        notify(self, self.why, title="Take back", severity="warning")
