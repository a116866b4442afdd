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
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kw)  # type: ignore[arg-type]
        self._lines: list[LogLine] = []
        """The lines on screen now, the very objects the game's log holds."""

    def show(self, lines: list[LogLine], names: list[str] | None = None) -> None:
        """Bring the log in line with `lines`: append what is new, or redraw when what is on
        screen is not the start of `lines` (cut back by a take-back, or another seat's lines).

        With `names` (the replay viewer, where every seat's lines show), private lines are
        prefixed with the name of the seat they belong to.
        """
        shown = len(self._lines)
        if len(lines) < shown or any(a is not b for a, b in zip(lines, self._lines, strict=False)):
            self.clear()  # the other seat's private lines must go, and cut-back lines too
            shown = 0
        for line in lines[shown:]:
            event = line.event
            style = STYLES.get("private" if event.seat is not None else event.kind, "")
            text = event.text
            if names is not None and event.seat is not None:
                text = f"({names[event.seat]}) {text}"
            self.write(Text(text, style=style))
        self._lines = list(lines)
