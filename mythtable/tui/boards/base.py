"""What a ruleset's board widget provides to the game screen."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical

from mythtable.engine.decision import Action


class Board(Vertical):
    """Renders one seat's view of the table. Subclasses implement `show` and may refine `detail`."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    """
    SHOW_TURN: ClassVar[bool] = True
    """Whether the status line adds "turn N" (a board whose status() names the round says False)."""
    SCREEN_BINDINGS: ClassVar[list[Binding]] = []
    """Keys the board adds to the game screen: a binding with action "x" runs the board's `action_x`."""

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        """Render `view` (what seat `viewer` may see)."""
        raise NotImplementedError

    def detail(self, view: Any, action: Action) -> str | Text:
        """Extra words for the highlighted option (card text, target stats); empty for none."""
        return ""

    def status(self, view: Any) -> str:
        """A short stage label for the status line, e.g. "Combat: declare blockers"."""
        return ""

    def key_enabled(self, name: str) -> bool | None:
        """Whether the board's key `name` is usable now (False hides it from the footer)."""
        return True
