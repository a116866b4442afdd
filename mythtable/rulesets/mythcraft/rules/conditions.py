"""Conditions (H-12) and the fury draught's special AP choice (H-7)."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.mythcraft.rules.units import is_turn_of, unit
from mythtable.rulesets.mythcraft.state import INDEFINITE, ChoiceFrame, State, Unit


def add_cond(state: State, u: Unit, name: str, value: int, rounds: int, src: str, events: list[Event]) -> None:
    """Give a condition (H-12): immunity stops it, Bleeding and Burning keep the higher X; a duration counted in
    the participant's own turns."""
    if u.dead or name in u.immune:
        if not u.dead:
            events.append(Event(f"{u.name} is immune to {name.capitalize()}."))
        return
    duration = INDEFINITE if rounds == 0 else rounds + (1 if is_turn_of(state, u) else 0)
    old = u.conds.get(name)
    if name in ("bleeding", "burning") and old:
        value = max(value, old[0])  # H-12: no stacking, keep the higher X
    u.conds[name] = [value, duration, src]
    label = name.capitalize() + (f" {value}" if value else "")
    events.append(Event(f"{u.name} is {label}" + (f" ({rounds} round)." if rounds else ".")))
    if name == "prone":
        u.move_left = 0


def grant_rage(state: State, t: Unit, rounds: int, events: list[Event]) -> None:
    """H-7: the fury draught is a second special AP source only for a hero holding another one."""
    duration = rounds + (1 if is_turn_of(state, t) else 0)
    if t.special == "rage":
        if t.base_special != "rage":  # a draught's Blood Rage: the newer one replaces it (F-19), its rounds anew
            t.fury = duration
            events.append(Event(f"{t.name} already has Blood Rage: it lasts {rounds} rounds from now."))
        else:
            events.append(Event(f"{t.name} already has Blood Rage: nothing changes."))
    elif t.special == "":
        t.special, t.fury = "rage", duration
        t.special_ap = 1
        events.append(Event(f"{t.name} gains Blood Rage for {rounds} rounds (1 Rage AP per turn)."))
    else:
        state.stack.append(ChoiceFrame(t.uid, duration))


def answer_choice(state: State, action: Action, events: list[Event]) -> None:
    """H-7: the cleric keeps Holy Support or switches to the draught's Blood Rage."""
    f = state.stack.pop()
    assert isinstance(f, ChoiceFrame)
    u = unit(state, f.uid)
    if action[1] == "blood_rage":
        u.special, u.fury, u.special_ap = "rage", f.rounds, 1
        events.append(Event(f"{u.name} keeps Blood Rage (Rage AP) until the draught ends; Holy Support is set aside."))
    else:
        events.append(Event(f"{u.name} keeps Holy Support; the draught's Blood Rage is not held."))
