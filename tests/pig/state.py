"""Pig's content and state: plain dataclasses, all randomness in the state's generator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mythtable.engine.decision import Decision
from mythtable.engine.dice import Rng
from mythtable.engine.reference import RulesReference


@dataclass(slots=True, frozen=True)
class PigContent:
    """All of Pig's content: its rules reference (content/rules.toml)."""

    rules: RulesReference


@dataclass(slots=True)
class PigState:
    rng: Rng
    players: list[str]
    target: int
    banked: list[int]
    pot: int = 0
    """The points rolled this turn, lost on a 1, banked on a hold."""
    active: int = 0
    turn: int = 1
    decision: Decision | None = None


def snapshot(state: PigState) -> dict[str, Any]:
    return {
        "rng": state.rng.state,
        "players": list(state.players),
        "target": state.target,
        "banked": list(state.banked),
        "pot": state.pot,
        "active": state.active,
        "turn": state.turn,
    }


def clone(state: PigState) -> PigState:
    return PigState(
        state.rng.copy(),
        list(state.players),
        state.target,
        list(state.banked),
        state.pot,
        state.active,
        state.turn,
        state.decision,
    )
