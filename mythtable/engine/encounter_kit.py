"""The encounter builder's words (tui/screens/encounter_editor.py): what a ruleset offers to build an
encounter from, and an encounter being built, square by square.

A ruleset with built encounters (MythCraft) fills an `EncounterKit` from its content and turns an
encounter file's data into an `EncounterDraft` and back (its `Encounters` capability: `kit`, `draft`,
`data`); the editor changes the draft and never needs ruleset code. The draft is plain
data with small edits that cannot fail: whatever they leave illegal (a missing start square, an item
in a wall) the ruleset's check of the written data names, the same check a saved file gets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mythtable.engine.inspect import Inspection

WALL, DIFFICULT, FLOOR = "#", ":", "."
TERRAIN = (WALL, DIFFICULT, FLOOR)
STARTS = ("1", "2", "3", "4")
"""A square of the draft is a terrain mark or a hero's start square; creatures stand on floor."""

Pos = tuple[int, int]


@dataclass(slots=True, frozen=True)
class KitEntry:
    """A creature or an item the builder lists: a one-line summary and its full text to inspect."""

    id: str
    name: str
    kind: str
    """"creature" or "item"."""
    summary: str
    inspection: Inspection
    search: str = ""
    """Everything a search matches, lower-case."""
    short: str = ""
    """A few characters the list shows beside the name (a creature's level: "L3")."""


@dataclass(slots=True, frozen=True)
class EncounterKit:
    """What an encounter is built from, and the limits of its shape."""

    creatures: tuple[KitEntry, ...]
    items: tuple[KitEntry, ...]
    prebuilt: tuple[tuple[str, str, dict[str, Any]], ...]
    """(id, shown name, file data) of each shipped encounter, to start from a copy."""
    min_width: int
    max_width: int
    min_height: int
    max_height: int
    min_level: int = 1
    max_level: int = 5
    max_kinds: int = 26
    """How many different creatures one encounter's legend can name."""
    max_extra: int = 2
    """How many creatures may join only for a bigger party (the 3rd and the 4th hero)."""


@dataclass(slots=True)
class PlacedCreature:
    """A creature on the map; `extra` ones join only when the party has a 3rd (the first in reading
    order) or a 4th hero (the second)."""

    id: str
    extra: bool = False


@dataclass(slots=True)
class EncounterDraft:
    """An encounter being built: its name and level, and the map square by square."""

    name: str
    level: int
    width: int
    height: int
    squares: list[list[str]]
    """squares[y][x]: a terrain mark or a start square ("1"-"4"); any other mark a file held stays
    as it was, so the check still names it."""
    creatures: dict[Pos, PlacedCreature] = field(default_factory=dict)
    items: list[tuple[int, int, str]] = field(default_factory=list)
    """Items lying on the ground at the start: (x, y, item id)."""
    letters: dict[tuple[str, bool], str] = field(default_factory=dict)
    """The map letter a file gave each (creature, extra): kept when the draft is written again."""

    @classmethod
    def empty(cls, width: int, height: int, name: str = "My encounter", level: int = 1) -> EncounterDraft:
        return cls(name, level, width, height, [[FLOOR] * width for _ in range(height)])

    # ----- reading ---------------------------------------------------------------------------------
    def square(self, pos: Pos) -> str:
        x, y = pos
        return self.squares[y][x]

    def on_map(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def items_at(self, pos: Pos) -> list[str]:
        return [i for x, y, i in self.items if (x, y) == pos]

    def start_of(self, hero: str) -> list[Pos]:
        return [(x, y) for y, row in enumerate(self.squares) for x, c in enumerate(row) if c == hero]

    def extra_order(self) -> list[Pos]:
        """The creatures that join for a bigger party, in reading order (the first for hero 3)."""
        return sorted((p for p, c in self.creatures.items() if c.extra), key=lambda p: (p[1], p[0]))

    def kinds(self) -> list[str]:
        """Each creature kind on the map once, in reading order."""
        seen: list[str] = []
        for pos in sorted(self.creatures, key=lambda p: (p[1], p[0])):
            if self.creatures[pos].id not in seen:
                seen.append(self.creatures[pos].id)
        return seen

    # ----- changing ----------------------------------------------------------------------------------
    def paint(self, pos: Pos, mark: str) -> None:
        """Terrain on a square: a creature there goes (a creature stands on floor only, and a wall or
        difficult ground replaces it); a start square goes too."""
        if not self.on_map(pos):
            return
        x, y = pos
        self.squares[y][x] = mark
        if mark != FLOOR:
            self.creatures.pop(pos, None)

    def place_start(self, pos: Pos, hero: str) -> None:
        """Hero `hero`'s start square here: one per hero, so an earlier one becomes floor."""
        if not self.on_map(pos):
            return
        for x, y in self.start_of(hero):
            self.squares[y][x] = FLOOR
        self.squares[pos[1]][pos[0]] = hero
        self.creatures.pop(pos, None)

    def place_creature(self, pos: Pos, creature_id: str, extra: bool = False) -> None:
        """A creature here, on floor: it replaces the square's terrain, start square or creature."""
        if not self.on_map(pos):
            return
        self.squares[pos[1]][pos[0]] = FLOOR
        self.creatures[pos] = PlacedCreature(creature_id, extra)

    def remove_creature(self, pos: Pos) -> bool:
        return self.creatures.pop(pos, None) is not None

    def toggle_item(self, pos: Pos, item_id: str) -> bool:
        """Put the item on the square, or take it away if it lies there: True if it is there now."""
        entry = (pos[0], pos[1], item_id)
        if entry in self.items:
            self.items.remove(entry)
            return False
        if self.on_map(pos):
            self.items.append(entry)
            self.items.sort(key=lambda g: (g[1], g[0], g[2]))
        return True

    def clear(self, pos: Pos) -> None:
        """Floor, with nothing on it."""
        self.paint(pos, FLOOR)
        self.creatures.pop(pos, None)
        self.items = [g for g in self.items if (g[0], g[1]) != pos]

    def resize(self, width: int, height: int) -> None:
        """A new size: new squares are floor; whatever lay beyond the new edge goes (a start square
        that goes shows as a problem)."""
        rows = [row[:width] + [FLOOR] * (width - len(row[:width])) for row in self.squares[:height]]
        rows += [[FLOOR] * width for _ in range(height - len(rows))]
        self.squares = rows
        self.width, self.height = width, height
        self.creatures = {p: c for p, c in self.creatures.items() if self.on_map(p)}
        self.items = [g for g in self.items if self.on_map((g[0], g[1]))]
