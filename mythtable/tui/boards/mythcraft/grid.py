"""The battle map: two characters a square, the move range, reach and the grid cursor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Static

from mythtable.engine.decision import NO_SUBJECT, Action, Subject
from mythtable.tui.boards.mythcraft.common import (
    ACTIVE_STYLE,
    CURSOR_STYLE,
    FLOOR_STYLE,
    FOCUS_STYLE,
    ITEM_STYLE,
    MOVE_BG,
    MOVE_BG_NEW,
    REACH_STYLE,
    RUBBLE_STYLE,
    TURNS,
    WALL_STYLE,
    find,
    reactor,
    token,
    token_style,
)
from mythtable.tui.boards.mythcraft.detail import option_at, target_detail
from mythtable.tui.colours import MAP_LABEL, MAP_LABEL_ALT, MAP_LABEL_FOCUS


def append_runs(text: Text, cells: list[tuple[str, str]]) -> None:
    """Append cells, one span for each run of cells in the same style (a map redraws per key)."""
    run, run_style = "", None
    for glyph, style in cells:
        if style != run_style and run:
            text.append(run, style=run_style)
            run = ""
        run += glyph
        run_style = style
    if run:
        text.append(run, style=run_style)


class MapGrid(Static, can_focus=True):
    """The battle map, two characters a square, with column and row numbers."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", "Cursor", key_display="↑↓←→"),
        Binding("down", "cursor(0, 1)", "↓", show=False),
        Binding("left", "cursor(-1, 0)", "←", show=False),
        Binding("right", "cursor(1, 0)", "→", show=False),
        Binding("enter", "pick", "Move here"),
        Binding("escape,g", "leave", "Back to list"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__("", **kw)
        self.view: Any = None
        self.focus_action: Action | None = None
        self.cursor: tuple[int, int] | None = None
        self.scale = 1  # 2 on large terminals: squares of 4 x 2 characters
        self.subject_of: Callable[[Action], Subject] = lambda action: NO_SUBJECT
        """What an option is about (the board passes on the game's answer)."""

    def draw(self) -> None:
        view = self.view
        if view is None:
            self.update("")
            return
        self.update(self.render_map(view))

    def render_map(self, view: Any) -> Text:
        m = view.map
        walls = set(m.walls)
        rubble = set(m.rubble)
        ground = {(g.x, g.y) for g in m.ground}
        moves = {(s.x, s.y): s.ap_cost for s in view.reachable}
        units = {(c.x, c.y): c for c in view.combatants if not c.dead}
        active = find(view, view.active_uid)
        asked = reactor(view)
        reach = set(view.reach_squares)
        focus_square, focus_uid = self.focus_of(view)
        big = self.scale > 1
        text = Text(no_wrap=True)
        text.append("   ")
        for x in range(m.width):
            label_style = MAP_LABEL if x % 2 else MAP_LABEL_ALT
            if focus_square and focus_square[0] == x:
                label_style = MAP_LABEL_FOCUS
            text.append(f" {x:<2} " if big else f"{x:<2}", style=label_style)
        for y in range(m.height):
            row: list[tuple[str, str]] = []
            for x in range(m.width):
                pos = (x, y)
                glyph, style = "· ", FLOOR_STYLE
                if pos in walls:
                    glyph, style = "██", WALL_STYLE
                elif pos in units:
                    c = units[pos]
                    glyph = token(c)
                    style = token_style(c, (x + y) % 2 == 1)
                    if active is not None and c.uid == active.uid:
                        style = ACTIVE_STYLE
                    if c.uid == focus_uid or (asked is not None and c.uid == asked.uid):
                        style = FOCUS_STYLE
                else:
                    if pos in rubble:
                        glyph, style = "░░", RUBBLE_STYLE
                    if pos in ground:
                        glyph, style = "* ", ITEM_STYLE
                    if pos in reach and glyph == "· ":
                        glyph, style = "• ", REACH_STYLE
                    if pos in moves:
                        style = f"{style} on {MOVE_BG if moves[pos] == 0 else MOVE_BG_NEW}"
                if pos == focus_square:
                    style = FOCUS_STYLE
                    if glyph in ("· ", "• "):
                        glyph = "◆ "
                if pos == self.cursor:
                    style = CURSOR_STYLE
                    if glyph in ("· ", "• ", "◆ "):
                        glyph = "[]"
                row.append((glyph, style))
            label_style = MAP_LABEL_FOCUS if focus_square and focus_square[1] == y else MAP_LABEL
            text.append("\n")
            text.append(f"{y:>2} ", style=label_style)
            if big:
                append_runs(text, [(g * 2 if g[0] in "█░" else f" {g} ", st) for g, st in row])
                # a square is 4 x 2 characters: the second line is its colour only
                text.append("\n   ")
                append_runs(text, [(g * 2 if g[0] in "█░" else "    ", st) for g, st in row])
            else:
                append_runs(text, row)
        return text

    def focus_of(self, view: Any) -> tuple[tuple[int, int] | None, str]:
        """The square or combatant the highlighted option is about."""
        action = self.focus_action
        if not action:
            return None, ""
        about = self.subject_of(action)
        if about.square is not None:
            return about.square, ""
        if about.target is not None and view.decision_kind in TURNS:
            return None, str(about.target)
        return None, ""

    # ----- grid cursor ------------------------------------------------------------------
    def move_actions(self) -> dict[tuple[int, int], int]:
        """Square -> index of its move option in the prompt."""
        prompt = self.prompt()
        if prompt is None:
            return {}
        out: dict[tuple[int, int], int] = {}
        for index, action in enumerate(prompt.actions):
            if action[0] == "move" and len(action) == 3:
                out[(int(action[1]), int(action[2]))] = index
        return out

    def prompt(self) -> Any:
        from mythtable.tui.widgets.prompt import Prompt

        found = self.screen.query(Prompt)
        return found.first() if found else None

    def enter(self) -> None:
        """Give the keyboard to the map (when moves are on offer)."""
        if self.move_actions() and self.view is not None:
            self.focus()

    def focus_on_click(self) -> bool:
        return False  # a click picks a square; the keyboard stays with the option list

    def on_focus(self) -> None:
        """The cursor starts on the highlighted square, else on the mover."""
        if self.view is None:
            return
        focus_square, _ = self.focus_of(self.view)
        active = find(self.view, self.view.active_uid)
        if focus_square is not None:
            self.cursor = focus_square
        elif active is not None:
            self.cursor = (active.x, active.y)
        else:
            self.cursor = (0, 0)
        self.sync()

    def on_blur(self) -> None:
        self.cursor = None
        self.draw()

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None or self.view is None:
            return
        m = self.view.map
        x = min(max(self.cursor[0] + dx, 0), m.width - 1)
        y = min(max(self.cursor[1] + dy, 0), m.height - 1)
        self.cursor = (x, y)
        self.sync()

    def sync(self) -> None:
        """Highlight the cursor square's move option in the prompt (its detail explains it)."""
        prompt = self.prompt()
        index = self.move_actions().get(self.cursor) if self.cursor else None
        if prompt is not None:
            if index is not None:
                prompt.options.highlighted = index
            else:
                self.focus_action = None
                prompt.set_detail(self.square_text(*(self.cursor or (0, 0))))
        self.draw()

    def square_text(self, x: int, y: int) -> Text:
        """What is on a square the cursor is on, where no move goes: who stands there, or what."""
        view = self.view
        if view is None:
            return Text("")
        here = next((c for c in view.combatants if not c.dead and (c.x, c.y) == (x, y)), None)
        if here is not None:
            return target_detail(view, ("inspect",), here)
        if (x, y) in set(view.map.walls):
            return Text(f"({x}, {y}): a wall.", style="dim")
        words = f"({x}, {y}): out of reach this turn."
        if (x, y) in set(view.map.rubble):
            words = f"({x}, {y}): rubble (2 squares of movement), out of reach this turn."
        return Text(words, style="dim")

    def on_click(self, event: events.Click) -> None:
        """A click on a square highlights its option (a move there, else the first option aimed at
        whoever stands there); a click on the square already highlighted chooses it."""
        offset = event.get_content_offset(self)
        prompt = self.prompt()
        if offset is None or self.view is None or prompt is None or not prompt.actions:
            return
        x, y = (offset.x - 3) // (2 * self.scale), (offset.y - 1) // self.scale
        if offset.x < 3 or not (0 <= x < self.view.map.width and 0 <= y < self.view.map.height):
            return
        index = option_at(self.view, prompt.actions, x, y, self.subject_of)
        if index is None:
            prompt.set_detail(self.square_text(x, y))
            return
        event.stop()
        if prompt.options.highlighted == index:
            prompt.choose_index(index)
        else:
            prompt.options.highlighted = index

    def action_pick(self) -> None:
        index = self.move_actions().get(self.cursor) if self.cursor else None
        prompt = self.prompt()
        if index is None or prompt is None:
            self.app.bell()
            return
        prompt.options.focus()
        prompt.choose_index(index)

    def action_leave(self) -> None:
        prompt = self.prompt()
        if prompt is not None:
            prompt.options.focus()
