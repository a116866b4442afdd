"""One player's half of the table: a header (kept in sight), then the Offensive and Defensive Lines,
the Tower row and the graveyard in a part that scrolls, drawn more compactly while it does not fit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from mythtable.rulesets.magewars.view import GameView, PlayerView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.boards.magewars.render import (
    CHANGED,
    CURSOR,
    LEVELS,
    NO_MARKS,
    FitText,
    LineRender,
    Marks,
    RowItem,
    RowRender,
    UnitRow,
    grouped_items,
    hidden_text,
    name_room,
    row_item,
    row_summary,
    side_level,
    unit_row,
    weave_text,
)
from mythtable.tui.widgets.steady import SteadyLines, text_key

LINE_KEYS = ("offensive", "defensive", "row", "grave")


class LineWidget(Static):
    """One line of one player: the Offensive Line, the Defensive Line or the Tower row."""

    def __init__(self, key: str, **kw: Any) -> None:
        super().__init__("", **kw)
        self.key = key
        self.render_of: LineRender | RowRender | None = None
        self._steady = SteadyLines()

    def show(self, render: LineRender | RowRender) -> None:
        """Show `render`: repainted only when its rows differ from those on screen (the board draws its sides
        again for a new view, the marks and the option's subject), laid out again only when their count does."""
        self.render_of = render
        width = self.content_size.width or self._steady.width
        self._steady.update(self, render, width, render.render_lines(width) if width else [])

    def index_of(self, uid: int) -> int | None:
        """The row of this widget a unit or card is drawn on (None: not here)."""
        render = self.render_of
        if isinstance(render, LineRender):
            return render.index_of(uid)
        if isinstance(render, RowRender):
            return render.index_of(uid, max(1, self.content_region.width))
        return None


class SideView(VerticalScroll):
    """The part of one player's half that scrolls: the Offensive and Defensive Lines. The header
    above and the Tower row and graveyard below stay in sight (the board places them)."""

    def compose(self) -> ComposeResult:
        for key in LINE_KEYS[:2]:
            yield LineWidget(key, classes=key)

    COMPACT = 2
    """Compact forms for a crowded side: 1, the Tower row as a summary; 2, weaves as marks too."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.compact = 0
        self.header: Static | None = None
        """The header above this side (the board places it outside the scrolling part)."""
        self.header_group: list[FitText] | None = None
        self._header: FitText | None = None
        """The headers that take one form (both sides'; the board sets it before drawing)."""
        self._header_forms: tuple[object, ...] = ()
        """The forms of both headers when this one was last put on screen."""
        self.below: dict[str, LineWidget] = {}
        """The Tower row and the graveyard under the scrolling part (placed by the board)."""
        self.marks: Marks = NO_MARKS
        self._shown: tuple[GameView, PlayerView, dict[int, str], dict[int, str]] | None = None
        self.rows: dict[str, list[UnitRow]] = {}

    @property
    def seat(self) -> int | None:
        return None if self._shown is None else self._shown[1].seat

    def prepare(self, view: GameView, player: PlayerView, names: dict[int, str], roles: dict[int, str]) -> None:
        """Take a new view of this player; `draw` shows it (the board first agrees the short names)."""
        self._shown = (view, player, names, roles)
        self.compact = 0
        self.build_rows()

    def build_rows(self) -> None:
        assert self._shown is not None
        _view, player, names, roles = self._shown
        self.rows = side_rows(player, roles, names, self.compact)

    def unit_names(self) -> set[str]:
        return {row.name.plain for rows in self.rows.values() for row in rows if not row.full}

    def unit_rows(self) -> list[UnitRow]:
        return [*self.rows.get("offensive", []), *self.rows.get("defensive", [])]

    def level(self) -> int:
        """The most detailed form this side's rows fit in at its width (see `side_level`)."""
        return side_level(self.scrollable_content_region.width, [r for r in self.unit_rows() if not r.full])

    def name_width(self, level: int = 0) -> int:
        """How wide this side can draw unit names in form `level` or a more compact one."""
        return name_room(self.scrollable_content_region.width, self.unit_rows(), level)

    def draw(self) -> None:
        assert self._shown is not None
        view, player, names, _roles = self._shown
        marks = self.marks
        if self.header is not None:
            group = self.header_group
            if group is not None and self._header in group:
                group.remove(self._header)  # drawn again alone: its last form leaves the group
            self._header = player_header(view, player, marks, group)
        lines, row, grave = side_renders(player, self.rows, names, marks, self.compact)
        for render in lines:
            self.query_one(f".{render.key}", LineWidget).show(render)
        if self.below:
            self.below["row"].show(row)
            self.below["grave"].show(grave)
            self.below["grave"].set_class(bool(self.compact), "folded")

    def show_header(self) -> None:
        """Put the header drawn last on screen, unless the same forms show (one row: never a layout). The board
        calls it once both headers are drawn: each takes the form of the more compact of the two."""
        header, fit = self.header, self._header
        if header is None or fit is None:
            return
        forms = tuple(tuple(text_key(text) for text in member.texts) for member in fit.group)
        if forms != self._header_forms:
            self._header_forms = forms
            header.update(fit, layout=False)

    def lines_height(self) -> int:
        """Rows the two lines take as drawn now (a unit a row, weaves under their units)."""
        width = max(1, self.scrollable_content_region.width)
        return sum(len(w.render_of.render_lines(width)) for w in self.query(LineWidget) if w.render_of is not None)

    def below_height(self, tall: bool) -> int:
        """Rows the Tower row (and on a tall board the graveyard, unless folded) take as drawn now."""
        total = 0
        for key, widget in self.below.items():
            if widget.render_of is None or (key == "grave" and (not tall or self.compact)):
                continue
            width = widget.content_region.width or max(1, self.size.width - 2)
            total += len(widget.render_of.render_lines(width))
        return total

    def natural_height(self) -> int:
        """Rows this side needs in its fullest form (compact 0) at its width, without the header."""
        width = max(1, self.scrollable_content_region.width)
        total = 0
        for widget in (*self.query(LineWidget), *self.below.values()):
            if widget.render_of is not None and widget.display and (widget in self.children or widget.size.height):
                total += len(widget.render_of.render_lines(width))
        return total

    def overflows(self) -> bool:
        return self.max_scroll_y > 0

    def scroll_rows(self, rows: int) -> None:
        self.scroll_to(y=self.scroll_y + rows, animate=False)

    def holds(self, ref: object) -> bool:
        return isinstance(ref, int) and any(w.index_of(ref) is not None for w in self.query(LineWidget) if w.display)

    def scroll_to_ref(self, ref: object) -> bool:
        """Scroll so the row of a unit or card shows; False when this side does not draw it."""
        if not isinstance(ref, int):
            return False
        for widget in self.query(LineWidget):
            if not widget.display:
                continue
            index = widget.index_of(ref)
            if index is None:
                continue
            where = widget.virtual_region
            self.scroll_to_region(Region(0, where.y + index, max(1, where.width), 1), animate=False, immediate=True)
            return True
        return False


def side_rows(
    player: PlayerView, roles: dict[int, str], names: dict[int, str], compact: int
) -> dict[str, list[UnitRow]]:
    """Each line's unit rows (the other seat's face-down units as one counted row); weaves as marks from
    `compact` 2 on."""
    rows: dict[str, list[UnitRow]] = {}
    for key, units in (("offensive", player.offensive), ("defensive", player.defensive)):
        rows[key] = [unit_row(unit, roles, names, compact >= 2) for unit in units if unit.card_id]
        hidden = tuple(unit.uid for unit in units if not unit.card_id)
        if hidden:
            rows[key].append(UnitRow(hidden_text(len(hidden)), (Text(),) * LEVELS, full=True, hidden=hidden))
    return rows


def side_renders(
    player: PlayerView, rows: dict[str, list[UnitRow]], names: dict[int, str], marks: Marks, compact: int
) -> tuple[list[LineRender], RowRender, RowRender]:
    """A side's renderables: its two lines (with their weaves), the Tower row (a summary from `compact` 1
    on) and the graveyard, the newest card first."""
    lines = []
    for key, other in (("offensive", "defensive"), ("defensive", "offensive")):
        extra = [weave_text(w, names, "line") for w in player.line_weaves if w.attached_to == f"line:{key}"]
        lines.append(LineRender(key, rows[key], "no units", extra, peers=rows[other], marks=marks))
    if compact:
        items = row_summary(player.row)
    else:
        items = grouped_items((row_item(card), card.uid) for card in player.row if card.card_id)
        hidden = tuple(card.uid for card in player.row if not card.card_id)
        if hidden:
            items.append(RowItem(hidden_text(len(hidden)), hidden))
    peers = [*rows["offensive"], *rows["defensive"]]
    grave = grouped_items((Text(card.name, style="dim"), card.uid) for card in reversed(player.graveyard))
    return lines, RowRender(items, "no cards", "row", peers, marks), RowRender(grave, "empty", "grave", peers, marks)


def player_header(
    view: GameView, player: PlayerView, marks: Marks = NO_MARKS, group: list[FitText] | None = None
) -> FitText:
    """Name, Tower Level and tier, then counts; the active player has ▶, the asked one is underlined;
    a Tower Level the last moves changed has a *, the inspect cursor on it is drawn reversed.

    Longest form first: words with every count (with dots, then without), then counts as "h7 d23 g2",
    then "T30 t3" for the Tower, then the name cut; both headers (one `group`) take the same form (LEGEND)."""
    seat = player.seat
    tower_style = "bold green" if player.tower > 20 else ("bold yellow" if player.tower > 10 else "bold red")
    tower_ref = f"tower:{seat}"
    if marks.cursor == tower_ref:
        tower_style += " reverse"
    deciding = seat == view.priority and not view.over
    hand_mark = CHANGED if f"hand:{seat}" in marks.changed else ""

    def head(name: str, short: bool) -> Text:
        out = Text()
        out.append("▶ " if seat == view.active else "  ", style="bold yellow")
        out.append(name, style="bold underline" if deciding else "bold")
        out.stylize(inspect_style(f"player:{seat}"), 2)  # a click on the name inspects the player
        out.append(" T" if short else " Tower ", style="dim")
        if marks.cursor == tower_ref:
            out.append(CURSOR, style="bold")
        out.append(str(player.tower), style=tower_style)
        if tower_ref in marks.changed:
            out.append(CHANGED, style="bold yellow")
        out.append(f" t{player.tier}" if short else f" tier {player.tier}", style="bold")
        return out

    hand, deck, grave = player.hand_count, player.deck_count, player.grave_count
    words = head(player.name, False)
    counts = (f" h{hand}{hand_mark} d{deck} g{grave}", "dim")
    laid = " · laid a card" if player.laid_this_turn and seat == view.active else ""
    forms = [
        Text.assemble(words, (f" · hand {hand}{hand_mark} · deck {deck} · grave {grave}", "dim"), (laid, "dim italic")),
        Text.assemble(words, (f" · hand {hand}{hand_mark} · deck {deck} · grave {grave}", "dim")),
        Text.assemble(words, (f" hand {hand}{hand_mark} deck {deck} grave {grave}", "dim")),
        Text.assemble(words, counts),
        Text.assemble(head(player.name, True), counts),
    ]
    forms.extend(
        Text.assemble(head(player.name[:keep].rstrip() + "…", True), counts)
        for keep in (12, 8, 5)
        if len(player.name) > keep + 1
    )
    return FitText(*forms, group=group)
