"""What a ruleset's board widget provides to the game screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical

from mythtable.engine.decision import NO_SUBJECT, Action, Subject


class Board(Vertical):
    """Renders one seat's view of the table. Subclasses implement `show` and may refine `detail`."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    """
    SHOW_TURN: ClassVar[bool] = True
    """Whether the status line adds "turn N" (a board whose status() names the round says False)."""
    SCREEN_BINDINGS: ClassVar[list[Binding]] = []
    """Keys the board adds to the game screen: a binding with action "x" runs the board's `action_x`."""
    subjects: Callable[[Action], Subject] | None = None
    """What an option is about, as the ruleset says (the game screen sets it to `Game.subject`)."""

    def subject(self, action: Action) -> Subject:
        """The subject of one option of the open decision, so a board never decodes action tuples."""
        return NO_SUBJECT if self.subjects is None else self.subjects(action)

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
