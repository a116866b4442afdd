"""The turn decisions: every legal action of a hero (AP) or a creature (stat-block actions)."""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.engine.text import counted as plural
from mythtable.rulesets.mythcraft.rules.board import dist, line_of_sight, melee_adjacent_ok
from mythtable.rulesets.mythcraft.rules.movement import creature_move_range, hero_move_range
from mythtable.rulesets.mythcraft.rules.units import (
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
    free hand for its grip (H-18)."""
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
        dx = gx - ux
        if -1 <= dx <= 1:
            dy = gy - uy
            if -1 <= dy <= 1:
                if dx or dy:
                    near[iid] = None
                else:
                    own[iid] = None
    if near:
        own.update(near)
    return list(own)


def spell_targets(state: State, u: Unit, sid: str) -> list[Action]:
    """The cast actions of one spell: allies in range for a healing spell, else hostiles (an area: anyone but the
    caster) in range and sight."""
    sp = state.content.spells[sid]
    rng = sp.range_ft // 5
    out: list[Action] = []
    ux, uy, side = u.x, u.y, u.side
    target = sp.target
    if target == "hero":
        for o in state.units:
            if o.side == side and not o.dead and -rng <= o.x - ux <= rng and -rng <= o.y - uy <= rng:
                out.append(("cast", sid, o.uid))
        return out
    board = state.board
    for o in state.units:
        if o.dead or (target == "hostile" and o.side == side) or (target == "area" and o is u):
            continue
        # within range (dist, inlined), then in sight
        if -rng <= o.x - ux <= rng and -rng <= o.y - uy <= rng and line_of_sight(board, (ux, uy), (o.x, o.y)):
            out.append(("cast", sid, o.uid))
    return out


def spell_cost_kind(state: State, sid: str) -> str:
    """What a spell's AP counts as: healing is support (Holy Support AP pays it, H-4), the rest a spell."""
    return "support" if state.content.spells[sid].target == "hero" else "spell"


def hero_decision(state: State, u: Unit) -> Decision:
    """Every legal action of a hero on its turn, paid in AP (C-15..C-30, F-14..F-34).

    The hottest function of a game (asked after every action of a hero): one pass over the
    participants finds hostiles, the adjacent ones and nearby allies; AP budgets are worked
    out once (the rule of H-4). The actions come in a fixed order (moves,
    attacks, spells, dodge, stand / prone / douse, maneuvers, items, help, end)."""
    items = state.content.items
    enc = encumbered(state, u)
    reach = hero_move_range(state, u, enc)
    acts: list[Action] = reach.actions[:] if reach is not None else []
    ux, uy, side = u.x, u.y, u.side
    walls = state.board.walls
    foes: list[tuple[Unit, int]] = []
    adjacent: list[Unit] = []  # reach of an unarmed strike or a grapple: no corner cutting (H-16)
    friends: list[Unit] = []
    for o in state.units:
        if o.dead:
            continue
        dx = o.x - ux
        dy = o.y - uy
        near = -1 <= dx <= 1 and -1 <= dy <= 1
        if o.side != side:
            if near and (dx or dy):
                foes.append((o, 1))
                if not (dx and dy) or ((ux + dx, uy) not in walls and (ux, uy + dy) not in walls):
                    adjacent.append(o)
            else:  # max(abs(dx), abs(dy)) without the calls
                dx = dx if dx >= 0 else -dx
                dy = dy if dy >= 0 else -dy
                foes.append((o, dx if dx >= dy else dy))
        elif near:
            friends.append(o)
    ap = u.ap
    special = u.special
    attack_ap = ap + u.special_ap if special == "rage" else ap  # H-4: what can pay each kind of cost
    support_ap = ap + u.special_ap if special == "support" else ap
    for wid in held_weapons(state, u):
        if attack_ap >= weapon_apc(state, u, wid):
            targets = adjacent if wid == "unarmed" else weapon_targets(state, u, wid, foes)
            for o in targets:
                acts.append(("attack", wid, o.uid))
    if u.spells:
        spells = state.content.spells
        for sid in u.spells:
            sp = spells[sid]
            if u.sp >= sp.spc and (support_ap if sp.target == "hero" else ap) >= sp.apc:
                acts.extend(spell_targets(state, u, sid))
    conds = u.conds
    prone = "prone" in conds
    if ap >= 2:
        acts.append(DODGE)
    if prone:
        if ap >= 1 and speed_squares(state, u, enc) > 0:
            acts.append(STAND)
        if "burning" in conds and ap >= 3:
            acts.append(DOUSE)
    else:
        acts.append(PRONE)
    if ap >= 2:
        size = u.size + 1  # F-34: shove at most one size larger
        for o in adjacent:
            uid = o.uid
            acts.append(("grapple", uid))
            if o.size <= size:
                acts.append(("shove", uid))
            acts.append(("trip", uid))
        if "grappled" in conds:
            acts.append(ESCAPE)
    main, off = u.main, u.off
    if main:  # the items in hand, each once
        held: tuple[str, ...] = (main,) if not off or off == main else (main, off)
    else:
        held = (off,) if off else ()
    pack = dict.fromkeys(u.pack) if u.pack else {}  # each carried item once, in order
    if ap >= 1:
        for iid in pack:
            if can_equip(state, u, iid, enc):
                acts.append(("equip", iid))
        for iid in held:
            acts.append(("stow", iid))
        if state.ground:
            for iid in ground_near(state, u):
                acts.append(("pick_up", iid))
    for iid in dict.fromkeys([*held, *(i for i in pack if i)]) if pack else held:
        acts.append(("set_down", iid))
    for iid in pack:
        it = items[iid]
        if it.kind == "consumable":
            cost = it.use_apc
            for o in friends:
                if (support_ap if (o is not u or it.heal) else ap) >= cost:
                    acts.append(("use", iid, o.uid))
    if adjacent and support_ap >= 1:
        for o, d in foes:
            if d == 1:
                acts.append(("help", o.uid))
    acts.append(END)
    extra = ""
    if u.special_ap:
        extra = f", {u.special_ap} {'Rage AP' if special == 'rage' else 'Holy Support AP (Support AP)'}"
    moves = f", {plural(u.move_left, 'square')} of movement left" if u.move_left else ""
    return Decision(0, "hero_turn", f"{u.name}: {ap} AP{extra}{moves}. Choose an action.", acts)


DODGE: Action = ("dodge",)
STAND: Action = ("stand",)
PRONE: Action = ("prone",)
DOUSE: Action = ("douse",)
ESCAPE: Action = ("escape",)
END: Action = ("end",)


def creature_decision(state: State, u: Unit) -> Decision:
    """Every legal action of a creature on its turn, from its stat block (C-5, F-35) while it has actions left.

    Asked after every action of a creature: the hostiles and their distances are found once."""
    acts: list[Action] = []
    if u.acts > 0:
        ux, uy, side = u.x, u.y, u.side
        board = state.board
        foes: list[tuple[Unit, int]] = []
        for o in state.units:
            if o.side != side and not o.dead:
                dx = o.x - ux
                dy = o.y - uy
                dx = dx if dx >= 0 else -dx  # max(abs(dx), abs(dy)) without the calls
                dy = dy if dy >= 0 else -dy
                foes.append((o, dx if dx >= dy else dy))
        for a in state.content.creatures[u.kind].actions:
            kind = a.kind
            if kind == "move":
                reach = creature_move_range(state, u)
                if reach is not None:
                    acts.extend(reach.actions)
            elif kind == "attack":
                rng = a.range_ft // 5
                melee = a.range == "melee" or a.range == "reach"
                aid = a.id
                for o, d in foes:
                    if d > rng:
                        continue
                    if d == 1 and melee:
                        ok = melee_adjacent_ok(board, (ux, uy), (o.x, o.y))
                    else:
                        ok = line_of_sight(board, (ux, uy), (o.x, o.y))
                    if ok:
                        acts.append(("attack", aid, o.uid))
            elif kind == "area_attack" and a.id not in u.once_used and area_targets(state, u, a):
                acts.append(("special", a.id))
        acts.append(DODGE)
        conds = u.conds
        if "prone" in conds:
            if speed_squares(state, u) > 0:
                acts.append(STAND)
            if "burning" in conds:
                acts.append(DOUSE)
        else:
            acts.append(PRONE)  # F-34, H-10: 0 actions, offered while it has actions to take
        size = u.size + 1  # F-34: shove at most one size larger
        for o, d in foes:
            if d == 1 and melee_adjacent_ok(board, (ux, uy), (o.x, o.y)):
                uid = o.uid
                acts.append(("grapple", uid))
                if o.size <= size:
                    acts.append(("shove", uid))
                acts.append(("trip", uid))
        if "grappled" in conds:
            acts.append(ESCAPE)
    acts.append(END)
    return Decision(1, "creature_turn", f"{u.name}: {plural(u.acts, 'action')} left. Choose an action.", acts)


def area_targets(state: State, u: Unit, a: Any) -> list[Unit]:
    """Hostiles in range and sight of a creature's area attack."""
    rng = a.range_ft // 5
    return [
        o
        for o in hostiles(state, u)
        if dist(u.x, u.y, o.x, o.y) <= rng and line_of_sight(state.board, (u.x, u.y), (o.x, o.y))
    ]
