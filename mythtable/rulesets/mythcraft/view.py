"""What the screen shows: frozen dataclasses built from the state (everything is public)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from mythtable.engine.decision import Ref
from mythtable.rulesets.mythcraft.content import ItemDef, MythcraftContent, SpellDef
from mythtable.rulesets.mythcraft.forecast import Forecast as Forecast
from mythtable.rulesets.mythcraft.forecast import TargetForecast as TargetForecast
from mythtable.rulesets.mythcraft.forecast import forecasts
from mythtable.rulesets.mythcraft.marks import creature_mark as creature_mark  # the board's (and the builder's) marks
from mythtable.rulesets.mythcraft.rules import (
    DEF_INDEX,
    HEROES,
    active,
    bloodied,
    capacity,
    creature_moves,
    defense,
    encumbered,
    hero_moves,
    melee_reach,
    reactive_cap,
    speed_squares,
    stage,
    weight,
)
from mythtable.rulesets.mythcraft.rules.board import in_reach
from mythtable.rulesets.mythcraft.rules.movement import creature_move_range, engaged_along, hero_move_range, path_to
from mythtable.rulesets.mythcraft.state import State, Unit

ATTR_NAMES = ("STR", "DEX", "END", "AWR", "INT", "CHA", "LUCK", "COR")


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
    kind_name: str  # a creature's stat-block name ("Ash Hound" for "Ash Hound B"); a hero's template title
    weapon_name: str  # "" when the hand is empty
    off_hand_name: str
    actions: tuple[CreatureActionView, ...]  # a creature's stat-block actions (() for a hero)
    short_name: str = field(default="", compare=False)
    """What a narrow panel shows: the short name its creature or hero chose, with a creature's letter
    ("Rattlebone B" for "Rattlebone Sentry B"); its name when none was chosen. Left out of ==: it follows
    from the name."""


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
    engaged_by: tuple[str, ...] = ()
    """The hostiles the walk there would offer an Engaged strike (F-24), found along the path the move
    takes with the walk's own test (movement.engaged_along); each strike that hits stops the mover."""
    squares: int = 0
    """Squares of movement the cheapest path there uses (F-15: rubble and an ally's square count
    double), the number the log reports when the move is made."""


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
    reach_squares: tuple[tuple[int, int], ...]  # on its turn: the squares within that reach (walls aside)
    decision_kind: str
    prompt: str
    result: str
    catalogue: Catalogue = field(compare=False)
    """The item and spell definitions, for the board's detail lines (the same for every view of a content)."""
    forecasts: tuple[Forecast, ...] = ()
    """On a turn: the hit chance and expected damage of each attack, spell and maneuver option."""


@dataclass(frozen=True, slots=True)
class CreatureActionView:
    """One action of a creature's stat block, as the board lists and explains it."""

    id: str
    name: str
    kind: str  # "move", "attack", "dodge" or "area_attack"
    damage: str
    damage_type: str
    defense: str
    once_per_encounter: bool
    range_ft: int = 0  # how far it reaches (melee 5, a spit 30 ...), for the map's overlay


@dataclass(frozen=True, slots=True)
class ItemView:
    """An item as the board explains it: what the public item list says of it."""

    id: str
    name: str
    kind: str  # "weapon", "shield", "armor", "consumable" or "gear"
    weight: int
    grip: str  # "one_hand", "two_hands", "hand_and_half" or "none"
    defense: str  # the defense a weapon's attack goes against
    damage: str
    damage_type: str | None
    reach_ft: int
    thrown_ft: int
    range_ft: int
    heal: str


@dataclass(frozen=True, slots=True)
class SpellView:
    """A spell as the board explains it: what the public spell list says of it."""

    id: str
    name: str
    range_ft: int
    target: str  # "hostile", "hero" or "area"
    area: int
    defense: str
    damage: str
    damage_type: str | None
    heal: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The public item and spell definitions the board explains options with: one per content, shared
    by every view of games on it (the views leave it out of == and hash)."""

    items: tuple[ItemView, ...]
    spells: tuple[SpellView, ...]

    def item(self, iid: str) -> ItemView | None:
        return next((i for i in self.items if i.id == iid), None)

    def spell(self, sid: str) -> SpellView | None:
        return next((s for s in self.spells if s.id == sid), None)


_CATALOGUES: dict[int, tuple[MythcraftContent, Catalogue, Mapping[str, tuple[CreatureActionView, ...]]]] = {}


def _catalogue(content: MythcraftContent) -> tuple[Catalogue, Mapping[str, tuple[CreatureActionView, ...]]]:
    """The content's catalogue and each creature's stat-block actions (creature id -> its actions), made once."""
    got = _CATALOGUES.get(id(content))
    if got is None or got[0] is not content:
        if len(_CATALOGUES) >= 16:  # test contents come and go
            _CATALOGUES.clear()
        got = _CATALOGUES[id(content)] = (
            content,
            Catalogue(
                tuple(_item_view(i) for i in content.items.values()),
                tuple(_spell_view(s) for s in content.spells.values()),
            ),
            MappingProxyType(
                {
                    cid: tuple(
                        CreatureActionView(
                            a.id,
                            a.name,
                            a.kind,
                            a.damage,
                            a.damage_type or "",
                            a.defense,
                            a.once_per_encounter,
                            a.range_ft,
                        )
                        for a in c.actions
                    )
                    for cid, c in content.creatures.items()
                }
            ),
        )
    return got[1], got[2]


def catalogue(content: MythcraftContent) -> Catalogue:
    return _catalogue(content)[0]


def _item_view(i: ItemDef) -> ItemView:
    return ItemView(
        i.id,
        i.name,
        i.kind,
        i.weight,
        i.grip,
        i.defense,
        i.damage,
        i.damage_type,
        i.reach_ft,
        i.thrown_ft,
        i.range_ft,
        i.heal,
    )


def _spell_view(s: SpellDef) -> SpellView:
    return SpellView(s.id, s.name, s.range_ft, s.target, s.area, s.defense, s.damage, s.damage_type, s.heal)


# ----- the builder -----------------------------------------------------------------------------
def build_view(state: State, seat: int | None) -> MythcraftView:
    """Everything is public in MythCraft: every seat (and the replay viewer) sees the same."""
    items = state.content.items
    board = state.board
    current = None
    if state.order and not state.active_gone and state.turn_idx < len(state.order):
        current = active(state)
    combatants = tuple(combatant_view(state, u) for u in state.units)
    order = tuple(
        InitiativeEntry(u.uid, u.name, u.init[0], u.attrs[3], u.init[1], tuple(u.init[2]))
        for u in (state.units[i] for i in state.order)
    )
    reachable: tuple[ReachableSquare, ...] = ()
    d = state.decision
    if d is not None and d.kind in ("hero_turn", "creature_turn") and current is not None:
        moves = hero_moves(state, current) if current.side == HEROES else creature_moves(state, current)
        reach = hero_move_range(state, current) if current.side == HEROES else creature_move_range(state, current)
        cost = reach.best if reach is not None else {}
        w = board.width
        reachable = tuple(
            ReachableSquare(
                x,
                y,
                c,
                engaged_along(state, current, path_to(state, current, (x, y), reach)[0]) if reach else (),
                cost.get(y * w + x, 0),
            )
            for (x, y), c in sorted(moves.items())
        )
    result = ""
    if state.result is not None:
        winner = state.result[0]
        head = "Draw: " if winner is None else "Heroes win: " if winner == HEROES else "The Myth Caster wins: "
        result = head + state.result[1]
    return MythcraftView(
        stage=stage(state),
        round=state.round,
        encounter=state.encounter,
        map=MapView(
            board.width,
            board.height,
            tuple(sorted(board.walls)),
            tuple(sorted(board.rubble)),
            tuple(GroundItemView(g[0], g[1], g[2], items[g[2]].name) for g in state.ground),
        ),
        combatants=combatants,
        initiative=InitiativeView(order, state.turn_idx, state.round),
        active_uid=current.uid if current else "",
        reachable=reachable,
        active_reach=melee_reach(state, current) if current else 0,
        reach_squares=reach_squares(state, current)
        if current is not None and d is not None and d.kind in TURNS
        else (),
        decision_kind=d.kind if d else "",
        prompt=d.prompt if d else "",
        result=result,
        catalogue=catalogue(state.content),
        forecasts=forecasts(state),
    )


def public_view(state: State) -> MythcraftView:
    """What both sides see, for spectators: in MythCraft that is everything, as for each seat."""
    return build_view(state, None)


TURNS = ("hero_turn", "creature_turn")


def reach_squares(state: State, u: Unit) -> tuple[tuple[int, int], ...]:
    """The squares within `u`'s melee reach, by the one reach test (H-16: no wall corner cut, farther in sight)."""
    r = melee_reach(state, u)
    board = state.board
    walls = board.walls
    return tuple(
        (x, y)
        for y in range(max(0, u.y - r), min(board.height, u.y + r + 1))
        for x in range(max(0, u.x - r), min(board.width, u.x + r + 1))
        if (x, y) not in walls and in_reach(board, u.x, u.y, r, x, y)
    )


def unit_short_name(state: State, u: Unit) -> str:
    """The short name chosen in the content, with a creature's letter; the name when none was chosen."""
    if u.side == HEROES:
        hero = state.content.heroes.get(u.kind)
        return (hero.short_name if hero is not None else None) or u.name
    creature = state.content.creatures[u.kind]
    if not u.name.startswith(creature.name):
        return u.name
    return creature.short_name + u.name[len(creature.name) :]


def combatant_view(state: State, u: Unit) -> CombatantView:
    items = state.content.items
    creature = state.content.creatures[u.kind] if u.side != HEROES else None
    defs = tuple((name, defense(state, u, name)) for name in DEF_INDEX)
    attrs = ATTR_NAMES if u.side == HEROES else ATTR_NAMES[:6]
    return CombatantView(
        uid=u.uid,
        name=u.name,
        side=u.side,
        kind=u.kind,
        x=u.x,
        y=u.y,
        hp=u.hp,
        max_hp=u.max_hp,
        bloodied=bloodied(u),
        dp=u.dp,
        dying=u.dying,
        dead=u.dead,
        conditions=tuple(ConditionView(k, v[0], 0 if v[1] == -2 else v[1], v[2]) for k, v in sorted(u.conds.items())),
        ap=u.ap,
        fresh_ap=u.fresh,
        carried_reactive_ap=u.kept,
        special_kind=u.special,
        special_ap=u.special_ap,
        reactive_ap=u.reactive,
        reactive_cap=reactive_cap(u.level) if u.side == HEROES else 0,
        level=u.level,
        weapon=u.main,
        off_hand=u.off,
        armor=u.armor,
        carried=tuple(u.pack),
        carried_weight=weight(state, u) if u.side == HEROES else 0,
        capacity=capacity(u.attrs[0]) if u.side == HEROES else 0,
        encumbered=encumbered(state, u),
        speed_ft=u.speed_ft,
        speed_squares=speed_squares(state, u),
        defenses=defs,
        attributes=tuple(zip(attrs, u.attrs, strict=False)),
        sp=u.sp,
        max_sp=u.max_sp,
        actions_left=u.acts,
        feature=u.feature,
        kind_name=creature.name if creature is not None else state.content.heroes[u.kind].title,
        short_name=unit_short_name(state, u),
        weapon_name=items[u.main].name if u.main else "",
        off_hand_name=items[u.off].name if u.off else "",
        actions=_catalogue(state.content)[1][u.kind] if creature is not None else (),
    )


def look(c: CombatantView) -> tuple[Any, ...]:
    """What of a combatant shows on the board (its AP aside: they change by themselves each turn)."""
    return (c.x, c.y, c.hp, c.dp, c.dying, c.dead, c.conditions, c.weapon, c.off_hand, c.carried, c.sp)


def changes(before: Any, after: Any) -> frozenset[Ref]:
    """The combatants whose place, health, conditions or kit differ between two views of the same seat."""
    if not isinstance(before, MythcraftView) or not isinstance(after, MythcraftView):
        return frozenset()
    old = {c.uid: look(c) for c in before.combatants}
    return frozenset(c.uid for c in after.combatants if c.uid in old and old[c.uid] != look(c))
