"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    def __init__(self, width: int, height: int, in_game: bool = False) -> None:
        super().__init__()
        self.width, self.height = width, height
        self.in_game = in_game
        """A game someone plays lies underneath (not the title, a menu, a replay, watch mode or a finished game)."""

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="notice")

    def message(self) -> str:
        """Only true things: no word of a paused game where there is none (the title screen)."""
        wait = "\nThe game waits for you and nothing is lost." if self.in_game else ""
        size = f"Terminal too small: {self.width}x{self.height}."
        return f"{size}\nPlease enlarge it to at least {MIN_WIDTH}x{MIN_HEIGHT}.{wait}"

    def update_size(self, width: int, height: int, in_game: bool | None = None) -> None:
        self.width, self.height = width, height
        if in_game is not None:
            self.in_game = in_game
        for notice in self.query("#notice").results(Static):  # none yet if not composed
            notice.update(self.message())
