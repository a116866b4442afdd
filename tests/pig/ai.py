"""Pig's hooks for the greedy and search bots: a score, and a re-deal that has nothing hidden to re-deal."""

from __future__ import annotations

from mythtable.engine.dice import Rng
from tests.pig.state import PigState, clone


def heuristic(state: PigState, seat: int) -> float:
    """Points banked, and the pot for whoever holds it, against the other seat's."""
    mine = state.banked[seat] + (state.pot if state.active == seat else 0)
    theirs = state.banked[1 - seat] + (state.pot if state.active != seat else 0)
    return float(mine - theirs)


def determinize(state: PigState, seat: int, rng: Rng) -> PigState:
    return clone(state)
