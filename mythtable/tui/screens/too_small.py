"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.width, self.height = width, height

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="notice")

    def message(self) -> str:
        return (
            f"Terminal too small: {self.width}x{self.height}.\n"
            f"Please enlarge it to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "The game is paused and nothing is lost."
        )

    def update_size(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        for notice in self.query("#notice").results(Static):  # none yet if not composed
            notice.update(self.message())
