"""A list of cards that draws only the rows on screen: the deck editor's pool and deck.

An OptionList measures every option and lays the screen out again whenever its options change;
searching a pool of a few hundred cards on every key press cost a full layout each time. This list
has a fixed size (from CSS), draws its rows only when they are on screen, and repaints just its visible lines
(the Line API), so a new search or a changed count costs the same whatever the pool's size.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from mythtable.tui.widgets.key_order import KeysInTurn


class CardList(KeysInTurn, Widget, can_focus=True):
    """Rows of ids, each drawn by `render_row(id)` only when it is on screen; a cursor; Enter
    selects. Posts Highlighted and Selected with the row's id."""

    DEFAULT_CSS = """
    CardList { height: 1fr; }
    CardList:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("home", "move(-100000)", show=False),
        Binding("end", "move(100000)", show=False),
        Binding("enter", "select", show=False),
    ]

    class Highlighted(Message):
        def __init__(self, card_list: CardList, card_id: str) -> None:
            super().__init__()
            self.card_list = card_list
            self.card_id = card_id

        @property
        def control(self) -> CardList:
            return self.card_list

    class Selected(Highlighted):
        pass

    def __init__(self, render_row: Callable[[str], Text], *, id: str | None = None, then: str | None = None) -> None:
        super().__init__(id=id)
        self.then = then
        """The widget (a selector on the screen) that Enter sends the focus to, if any."""
        self.render_row = render_row
        """Draws one row from its id: only rows on screen are ever drawn."""
        self.rows: list[str] = []
        self.cursor = 0
        self.top = 0

    # ----- what the screen calls ------------------------------------------------------------
    def set_rows(self, rows: list[str], keep: str | None = None) -> None:
        """New rows (ids); the cursor goes to `keep` if it is among them, else stays in range."""
        self.rows = rows
        if keep is not None and keep in rows:
            self.cursor = rows.index(keep)
        self.cursor = max(0, min(self.cursor, len(rows) - 1))
        self._scroll_to_cursor()
        self.refresh()
        self._announce()

    def changed_row(self, row_id: str) -> None:
        """A row's text changed (a count): repaint its line if it is on screen."""
        height = max(self.size.height, 1)
        for y, rid in enumerate(self.rows[self.top : self.top + height]):
            if rid == row_id:
                self.refresh_line(y)

    @property
    def highlighted_id(self) -> str | None:
        return self.rows[self.cursor] if self.rows else None

    # ----- drawing ----------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        index = self.top + y
        base = self.rich_style
        if index >= len(self.rows):
            return Strip.blank(width, base)
        text = self.render_row(self.rows[index])
        segments = list(text.render(self.app.console))
        segments = [s for s in segments if s.text != "\n"]
        strip = Strip(segments).crop_extend(0, width, base).apply_style(base)
        if index == self.cursor:
            strip = strip.apply_style(Style(reverse=True) if self.has_focus else Style(underline=True))
        return strip

    def refresh_line(self, y: int) -> None:
        """Repaint one visible line."""
        self.refresh(Region(0, y, self.size.width, 1))

    def _scroll_to_cursor(self) -> None:
        height = max(self.size.height, 1)
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + height:
            self.top = self.cursor - height + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - height)))

    def _announce(self) -> None:
        if self.rows:
            self.post_message(self.Highlighted(self, self.rows[self.cursor]))

    # ----- keys and mouse -------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        if not self.rows:
            return
        old_cursor, old_top = self.cursor, self.top
        self.cursor = max(0, min(len(self.rows) - 1, self.cursor + delta))
        self._scroll_to_cursor()
        if self.top != old_top:
            self.refresh()
        else:
            self.refresh_line(old_cursor - self.top)
            self.refresh_line(self.cursor - self.top)
        self._announce()

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.rows[self.cursor]))
            if self.then is not None:
                self.send_focus(self.then)  # at once: keys typed after the Enter go on (key_order.py)

    def on_click(self, event: Click) -> None:
        index = self.top + event.y
        if 0 <= index < len(self.rows):
            self.action_move(index - self.cursor)

    def on_resize(self) -> None:
        self._scroll_to_cursor()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
