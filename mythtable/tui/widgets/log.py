"""The scrolling game log, dice included."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from mythtable.engine.game import LogLine

STYLES = {
    "dice": "bold yellow",
    "turn": "bold cyan",
    "combat": "red",
    "win": "bold green",
    "private": "italic",
}


class GameLog(RichLog):
    """Shows the log lines one seat may read; appends new ones without redrawing old ones."""

    DEFAULT_CSS = """
    GameLog { border-left: solid $panel-lighten-2; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kw)  # type: ignore[arg-type]
        self.shown = 0

    def show(self, lines: list[LogLine]) -> None:
        """Bring the log in line with `lines`: append what is new, or redraw if it was cut back."""
        if len(lines) < self.shown:
            self.clear()
            self.shown = 0
        for line in lines[self.shown :]:
            event = line.event
            style = STYLES.get("private" if event.seat is not None else event.kind, "")
            self.write(Text(event.text, style=style))
        self.shown = len(lines)

    def reset(self) -> None:
        self.clear()
        self.shown = 0
