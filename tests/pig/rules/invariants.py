"""What holds between any two actions of Pig."""

from __future__ import annotations

from tests.pig.state import PigState


def check_invariants(state: PigState) -> list[str]:
    problems = []
    if state.pot < 0 or min(state.banked) < 0:
        problems.append("negative points")
    if (state.decision is None) != (max(state.banked) >= state.target):
        problems.append("a decision must be open exactly while nobody has reached the target")
    if state.decision is not None and state.decision.seat != state.active:
        problems.append("the decision is not the active seat's")
    return problems
