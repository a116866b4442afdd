"""The MythCraft combat table: the grid map, the initiative track, the active combatant's card
(Action Points, weapon, shield, load) and everyone's HP, Bloodied, Death Points and conditions.

Everything is public in MythCraft, so the board draws the whole view. Squares are two characters
wide: heroes are a digit and an initial on blue, creatures a letter pair on red. The movement
range of the active combatant is shaded green, the squares in its melee reach are marked red,
and the square or combatant that the highlighted option is about is shown in magenta.

Grid cursor: when moves are on offer, "g" moves the keyboard to the map; the arrows move a
cursor, Enter moves there, and Escape or "g" goes back to the option list. The prompt's list
follows the cursor, so the detail line always explains the square under it. With a mouse, a
click on a square highlights its option and a second click chooses it.
"""

from mythtable.tui.boards.mythcraft.board import BOARD, MythCraftBoard
from mythtable.tui.boards.mythcraft.common import token
from mythtable.tui.boards.mythcraft.detail import explain
from mythtable.tui.boards.mythcraft.grid import MapGrid
from mythtable.tui.boards.mythcraft.panels import RosterRender, TrackRender, creature_card, hero_card

__all__ = [
    "BOARD",
    "MapGrid",
    "MythCraftBoard",
    "RosterRender",
    "TrackRender",
    "creature_card",
    "explain",
    "hero_card",
    "token",
]
