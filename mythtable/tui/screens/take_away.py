"""A save's record for a player on `serve ssh` to take away, as a code to copy: never a path on the server.

Over SSH the server offers no file transfer, and a path the player typed would name a file of the server's
account (issue 29: Export wrote `~/.bash_profile`). So Export shows the record as a record code (codes.py, MTR1,
a few kilobytes: some forty lines), in a box the terminal's own selection can copy from, and `c` sends it to the
player's clipboard where the terminal lets programs set it. At home, `mythtable saves import-code CODE` adds it
to the saves (Continue or Replays then offer it).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea

from mythtable.tui.safe_text import notify, plain


class RecordCodeScreen(ModalScreen[None]):
    """The record code of one save, to copy; Esc goes back."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("c", "copy", "Copy to clipboard", priority=True),
    ]

    def __init__(self, name: str, code: str) -> None:
        super().__init__()
        self.save_name = name
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                plain(
                    f"The record of {self.save_name} as a code ({len(self.code)} characters). "
                    "Copy it; then on your own machine `mythtable saves import-code CODE` adds the game "
                    "to your saves."
                )
            )
            yield TextArea(self.code, read_only=True, soft_wrap=True, show_cursor=False, id="record-code")
            yield Static("c: copy it to your clipboard (where the terminal allows) · Esc: back", classes="hint")

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.code)
        notify(self, "The code was sent to your clipboard (if your terminal lets programs set it).")

    def action_close(self) -> None:
        self.dismiss(None)
