"""Pig, the dice game, as a tiny ruleset: it exercises the core without any real ruleset.

Each turn the active seat rolls a d6 as often as it likes; a 1 loses the turn's points, and
holding banks them. First to 20 wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry

TARGET = 20


@dataclass(slots=True)
class PigState:
    rng: Rng
    players: list[str]
    banked: list[int]
    pot: int = 0
    active: int = 0
    turn: int = 1
    decision: Decision | None = None


class Pig(Ruleset[PigState, None]):
    id = "pig"
    title = "Pig"
    seats = (SeatInfo("Player 1", "Ana"), SeatInfo("Player 2", "Bram"))
    hidden_information = False

    def load_content(self, root: Path) -> None:
        return None

    def setup_fields(self, content: None) -> list[SetupField]:
        return [SetupField("target", "Target", (SetupChoice("20", "20 points"),), "20")]

    def new_game(self, content: None, seed: int, setup: Setup) -> PigState:
        state = PigState(Rng(seed), list(setup.players), [0, 0])
        self.advance(state, [])
        return state

    def advance(self, state: PigState, events: list[Event]) -> None:
        if max(state.banked) >= TARGET:
            state.decision = None
            return
        state.decision = Decision(state.active, "turn", "Roll or hold?", [("roll",), ("hold",)])

    def pending(self, state: PigState) -> Decision | None:
        return state.decision

    def apply_action(self, state: PigState, action: Action, events: list[Event]) -> None:
        name = state.players[state.active]
        if action == ("roll",):
            die = state.rng.roll(6)
            events.append(Event(f"{name} rolls d6: {die}", kind="dice", reveals=True))
            if die == 1:
                state.pot = 0
                self._next_turn(state)
            else:
                state.pot += die
        else:
            state.banked[state.active] += state.pot
            events.append(Event(f"{name} banks {state.pot}"))
            state.pot = 0
            if state.banked[state.active] < TARGET:
                self._next_turn(state)

    def _next_turn(self, state: PigState) -> None:
        state.active = 1 - state.active
        state.turn += 1

    def describe(self, state: PigState, action: Action) -> str:
        return {"roll": "Roll the die", "hold": "Hold and bank"}[str(action[0])]

    def view(self, state: PigState, seat: int | None) -> dict[str, Any]:
        return self.snapshot(state)

    def result(self, state: PigState) -> Result | None:
        for seat in (0, 1):
            if state.banked[seat] >= TARGET:
                return Result(seat, "reached 20 points", state.turn)
        return None

    def snapshot(self, state: PigState) -> dict[str, Any]:
        return {
            "rng": state.rng.state,
            "banked": list(state.banked),
            "pot": state.pot,
            "active": state.active,
            "turn": state.turn,
        }

    def clone(self, state: PigState) -> PigState:
        return PigState(
            state.rng.copy(),
            list(state.players),
            list(state.banked),
            state.pot,
            state.active,
            state.turn,
            state.decision,
        )

    def turn_number(self, state: PigState) -> int:
        return state.turn

    def stage(self, state: PigState) -> str:
        return "turn"

    def check_invariants(self, state: PigState) -> list[str]:
        return [] if state.pot >= 0 and min(state.banked) >= 0 else ["negative points"]


RULESET = Pig()
ENTRY = RulesetEntry(RULESET)
"""Pig registers no AI hooks: only the random bot plays it."""
