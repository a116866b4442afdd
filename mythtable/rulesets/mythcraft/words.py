"""Words: an option in words (describe) and what it is about (subject)."""

from __future__ import annotations

from mythtable.engine.decision import NO_SUBJECT, Action, Subject
from mythtable.rulesets.mythcraft.rules import HEROES, active, dist, hero_moves, unit, weapon_apc
from mythtable.rulesets.mythcraft.rules.reactions import stat_block_reaction
from mythtable.rulesets.mythcraft.rules.units import leaves_word
from mythtable.rulesets.mythcraft.state import AttackFrame, ChoiceFrame, OfferFrame, State, Unit


def describe(state: State, action: Action) -> str:
    """Words for one option of the open decision, as the prompt lists it (at most 60 characters)."""
    kind = action[0]
    items = state.content.items
    try:
        a = active(state) if state.order and not state.active_gone else None
    except IndexError:
        a = None

    def name(uid: object) -> str:
        try:
            return unit(state, str(uid)).name
        except KeyError:
            return str(uid)

    def item(iid: object) -> str:
        return items[str(iid)].name if str(iid) in items else str(iid)

    if kind == "move":
        cost = ""
        if a is not None and state.decision is not None and state.decision.kind == "hero_turn":
            c = hero_moves(state, a).get((int(action[1]), int(action[2])))
            cost = f" ({c} AP)" if c is not None else ""
        return f"Move to ({action[1]}, {action[2]}){cost}"
    if kind == "attack":
        if a is not None and a.side == HEROES:
            wid = str(action[1])
            label = "unarmed strike" if wid == "unarmed" else item(wid)
            return f"Attack {name(action[2])} with {label} ({weapon_apc(state, a, wid)} AP)"[:60]
        if a is not None:
            act = next((x for x in state.content.creatures[a.kind].actions if x.id == action[1]), None)
            return f"{act.name if act else action[1]} -> {name(action[2])}"[:60]
    if kind == "special" and a is not None:
        act = next((x for x in state.content.creatures[a.kind].actions if x.id == action[1]), None)
        return f"{act.name if act else action[1]} (once per encounter)"[:60]
    if kind == "prone" and a is not None and a.side != HEROES:
        return "Drop prone (0 actions)"
    if kind == "cast":
        sp = state.content.spells[str(action[1])]
        cost = f"{sp.apc} AP" + (f" + {sp.spc} SP" if sp.spc else "")
        return f"Cast {sp.name} on {name(action[2])} ({cost})"[:60]
    simple = {
        "dodge": "Dodge (+2 AR/REF/FORT)",
        "stand": "Stand up",
        "prone": "Drop prone (0 AP)",
        "douse": "Put out the flames (3 AP)",
        "escape": "Escape the grapple",
        "end": "End the turn",
        "decline": "Decline",
    }
    if kind in simple:
        return simple[kind]
    if kind in ("grapple", "shove", "trip"):
        cost = " (2 AP)" if a is not None and a.side == HEROES else ""
        return f"{str(kind).capitalize()} {name(action[1])}{cost}"[:60]
    if kind == "equip":
        return f"Equip the {item(action[1])} (1 AP)"
    if kind == "stow":
        return f"Stow the {item(action[1])} (1 AP)"
    if kind == "set_down":
        return f"Set down the {item(action[1])} (0 AP)"
    if kind == "pick_up":
        return f"Pick up the {item(action[1])} (1 AP)"
    if kind == "use":
        return f"Use the {item(action[1])} on {name(action[2])}"[:60]
    if kind == "help":
        return f"Help against {name(action[1])} (1 AP)"
    if kind == "react":
        if action[1] == "grim_reprisal" and state.stack and isinstance(state.stack[-1], OfferFrame):
            who = unit(state, state.stack[-1].who)
            reaction, aid = stat_block_reaction(state, who)
            act = next(x for x in state.content.creatures[who.kind].actions if x.id == aid)
            return f"{reaction} ({act.name})"[:60]
        if action[1] == "engaged" and state.stack and isinstance(state.stack[-1], OfferFrame):
            leaver = unit(state, state.stack[-1].target)
            return f"Strike as {leaves_word(state, leaver)} (Engaged, 0 AP)"
        return {
            "engaged": "Strike as it leaves (Engaged, 0 AP)",
            "riposte": "Riposte (2 Reactive AP)",
            "parry": "Parry: +2 AR (1 Reactive AP)",
            "ward": "Ward: +2 to the defense (1 Reactive AP)",
            "grim_reprisal": "Grim Reprisal (Grave Blade)",
        }.get(str(action[1]), f"Use {action[1]}")
    if kind == "keep":
        return "Keep Holy Support AP" if action[1] == "holy_support" else "Switch to Blood Rage (Rage AP)"
    if kind == "defend":
        return f"Defend with {action[1]}"
    return " ".join(str(x) for x in action)[:60]


# ----- what an option is about ------------------------------------------------------------------
TARGET_AT = {"attack": 2, "cast": 2, "use": 2, "grapple": 1, "shove": 1, "trip": 1, "help": 1}
"""Turn action kind -> the position of the combatant uid it is aimed at."""
ITEM_AT = {"equip": 1, "stow": 1, "set_down": 1, "pick_up": 1, "use": 1}
"""Turn action kind -> the position of the item id it takes up, puts away or uses."""


def subject(state: State, action: Action) -> Subject:
    """What one option of the open decision is about, in the view's ids: the combatant acting (or
    asked), the combatant it is aimed at, the square it moves to (or picks an item up from), the
    item it handles (a weapon attack names its weapon), the spell it casts or the stat-block action it uses."""
    d = state.decision
    if d is None:
        return NO_SUBJECT
    kind = str(action[0])
    if d.kind in ("hero_turn", "creature_turn"):
        u = active(state)
        target: str | None = None
        item: str | None = None
        ability: str | None = None
        square: tuple[int, int] | None = None
        if kind == "move":
            square = (int(action[1]), int(action[2]))
        elif kind in TARGET_AT:
            target = str(action[TARGET_AT[kind]])
        elif kind == "escape":
            target = str(u.conds["grappled"][2])
        if kind in ITEM_AT:
            item = str(action[ITEM_AT[kind]])
        elif kind == "attack" and u.side == HEROES and action[1] != "unarmed":
            item = str(action[1])
        if kind == "cast" or (kind in ("attack", "special") and u.side != HEROES):
            ability = str(action[1])
        if kind == "pick_up":
            square = pick_up_square(state, u, str(item))
        return Subject(actor=u.uid, target=target, square=square, item=item, ability=ability)
    frame = state.stack[-1] if state.stack else None
    if isinstance(frame, OfferFrame):
        return Subject(actor=frame.who, target=frame.target)
    if isinstance(frame, ChoiceFrame):
        return Subject(actor=frame.uid)
    if isinstance(frame, AttackFrame):  # grapple_defense: the defender against the attacker
        return Subject(actor=frame.targets[frame.target_index], target=frame.attacker)
    return NO_SUBJECT


def pick_up_square(state: State, u: Unit, iid: str) -> tuple[int, int] | None:
    """The square an item is picked up from: the nearest one holding it (its own square first)."""
    spots = [(dist(g[0], g[1], u.x, u.y), g[0], g[1]) for g in state.ground if g[2] == iid]
    near = [s for s in spots if s[0] <= 1]
    if not near:
        return None
    _, x, y = min(near, key=lambda s: s[0])
    return (x, y)
