"""`advance`: run every step that needs no choice and park on the next decision (decisions.py has
the decision of each step)."""

from __future__ import annotations

from mythtable.engine.decision import Decision, Event
from mythtable.rulesets.mythicarium.rules.decisions import STEPS
from mythtable.rulesets.mythicarium.state import State


def advance(state: State, events: list[Event]) -> None:
    """Advance through every step that needs no choice and cache the next decision."""
    while True:
        if state.result is not None:
            state.decision = None
            return
        d = find_decision(state, events)
        if d is not None:
            state.decision = d
            return


def find_decision(state: State, events: list[Event]) -> Decision | None:
    """The decision of the current step, or None after taking a step that needed no choice."""
    step = STEPS.get(state.step)
    if step is None:
        raise AssertionError(f"unknown step {state.step!r}")
    return step(state, events)
