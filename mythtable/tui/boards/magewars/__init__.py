"""The Mage Wars CCG table: both players' Offensive Line, Defensive Line and Tower row, the
Tower Level and tier, the fast-cast stack, the combat in progress and the asker's hand.

The viewer's side is on the right, the opponent's on the left. Everything comes from the
view: face-down cards of the other seat arrive nameless, the other seat's hand arrives only
as a count, and the board never looks further. What an option is about comes from the
ruleset (`Game.subject`), card text from the view.

Files: board.py (the widget and its panels, scrolling, marks and the inspect cursor), side.py (one
player's half), combat.py (the combat panel), detail.py (the prompt's detail line), render.py (rows,
lines and texts), names.py (short names that never look alike), hand.py (the hand panel), legend.py
(the symbols).
"""

from __future__ import annotations

from mythtable.tui.boards.magewars.board import MageWarsBoard
from mythtable.tui.boards.magewars.side import SideView

BOARD = MageWarsBoard

__all__ = ["BOARD", "MageWarsBoard", "SideView"]
