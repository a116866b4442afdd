"""Pig's clauses (content/rules.toml), one scenario each, with scripted dice (the guide's step 8)."""

from __future__ import annotations

from mythtable.engine.dice import ScriptedRng
from mythtable.engine.protocol import Setup
from tests.pig.ruleset import RULESET
from tests.pig.state import PigState

ROLL, HOLD = ("roll",), ("hold",)


def game(rolls: list[int], target: str = "20") -> PigState:
    state = RULESET.new_game(None, 1, Setup(["Ana", "Bram"], {"target": target}))  # type: ignore[arg-type]
    state.rng = ScriptedRng(rolls)
    return state


def test_P_1_holding_banks_the_turns_points_and_passes_the_die() -> None:
    state = game([4, 3])
    RULESET.apply(state, ROLL)
    RULESET.apply(state, ROLL)
    assert state.active == 0, "rolling keeps the turn"
    RULESET.apply(state, HOLD)
    assert state.banked == [7, 0] and state.pot == 0 and state.active == 1


def test_P_2_each_roll_of_two_to_six_adds_its_number() -> None:
    state = game([2, 6])
    RULESET.apply(state, ROLL)
    RULESET.apply(state, ROLL)
    assert state.pot == 8 and state.banked == [0, 0]


def test_P_3_a_one_loses_the_pot_and_ends_the_turn() -> None:
    state = game([5, 1])
    RULESET.apply(state, ROLL)
    events = RULESET.apply(state, ROLL)
    assert state.pot == 0 and state.banked == [0, 0] and state.active == 1
    assert "loses the 5 in the pot" in events[-1].text


def test_P_4_reaching_the_target_wins_at_once_and_not_a_point_before() -> None:
    state = game([6, 6, 6, 1, 1, 2])
    for _ in range(3):
        RULESET.apply(state, ROLL)
    RULESET.apply(state, HOLD)  # 18: short of 20 by two
    assert RULESET.result(state) is None and state.active == 1
    RULESET.apply(state, ROLL)  # Bram: a 1
    RULESET.apply(state, ROLL)  # Ana: a 1
    RULESET.apply(state, ROLL)  # Bram: a 2
    RULESET.apply(state, HOLD)
    assert RULESET.result(state) is None and state.banked == [18, 2]
    state.rng = ScriptedRng([2])
    RULESET.apply(state, ROLL)  # Ana: a 2 makes 20 once banked
    RULESET.apply(state, HOLD)
    result = RULESET.result(state)
    assert result is not None and result.winner == 0 and RULESET.pending(state) is None
    fifty = game([6, 6, 6, 2], target="50")
    for _ in range(4):
        RULESET.apply(fifty, ROLL)
    RULESET.apply(fifty, HOLD)
    assert RULESET.result(fifty) is None, "with a target of 50, 20 points win nothing"
