"""The MythCraft combat table: the grid map, the initiative track, the active combatant's card
(Action Points, weapon, shield, load) and everyone's HP, Bloodied, Death Points and conditions.

Everything is public in MythCraft, so the board draws the whole view. Squares are two characters
wide: heroes are a digit and an initial on blue, creatures a letter pair on red. The movement
range of the active combatant is shaded green, the squares in its melee reach are marked red,
and the square or combatant that the highlighted option is about is shown in magenta.

A turn is grouped like a tactics game's: a Attack, c Cast, m Move (on the map), n Maneuver,
t Item, r React, x End, Esc all options; attacks and spells come first with their hit chance and
expected damage (the ruleset's forecast). Highlighting an option overlays the map: a weapon's
reach or range, a spell's range and area (who it would hit, the caster too), a move's square; the
squares where a move provokes an Engaged strike are marked "!".

Map cursor: "g" (or "m") moves the keyboard to the map; the arrows move a cursor, Enter moves
there, or on a combatant lists what can be done to it, or on an item picks it up; Escape or "g"
goes back to the option list. With a mouse, a click on a square highlights its move (a second
click makes it), a click on a combatant lists its options.
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
