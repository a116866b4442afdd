"""One public frame as the lines of a watcher's whole screen (80x23 at the watchers' common size):

    table 7KQ2X: mythicarium, Ana v Bram, move 12 (watching; 2 watching)
    Mythicarium · Ana's turn 3 · Combat: declare blockers
    (the table's own lines: "Bram disconnected, waiting 9:41")
    the ruleset's board, as a watcher may see it (the module its entry names: the board's own Rich functions)
    ── log ─────────────────────
    the last public log lines and chat
    Bram is choosing blockers...            (or, at the end, the result, each seat's score and the counts)

The board has priority: it takes the rows it needs, and the log keeps at least LOG_ROWS. Everything from a frame is
data: Rich Texts are built with `append` (never markup), and terminal.py cleans every character it writes.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from functools import cache
from types import ModuleType
from typing import Any

from rich.text import Text

from mythtable.engine.registry import UnknownRuleset, entry
from mythtable.engine.text import one_line
from mythtable.engine.views import view_from_data
from mythtable.tables.protocol import Frame
from mythtable.tables.remote_seat import view_type
from mythtable.tables.text_view import end_lines
from mythtable.tui.status_line import status_text
from mythtable.tui.watch.lines import Line, rule, texts
from mythtable.tui.watch.terminal import ansi_line

LOG_ROWS = 3
"""The log lines a watcher sees however much room the board takes."""


@cache
def board_module(ruleset_id: str) -> ModuleType | None:
    """The ruleset's watchers' board (the module its entry names, `RulesetEntry.watch`), or None (the log only)."""
    try:
        where = entry(ruleset_id).watch
    except UnknownRuleset:
        return None
    return None if where is None else importlib.import_module(where)


def public_view(frame: Frame) -> Any | None:
    """The frame's view as its ruleset's dataclass (None when it is not one)."""
    try:
        return view_from_data(view_type(frame.ruleset), frame.view)
    except Exception:  # a view of another shape draws no board; the log and the rest still show
        return None


def header(frame: Frame) -> Text:
    names = " v ".join(frame.names)
    line = Text()
    line.append(f"table {frame.code}", style="bold")
    line.append(f": {frame.ruleset}, {names}, move {frame.moves} (watching; {frame.watchers} watching)")
    return line


def status(frame: Frame, board: ModuleType | None, view: Any, width: int) -> Text:
    """The ruleset's title, whose turn, and the stage (the game screen's status line, tui/status_line.py)."""
    seat_frame = frame.seat_frame or {}
    title = str(seat_frame.get("title", frame.ruleset))
    stage = str(seat_frame.get("stage", ""))
    turn = ""
    if board is not None and view is not None:
        stage = board.stage(view) or stage
        owner = board.turn_owner(view)
        number = seat_frame.get("turn")
        if board.SHOW_TURN and number is not None:
            turn = f"{frame.names[owner]}'s turn {number}" if owner is not None else f"turn {number}"
    return status_text(title, turn, stage, "", "", width)


def log_texts(frame: Frame) -> list[tuple[int, str, str]]:
    """(step, text, style) of the public log with the table's talk after the lines of its step."""
    lines = [(line.step, line.text, "") for line in frame.log]
    for talk in frame.talk:
        index = len(lines)
        while index > 0 and lines[index - 1][0] > talk.step:
            index -= 1
        lines.insert(index, (talk.step, talk.text, "cyan" if talk.said else "italic"))
    return lines


def tail(frame: Frame) -> list[Text]:
    """The bottom lines: the result and its counts at the end, else who is choosing."""
    if frame.result is not None:
        rows = [Text.assemble(("Game over. ", "bold"), (one_line(frame.result), "bold green"))]
        return rows + [Text(one_line(line)) for line in end_lines(frame)]
    if frame.choosing:
        return [Text(one_line(frame.choosing), style="bold yellow")]
    return []


def screen_lines(frame: Frame, width: int = 80, height: int = 23) -> list[str]:
    """The ANSI lines of a watcher's whole screen for `frame` (at most `height` of them)."""
    board_of = board_module(frame.ruleset)
    view = public_view(frame) if board_of is not None else None
    top = [header(frame), status(frame, board_of, view, width)]
    top += [Text(one_line(line), style="bold yellow") for line in frame.status]
    bottom = tail(frame)
    room = height - len(top) - len(bottom) - 1 - LOG_ROWS
    board: list[Line] = []
    if board_of is not None and view is not None and room > 0:
        try:
            board = board_of.board_lines(view, width, room)[:room]
        except Exception:  # a board's bug costs the watchers the board, not the stream (the server logs it)
            traceback.print_exc(limit=4, file=sys.stderr)
    log_rows = max(0, height - len(top) - len(board) - 1 - len(bottom))
    shown = log_texts(frame)[-log_rows:] if log_rows else []
    lines = [*texts(top, width), *board, rule("log", width)]
    lines += texts([Text(one_line(text), style=style) for _, text, style in shown], width)
    lines += texts([Text("") for _ in range(log_rows - len(shown))], width)
    lines += texts(bottom, width)
    return [ansi_line(line) for line in lines[:height]]
