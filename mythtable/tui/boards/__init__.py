"""Per-ruleset boards. A ruleset without a board of its own gets the generic one."""

from __future__ import annotations

import importlib
from typing import Any

from mythtable.tui.boards.base import Board

BOARDS: dict[str, str] = {
    "mythicarium": "mythtable.tui.boards.mythicarium",
    "magewars": "mythtable.tui.boards.magewars",
    "mythcraft": "mythtable.tui.boards.mythcraft",
}
"""Ruleset id -> the module that exports its `BOARD` (imported when a game opens, not at launch)."""


def board_class(ruleset_id: str) -> type[Board[Any]]:
    name = BOARDS.get(ruleset_id)
    if name is None:
        from mythtable.tui.boards.generic import GenericBoard

        return GenericBoard
    module = importlib.import_module(name)
    board: type[Board[Any]] = module.BOARD
    return board
