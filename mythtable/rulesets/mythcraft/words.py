"""Words: an option in words (describe) and what it is about (subject)."""

from __future__ import annotations

from mythtable.engine.decision import Action
from mythtable.rulesets.mythcraft.rules import HEROES, active, hero_moves, unit, weapon_apc
from mythtable.rulesets.mythcraft.state import State


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
