"""The Mythicarium board: both defense lanes, XP, VP and counts, limbo, and the asker's hand."""

from mythtable.tui.boards.mythicarium.board import MythicariumBoard

BOARD = MythicariumBoard

__all__ = ["BOARD", "MythicariumBoard"]
