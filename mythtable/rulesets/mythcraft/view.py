"""What the screen shows: frozen dataclasses built from the state (everything is public)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GroundItemView:
    x: int
    y: int
    item: str
    name: str


@dataclass(frozen=True, slots=True)
class MapView:
    width: int
    height: int
    walls: tuple[tuple[int, int], ...]
    rubble: tuple[tuple[int, int], ...]
    ground: tuple[GroundItemView, ...]


@dataclass(frozen=True, slots=True)
class ConditionView:
    name: str
    value: int  # X of Bleeding X / Burning X, else 0
    rounds: int  # -1 until removed, 0 until the start of its next turn, n: ends after n more own turns
    source: str  # uid of the source ("" if none)


@dataclass(frozen=True, slots=True)
class CombatantView:
    uid: str
    name: str
    side: int  # 0 hero, 1 creature
    kind: str  # hero template id or creature id
    x: int
    y: int
    hp: int
    max_hp: int
    bloodied: bool
    dp: int
    dying: bool
    dead: bool
    conditions: tuple[ConditionView, ...]
    ap: int  # the pool now
    fresh_ap: int  # gained at the start of this turn (C-15, C-16, H-11)
    carried_reactive_ap: int  # Reactive AP kept into this turn (C-21)
    special_kind: str  # "", "rage" (Rage AP) or "support" (Holy Support AP)
    special_ap: int
    reactive_ap: int  # Reactive AP held now (spendable on others' turns)
    reactive_cap: int
    level: int
    weapon: str
    off_hand: str
    armor: str
    carried: tuple[str, ...]
    carried_weight: int
    capacity: int
    encumbered: bool
    speed_ft: int
    speed_squares: int
    defenses: tuple[tuple[str, int], ...]  # (("AR", 12), ("REF", 12), ...)
    attributes: tuple[tuple[str, int], ...]
    sp: int
    max_sp: int
    actions_left: int  # creatures: stat-block actions left this turn
    feature: str


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    uid: str
    name: str
    roll: int  # the d20
    awr: int
    total: int
    rolloffs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class InitiativeView:
    order: tuple[InitiativeEntry, ...]  # living participants, in turn order
    current: int  # index into order
    round: int


@dataclass(frozen=True, slots=True)
class ReachableSquare:
    x: int
    y: int
    ap_cost: int  # 0 inside the current Move, 1 for a new Move (creatures: 1 action)


@dataclass(frozen=True, slots=True)
class MythcraftView:
    stage: str
    round: int
    encounter: str
    map: MapView
    combatants: tuple[CombatantView, ...]
    initiative: InitiativeView
    active_uid: str
    reachable: tuple[ReachableSquare, ...]
    active_reach: int  # the active participant's melee reach in squares
    decision_kind: str
    prompt: str
    result: str
