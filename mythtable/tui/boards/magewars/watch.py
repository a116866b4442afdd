"""The Mage Wars CCG table as a watcher sees it (the watchers' shared screen, tui/watch/): both halves side by
side (header, Offensive and Defensive Lines, Tower row), then the combat and the stack; no hand, and the other
seat's face-down cards only counted (the public view names none). Drawn by the board's own renderables
(side.py, render.py, combat.py), the crowded side made compact as the board does it."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text

from mythtable.rulesets.magewars.view import GameView, PlayerView
from mythtable.tui.boards.magewars.board import chosen_names
from mythtable.tui.boards.magewars.combat import CombatRender, combat_roles, stack_text, step_words
from mythtable.tui.boards.magewars.names import abbreviate
from mythtable.tui.boards.magewars.render import FitText, Marks, UnitRow, name_room, side_level
from mythtable.tui.boards.magewars.side import SideView, player_header, side_renders, side_rows
from mythtable.tui.watch.lines import Line, beside, column, render

SHOW_TURN = True
COMBAT_ROWS = 4
STACK_ROWS = 2
MARGIN = Segment(" ")


def turn_owner(view: GameView) -> int | None:
    return view.active


def stage(view: GameView) -> str:
    return step_words(view)


def wanted(view: GameView) -> set[int]:
    """The units a combat is about (attackers, blockers, Hero targets): a crowded side keeps them in view."""
    out: set[int] = set()
    for attack in view.combat.attacks if view.combat is not None else ():
        out.add(attack.attacker)
        out.update(attack.blockers)
        if attack.current_target.startswith("hero:"):
            out.add(int(attack.current_target[5:]))
    return out


class Side:
    """One player's half at a fixed width: its rows in the most detailed form that fits its rows."""

    def __init__(self, view: GameView, player: PlayerView, width: int) -> None:
        self.view, self.player, self.width = view, player, width
        self.names = {p.seat: p.name for p in view.players}
        self.roles = combat_roles(view)
        self.compact = 0
        self.rows = side_rows(player, self.roles, self.names, 0)

    def unit_rows(self) -> list[UnitRow]:
        return [*self.rows["offensive"], *self.rows["defensive"]]

    def fold(self) -> None:
        self.compact += 1
        self.rows = side_rows(self.player, self.roles, self.names, self.compact)

    def lines(self, marks: Marks, group: list[FitText]) -> tuple[list[Line], list[Line], list[Line]]:
        """(header, the two lines, the Tower row) as screen lines."""
        header = render(player_header(self.view, self.player, marks, group), self.width, 1)
        lines, row, _grave = side_renders(self.player, self.rows, self.names, marks, self.compact)
        units = [line for render_of in lines for line in render(render_of, self.width)]
        return header, units, render(row, self.width)


def marks_for(sides: list[Side], view: GameView) -> list[Marks]:
    """Short names for each side at its name column (one width for both when two names would meet)."""
    level = max(side_level(s.width, [r for r in s.unit_rows() if not r.full]) for s in sides)
    names = {row.name.plain for s in sides for row in s.unit_rows() if not row.full}
    chosen = chosen_names(view)
    widths = [name_room(s.width, s.unit_rows(), level) for s in sides]
    forms = [abbreviate(names, width, chosen) for width in widths]
    seen: dict[str, str] = {}
    for s, short in zip(sides, forms, strict=True):
        for row in s.unit_rows():
            if row.full:
                continue
            name = row.name.plain
            if seen.setdefault(short[name], name) != name:
                common = abbreviate(names, min(widths), chosen)
                return [Marks(common, level=level) for _ in sides]
    return [Marks(short, level=level) for short in forms]


def half(side: Side, marks: Marks, group: list[FitText], rows: int) -> list[Line]:
    """A half in at most `rows` lines: header, the lines (from the first unit a combat is about when they do
    not fit), the Tower row."""
    header, units, row = side.lines(marks, group)
    room = max(1, rows - len(header) - len(row))
    if len(units) > room:
        want = wanted(side.view)
        first = next((i for i, r in enumerate(side.unit_rows()) if r.uid in want), None)
        top = 0 if first is None or first < room else min(first, len(units) - room)
        units = units[top : top + room]
    return [*header, *units, *row][:rows]


def board_lines(view: GameView, width: int, rows: int) -> list[Line]:
    """The table in at most `rows` lines of `width` cells: seat 1's half on the left, seat 2's on the right."""
    combat = render(CombatRender(view), width, COMBAT_ROWS) if view.combat is not None else []
    stack = render(stack_text(view), width, STACK_ROWS) if view.stack else []
    room = max(3, rows - len(combat) - len(stack))
    left_width = (width - 1) // 2
    widths = (left_width - 2, width - 1 - left_width - 2)  # a cell of margin on each side of a half
    sides = [Side(view, player, w) for player, w in zip(view.players, widths, strict=True)]
    for side in sides:  # too tall for the rows: fold it as the board does (the Tower row summed, then weaves)
        while side.compact < SideView.COMPACT:
            header, units, row = side.lines(Marks(), [])
            if len(header) + len(units) + len(row) <= room:
                break
            side.fold()
    group: list[FitText] = []  # both headers take one form
    marks = marks_for(sides, view)
    halves = [half(side, mark, group, room) for side, mark in zip(sides, marks, strict=True)]
    height = max(len(h) for h in halves)
    columns = [
        (column([[MARGIN, *line, MARGIN] for line in h], w + 2, height), w + 2)
        for h, w in zip(halves, widths, strict=True)
    ]
    return [*beside(columns, Text("│", style="grey50")), *combat, *stack][:rows]
