"""What a seat sees: everything (Pig hides nothing), as plain data the generic board prints."""

from __future__ import annotations

from dataclasses import dataclass

from tests.pig.state import PigState


@dataclass(slots=True, frozen=True)
class PigView:
    players: tuple[str, ...]
    banked: tuple[int, ...]
    pot: int
    active: int
    target: int


def build_view(state: PigState, seat: int | None) -> PigView:
    return PigView(tuple(state.players), tuple(state.banked), state.pot, state.active, state.target)


def public_view(state: PigState) -> PigView:
    """What both seats (and a spectator) see: all of it, as Pig hides nothing."""
    return build_view(state, None)
