"""Attack specs: what an attack rolls and deals (weapons, spells, creature actions, maneuvers);
pushing an attack frame."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.content import parse_dice
from mythtable.rulesets.mythcraft.rules.formulas import ATTR_INDEX, CREATURES, HEROES
from mythtable.rulesets.mythcraft.rules.units import grip_allowed, held_weapons, in_melee
from mythtable.rulesets.mythcraft.state import AttackFrame, AttackSpec, State, Unit


def weapon_spec(state: State, u: Unit, wid: str, target: Unit) -> AttackSpec:
    """A weapon attack (or an unarmed strike): its attribute to hit and to damage, melee if the target is within
    its reach."""
    if wid == "unarmed":
        s = u.attrs[0]
        return AttackSpec(
            name="an unarmed strike",
            label="STR",
            mod=s,
            defense="AR",
            dice_n=0,
            dice_sides=0,
            bonus=max(1, 1 + s),
            damage_type="blunt",
            melee=True,
            ranged=False,
            magic=False,
            creature=False,
            average=0,
            riders=(),
            kind="damage",
            wid="unarmed",
        )
    it = state.content.items[wid]
    n, sides, b = parse_dice(it.damage)
    ai = ATTR_INDEX[it.attribute or "STR"]
    melee = bool(it.reach_ft) and in_melee(state, u, (target.x, target.y), it.reach_ft // 5)
    return AttackSpec(
        name=it.name,
        label=it.attribute,
        mod=u.attrs[ai],
        defense=it.defense,
        dice_n=n,
        dice_sides=sides,
        bonus=b + u.attrs[ai],
        damage_type=it.damage_type,
        melee=melee,
        ranged=not melee,
        magic=False,
        creature=False,
        average=0,
        riders=(),
        kind="damage",
        wid=wid,
        thrown=not melee and bool(it.thrown_ft),
    )


def spell_spec(state: State, u: Unit, sid: str) -> AttackSpec:
    """A spell attack: INT for arcane spells, CHA for divine ones; magic crits add LUCK instead of maximum dice."""
    sp = state.content.spells[sid]
    lab = "INT" if sp.school == "arcane" else "CHA"
    n, s, b = parse_dice(sp.damage)
    return AttackSpec(
        name=sp.name,
        label=lab,
        mod=u.attrs[ATTR_INDEX[lab]],
        defense=sp.defense,
        dice_n=n,
        dice_sides=s,
        bonus=b,
        damage_type=sp.damage_type,
        melee=False,
        ranged=True,
        magic=True,
        creature=False,
        average=0,
        riders=(),
        kind="damage",
        wid="",
    )


def creature_spec(state: State, u: Unit, aid: str) -> AttackSpec:
    """A creature's stat-block attack: its bonus, damage (or fixed average, H-13) and riders."""
    a = next(x for x in state.content.creatures[u.kind].actions if x.id == aid)
    n, s, b = parse_dice(a.damage) if a.damage else (0, 0, 0)
    return AttackSpec(
        name=a.name,
        label="",
        mod=a.bonus,
        defense=a.defense,
        dice_n=n,
        dice_sides=s,
        bonus=b,
        damage_type=a.damage_type or "",
        melee=a.range in ("melee", "reach"),
        ranged=a.range == "ranged",
        magic=False,
        creature=True,
        average=a.average,
        riders=tuple((r.condition, r.value, r.rounds) for r in a.riders),
        kind="damage" if a.damage else "effect",
        wid=aid,
    )


def maneuver_spec(state: State, u: Unit, kind: str) -> AttackSpec:
    """Grapple, escape, shove or trip (F-33, F-34): STR (DEX if higher for a grapple or an escape) against REF or
    FORT."""
    s, d = u.attrs[0], u.attrs[1]
    if kind in ("grapple", "escape") and d > s:
        lab, mod = "DEX", d
    else:
        lab, mod = "STR", s
    defense_name = {"grapple": "?", "escape": "?", "shove": "FORT", "trip": "REF"}[kind]
    return AttackSpec(
        name=kind,
        label=lab,
        mod=mod,
        defense=defense_name,
        dice_n=0,
        dice_sides=0,
        bonus=0,
        damage_type="",
        melee=True,
        ranged=False,
        magic=False,
        creature=u.side == CREATURES,
        average=0,
        riders=(),
        kind=kind,
        wid="",
    )


def engaged_spec(state: State, e: Unit, target: Unit) -> AttackSpec:
    """The attack an Engaged strike makes (F-24): a hero's first melee weapon, a creature's first melee attack
    that reaches."""
    if e.side == HEROES:
        for wid in held_weapons(state, e):
            if (wid == "unarmed" or state.content.items[wid].reach_ft) and grip_allowed(state, e, wid):
                return weapon_spec(state, e, wid, target)
    for a in state.content.creatures[e.kind].actions:
        if (
            a.kind == "attack"
            and a.range in ("melee", "reach")
            and in_melee(state, e, (target.x, target.y), a.range_ft // 5)
        ):
            return creature_spec(state, e, a.id)
    raise AssertionError("no engaged attack")


def push_attack(state: State, a: Unit, targets: list[Unit], spec: AttackSpec, stop: bool = False) -> None:
    """Put an attack frame on the stack (the driver steps it)."""
    state.stack.append(AttackFrame(a.uid, tuple(t.uid for t in targets), spec, stop))
