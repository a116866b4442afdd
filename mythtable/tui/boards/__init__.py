"""Per-ruleset boards. A ruleset without a board of its own gets the generic one."""

from __future__ import annotations

import importlib
import importlib.util

from mythtable.tui.boards.base import Board


def board_class(ruleset_id: str) -> type[Board]:
    name = f"mythtable.tui.boards.{ruleset_id}"
    if importlib.util.find_spec(name) is None:
        from mythtable.tui.boards.generic import GenericBoard

        return GenericBoard
    module = importlib.import_module(name)
    board: type[Board] = module.BOARD
    return board
