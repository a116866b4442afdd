"""Attack specs: what an attack rolls and deals (weapons, spells, creature actions, maneuvers);
pushing an attack frame."""

from __future__ import annotations

from typing import Any

from mythtable.rulesets.mythcraft.content import parse_dice
from mythtable.rulesets.mythcraft.rules.formulas import ATTR_INDEX, CREATURES, HEROES
from mythtable.rulesets.mythcraft.rules.units import grip_allowed, held_weapons, in_melee
from mythtable.rulesets.mythcraft.state import State, Unit


def weapon_spec(state: State, u: Unit, wid: str, target: Unit) -> dict[str, Any]:
    if wid == "unarmed":
        s = u.attrs[0]
        return {
            "name": "an unarmed strike",
            "lab": "STR",
            "mod": s,
            "def": "AR",
            "n": 0,
            "s": 0,
            "b": max(1, 1 + s),
            "type": "blunt",
            "melee": True,
            "ranged": False,
            "magic": False,
            "creature": False,
            "avg": 0,
            "riders": [],
            "kind": "damage",
            "wid": "unarmed",
        }
    it = state.content.items[wid]
    n, sides, b = parse_dice(it.damage)
    ai = ATTR_INDEX[it.attribute or "STR"]
    melee = bool(it.reach_ft) and in_melee(state, u, (target.x, target.y), it.reach_ft // 5)
    return {
        "name": it.name,
        "lab": it.attribute,
        "mod": u.attrs[ai],
        "def": it.defense,
        "n": n,
        "s": sides,
        "b": b + u.attrs[ai],
        "type": it.damage_type,
        "melee": melee,
        "ranged": not melee,
        "magic": False,
        "creature": False,
        "avg": 0,
        "riders": [],
        "kind": "damage",
        "wid": wid,
        "thrown": not melee and bool(it.thrown_ft),
    }


def spell_spec(state: State, u: Unit, sid: str) -> dict[str, Any]:
    sp = state.content.spells[sid]
    lab = "INT" if sp.school == "arcane" else "CHA"
    n, s, b = parse_dice(sp.damage)
    return {
        "name": sp.name,
        "lab": lab,
        "mod": u.attrs[ATTR_INDEX[lab]],
        "def": sp.defense,
        "n": n,
        "s": s,
        "b": b,
        "type": sp.damage_type,
        "melee": False,
        "ranged": True,
        "magic": True,
        "creature": False,
        "avg": 0,
        "riders": [],
        "kind": "damage",
        "wid": "",
    }


def creature_spec(state: State, u: Unit, aid: str) -> dict[str, Any]:
    a = next(x for x in state.content.creatures[u.kind].actions if x.id == aid)
    n, s, b = parse_dice(a.damage) if a.damage else (0, 0, 0)
    return {
        "name": a.name,
        "lab": "",
        "mod": a.bonus,
        "def": a.defense,
        "n": n,
        "s": s,
        "b": b,
        "type": a.damage_type or "",
        "melee": a.range in ("melee", "reach"),
        "ranged": a.range == "ranged",
        "magic": False,
        "creature": True,
        "avg": a.average,
        "riders": [[r.condition, r.value, r.rounds] for r in a.riders],
        "kind": "damage" if a.damage else "effect",
        "wid": aid,
    }


def maneuver_spec(state: State, u: Unit, kind: str) -> dict[str, Any]:
    s, d = u.attrs[0], u.attrs[1]
    if kind in ("grapple", "escape") and d > s:
        lab, mod = "DEX", d
    else:
        lab, mod = "STR", s
    defense_name = {"grapple": "?", "escape": "?", "shove": "FORT", "trip": "REF"}[kind]
    return {
        "name": kind,
        "lab": lab,
        "mod": mod,
        "def": defense_name,
        "n": 0,
        "s": 0,
        "b": 0,
        "type": "",
        "melee": True,
        "ranged": False,
        "magic": False,
        "creature": u.side == CREATURES,
        "avg": 0,
        "riders": [],
        "kind": kind,
        "wid": "",
    }


def engaged_spec(state: State, e: Unit, target: Unit) -> dict[str, Any]:
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


def push_attack(state: State, a: Unit, targets: list[Unit], spec: dict[str, Any], stop: bool = False) -> None:
    state.stack.append(
        {
            "t": "atk",
            "a": a.uid,
            "targets": [t.uid for t in targets],
            "k": 0,
            "spec": spec,
            "nat": 0,
            "ph": "roll",
            "bonus": 0,
            "stop": stop,
            "dice": None,
            "def": "",
            "missed": False,
        }
    )
