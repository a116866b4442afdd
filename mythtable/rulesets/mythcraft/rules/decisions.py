"""The turn decisions: every legal action of a hero (AP) or a creature (stat-block actions)."""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.rulesets.mythcraft.rules.board import dist, line_of_sight, melee_adjacent_ok
from mythtable.rulesets.mythcraft.rules.movement import creature_move_range, hero_move_range
from mythtable.rulesets.mythcraft.rules.units import (
    can_pay,
    encumbered,
    grip_allowed,
    held_weapons,
    hostiles,
    speed_squares,
    weapon_apc,
)
from mythtable.rulesets.mythcraft.state import State, Unit


def weapon_targets(state: State, u: Unit, wid: str, foes: list[tuple[Unit, int]] | None = None) -> list[Unit]:
    """Hostiles this weapon can attack now: melee within reach (no corner cutting, sight
    for reach 10 ft), else ranged or thrown within range and sight."""
    items = state.content.items
    out = []
    if wid == "unarmed":
        reach, rng, melee = 1, 0, True
    else:
        it = items[wid]
        if not grip_allowed(state, u, wid):
            return []  # F-26, F-33
        reach, melee = it.reach_ft // 5, bool(it.reach_ft)
        rng = (it.range_ft or it.thrown_ft) // 5
    ux, uy = u.x, u.y
    if foes is None:
        foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in state.units if o.side != u.side and not o.dead]
    board = state.board
    for o, d in foes:
        if d == 1:
            if melee_adjacent_ok(board, (ux, uy), (o.x, o.y)) or (
                not melee and rng and line_of_sight(board, (ux, uy), (o.x, o.y))
            ):
                out.append(o)
        elif ((melee and d <= reach) or (rng and d <= rng)) and line_of_sight(board, (ux, uy), (o.x, o.y)):
            out.append(o)
    return out


def can_equip(state: State, u: Unit, iid: str, enc: bool | None = None) -> bool:
    """Whether a carried weapon or shield can go in hand now: not while encumbered (C-30, H-6), and only with a
    free hand for its grip."""
    it = state.content.items[iid]
    if it.kind not in ("weapon", "shield"):
        return False
    if encumbered(state, u) if enc is None else enc:  # C-30, H-6
        return False
    if it.kind == "shield":
        return not u.off and (not u.main or state.content.items[u.main].grip != "two_hands")
    if it.grip == "two_hands":
        return not u.main and not u.off
    if not u.main:
        return not (u.off and state.content.items[u.off].grip == "two_hands")
    return not u.off and it.grip == "one_hand" and state.content.items[u.main].grip == "one_hand"


def ground_near(state: State, u: Unit) -> list[str]:
    """Item ids on the own square first, then on adjacent squares (no repeats)."""
    ux, uy = u.x, u.y
    own: dict[str, None] = {}
    near: dict[str, None] = {}
    for gx, gy, iid in state.ground:
        if gx == ux and gy == uy:
            own[iid] = None
        elif -1 <= gx - ux <= 1 and -1 <= gy - uy <= 1:
            near[iid] = None
    own.update(near)
    return list(own)


def spell_targets(state: State, u: Unit, sid: str) -> list[Action]:
    """The cast actions of one spell: allies in range for a healing spell, else hostiles (an area: anyone but the
    caster) in range and sight."""
    sp = state.content.spells[sid]
    rng = sp.range_ft // 5
    out: list[Action] = []
    if sp.target == "hero":
        for o in state.units:
            if o.side == u.side and not o.dead and dist(u.x, u.y, o.x, o.y) <= rng:
                out.append(("cast", sid, o.uid))
        return out
    for o in state.units:
        if o.dead or (sp.target == "hostile" and o.side == u.side) or (sp.target == "area" and o is u):
            continue
        if dist(u.x, u.y, o.x, o.y) <= rng and line_of_sight(state.board, (u.x, u.y), (o.x, o.y)):
            out.append(("cast", sid, o.uid))
    return out


def spell_cost_kind(state: State, sid: str) -> str:
    """What a spell's AP counts as: healing is support (Holy Support AP pays it, H-4), the rest a spell."""
    return "support" if state.content.spells[sid].target == "hero" else "spell"


def hero_decision(state: State, u: Unit) -> Decision:
    """Every legal action of a hero on its turn, paid in AP (C-15..C-30, F-14..F-34)."""
    acts: list[Action] = []
    items = state.content.items
    enc = encumbered(state, u)
    reach = hero_move_range(state, u, enc)
    if reach is not None:
        acts.extend(reach.actions)
    ux, uy = u.x, u.y
    foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in state.units if o.side != u.side and not o.dead]
    # hostiles within reach of an unarmed strike or a grapple: adjacent, no corner cutting (H-16)
    adjacent = [o for o, d in foes if d == 1 and melee_adjacent_ok(state.board, (ux, uy), (o.x, o.y))]
    for wid in held_weapons(state, u):
        if can_pay(u, weapon_apc(state, u, wid), "attack"):
            targets = adjacent if wid == "unarmed" else weapon_targets(state, u, wid, foes)
            for o in targets:
                acts.append(("attack", wid, o.uid))
    for sid in u.spells:
        sp = state.content.spells[sid]
        if u.sp >= sp.spc and can_pay(u, sp.apc, spell_cost_kind(state, sid)):
            acts.extend(spell_targets(state, u, sid))
    prone = "prone" in u.conds
    if u.ap >= 2:
        acts.append(("dodge",))
    if prone and u.ap >= 1 and speed_squares(state, u, enc) > 0:
        acts.append(("stand",))
    if not prone:
        acts.append(("prone",))
    if prone and "burning" in u.conds and u.ap >= 3:
        acts.append(("douse",))
    if u.ap >= 2:
        for o in adjacent:
            acts.append(("grapple", o.uid))
            if o.size <= u.size + 1:  # F-34: at most one size larger
                acts.append(("shove", o.uid))
            acts.append(("trip", o.uid))
        if "grappled" in u.conds:
            acts.append(("escape",))
    held = [i for i in (u.main, u.off) if i]
    pack = dict.fromkeys(u.pack)  # each carried item once, in order
    if u.ap >= 1:
        for iid in pack:
            if can_equip(state, u, iid, enc):
                acts.append(("equip", iid))
        for iid in dict.fromkeys(held):
            acts.append(("stow", iid))
        for iid in ground_near(state, u):
            acts.append(("pick_up", iid))
    for iid in dict.fromkeys([*held, *(i for i in pack if i)]):
        acts.append(("set_down", iid))
    consumables = [iid for iid in pack if items[iid].kind == "consumable"]
    if consumables:
        friends = [
            o for o in state.units if o.side == u.side and not o.dead and -1 <= o.x - ux <= 1 and -1 <= o.y - uy <= 1
        ]
        for iid in consumables:
            it = items[iid]
            for o in friends:
                kind = "support" if (o is not u or it.heal) else "object"
                if can_pay(u, it.use_apc, kind):
                    acts.append(("use", iid, o.uid))
    if adjacent and can_pay(u, 1, "support"):
        for o, d in foes:
            if d == 1:
                acts.append(("help", o.uid))
    acts.append(("end",))
    special = ""
    if u.special_ap:
        special = f", {u.special_ap} {'Rage AP' if u.special == 'rage' else 'Holy Support AP (Support AP)'}"
    moves = f", {u.move_left} squares of movement left" if u.move_left else ""
    return Decision(0, "hero_turn", f"{u.name}: {u.ap} AP{special}{moves}. Choose an action.", acts)


def creature_decision(state: State, u: Unit) -> Decision:
    """Every legal action of a creature on its turn, from its stat block (C-5, F-35) while it has actions left."""
    acts: list[Action] = []
    c = state.content.creatures[u.kind]
    if u.acts > 0:
        ux, uy = u.x, u.y
        board = state.board
        foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in state.units if o.side != u.side and not o.dead]
        for a in c.actions:
            if a.kind == "move":
                reach = creature_move_range(state, u)
                if reach is not None:
                    acts.extend(reach.actions)
            elif a.kind == "attack":
                rng = a.range_ft // 5
                melee = a.range == "melee" or a.range == "reach"
                for o, d in foes:
                    if d > rng:
                        continue
                    if d == 1 and melee:
                        ok = melee_adjacent_ok(board, (ux, uy), (o.x, o.y))
                    else:
                        ok = line_of_sight(board, (ux, uy), (o.x, o.y))
                    if ok:
                        acts.append(("attack", a.id, o.uid))
            elif a.kind == "area_attack" and a.id not in u.once_used and area_targets(state, u, a):
                acts.append(("special", a.id))
        acts.append(("dodge",))
        prone = "prone" in u.conds
        if prone and speed_squares(state, u) > 0:
            acts.append(("stand",))
        if not prone:
            acts.append(("prone",))  # F-34, H-10: 0 actions, offered while it has actions to take
        if prone and "burning" in u.conds:
            acts.append(("douse",))
        for o, d in foes:
            if d == 1 and melee_adjacent_ok(board, (ux, uy), (o.x, o.y)):
                acts.append(("grapple", o.uid))
                if o.size <= u.size + 1:
                    acts.append(("shove", o.uid))
                acts.append(("trip", o.uid))
        if "grappled" in u.conds:
            acts.append(("escape",))
    acts.append(("end",))
    return Decision(1, "creature_turn", f"{u.name}: {u.acts} action(s) left. Choose an action.", acts)


def area_targets(state: State, u: Unit, a: Any) -> list[Unit]:
    """Hostiles in range and sight of a creature's area attack."""
    rng = a.range_ft // 5
    return [
        o
        for o in hostiles(state, u)
        if dist(u.x, u.y, o.x, o.y) <= rng and line_of_sight(state.board, (u.x, u.y), (o.x, o.y))
    ]
