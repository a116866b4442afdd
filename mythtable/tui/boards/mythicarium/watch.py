"""The Mythicarium table as a watcher sees it (the watchers' shared screen, tui/watch/): both lanes side by side,
each player's VP, XP and counts, and limbo; no hand (the public view holds none). Drawn by the board's own layout
functions (layout.py) at a fixed size, the units a combat is about kept in view."""

from __future__ import annotations

from rich.text import Text

from mythtable.rulesets.mythicarium.view import MythicariumView, PlayerView
from mythtable.tui.boards.mythicarium.layout import (
    LIMBO_ROWS,
    Look,
    fit_window,
    header_rows,
    lane_blocks,
    limbo_rows,
    make_look,
    stage_words,
    under_discussion,
)
from mythtable.tui.watch.lines import Line, beside, column, texts

SHOW_TURN = True


def turn_owner(view: MythicariumView) -> int | None:
    return view.active


def stage(view: MythicariumView) -> str:
    return stage_words(view)


def lane(view: MythicariumView, player: PlayerView, look: Look, width: int, height: int) -> list[Text]:
    """One lane in `height` rows: its header, then the units from the one a combat is about."""
    blocks = lane_blocks(player, look, width)
    sizes = [len(block) for block in blocks]
    two = height - 2 >= sum(sizes) or height >= 14
    rows = max(height - (2 if two else 1), 1)
    uids = [unit.uid for unit in player.lane]
    want = next((uids.index(ref) for ref in under_discussion(view) if ref in uids), None)
    top, end = fit_window(sizes, rows, 0, want)
    out = header_rows(player, view, look, width, two, top, len(blocks) - end)
    for block in blocks[top:end]:
        out.extend(block)
    return out[:height]


def board_lines(view: MythicariumView, width: int, rows: int) -> list[Line]:
    """The board in at most `rows` lines of `width` cells: seat 1's lane on the left, seat 2's on the right."""
    left_width = (width - 1) // 2
    right_width = width - 1 - left_width
    look = make_look(view, left_width - 1, frozenset(), None)
    limbo = limbo_rows(view, look, width)[:LIMBO_ROWS]
    room = max(rows - len(limbo), 1)
    natural = max(2 + sum(len(b) for b in lane_blocks(p, look, left_width - 1)) for p in view.players)
    height = min(room, natural)
    lanes = [
        (column(texts(lane(view, player, look, w - 1, height), w), w, height), w)
        for player, w in zip(view.players, (left_width, right_width), strict=True)
    ]
    return [*beside(lanes, Text("│", style="grey50")), *texts(limbo, width)][:rows]
