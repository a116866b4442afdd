"""The MythCraft board: the map, the track, the card and the roster, laid out side by side."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action
from mythtable.tui.boards.base import Board
from mythtable.tui.boards.mythcraft.common import ITEM_STYLE, MOVE_BG_NEW, REACH_STYLE, find, reactor
from mythtable.tui.boards.mythcraft.detail import explain
from mythtable.tui.boards.mythcraft.grid import MapGrid
from mythtable.tui.boards.mythcraft.panels import RosterRender, TrackRender, creature_card, hero_card


class MythCraftBoard(Board):
    SHOW_TURN = False  # the status names the round already
    SCREEN_BINDINGS: ClassVar[list[Binding]] = [Binding("g", "grid", "Grid cursor")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: Any = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="mc-row"):
            with VerticalScroll(id="mc-map"):
                yield MapGrid(id="mc-grid")
                yield Static("", id="mc-legend")
            with VerticalScroll(id="mc-track-box"):
                yield Static("", id="mc-track")
            with VerticalScroll(id="mc-side"):
                yield Static("", id="mc-card")
                yield Static("", id="mc-roster")

    @property
    def grid(self) -> MapGrid:
        return self.query_one(MapGrid)

    def on_resize(self) -> None:
        if self.fit_scale():
            self.grid.draw()

    def fit_scale(self) -> bool:
        """Double the squares when the board has the room (about 120 x 40 and up); True if changed."""
        if self.view is None:
            return False
        m = self.view.map
        width, height = self.size
        panels = 56  # what the track, the card and the roster need beside the map to read well
        scale = 2 if 4 * m.width + 4 + panels <= width and 2 * m.height + 2 <= height else 1
        changed = scale != self.grid.scale
        self.grid.scale = scale
        return changed

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        self.view = view
        grid = self.grid
        grid.view = view
        grid.subject_of = self.subject
        grid.focus_action = None
        self.fit_scale()
        grid.draw()
        self.query_one("#mc-legend", Static).update(self.legend(view))
        asked = reactor(view)
        self.query_one("#mc-track", Static).update(TrackRender(view, asked.uid if asked else ""))
        self.show_side(view, asked)

    def legend(self, view: Any) -> Text:
        text = Text("   ")
        if view.reachable:
            text.append("  ", style=f"on {MOVE_BG_NEW}")
            text.append(" move  ")
        if view.active_reach and view.decision_kind in ("hero_turn", "creature_turn"):
            text.append("•", style=REACH_STYLE)
            text.append(" reach  ")
        if view.map.ground:
            text.append("*", style=ITEM_STYLE)
            text.append(" item")
        return text

    def show_side(self, view: Any, asked: Any | None) -> None:
        shown = asked or find(view, view.active_uid)
        card = self.query_one("#mc-card", Static)
        if shown is None:
            card.update(Text(view.result or "Between turns", style="bold"))
        elif shown.side == 0:
            card.update(hero_card(shown, asked is not None))
        else:
            card.update(creature_card(shown, asked is not None))
        self.query_one("#mc-roster", Static).update(RosterRender(view))

    # ----- the screen's questions ---------------------------------------------------------
    def status(self, view: Any) -> str:
        if view.result:
            return str(view.result)
        active = find(view, view.active_uid)
        turn = f"{active.name}'s turn" if active is not None else "between turns"
        asked = reactor(view)
        if asked is not None:
            doing = "may react" if view.decision_kind == "reaction" else "chooses"
            return f"Round {view.round} · {asked.name} {doing}"
        return f"Round {view.round} · {turn}"

    def detail(self, view: Any, action: Action) -> str | Text:
        """What the highlighted option means; the map marks its square or target meanwhile."""
        grid = self.grid
        grid.focus_action = action
        grid.draw()
        return explain(view, action, self.subject(action))

    # ----- keys the board adds to the game screen -------------------------------------------
    def key_enabled(self, name: str) -> bool | None:
        if name == "grid":
            return bool(self.view is not None and self.grid.move_actions())
        return True

    def action_grid(self) -> None:
        grid = self.grid
        if grid.has_focus:
            grid.action_leave()
        else:
            grid.enter()


BOARD = MythCraftBoard
