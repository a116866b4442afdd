"""Per-ruleset boards, as each ruleset's entry names them (engine/entry.py `board`, `stylesheet`).
A ruleset without a board of its own gets the generic one."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from mythtable.engine.entry import load_object
from mythtable.engine.registry import entries, entry
from mythtable.tui.boards.base import Board


def board_class(ruleset_id: str) -> type[Board[Any]]:
    """The ruleset's board (imported when a game opens, not at launch), or the generic one."""
    where = entry(ruleset_id).board
    if where is None:
        from mythtable.tui.boards.generic import GenericBoard

        return GenericBoard
    board = load_object(where)
    if not (isinstance(board, type) and issubclass(board, Board)):
        raise TypeError(f"{where} is not a Board")
    return board


def stylesheets() -> list[Path]:
    """Every ruleset's board CSS (the .tcss file beside its board's module), found without importing
    the boards, for the app to load with its own."""
    found = []
    for ruleset in entries().values():
        if ruleset.board is None or ruleset.stylesheet is None:
            continue
        spec = importlib.util.find_spec(ruleset.board.partition(":")[0])
        if spec is not None and spec.origin is not None:
            found.append(Path(spec.origin).parent / ruleset.stylesheet)
    return found
