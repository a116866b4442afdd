"""The scrolling game log, dice included.

It draws like Textual's RichLog (which it replaced; same wrapping, scrolling and styles) but keeps
each wrapped row as its few segments and makes the Strip of a row only when it is drawn.
RichLog kept a Strip per row for the whole game, each with seven caches of its own (several KB
a move), and imported rich.pretty (and attrs) for values this log never shows.
"""

from __future__ import annotations

from collections import deque

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mythtable.engine.game import LogLine
from mythtable.engine.text import clean_text

STYLES = {
    "dice": "bold yellow",
    "turn": "bold cyan",
    "combat": "red",
    "win": "bold green",
    "private": "italic",
    "chat": "magenta",
    "table": "italic cyan",
}


def for_everyone(text: str, name: str) -> str:
    """A seat's private line as a watcher reads it: the watcher is nobody's "you".

    The rulesets write private lines to their seat ("You draw X.", "Your opening hand: ..."); for
    the replay viewer and watch mode they name the seat instead ("Ana draws X."). A line in other
    words keeps the seat's name in front."""
    if text.startswith("Your "):
        return f"{name}'s {text[5:]}"
    verb, _, rest = text[4:].partition(" ")
    if text.startswith("You ") and verb.isalpha() and verb.islower():
        ending = "es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s"
        return f"{name} {verb}{ending} {rest}".rstrip()
    return f"({name}) {text}"


MIN_WIDTH = 20
"""Rows are never wrapped narrower than this (RichLog's min_width)."""


class GameLog(ScrollView, can_focus=True):
    """Shows the log lines one seat may read; appends new ones without redrawing old ones."""

    DEFAULT_CSS = """
    GameLog {
        background: $surface; color: $foreground; overflow-y: scroll;
        border-left: solid $panel-lighten-2; padding: 0 0 0 1; scrollbar-size-vertical: 1;
        &:focus { background-tint: $foreground 5%; }
    }
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._lines: list[LogLine] = []
        """The lines on screen now, the very objects the game's log holds."""
        self._rows: list[list[Segment]] = []
        """Each wrapped row as the segments it is drawn from."""
        self._pending: deque[Text] = deque()
        """Texts written before the width was known (drawn once it is, in order)."""
        self._widest = 0
        self._size_known = False
        self._following = True
        """Scrolled to the last line (as a new line leaves it): a change of height keeps it there."""

    @property
    def lines(self) -> list[Strip]:
        """Every row as a Strip (made on demand: for tests and tools, not for drawing)."""
        return [Strip(row) for row in self._rows]

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
                text = for_everyone(text, names[event.seat])
            self.write(Text(clean_text(text), style=style))  # a Text: names and card names are never markup
        self._lines = list(lines)

    def write(self, text: Text) -> None:
        """Append `text`, wrapped to the width of the log (at least MIN_WIDTH), and scroll to it."""
        if not self._size_known:
            self._pending.append(text)
            return
        text.expand_tabs()
        console = self.app.console
        options = console.options
        width = measure_renderables(console, options, [text]).maximum
        width = max(min(width, self.scrollable_content_region.width), MIN_WIDTH)
        rows = list(Segment.split_lines(console.render(text, options.update_width(width))))
        if rows:
            self._rows.extend(rows)
            self._widest = max(self._widest, *(sum(segment.cell_length for segment in row) for row in rows))
        else:
            self._rows.append([Segment(" " * width)])
            self._widest = max(self._widest, width)
        self.virtual_size = Size(self._widest, len(self._rows))
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self) -> None:
        self._rows.clear()
        self._pending.clear()
        self._widest = 0
        self.virtual_size = Size(0, 0)
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        if event.size.width and not self._size_known:
            self._size_known = True
            while self._pending:
                self.write(self._pending.popleft())
        elif self._following:  # shorter now (the inspect panel took rows): the newest line stays in sight
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y  # the player scrolled up: the log stays where they are

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        if row >= len(self._rows):
            return Strip.blank(width, self.rich_style).apply_style(self.rich_style)
        strip = Strip(self._rows[row]).crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return strip.apply_style(self.rich_style)  # the widget keeps the lines it drew: no cache here
