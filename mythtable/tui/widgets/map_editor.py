"""The encounter builder's map: a grid of squares with a cursor, drawn from an encounter file's map
rows (so each creature shows by the letter its file gives it), scrolled to keep the cursor in view.

It draws and moves the cursor only; the screen (tui/screens/encounter_editor.py) holds the draft
and its keys change it. Two characters a square, as on the game's map; only the lines on screen are
drawn (the Line API), so a 40 x 40 map costs what a small one does.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from mythtable.tui.colours import (
    CREATURE_STYLE,
    CREATURE_STYLE_ALT,
    CURSOR_STYLE,
    FLOOR_STYLE,
    HERO_STYLE,
    ITEM_STYLE,
    MAP_LABEL,
    MAP_LABEL_ALT,
    MAP_LABEL_FOCUS,
    MAP_PROBLEM_STYLE,
    RUBBLE_STYLE,
    WALL_STYLE,
)
from mythtable.tui.widgets.key_order import KeysInTurn

LABEL_WIDTH = 3
SQUARE = 2
PROBLEM_STYLE = MAP_PROBLEM_STYLE


def glyph(mark: str, has_item: bool, creature: str | None = None) -> tuple[str, str]:
    """A square's two characters and style: walls and rubble fill it, a start square shows its mark, a creature
    the mark the game's map gives it (`creature`: "hA", the ruleset's one marking; "" for the file's letter);
    an item on it shows as `*` (beside the mark when something stands there and the mark leaves room)."""
    star = "*" if has_item else " "
    if creature is not None:
        style = CREATURE_STYLE_ALT if mark.isupper() else CREATURE_STYLE
        if not creature:
            return mark + star, style
        return (creature[0] + "*" if has_item and creature[1:] == " " else creature), style
    if mark == "#":
        return ("█*" if has_item else "██"), (PROBLEM_STYLE if has_item else WALL_STYLE)
    if mark == ":":
        return ("░*" if has_item else "░░"), RUBBLE_STYLE
    if mark == ".":
        return ("* ", ITEM_STYLE) if has_item else ("· ", FLOOR_STYLE)
    if mark in "1234":
        return mark + star, HERO_STYLE
    return "?" + star, PROBLEM_STYLE  # a mark the map cannot use (from a file): the check names it


class MapEditor(KeysInTurn, Widget, can_focus=True):
    """A grid with a cursor. Arrows and h j k l move it (Shift paints as it goes: the screen
    listens for Moved with `paint` set)."""

    DEFAULT_CSS = """
    MapEditor { height: 1fr; }
    MapEditor:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1, 0)", show=False),
        Binding("right,l", "move(1, 0)", show=False),
        Binding("up,k", "move(0, -1)", show=False),
        Binding("down,j", "move(0, 1)", show=False),
        Binding("shift+left,H", "move(-1, 0, True)", show=False),
        Binding("shift+right,L", "move(1, 0, True)", show=False),
        Binding("shift+up,K", "move(0, -1, True)", show=False),
        Binding("shift+down,J", "move(0, 1, True)", show=False),
        Binding("home", "move(-100, 0)", show=False),
        Binding("end", "move(100, 0)", show=False),
        Binding("pageup", "move(0, -10)", show=False),
        Binding("pagedown", "move(0, 10)", show=False),
    ]

    class Moved(Message):
        """The cursor moved; `paint`: the move was a painting one (Shift)."""

        def __init__(self, x: int, y: int, paint: bool) -> None:
            super().__init__()
            self.x, self.y, self.paint = x, y, paint

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[str] = []
        self.items: frozenset[tuple[int, int]] = frozenset()
        self.creatures: dict[tuple[int, int], str] = {}
        """The squares with a creature, and the mark it shows (as on the game's map)."""
        self.cursor = (0, 0)
        self.left = 0
        self.top = 0

    # ----- what the screen calls -----------------------------------------------------------------
    def show(self, rows: list[str], items: frozenset[tuple[int, int]], creatures: dict[tuple[int, int], str]) -> None:
        """The map to draw (an encounter file's rows), the squares with items and with creatures on them, each
        creature with its mark (any other mark but terrain and start squares shows as `?`: the check names it)."""
        self.rows = rows
        self.items = items
        self.creatures = creatures
        x, y = self.cursor
        self.cursor = (max(0, min(x, self.map_width - 1)), max(0, min(y, len(rows) - 1)))
        self._scroll_to_cursor()
        self.refresh()

    @property
    def map_width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def visible(self) -> tuple[int, int]:
        """How many squares fit across and down."""
        return max(1, (self.size.width - LABEL_WIDTH) // SQUARE), max(1, self.size.height - 1)

    # ----- drawing -------------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        across, down = self.visible()
        columns = range(self.left, min(self.map_width, self.left + across))
        if y == 0:
            segments = [Segment(" " * LABEL_WIDTH, base)]
            for x in columns:
                style = MAP_LABEL_FOCUS if x == self.cursor[0] else (MAP_LABEL if x % 2 else MAP_LABEL_ALT)
                segments.append(Segment(f"{x:<2}"[:SQUARE], base + Style.parse(style)))
            return Strip(segments).crop_extend(0, width, base)
        row_index = self.top + y - 1
        if row_index >= len(self.rows) or y > down:
            return Strip.blank(width, base)
        row = self.rows[row_index]
        label = MAP_LABEL_FOCUS if row_index == self.cursor[1] else MAP_LABEL
        segments = [Segment(f"{row_index:>2} ", base + Style.parse(label))]
        for x in columns:
            text, style = glyph(row[x], (x, row_index) in self.items, self.creatures.get((x, row_index)))
            if (x, row_index) == self.cursor:
                style = CURSOR_STYLE
                if text == "· ":
                    text = "[]"
            segments.append(Segment(text, base + Style.parse(style)))
        return Strip(segments).crop_extend(0, width, base)

    def _scroll_to_cursor(self) -> None:
        across, down = self.visible()
        x, y = self.cursor
        if x < self.left:
            self.left = x
        elif x >= self.left + across:
            self.left = x - across + 1
        if y < self.top:
            self.top = y
        elif y >= self.top + down:
            self.top = y - down + 1
        self.left = max(0, min(self.left, max(0, self.map_width - across)))
        self.top = max(0, min(self.top, max(0, len(self.rows) - down)))

    # ----- keys and mouse ----------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int, paint: bool = False) -> None:
        if not self.rows:
            return
        x = max(0, min(self.map_width - 1, self.cursor[0] + dx))
        y = max(0, min(len(self.rows) - 1, self.cursor[1] + dy))
        self.move_to(x, y, paint)

    def move_to(self, x: int, y: int, paint: bool = False) -> None:
        self.cursor = (x, y)
        self._scroll_to_cursor()
        self.refresh()
        self.post_message(self.Moved(x, y, paint))

    def on_click(self, event: Click) -> None:
        x = self.left + (event.x - LABEL_WIDTH) // SQUARE
        y = self.top + event.y - 1
        if event.x >= LABEL_WIDTH and event.y >= 1 and 0 <= x < self.map_width and 0 <= y < len(self.rows):
            self.focus()
            self.move_to(x, y)

    def on_resize(self) -> None:
        self._scroll_to_cursor()
