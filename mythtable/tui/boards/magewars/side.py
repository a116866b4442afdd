"""One player's half of the table: a header, the Offensive and Defensive Lines, the Tower row and
the graveyard, drawn more compactly while it does not fit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from mythtable.tui.boards.magewars.render import (
    LEVELS,
    FitText,
    LineRender,
    RowRender,
    UnitRow,
    grouped,
    hidden_text,
    row_item,
    row_summary,
    unit_row,
    weave_text,
)


class LineWidget(Static):
    """One line of one player: the Offensive Line, the Defensive Line or the Tower row."""

    def __init__(self, key: str, **kw: Any) -> None:
        super().__init__("", **kw)
        self.key = key


class SideView(VerticalScroll):
    """One player's half of the table: a header, then the three lines."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="header")
        yield LineWidget("offensive", classes="offensive")
        yield LineWidget("defensive", classes="defensive")
        yield LineWidget("row", classes="row")
        yield LineWidget("grave", classes="grave")

    COMPACT = 2
    """Compact forms for a crowded side: 1, the Tower row as a summary; 2, weaves as marks too."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.compact = 0
        self._shown: tuple[Any, Any, dict[int, str], dict[int, str]] | None = None

    def show(self, view: Any, player: Any, names: dict[int, str], roles: dict[int, str]) -> None:
        self._shown = (view, player, names, roles)
        self.compact = 0
        self.draw()
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """After layout: while the side does not fit its rows, draw it more compactly."""
        if not self.is_attached:  # the game screen went away before this refresh came round
            return
        if self._shown is not None and self.max_scroll_y > 0 and self.compact < self.COMPACT:
            self.compact += 1
            self.draw()
            self.call_after_refresh(self.fit)

    def draw(self) -> None:
        assert self._shown is not None
        view, player, names, roles = self._shown
        marks = self.compact >= 2
        self.query_one(".header", Static).update(player_header(view, player))
        rows: dict[str, list[UnitRow]] = {}
        for key in ("offensive", "defensive"):
            units = getattr(player, key)
            rows[key] = [unit_row(unit, roles, names, marks) for unit in units if unit.card_id]
            hidden = sum(1 for unit in units if not unit.card_id)
            if hidden:
                rows[key].append(UnitRow(hidden_text(hidden), (Text(),) * LEVELS, full=True))
        for key, other in (("offensive", "defensive"), ("defensive", "offensive")):
            extra = [weave_text(w, names, "line") for w in player.line_weaves if w.attached_to == f"line:{key}"]
            render = LineRender(key, rows[key], "no units", extra, peers=rows[other])
            self.query_one(f".{key}", LineWidget).update(render)
        if self.compact:
            items = row_summary(player.row)
        else:
            items = grouped(row_item(card) for card in player.row if card.card_id)
            hidden = sum(1 for card in player.row if not card.card_id)
            if hidden:
                items.append(hidden_text(hidden))
        peers = [*rows["offensive"], *rows["defensive"]]
        self.query_one(".row", LineWidget).update(RowRender(items, "no cards", "row", peers))
        grave = [Text(card.name, style="dim") for card in reversed(player.graveyard)]
        self.query_one(".grave", LineWidget).update(RowRender(grouped(grave), "empty", "grave", peers))
        self.query_one(".grave", LineWidget).set_class(bool(self.compact), "folded")


def player_header(view: Any, player: Any) -> FitText:
    """Name, Tower Level and tier, then counts; the active player has ▶, the asked one is underlined."""
    tower_style = "bold green" if player.tower > 20 else ("bold yellow" if player.tower > 10 else "bold red")
    head = Text()
    head.append("▶ " if player.seat == view.active else "  ", style="bold yellow")
    deciding = player.seat == view.priority and not view.over
    head.append(player.name, style="bold underline" if deciding else "bold")
    head.append(" Tower ", style="dim")
    head.append(str(player.tower), style=tower_style)
    head.append(f" tier {player.tier}", style="bold")
    full = Text.assemble(
        head,
        (f" · hand {player.hand_count} · deck {player.deck_count} · grave {player.grave_count}", "dim"),
        (" · laid a card" if player.laid_this_turn and player.seat == view.active else "", "dim italic"),
    )
    medium = Text.assemble(head, (f" · hand {player.hand_count} · deck {player.deck_count}", "dim"))
    short = Text.assemble(head, (f" hand {player.hand_count} deck {player.deck_count}", "dim"))
    return FitText(full, medium, short)
