"""`advance`: P-4, the game ends as a seat reaches the target; else the active seat rolls or holds (P-1)."""

from __future__ import annotations

from mythtable.engine.decision import Decision, Event
from tests.pig.state import PigState


def advance(state: PigState, events: list[Event]) -> None:
    if max(state.banked) >= state.target:
        state.decision = None
        return
    name = state.players[state.active]
    prompt = f"{name}, roll or hold? ({state.pot} in the pot)"
    state.decision = Decision(state.active, "turn", prompt, [("roll",), ("hold",)])
