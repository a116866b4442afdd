"""The turn: priority passes (H-26, H-27), closing a window, the end of turn (H-11) and the next
turn's Ready and Draw (H-6..H-8). The decision loop that calls them, `advance`, is in flow.py."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.magewars.rules.combat import begin_combat
from mythtable.rulesets.magewars.rules.effects import draw, open_window, sweep
from mythtable.rulesets.magewars.rules.stack import resolve_top
from mythtable.rulesets.magewars.state import State


def do_pass(state: State, events: list[Event]) -> None:
    """H-26 / H-27: two passes in a row resolve the top item, or close the window."""
    state.passes += 1
    if state.passes < 2:
        state.prio = 1 - state.prio
        return
    state.passes = 0
    if state.stack:
        resolve_top(state, events)
        state.prio = state.owner
        return
    close_window(state, events)


def close_window(state: State, events: list[Event]) -> None:
    step = state.step
    cb = state.combat
    if step == "main":
        if state.intent == "combat":
            begin_combat(state, events)
        else:
            state.step = "end"
    elif step == "combat.declaration":
        assert cb is not None
        state.step = "combat.attack"
        cb.turn_seat = cb.dfn
        cb.step_passes = 0
    elif step == "combat.defense" or step == "counter.defense":
        assert cb is not None
        state.step = "combat.damage" if step == "combat.defense" else "counter.damage"
        cb.di = 0
        cb.split_left = -1
        cb.split = []


def next_turn(state: State, events: list[Event]) -> None:
    """H-11 end of turn, then H-6..H-8 Ready and Draw for the next player."""
    for c in state.cards:
        c.power_mod = 0
        c.guard_mod = 0
    sweep(state, events)
    state.active = 1 - state.active
    state.turn += 1
    state.combat = None
    state.combat_done = False
    p = state.players[state.active]
    p.laid = False
    p.moved = False
    state.step = "ready"
    for uid in p.offensive + p.defensive:
        state.cards[uid].exhausted = False  # H-7
    events.append(Event(f"Turn {state.turn}: {p.name}."))
    state.step = "draw"
    draw(state, state.active, events)
    open_window(state, "main", state.active)
