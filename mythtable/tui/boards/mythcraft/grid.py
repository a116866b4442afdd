"""The battle map: two characters a square, the move range, reach, overlays and the grid cursor.

Drawn line by line (render_line with a cache of strips): a new highlight or a cursor step redraws
only the map lines that changed, never the whole map, so a key press stays cheap on the wire.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from mythtable.engine.decision import NO_SUBJECT, Action, Subject
from mythtable.rulesets.mythcraft.view import MythcraftView
from mythtable.tui.boards.mythcraft.common import (
    ACTIVE_STYLE,
    AREA_BG,
    CURSOR_STYLE,
    ENGAGED_STYLE,
    FLOOR_STYLE,
    FOCUS_STYLE,
    FREE_MOVE_BG,
    ITEM_STYLE,
    MARKED_STYLE,
    MOVE_BG_NEW,
    RANGE_STYLE,
    REACH_STYLE,
    RUBBLE_STYLE,
    TURNS,
    WALL_STYLE,
    find,
    reactor,
    token,
    token_style,
)
from mythtable.tui.boards.mythcraft.detail import forecast_words, option_at, target_detail
from mythtable.tui.colours import MAP_LABEL, MAP_LABEL_ALT, MAP_LABEL_FOCUS

if TYPE_CHECKING:
    from mythtable.tui.widgets.prompt import Prompt


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


@dataclass(slots=True)
class Overlay:
    """What the highlighted option shows on the map: its square, the squares it can reach, the area it
    would fill and who it would hit."""

    square: tuple[int, int] | None = None
    reach: set[tuple[int, int]] = field(default_factory=set)
    area: set[tuple[int, int]] = field(default_factory=set)
    hit: set[str] = field(default_factory=set)


def box(cx: int, cy: int, radius: int, width: int, height: int) -> set[tuple[int, int]]:
    return {
        (x, y)
        for y in range(max(0, cy - radius), min(height, cy + radius + 1))
        for x in range(max(0, cx - radius), min(width, cx + radius + 1))
    }


def overlay_for(view: MythcraftView, action: Action | None, about: Subject) -> Overlay:
    """The overlay of one option (`about` is its subject; the action is only matched against the
    forecasts): a move's square; a weapon's reach or range; a spell's range and its area around the
    aimed-at square (everyone inside, the caster too, as the forecast says)."""
    out = Overlay()
    if not action:
        return out
    out.square = about.square
    if view.decision_kind not in TURNS:
        if about.target is not None:
            out.hit.add(str(about.target))
        return out
    kind = about.kind
    mover = find(view, view.active_uid)
    m = view.map
    if about.target is not None:
        out.hit.add(str(about.target))
    if mover is None:
        return out
    walls = set(m.walls)
    radius = 0
    if kind == "attack" and mover.side == 0:
        item = view.catalogue.item(str(about.item)) if about.item is not None else None
        radius = 1 if item is None else max(item.reach_ft, item.range_ft, item.thrown_ft) // 5
    elif kind in ("attack", "special"):
        act = next((a for a in mover.actions if a.id == about.ability), None)
        radius = max(1, act.range_ft // 5) if act is not None else 1
    elif kind == "cast":
        spell = view.catalogue.spell(str(about.ability))
        target = find(view, about.target)
        if spell is not None:
            radius = spell.range_ft // 5
            if spell.target == "area" and target is not None:
                out.area = box(target.x, target.y, spell.area // 2, m.width, m.height) - walls
    if radius:
        out.reach = box(mover.x, mover.y, radius, m.width, m.height) - walls - {(mover.x, mover.y)}
    forecast = next((f for f in view.forecasts if f.action == action), None)
    if forecast is not None:
        out.hit |= {t.uid for t in forecast.targets}
    return out


def map_text(
    view: MythcraftView,
    focus_action: Action | None = None,
    about: Subject = NO_SUBJECT,
    cursor: tuple[int, int] | None = None,
    scale: int = 1,
    marked: frozenset[str] = frozenset(),
    pointed: str = "",
) -> Text:
    """The map with its column and row numbers, two characters a square (`scale` 2: four by two): the move
    range, reach, the overlay of the highlighted option (`focus_action`, about `about`), the grid cursor, the
    combatants the last moves changed (`marked`) and the one under the inspect cursor (`pointed`)."""
    m = view.map
    walls = set(m.walls)
    rubble = set(m.rubble)
    ground = {(g.x, g.y) for g in m.ground}
    moves = {(s.x, s.y): s for s in view.reachable}
    units = {(c.x, c.y): c for c in view.combatants if not c.dead}
    active = find(view, view.active_uid)
    asked = reactor(view)
    over = overlay_for(view, focus_action, about)
    reach = over.reach if focus_action and (over.reach or over.area) else set(view.reach_squares)
    reach_style = RANGE_STYLE if over.reach else REACH_STYLE
    focus_square = over.square
    big = scale > 1
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
                if c.uid in marked:
                    style = MARKED_STYLE
                if c.uid in over.hit or (asked is not None and c.uid == asked.uid) or c.uid == pointed:
                    style = FOCUS_STYLE
                if pos in over.area:
                    style = f"{style} underline"
            else:
                if pos in rubble:
                    glyph, style = "░░", RUBBLE_STYLE
                if pos in ground:
                    glyph, style = "* ", ITEM_STYLE
                if pos in reach and glyph == "· ":
                    glyph, style = "• ", reach_style
                square = moves.get(pos)
                if square is not None:
                    if square.engaged_by and glyph in ("· ", "• "):
                        glyph, style = "! ", ENGAGED_STYLE
                    style = f"{style} on {FREE_MOVE_BG if square.ap_cost == 0 else MOVE_BG_NEW}"
                if pos in over.area:
                    style = f"{style.split(' on ')[0]} on {AREA_BG}"
            if pos == focus_square:
                style = FOCUS_STYLE
                if glyph in ("· ", "• ", "! "):
                    glyph = "◆ "
            if pos == cursor:
                style = CURSOR_STYLE
                if glyph in ("· ", "• ", "◆ ", "! "):
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


class MapGrid(Widget, can_focus=True):
    """The battle map, two characters a square, with column and row numbers."""

    DEFAULT_CSS = """
    MapGrid { width: auto; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", "Cursor", key_display="↑↓←→"),
        Binding("down", "cursor(0, 1)", "↓", show=False),
        Binding("left", "cursor(-1, 0)", "←", show=False),
        Binding("right", "cursor(1, 0)", "→", show=False),
        Binding("enter", "pick", "Choose"),
        Binding("escape,g", "leave", "Back"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: MythcraftView | None = None
        self.focus_action: Action | None = None
        self.cursor: tuple[int, int] | None = None
        self.scale = 1  # 2 on large terminals: squares of 4 x 2 characters
        self.subject_of: Callable[[Action], Subject] = lambda action: NO_SUBJECT
        """What an option is about (the board passes on the game's answer)."""
        self.moves: dict[tuple[int, int], Action] = {}
        """Square -> its move option (the board keeps it, whatever the prompt lists now)."""
        self.pointed: str = ""
        """The combatant under the inspect cursor (Board.point_at)."""
        self.marked: frozenset[str] = frozenset()
        """Combatants the last moves changed (Board.mark_changed)."""
        self.on_pick: Callable[[tuple[int, int]], bool] = lambda square: False
        """Enter or a click on a square with no move: the board lists what can be done there."""
        self._lines: list[Strip] = []
        self._width = 0

    # ----- drawing, line by line -----------------------------------------------------------
    def draw(self) -> None:
        """Re-render the map and refresh only the lines that differ from what is on screen."""
        view = self.view
        text = self.render_map(view) if view is not None else Text("")
        console = self.app.console if self.is_attached else None
        lines: list[Strip] = []
        for line in text.split("\n", allow_blank=True):
            segments = list(line.render(console)) if console is not None else [Segment(line.plain)]
            lines.append(Strip(segments, line.cell_len))
        width = max((s.cell_length for s in lines), default=0)
        old = self._lines
        self._lines = lines
        if len(lines) != len(old) or width != self._width:
            self._width = width
            self.refresh(layout=True)
            return
        for y, (new, before) in enumerate(zip(lines, old, strict=True)):
            if new.text != before.text or list(new) != list(before):
                self.refresh(Region(0, y, self.size.width or width, 1))

    @property
    def text_width(self) -> int:
        """Columns the drawn map takes (the legend line under it wraps to them)."""
        return self._width

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._lines):
            return self._lines[y]
        return Strip.blank(self.size.width)

    def render_map(self, view: MythcraftView) -> Text:
        about = self.subject_of(self.focus_action) if self.focus_action else NO_SUBJECT
        return map_text(view, self.focus_action, about, self.cursor, self.scale, self.marked, self.pointed)

    def focus_of(self, view: MythcraftView) -> tuple[tuple[int, int] | None, str]:
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
    def move_actions(self) -> dict[tuple[int, int], Action]:
        """Square -> its move option."""
        return self.moves

    def prompt(self) -> Prompt | None:
        from mythtable.tui.widgets.prompt import Prompt

        found = self.screen.query(Prompt)
        return found.first() if found else None

    def enter(self) -> None:
        """Give the keyboard to the map now, cursor and all, not once the keys already typed are handled:
        `m → → ⏎` typed quickly must move, not choose the option highlighted in the list."""
        if self.view is not None:
            self.screen.set_focus(self)
            if self.cursor is None:
                self.place_cursor()

    def focus_on_click(self) -> bool:
        return False  # a click picks a square; the keyboard stays with the option list

    def on_focus(self) -> None:
        if self.cursor is None:  # focused another way than `enter` (a click, Tab)
            self.place_cursor()

    def place_cursor(self) -> None:
        """The cursor starts on the highlighted square, else on the mover."""
        if self.view is None:
            return
        focus_square, _ = self.focus_of(self.view)
        active = find(self.view, self.view.active_uid) or reactor(self.view)
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
        """Explain the cursor's square: its move (cost, distance, Engaged risk), or who or what is there."""
        prompt = self.prompt()
        move = self.moves.get(self.cursor) if self.cursor else None
        if prompt is not None:
            if move is not None and move in prompt.actions:
                prompt.options.highlighted = prompt.actions.index(move)
            elif move is not None:
                self.focus_action = move
                prompt.set_detail(prompt.explain(move))
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
            hint: Text | None = None
            if view.decision_kind in TURNS and here.uid != view.active_uid:
                aimed = [f for f in view.forecasts if f.targets and f.targets[0].uid == here.uid]
                if aimed:
                    best = max(aimed, key=lambda f: f.targets[0].damage)
                    many = f"{len(aimed)} options, best " if len(aimed) > 1 else ""
                    hint = Text(f"⏎ {many}{best.name} {forecast_words(best, view)}", style="bold")
                else:
                    hint = Text("⏎ what can be done", style="dim")
            return target_detail(view, NO_SUBJECT, here, hint)
        if (x, y) in set(view.map.walls):
            return Text(f"({x}, {y}): a wall.", style="dim")
        item = next((g for g in view.map.ground if (g.x, g.y) == (x, y)), None)
        words = f"({x}, {y}): out of reach this turn."
        if (x, y) in set(view.map.rubble):
            words = f"({x}, {y}): rubble (2 squares of movement), out of reach this turn."
        if item is not None:
            words = f"({x}, {y}): {item.name} lies here (⏎ picks it up when next to it)."
        return Text(words, style="dim")

    def on_click(self, event: events.Click) -> None:
        """A click on a square: a move there is highlighted (a second click makes it); a click on a
        combatant or an item lists what can be done with it, as Enter does on the map."""
        offset = event.get_content_offset(self)
        prompt = self.prompt()
        if offset is None or self.view is None or prompt is None:
            return
        x, y = (offset.x - 3) // (2 * self.scale), (offset.y - 1) // self.scale
        if offset.x < 3 or not (0 <= x < self.view.map.width and 0 <= y < self.view.map.height):
            return
        event.stop()
        move = self.moves.get((x, y))
        if move is not None:
            if move not in prompt.actions:
                self.on_pick((x, y))  # the full list back first
            index = prompt.actions.index(move) if move in prompt.actions else None
            if index is None:
                return
            if prompt.options.highlighted == index:
                prompt.choose_index(index)
            else:
                prompt.options.highlighted = index
            return
        if self.on_pick((x, y)):
            return
        index = option_at(self.view, prompt.actions, x, y, self.subject_of) if prompt.actions else None
        if index is None:
            prompt.set_detail(self.square_text(x, y))
        else:
            prompt.options.highlighted = index

    def action_pick(self) -> None:
        """Enter on the map: move there, or list what can be done to whoever (or whatever) is there."""
        prompt = self.prompt()
        if self.cursor is None or prompt is None:
            return
        move = self.moves.get(self.cursor)
        if move is not None:
            prompt.options.focus()
            prompt.choose(move)
            return
        if self.on_pick(self.cursor):
            prompt.options.focus()
            return
        self.app.bell()

    def action_leave(self) -> None:
        prompt = self.prompt()
        if prompt is not None:
            self.screen.set_focus(prompt.options)  # now: an Enter typed right after Esc is the list's
