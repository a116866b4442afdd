"""Combat from declaration to the counter-attack (W-7..W-33, H-18, H-28, H-30, H-37, H-41, H-47):
everything but the damage, which is in damage.py."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.magewars.rules.effects import open_window
from mythtable.rulesets.magewars.rules.queries import LINE_LABEL, holds_unit, name_of, unit_count
from mythtable.rulesets.magewars.state import (
    TOWER,
    Combat,
    State,
)


def begin_combat(state: State, events: list[Event]) -> None:
    """W-7, W-12: the active player opens combat; the Declaration step starts."""
    state.combat_done = True
    state.step = "combat.declaration"
    state.combat = Combat(counter=False, atk=state.active, dfn=1 - state.active)
    events.append(Event(f"{name_of(state, state.active)} declares combat."))


def finish_declaration(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    cards = state.cards
    for a in cb.attacks:
        cards[a.attacker].exhausted = True  # H-18
        cb.attacked.append(a.attacker)
    cb.declared = True
    for a in cb.attacks:
        what = cards[a.hero].d.name if a.hero >= 0 else f"the {LINE_LABEL[a.line]}"
        events.append(Event(f"{cards[a.attacker].d.name} targets {what}."))
    who = name_of(state, cb.atk)
    if cb.counter:
        if cb.attacks:
            events.append(Event(f"{who} counter-attacks with {unit_count(len(cb.attacks))}."))
        else:
            events.append(Event(f"{who} does not counter-attack."))
            end_combat(state, events, "")
        return
    cb.off_at_decl = holds_unit(state, cb.dfn, "offensive")  # W-31: any unit, Aerial or not
    if cb.attacks:
        events.append(Event(f"{who} attacks with {unit_count(len(cb.attacks))}."))
    else:
        events.append(Event(f"{who} sends no unit to attack."))
    open_window(state, "combat.declaration", cb.dfn)  # W-16: the defender gets priority first


def attack_step_done(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    cb.step_passes += 1
    cb.turn_seat = 1 - cb.turn_seat
    if cb.step_passes >= 2:
        fix_targets(state, events)
        open_window(state, "combat.defense", cb.atk)  # H-28: attacker first


def fix_targets(state: State, events: list[Event]) -> None:
    """W-30..W-33, H-30, H-47: final targets when the Attack step ends."""
    cb = state.combat
    assert cb is not None
    cards = state.cards
    pull_off = not cb.off_at_decl and holds_unit(state, cb.dfn, "offensive")
    # W-30 / W-32: only a turned unit still face-up on the Defensive Line at this point moves Tower attacks
    dline = state.players[cb.dfn].defensive
    pull_def = any(u in dline and not cards[u].face_down for u in cb.flipped_def)
    for a in cb.attacks:
        att = cards[a.attacker]
        if att.d.aerial:  # H-47 (O-5): Aerial attacks are never moved
            continue
        new = a.line
        if pull_off and a.line != "offensive":
            new = "offensive"
        elif pull_def and a.line == TOWER:
            new = "defensive"
        if new != a.line:
            a.line = new
            a.hero = -1
            a.moved = True
            events.append(Event(f"{att.d.name}'s attack is moved to the {LINE_LABEL[new]}."))


def end_combat(state: State, events: list[Event], text: str) -> None:
    """H-41: combat ends after the counter-attack; the turn moves to End."""
    if text:
        events.append(Event(text))
    state.combat = None
    state.step = "end"


def start_counter(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    blockers_used = [b for a in cb.attacks for b in a.blockers]
    state.combat = Combat(
        counter=True,
        atk=cb.dfn,
        dfn=cb.atk,
        attacked=cb.attacked[:],
        blockers_used=blockers_used,
    )
    state.step = "counter.attack"


def add_block(state: State, blocker: int, attacker: int, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    for a in cb.attacks:
        if a.attacker == attacker:
            a.blockers.append(blocker)
    events.append(Event(f"{state.cards[blocker].d.name} blocks {state.cards[attacker].d.name}."))
