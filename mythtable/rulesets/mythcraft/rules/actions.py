"""Applying one legal action: a table of one small function per action kind, for heroes and creatures."""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Action, Event
from mythtable.engine.text import counted as plural
from mythtable.rulesets.mythcraft.content import parse_dice
from mythtable.rulesets.mythcraft.rules.board import dist
from mythtable.rulesets.mythcraft.rules.conditions import answer_choice, grant_rage
from mythtable.rulesets.mythcraft.rules.damage import heal
from mythtable.rulesets.mythcraft.rules.decisions import area_targets, spell_cost_kind
from mythtable.rulesets.mythcraft.rules.formulas import HEROES
from mythtable.rulesets.mythcraft.rules.movement import creature_move_range, hero_move_range, path_to
from mythtable.rulesets.mythcraft.rules.reactions import answer_offer
from mythtable.rulesets.mythcraft.rules.specs import creature_spec, maneuver_spec, push_attack, spell_spec, weapon_spec
from mythtable.rulesets.mythcraft.rules.turns import end_turn, next_turn
from mythtable.rulesets.mythcraft.rules.units import (
    active,
    encumbered,
    object_word,
    pay,
    possessive,
    reflexive,
    roll,
    speed_squares,
    unit,
    weapon_apc,
)
from mythtable.rulesets.mythcraft.state import INDEFINITE, UNTIL_START, AttackFrame, MoveFrame, State, Unit

ActionFn = Callable[[State, Unit, Action, list[Event]], None]


def hero_end(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """End the turn: unspent AP become Reactive AP (C-21)."""
    end_turn(state, u, events)
    next_turn(state, events)


def hero_move(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A move within the current Move (0 AP) or a new Move (1 AP, F-14); the walk is a frame."""
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
    events.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}): {plural(squares, 'square')}, {cost} AP."))
    state.stack.append(MoveFrame(u.uid, path, (u.x, u.y)))


def hero_attack(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A weapon attack (its APC, F-5); a thrown weapon lands on the target's square."""
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


def hero_cast(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A spell: healing at once, else an attack frame (an area spell hits everyone in its square area)."""
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


def hero_dodge(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Dodge (F-25): +2 AR, REF and FORT until the start of its next turn."""
    pay(u, 2, "dodge")
    u.conds["dodge"] = [2, UNTIL_START, ""]
    events.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until {possessive(state, u)} next turn."))


def hero_stand(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Stand up from Prone (1 AP, F-26)."""
    pay(u, 1, "stand")
    u.conds.pop("prone", None)
    events.append(Event(f"{u.name} stands up."))


def hero_prone(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Drop Prone (0 AP): ends the current Move."""
    u.conds["prone"] = [0, INDEFINITE, ""]
    u.move_left = 0
    events.append(Event(f"{u.name} drops Prone."))


def hero_douse(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Roll on the ground to put out Burning (3 AP, H-12)."""
    pay(u, 3, "douse")
    u.conds.pop("burning", None)
    events.append(Event(f"{u.name} rolls on the ground and puts out the flames."))


def hero_maneuver(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Grapple, shove or trip (2 AP, F-33, F-34): an attack frame."""
    kind = str(action[0])
    t = unit(state, str(action[1]))
    paid = pay(u, 2, "maneuver")
    events.append(Event(f"{u.name} tries to {kind} {t.name} ({paid})."))
    push_attack(state, u, [t], maneuver_spec(state, u, kind))


def hero_escape(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Try to break a grapple (2 AP, F-33)."""
    g = unit(state, u.conds["grappled"][2])
    pay(u, 2, "maneuver")
    events.append(Event(f"{u.name} tries to escape {g.name}'s grapple (2 AP)."))
    push_attack(state, u, [g], maneuver_spec(state, u, "escape"))


def hero_equip(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Take a carried weapon or shield in hand (1 AP, C-30)."""
    items = state.content.items
    iid = str(action[1])
    pay(u, 1, "object")
    u.pack.remove(iid)
    if items[iid].kind == "shield" or (u.main and not u.off):
        u.off = iid
    else:
        u.main = iid
    events.append(Event(f"{u.name} equips the {items[iid].name} (1 AP)."))


def hero_stow(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Put a held item away (1 AP)."""
    items = state.content.items
    iid = str(action[1])
    pay(u, 1, "object")
    if u.main == iid:
        u.main = ""
    else:
        u.off = ""
    u.pack.append(iid)
    events.append(Event(f"{u.name} stows the {items[iid].name} (1 AP)."))


def hero_set_down(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Set an item down on its own square (0 AP)."""
    items = state.content.items
    iid = str(action[1])
    if iid in u.pack:
        u.pack.remove(iid)
    elif u.off == iid:
        u.off = ""
    else:
        u.main = ""
    state.ground.append([u.x, u.y, iid])
    events.append(Event(f"{u.name} sets down the {items[iid].name} (0 AP)."))


def hero_pick_up(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Pick up an item from its own or an adjacent square (1 AP)."""
    items = state.content.items
    iid = str(action[1])
    pay(u, 1, "object")
    spots = [g for g in state.ground if g[2] == iid and dist(g[0], g[1], u.x, u.y) <= 1]
    spots.sort(key=lambda g: dist(g[0], g[1], u.x, u.y))
    state.ground.remove(spots[0])
    u.pack.append(iid)
    events.append(Event(f"{u.name} picks up the {items[iid].name} (1 AP)."))


def hero_use(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Use a consumable on itself or an adjacent ally (healing, ending conditions, the fury draught)."""
    items = state.content.items
    iid, t = str(action[1]), unit(state, str(action[2]))
    it = items[iid]
    paid = pay(u, it.use_apc, "support" if (t is not u or it.heal) else "object")
    u.pack.remove(iid)
    events.append(Event(f"{u.name} uses the {it.name} on {t.name if t is not u else reflexive(state, u)} ({paid})."))
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


def hero_help(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Help (H-4): an ally's next attack on this hostile gains +1 TA."""
    t = unit(state, str(action[1]))
    paid = pay(u, 1, "support")
    u.help_target = t.uid
    on = object_word(state, t)
    events.append(Event(f"{u.name} helps against {t.name} ({paid}): an ally's next attack on {on} gains +1 TA."))


HERO_ACTIONS: dict[str, ActionFn] = {
    "end": hero_end,
    "move": hero_move,
    "attack": hero_attack,
    "cast": hero_cast,
    "dodge": hero_dodge,
    "stand": hero_stand,
    "prone": hero_prone,
    "douse": hero_douse,
    "grapple": hero_maneuver,
    "shove": hero_maneuver,
    "trip": hero_maneuver,
    "escape": hero_escape,
    "equip": hero_equip,
    "stow": hero_stow,
    "set_down": hero_set_down,
    "pick_up": hero_pick_up,
    "use": hero_use,
    "help": hero_help,
}
"""A hero's turn action kind -> the function that applies it."""


def creature_end(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """End the turn."""
    end_turn(state, u, events)
    next_turn(state, events)


def creature_prone(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Drop Prone (F-34, H-10: costs no action)."""
    u.conds["prone"] = [0, INDEFINITE, ""]
    events.append(Event(f"{u.name} drops Prone."))


def creature_move(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A Move (one action); the walk is a frame."""
    dest = (int(action[1]), int(action[2]))
    # the range its decision offered (with no action left it is not recomputed)
    reach = creature_move_range(state, u) or state.reach_cache
    assert reach is not None
    path, squares = path_to(state, u, dest, reach)
    events.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}) ({plural(squares, 'square')})."))
    state.stack.append(MoveFrame(u.uid, path, (u.x, u.y)))


def creature_attack(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A stat-block attack on one target."""
    t = unit(state, str(action[2]))
    spec = creature_spec(state, u, str(action[1]))
    events.append(Event(f"{u.name} uses {spec.name} on {t.name}."))
    push_attack(state, u, [t], spec)


def creature_special(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """A once-per-encounter area attack on every hostile in range and sight."""
    aid = str(action[1])
    a = next(x for x in state.content.creatures[u.kind].actions if x.id == aid)
    u.once_used.append(aid)
    targets = area_targets(state, u, a)
    events.append(Event(f"{u.name} uses {a.name} on {', '.join(t.name for t in targets)}."))
    push_attack(state, u, targets, creature_spec(state, u, aid))


def creature_dodge(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Dodge (F-25): +2 AR, REF and FORT until the start of its next turn."""
    u.conds["dodge"] = [2, UNTIL_START, ""]
    events.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until {possessive(state, u)} next turn."))


def creature_stand(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Stand up from Prone."""
    u.conds.pop("prone", None)
    events.append(Event(f"{u.name} stands up."))


def creature_douse(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Put out Burning."""
    u.conds.pop("burning", None)
    events.append(Event(f"{u.name} puts out the flames."))


def creature_maneuver(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Grapple, shove or trip (F-33, F-34): an attack frame."""
    kind = str(action[0])
    t = unit(state, str(action[1]))
    events.append(Event(f"{u.name} tries to {kind} {t.name}."))
    push_attack(state, u, [t], maneuver_spec(state, u, kind))


def creature_escape(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Try to break a grapple (F-33)."""
    g = unit(state, u.conds["grappled"][2])
    events.append(Event(f"{u.name} tries to escape {g.name}'s grapple."))
    push_attack(state, u, [g], maneuver_spec(state, u, "escape"))


CREATURE_ACTIONS: dict[str, ActionFn] = {
    "end": creature_end,
    "prone": creature_prone,
    "move": creature_move,
    "attack": creature_attack,
    "special": creature_special,
    "dodge": creature_dodge,
    "stand": creature_stand,
    "douse": creature_douse,
    "grapple": creature_maneuver,
    "shove": creature_maneuver,
    "trip": creature_maneuver,
    "escape": creature_escape,
}
"""A creature's turn action kind -> the function that applies it (each but end and prone costs one action)."""


FREE_CREATURE_ACTIONS = frozenset({"end", "prone"})
"""F-34, H-10: ending the turn and dropping Prone cost a creature none of its actions."""


def hero_action(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Apply a hero's turn action (HERO_ACTIONS)."""
    HERO_ACTIONS[str(action[0])](state, u, action, events)


def creature_action(state: State, u: Unit, action: Action, events: list[Event]) -> None:
    """Apply a creature's turn action (CREATURE_ACTIONS); all but end and prone use up one of its actions."""
    kind = str(action[0])
    if kind not in FREE_CREATURE_ACTIONS:
        u.acts -= 1  # before a move looks up its range (with no action left it is not recomputed)
    CREATURE_ACTIONS[kind](state, u, action, events)


def answer_turn(state: State, action: Action, events: list[Event]) -> None:
    """The active participant's turn action."""
    u = active(state)
    (hero_action if u.side == HEROES else creature_action)(state, u, action, events)


def answer_defense(state: State, action: Action, events: list[Event]) -> None:
    """The target of a grapple (or the grappler, on an escape) defends with REF or FORT (F-33)."""
    frame = state.stack[-1]
    assert isinstance(frame, AttackFrame)
    frame.defense = str(action[1])
    events.append(Event(f"The defender chooses {action[1]}."))


ANSWERS: dict[str, Callable[[State, Action, list[Event]], None]] = {
    "hero_turn": answer_turn,
    "creature_turn": answer_turn,
    "reaction": answer_offer,
    "special_ap_choice": answer_choice,
    "grapple_defense": answer_defense,
}
"""Each kind of decision -> the function that applies an answer to it."""


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    """Apply one legal action to the open decision (the glue checked it is legal, and calls advance after)."""
    d = state.decision
    assert d is not None
    ANSWERS[d.kind](state, action, events)
