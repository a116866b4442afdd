"""The Pig `Ruleset` and its capabilities (`PARTS`, what the package's `ENTRY` names)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision, Result
from mythtable.engine.dice import Rng
from mythtable.engine.entry import RulesetParts
from mythtable.engine.protocol import Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import read_reference
from tests.pig import ENTRY, ai
from tests.pig.rules.actions import apply_action
from tests.pig.rules.flow import advance
from tests.pig.rules.invariants import check_invariants
from tests.pig.state import PigContent, PigState, clone, snapshot
from tests.pig.view import PigView, build_view, public_view


class Pig(Ruleset[PigState, PigContent]):
    id = ENTRY.id
    title = ENTRY.title
    seats = (SeatInfo("Player 1", "Ana"), SeatInfo("Player 2", "Bram"))
    hidden_information = False

    def load_content(self, root: Path) -> PigContent:
        return PigContent(read_reference(root / ENTRY.rules_file))

    def setup_fields(self, content: PigContent) -> list[SetupField]:
        targets = (SetupChoice("20", "20 points"), SetupChoice("50", "50 points"))
        return [SetupField("target", "Target", targets, "20")]

    def new_game(self, content: PigContent, seed: int, setup: Setup) -> PigState:
        target = int(setup.options.get("target") or 20)
        state = PigState(Rng(seed), list(setup.players), target, [0, 0])
        advance(state, [])
        return state

    def pending(self, state: PigState) -> Decision | None:
        return state.decision

    apply_action = staticmethod(apply_action)  # rules/actions.py
    advance = staticmethod(advance)  # rules/flow.py
    check_invariants = staticmethod(check_invariants)  # rules/invariants.py

    def describe(self, state: PigState, action: Action) -> str:
        return "Roll the die" if action == ("roll",) else f"Hold and bank {state.pot}"

    def view(self, state: PigState, seat: int | None) -> PigView:
        return build_view(state, seat)

    def public_view(self, state: PigState) -> PigView:
        return public_view(state)

    def result(self, state: PigState) -> Result | None:
        for seat in (0, 1):
            if state.banked[seat] >= state.target:
                return Result(seat, f"reached {state.target} points", state.turn)
        return None

    def scores(self, state: PigState) -> list[tuple[str, str]]:
        return [(f"{points} points", "") for points in state.banked]

    def snapshot(self, state: PigState) -> dict[str, Any]:
        return snapshot(state)

    def clone(self, state: PigState) -> PigState:
        return clone(state)

    def turn_number(self, state: PigState) -> int:
        return state.turn

    def stage(self, state: PigState) -> str:
        return "turn"


RULESET = Pig()

PARTS = RulesetParts(ruleset=RULESET, ai=AIHooks(ai.heuristic, ai.determinize, scale=10.0))
"""The ruleset and its capabilities: Pig builds nothing, hides nothing, opens no answer windows."""
