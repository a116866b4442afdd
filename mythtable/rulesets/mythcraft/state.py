"""Plain-Python engine state for MythCraft: the board, the participants and the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft.content import MythcraftContent

Pos = tuple[int, int]

# Condition durations (the second slot of a condition entry):
INDEFINITE = -1  # until something removes it
UNTIL_START = -2  # ends at the start of the affected participant's next turn
# n >= 1: ends when the affected participant has ended n more turns ("1 round", F-19)


@dataclass(slots=True)
class Board:
    """The static battlefield of a map: shared (never copied) between clones of a state and
    between games on the same map (rules.board_for). Only its caches ever change."""

    width: int
    height: int
    walls: frozenset[Pos]
    rubble: frozenset[Pos]
    neigh: dict[Pos, tuple[Pos, ...]]
    nidx: list[tuple[int, ...]] = field(default_factory=list)  # neighbour square indices
    walk_cost: list[int] = field(default_factory=list)  # cost to enter each square on foot (rubble 2)
    nset: list[frozenset[int]] = field(default_factory=list)
    rubble_idx: frozenset[int] = frozenset()
    coords: list[Pos] = field(default_factory=list)  # square index -> (x, y); a square's index is y * width + x
    move_actions: list[Action] = field(default_factory=list)  # square index -> its ("move", x, y) action
    los_cache: dict[tuple[Pos, Pos], bool] = field(default_factory=dict)


class MoveRange(NamedTuple):
    """The active participant's move range (State.reach_cache). Never mutated: clones share it."""

    key: tuple[Any, ...]
    """What the range depends on: who, where, the search budget, State.moved, Frightened."""
    best: dict[int, int]
    """Every square reachable within the budget (allies' squares too) -> cost in squares."""
    sub: tuple[int, bool] | None
    """A hero's squares of movement left and whether it can pay 1 AP for a new Move."""
    actions: list[Action]
    """The move actions: ("move", x, y) for each square it can move to now."""

    def squares(self) -> list[Pos]:
        return [(int(a[1]), int(a[2])) for a in self.actions]

    def ap_cost(self, square: int) -> int:
        """A hero's AP cost to move to a square of the range (by index): 0 within its current
        Move, else 1 for a new Move (for a creature, 1: a Move is one of its actions)."""
        return 0 if self.sub is not None and self.best[square] <= self.sub[0] else 1


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
    size: int = 2  # 0 tiny, 1 small, 2 medium, 3 large, 4 huge

    def copy(self) -> Unit:
        """A fast field-by-field copy (mutable parts copied; never-mutated ones shared)."""
        c = Unit.__new__(Unit)
        c.uid = self.uid
        c.name = self.name
        c.side = self.side
        c.kind = self.kind
        c.x = self.x
        c.y = self.y
        c.hp = self.hp
        c.max_hp = self.max_hp
        c.level = self.level
        c.attrs = self.attrs[:]
        c.defs = self.defs[:]
        c.resist = self.resist
        c.vuln = self.vuln
        c.immune = self.immune
        c.dr = self.dr
        c.speed_ft = self.speed_ft
        c.flyer = self.flyer
        c.feature = self.feature
        c.spells = self.spells
        c.ap = self.ap
        c.fresh = self.fresh
        c.kept = self.kept
        c.reactive = self.reactive
        c.special = self.special
        c.special_ap = self.special_ap
        c.base_special = self.base_special
        c.fury = self.fury
        c.dp = self.dp
        c.dying = self.dying
        c.dead = self.dead
        c.conds = {k: v[:] for k, v in self.conds.items()}
        c.main = self.main
        c.off = self.off
        c.armor = self.armor
        c.pack = self.pack[:]
        c.sp = self.sp
        c.max_sp = self.max_sp
        c.move_left = self.move_left
        c.used = self.used[:]
        c.acts = self.acts
        c.action_count = self.action_count
        c.once_used = self.once_used[:]
        c.help_target = self.help_target
        c.init = [self.init[0], self.init[1], self.init[2][:]] if self.init else []
        c.size = self.size
        return c

    def to_json(self) -> list[Any]:
        """Field values in UNIT_FIELDS order (a list: snapshots are hashed often)."""
        return [getattr(self, name) for name in UNIT_FIELDS]


UNIT_FIELDS: tuple[str, ...] = tuple(Unit.__slots__)  # type: ignore[attr-defined]


# ----- frames: what is under way and can be interrupted by a reaction ------------------------------
@dataclass(slots=True)
class AttackSpec:
    """What an attack rolls and deals (rules/specs.py builds it). Never changed once built: clones share it."""

    name: str
    label: str  # the attribute named in the log ("STR", "INT", ...; "" for a creature's bonus)
    mod: int  # added to the d20
    defense: str  # the defense it targets ("?" for a grapple: the defender chooses REF or FORT)
    dice_n: int
    dice_sides: int
    bonus: int  # added to the damage dice
    damage_type: str
    melee: bool
    ranged: bool
    magic: bool
    creature: bool
    average: int  # a creature action's fixed damage (H-13)
    riders: tuple[tuple[str, int, int], ...]  # (condition, value, rounds) on a hit
    kind: str  # "damage", "effect", "grapple", "escape", "shove" or "trip"
    wid: str  # the weapon, creature action or "" (spells, maneuvers)
    thrown: bool | None = None  # a weapon's: whether this attack throws it (None: not a weapon attack)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "lab": self.label,
            "mod": self.mod,
            "def": self.defense,
            "n": self.dice_n,
            "s": self.dice_sides,
            "b": self.bonus,
            "type": self.damage_type,
            "melee": self.melee,
            "ranged": self.ranged,
            "magic": self.magic,
            "creature": self.creature,
            "avg": self.average,
            "riders": [list(r) for r in self.riders],
            "kind": self.kind,
            "wid": self.wid,
        }
        if self.thrown is not None:
            out["thrown"] = self.thrown
        return out


@dataclass(slots=True)
class MoveFrame:
    """A participant walking a path square by square; leaving a square may offer an Engaged strike (F-24)."""

    uid: str
    path: tuple[Pos, ...]  # the squares to enter, in order (never changed)
    free: Pos  # the last square entered that no one else stands on (F-15: the move never ends on an ally)
    step: int = 0  # index into path of the next square to enter
    asked: tuple[str, ...] = ()  # who has been offered an Engaged strike on leaving the current square

    def copy(self) -> MoveFrame:
        return MoveFrame(self.uid, self.path, self.free, self.step, self.asked)

    def to_json(self) -> dict[str, Any]:
        return {
            "t": "mv",
            "u": self.uid,
            "path": [list(p) for p in self.path],
            "i": self.step,
            "asked": list(self.asked),
            "free": list(self.free),
        }


@dataclass(slots=True)
class AttackFrame:
    """An attack on one or more targets (an area attack rolls once), in phases: roll, target, resolve."""

    attacker: str
    targets: tuple[str, ...]
    spec: AttackSpec
    stop: bool = False  # an Engaged strike: a hit drops the target's speed to 0 (F-24)
    target_index: int = 0
    nat: int = 0  # the natural d20
    phase: str = "roll"
    bonus: int = 0  # a Parry or Ward's +2 to the defense
    dice: tuple[int, ...] | None = None  # damage dice, rolled once for all targets (F-11)
    defense: str = ""  # the defense of the current target ("" until chosen)
    missed: bool = False  # a single-target melee attack missed (Grim Reprisal)
    total: int | None = None  # the attack total against the current target (None until judged)
    defense_value: int = 0
    hit: bool = False
    crit: bool = False
    auto: bool = False  # a natural hit whatever the defense

    def copy(self) -> AttackFrame:
        return AttackFrame(  # every field is immutable: a copy of the frame is enough
            self.attacker,
            self.targets,
            self.spec,
            self.stop,
            self.target_index,
            self.nat,
            self.phase,
            self.bonus,
            self.dice,
            self.defense,
            self.missed,
            self.total,
            self.defense_value,
            self.hit,
            self.crit,
            self.auto,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "t": "atk",
            "a": self.attacker,
            "targets": list(self.targets),
            "k": self.target_index,
            "spec": self.spec.to_json(),
            "nat": self.nat,
            "ph": self.phase,
            "bonus": self.bonus,
            "stop": self.stop,
            "dice": None if self.dice is None else list(self.dice),
            "def": self.defense,
            "missed": self.missed,
        }
        if self.total is not None:
            out.update(total=self.total, defv=self.defense_value, hit=self.hit, crit=self.crit, auto=self.auto)
        return out


@dataclass(slots=True)
class OfferFrame:
    """A reaction offered to `who` against `target` (H-14): answered with react or decline."""

    who: str
    name: str  # "engaged", "riposte", "grim_reprisal", "parry" or "ward"
    target: str
    defense: str | None = None  # Parry and Ward: the defense the +2 goes to

    def copy(self) -> OfferFrame:
        return OfferFrame(self.who, self.name, self.target, self.defense)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "offer", "who": self.who, "name": self.name, "target": self.target}
        if self.defense is not None:
            out["def"] = self.defense
        return out


@dataclass(slots=True)
class ChoiceFrame:
    """A cleric given the fury draught chooses one source of special AP (H-7)."""

    uid: str
    rounds: int

    def copy(self) -> ChoiceFrame:
        return ChoiceFrame(self.uid, self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {"t": "choice", "u": self.uid, "rounds": self.rounds}


Frame = MoveFrame | AttackFrame | OfferFrame | ChoiceFrame


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
    stack: list[Frame] = field(default_factory=list)
    auto_decline: list[bool] = field(default_factory=lambda: [False, False])
    fixed_damage: bool = False
    round_limit: int = 0  # H-28: the game is a draw by time when this round ends (0: no limit)
    result: list[Any] | None = None  # [winner (None for a draw), reason]
    turns: int = 0
    casualties: int = 0
    moved: int = 0  # bumped whenever a square is entered or freed (keys the move-range cache)
    decision: Decision | None = None
    reach_cache: MoveRange | None = None
    opening: list[Any] = field(default_factory=list)


def snapshot(state: State) -> dict[str, Any]:
    """Plain data for hashing and records (a pending frame keeps the keys it has always had)."""
    return {
        "encounter": state.encounter,
        "unit_fields": list(UNIT_FIELDS),
        "units": [u.to_json() for u in state.units],
        "order": list(state.order),
        "turn_idx": state.turn_idx,
        "round": state.round,
        "phase": state.phase,
        "active_gone": state.active_gone,
        "ground": [list(g) for g in state.ground],
        "stack": [f.to_json() for f in state.stack],
        "auto_decline": list(state.auto_decline),
        "fixed_damage": state.fixed_damage,
        "round_limit": state.round_limit,
        "result": state.result,
        "turns": state.turns,
        "rng": state.rng.state,
    }


def clone(state: State) -> State:
    """A copy to play on (search, take-backs): everything mutable copied; content, board and caches shared."""
    return State(
        content=state.content,
        board=state.board,
        rng=state.rng.copy(),
        units=[u.copy() for u in state.units],
        order=state.order[:],
        encounter=state.encounter,
        turn_idx=state.turn_idx,
        round=state.round,
        phase=state.phase,
        active_gone=state.active_gone,
        ground=[g[:] for g in state.ground],
        stack=[f.copy() for f in state.stack],
        auto_decline=state.auto_decline[:],
        fixed_damage=state.fixed_damage,
        round_limit=state.round_limit,
        result=None if state.result is None else state.result[:],
        turns=state.turns,
        casualties=state.casualties,
        moved=state.moved,
        decision=state.decision,
        reach_cache=state.reach_cache,
        opening=state.opening,
    )
