"""The MythCraft combat table as a watcher sees it (the watchers' shared screen, tui/watch/): the map, the
initiative track, the card of whoever acts and everyone's HP and conditions, in three columns.
Everything in MythCraft is public; drawn by the board's own functions (grid.py, panels.py)."""

from __future__ import annotations

from rich.text import Text

from mythtable.rulesets.mythcraft.view import MythcraftView
from mythtable.tui.boards.mythcraft.common import find, reactor, round_words
from mythtable.tui.boards.mythcraft.grid import map_text
from mythtable.tui.boards.mythcraft.panels import RosterRender, TrackRender, creature_card, hero_card
from mythtable.tui.watch.lines import Line, beside, column, render, texts

SHOW_TURN = False  # the stage names the round
TRACK_WIDTH = 34
"""The track's widest (as on the board)."""


def turn_owner(view: MythcraftView) -> int | None:
    return None


def stage(view: MythcraftView) -> str:
    return round_words(view)


def card_lines(view: MythcraftView, width: int) -> list[Line]:
    """The card of whoever acts (or is asked to react): AP, kit, or a creature's actions."""
    asked = reactor(view)
    shown = asked or find(view, view.active_uid)
    if shown is None:
        return render(Text(view.result or "Between turns", style="bold"), width)
    if shown.side == 0:
        return render(hero_card(shown, asked is not None), width)
    return render(creature_card(shown, asked is not None), width)


def board_lines(view: MythcraftView, width: int, rows: int) -> list[Line]:
    """The map with the card of whoever acts under it, the track beside it, then everyone's HP and conditions."""
    grid = map_text(view)
    map_width = min(max(line.cell_len for line in grid.split("\n")) + 1, width // 2)
    rest = width - map_width - 2  # two rules between the three columns
    track_width = min(TRACK_WIDTH, max(12, rest * 2 // 5))
    roster_width = rest - track_width
    rule = texts([Text("─" * map_width, style="grey50")], map_width)
    parts = [
        ([*render(grid, map_width), *rule, *card_lines(view, map_width)], map_width),
        (render(TrackRender(view, ""), track_width), track_width),
        (render(RosterRender(view), roster_width), roster_width),
    ]
    height = min(rows, max(len(lines) for lines, _ in parts))
    columns = [(column(lines, w, height), w) for lines, w in parts]
    return beside(columns, Text("│", style="grey50"))[:rows]
