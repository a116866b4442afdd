"""Applying one legal action: a table of one small function per action kind, for heroes and creatures."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.mythcraft.content import parse_dice
from mythtable.rulesets.mythcraft.rules.board import dist
from mythtable.rulesets.mythcraft.rules.conditions import answer_choice, grant_rage
from mythtable.rulesets.mythcraft.rules.damage import heal
from mythtable.rulesets.mythcraft.rules.decisions import area_targets, spell_cost_kind
from mythtable.rulesets.mythcraft.rules.movement import creature_move_range, hero_move_range, path_to
from mythtable.rulesets.mythcraft.rules.reactions import answer_offer
from mythtable.rulesets.mythcraft.rules.specs import creature_spec, maneuver_spec, push_attack, spell_spec, weapon_spec
from mythtable.rulesets.mythcraft.rules.turns import end_turn, next_turn
from mythtable.rulesets.mythcraft.rules.units import active, encumbered, pay, roll, speed_squares, unit, weapon_apc
from mythtable.rulesets.mythcraft.state import INDEFINITE, UNTIL_START, AttackFrame, MoveFrame, State, Unit


def hero_action(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    kind = action[0]
    items = state.content.items
    if kind == "end":
        end_turn(state, u, events)
        next_turn(state, events)
    elif kind == "move":
        dest = (int(action[1]), int(action[2]))
        enc = encumbered(state, u)
        reach = hero_move_range(state, u, enc)
        assert reach is not None
        cost = reach.ap_cost(dest[1] * state.board.width + dest[0])
        path, squares = path_to(state, u, dest, reach)
        if cost:
            pay(u, 1, "move")
            u.move_left = speed_squares(state, u, enc)
        u.move_left -= squares
        events.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}): {squares} square(s), {cost} AP."))
        state.stack.append(MoveFrame(u.uid, path, (u.x, u.y)))
    elif kind == "attack":
        wid, t = str(action[1]), unit(state, str(action[2]))
        paid = pay(u, weapon_apc(state, u, wid), "attack")
        spec = weapon_spec(state, u, wid, t)
        events.append(Event(f"{u.name} attacks {t.name} with {spec.name} ({paid})."))
        if spec.thrown:
            if u.main == wid:
                u.main = ""
            else:
                u.off = ""
            state.ground.append([t.x, t.y, wid])
        push_attack(state, u, [t], spec)
    elif kind == "cast":
        sid = str(action[1])
        sp = state.content.spells[sid]
        paid = pay(u, sp.apc, spell_cost_kind(state, sid))
        u.sp -= sp.spc
        t = unit(state, str(action[2]))
        sp_text = f" + {sp.spc} SP" if sp.spc else ""
        events.append(Event(f"{u.name} casts {sp.name} on {t.name} ({paid}{sp_text})."))
        if sp.target == "hero":
            n, s, b = parse_dice(sp.heal)
            r = roll(state, n, s)
            bonus = b + (u.attrs[5] if sp.heal_adds_attribute else 0)
            events.append(
                Event(
                    f"{u.name} rolls {sp.heal}: {' + '.join(map(str, r))} + CHA {bonus} = {sum(r) + bonus}",
                    kind="dice",
                    reveals=True,
                )
            )
            heal(state, t, max(0, sum(r) + bonus), events)
        else:
            if sp.target == "area":
                half = sp.area // 2
                targets = [o for o in state.units if not o.dead and abs(o.x - t.x) <= half and abs(o.y - t.y) <= half]
            else:
                targets = [t]
            push_attack(state, u, targets, spell_spec(state, u, sid))
    elif kind == "dodge":
        pay(u, 2, "dodge")
        u.conds["dodge"] = [2, UNTIL_START, ""]
        events.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until its next turn."))
    elif kind == "stand":
        pay(u, 1, "stand")
        u.conds.pop("prone", None)
        events.append(Event(f"{u.name} stands up."))
    elif kind == "prone":
        u.conds["prone"] = [0, INDEFINITE, ""]
        u.move_left = 0
        events.append(Event(f"{u.name} drops Prone."))
    elif kind == "douse":
        pay(u, 3, "douse")
        u.conds.pop("burning", None)
        events.append(Event(f"{u.name} rolls on the ground and puts out the flames."))
    elif kind in ("grapple", "shove", "trip"):
        t = unit(state, str(action[1]))
        paid = pay(u, 2, "maneuver")
        events.append(Event(f"{u.name} tries to {kind} {t.name} ({paid})."))
        push_attack(state, u, [t], maneuver_spec(state, u, kind))
    elif kind == "escape":
        g = unit(state, u.conds["grappled"][2])
        pay(u, 2, "maneuver")
        events.append(Event(f"{u.name} tries to escape {g.name}'s grapple (2 AP)."))
        push_attack(state, u, [g], maneuver_spec(state, u, "escape"))
    elif kind == "equip":
        iid = str(action[1])
        pay(u, 1, "object")
        u.pack.remove(iid)
        if items[iid].kind == "shield" or (u.main and not u.off):
            u.off = iid
        else:
            u.main = iid
        events.append(Event(f"{u.name} equips the {items[iid].name} (1 AP)."))
    elif kind == "stow":
        iid = str(action[1])
        pay(u, 1, "object")
        if u.main == iid:
            u.main = ""
        else:
            u.off = ""
        u.pack.append(iid)
        events.append(Event(f"{u.name} stows the {items[iid].name} (1 AP)."))
    elif kind == "set_down":
        iid = str(action[1])
        if iid in u.pack:
            u.pack.remove(iid)
        elif u.off == iid:
            u.off = ""
        else:
            u.main = ""
        state.ground.append([u.x, u.y, iid])
        events.append(Event(f"{u.name} sets down the {items[iid].name} (0 AP)."))
    elif kind == "pick_up":
        iid = str(action[1])
        pay(u, 1, "object")
        spots = [g for g in state.ground if g[2] == iid and dist(g[0], g[1], u.x, u.y) <= 1]
        spots.sort(key=lambda g: dist(g[0], g[1], u.x, u.y))
        state.ground.remove(spots[0])
        u.pack.append(iid)
        events.append(Event(f"{u.name} picks up the {items[iid].name} (1 AP)."))
    elif kind == "use":
        iid, t = str(action[1]), unit(state, str(action[2]))
        it = items[iid]
        paid = pay(u, it.use_apc, "support" if (t is not u or it.heal) else "object")
        u.pack.remove(iid)
        events.append(Event(f"{u.name} uses the {it.name} on {t.name if t is not u else 'itself'} ({paid})."))
        if it.heal:
            n, s, b = parse_dice(it.heal)
            r = roll(state, n, s)
            events.append(
                Event(
                    f"{it.name}: {it.heal} = {' + '.join(map(str, r))} + {b} = {sum(r) + b}",
                    kind="dice",
                    reveals=True,
                )
            )
            heal(state, t, sum(r) + b, events)
        for c in it.ends:
            t.conds.pop(c, None)
        if it.grants == "blood_rage":
            grant_rage(state, t, it.grant_rounds, events)
    elif kind == "help":
        t = unit(state, str(action[1]))
        paid = pay(u, 1, "support")
        u.help_target = t.uid
        events.append(Event(f"{u.name} helps against {t.name} ({paid}): an ally's next attack on it gains +1 TA."))


def creature_action(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    kind = action[0]
    if kind == "end":
        end_turn(state, u, events)
        next_turn(state, events)
        return
    if kind == "prone":  # F-34, H-10: Drop Prone costs no action
        u.conds["prone"] = [0, INDEFINITE, ""]
        events.append(Event(f"{u.name} drops Prone."))
        return
    u.acts -= 1
    if kind == "move":
        dest = (int(action[1]), int(action[2]))
        # the range its decision offered (with no action left it is not recomputed)
        reach = creature_move_range(state, u) or state.reach_cache
        assert reach is not None
        path, squares = path_to(state, u, dest, reach)
        events.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}) ({squares} square(s))."))
        state.stack.append(MoveFrame(u.uid, path, (u.x, u.y)))
    elif kind == "attack":
        t = unit(state, str(action[2]))
        spec = creature_spec(state, u, str(action[1]))
        events.append(Event(f"{u.name} uses {spec.name} on {t.name}."))
        push_attack(state, u, [t], spec)
    elif kind == "special":
        aid = str(action[1])
        a = next(x for x in state.content.creatures[u.kind].actions if x.id == aid)
        u.once_used.append(aid)
        targets = area_targets(state, u, a)
        events.append(Event(f"{u.name} uses {a.name} on {', '.join(t.name for t in targets)}."))
        push_attack(state, u, targets, creature_spec(state, u, aid))
    elif kind == "dodge":
        u.conds["dodge"] = [2, UNTIL_START, ""]
        events.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until its next turn."))
    elif kind == "stand":
        u.conds.pop("prone", None)
        events.append(Event(f"{u.name} stands up."))
    elif kind == "douse":
        u.conds.pop("burning", None)
        events.append(Event(f"{u.name} puts out the flames."))
    elif kind in ("grapple", "shove", "trip"):
        t = unit(state, str(action[1]))
        events.append(Event(f"{u.name} tries to {kind} {t.name}."))
        push_attack(state, u, [t], maneuver_spec(state, u, kind))
    elif kind == "escape":
        g = unit(state, u.conds["grappled"][2])
        events.append(Event(f"{u.name} tries to escape {g.name}'s grapple."))
        push_attack(state, u, [g], maneuver_spec(state, u, "escape"))


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    """Apply one legal action to the open decision (the glue checked it is legal, and calls advance after)."""
    d = state.decision
    assert d is not None
    kind = d.kind
    if kind == "hero_turn":
        hero_action(state, active(state), action, events)
    elif kind == "creature_turn":
        creature_action(state, active(state), action, events)
    elif kind == "reaction":
        answer_offer(state, action, events)
    elif kind == "special_ap_choice":
        answer_choice(state, action, events)
    elif kind == "grapple_defense":
        frame = state.stack[-1]
        assert isinstance(frame, AttackFrame)
        frame.defense = str(action[1])
        events.append(Event(f"The defender chooses {action[1]}."))
