"""Plain-Python engine state for MythCraft: the board, the participants and the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mythtable.engine.decision import Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft.content import MythcraftContent

Pos = tuple[int, int]

# Condition durations (the second slot of a condition entry):
INDEFINITE = -1  # until something removes it
UNTIL_START = -2  # ends at the start of the affected participant's next turn
# n >= 1: ends when the affected participant has ended n more turns ("1 round", F-19)


@dataclass(slots=True)
class Board:
    """The static battlefield: shared (never copied) between clones of a state."""

    width: int
    height: int
    walls: frozenset[Pos]
    rubble: frozenset[Pos]
    neigh: dict[Pos, tuple[Pos, ...]]
    nidx: list[tuple[int, ...]] = field(default_factory=list)  # neighbour square indices
    walk_cost: list[int] = field(default_factory=list)  # cost to enter each square on foot (rubble 2)
    nset: list[frozenset[int]] = field(default_factory=list)
    rubble_idx: frozenset[int] = frozenset()
    coords: list[Pos] = field(default_factory=list)
    move_actions: dict[Pos, tuple[str, int, int]] = field(default_factory=dict)
    los_cache: dict[tuple[Pos, Pos], bool] = field(default_factory=dict)


@dataclass(slots=True)
class Unit:
    uid: str
    name: str
    side: int  # 0 hero, 1 creature
    kind: str  # template id or creature id
    x: int
    y: int
    hp: int
    max_hp: int
    level: int
    attrs: list[int]  # STR DEX END AWR INT CHA LUCK COR
    defs: list[int]  # base AR (armor or stat block), REF, FORT, ANT, LOG, WILL
    resist: dict[str, int]
    vuln: dict[str, int]
    immune: list[str]
    dr: int
    speed_ft: int
    flyer: bool
    feature: str = ""
    spells: list[str] = field(default_factory=list)
    ap: int = 0
    fresh: int = 0
    kept: int = 0
    reactive: int = 0
    special: str = ""  # "", "rage", "support"
    special_ap: int = 0
    base_special: str = ""
    fury: int = 0
    dp: int = 0
    dying: bool = False
    dead: bool = False
    conds: dict[str, list[Any]] = field(default_factory=dict)  # name -> [value, duration, source uid]
    main: str = ""
    off: str = ""
    armor: str = ""
    pack: list[str] = field(default_factory=list)
    sp: int = 0
    max_sp: int = 0
    move_left: int = 0
    used: list[str] = field(default_factory=list)  # reactions used this round
    acts: int = 0
    action_count: int = 0
    once_used: list[str] = field(default_factory=list)
    help_target: str = ""
    init: list[Any] = field(default_factory=list)  # [d20, total, [roll-off rolls]]

    def copy(self) -> Unit:
        c = Unit.__new__(Unit)
        for name in Unit.__slots__:  # type: ignore[attr-defined]
            setattr(c, name, getattr(self, name))
        c.attrs = self.attrs[:]
        c.defs = self.defs[:]
        c.conds = {k: v[:] for k, v in self.conds.items()}
        c.pack = self.pack[:]
        c.used = self.used[:]
        c.once_used = self.once_used[:]
        c.spells = self.spells
        c.init = [self.init[0], self.init[1], self.init[2][:]] if self.init else []
        return c

    def to_json(self) -> list[Any]:
        """Field values in UNIT_FIELDS order (a list: snapshots are hashed often)."""
        return [getattr(self, name) for name in UNIT_FIELDS]


UNIT_FIELDS: tuple[str, ...] = tuple(Unit.__slots__)  # type: ignore[attr-defined]


@dataclass(slots=True)
class State:
    content: MythcraftContent
    board: Board
    rng: Rng
    units: list[Unit]
    order: list[int]
    encounter: str
    turn_idx: int = 0
    round: int = 1
    phase: str = "start"  # "start" (turn start pending) or "act"
    active_gone: bool = False
    ground: list[list[Any]] = field(default_factory=list)  # [x, y, item id]
    stack: list[dict[str, Any]] = field(default_factory=list)
    auto_decline: list[bool] = field(default_factory=lambda: [False, False])
    fixed_damage: bool = False
    result: list[Any] | None = None  # [winner, reason]
    turns: int = 0
    casualties: int = 0
    moved: int = 0  # bumped whenever a square is entered or freed (keys the move-range cache)
    decision: Decision | None = None
    reach_cache: Any = None
    opening: list[Any] = field(default_factory=list)
