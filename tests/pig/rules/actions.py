"""`apply_action`: a roll (P-2, P-3) or a hold (P-1), checked legal by `Ruleset.apply` already."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from tests.pig.state import PigState


def apply_action(state: PigState, action: Action, events: list[Event]) -> None:
    name = state.players[state.active]
    if action == ("roll",):
        die = state.rng.roll(6)
        events.append(Event(f"{name} rolls d6: {die}", kind="dice", reveals=True))
        if die == 1:  # P-3
            events.append(Event(f"{name} loses the {state.pot} in the pot."))
            state.pot = 0
            next_turn(state)
        else:  # P-2
            state.pot += die
        return
    state.banked[state.active] += state.pot
    events.append(Event(f"{name} banks {state.pot}: {state.banked[state.active]} in all."))
    state.pot = 0
    if state.banked[state.active] < state.target:
        next_turn(state)


def next_turn(state: PigState) -> None:
    state.active = 1 - state.active
    state.turn += 1
