"""Auto-pass in magewars (issue 15): who is asked, full control, yields, saves, replays, hidden cards."""

from __future__ import annotations

from pathlib import Path

from mythtable.engine.autopass import SeatSettings
from tests import autopass_cases as cases

RULESET = "magewars"


def test_a_turn_passes_without_the_opponent_being_asked() -> None:
    cases.check_a_turn_where_the_opponent_is_not_asked(RULESET)


def test_a_response_window_asks_when_the_other_seat_put_something_waiting() -> None:
    cases.check_a_response_window_asks(RULESET)


def test_full_control_asks_at_every_window() -> None:
    cases.check_full_control_asks_at_every_window(RULESET)


def test_a_yield_holds_until_the_yielding_seats_turn() -> None:
    cases.check_a_yield_holds_until_the_next_turn(RULESET)


def test_a_targeting_action_clears_a_yield_and_asks() -> None:
    cases.check_a_targeting_action_clears_a_yield(RULESET)


def test_a_resumed_game_keeps_its_auto_pass_settings(tmp_path: Path) -> None:
    cases.check_a_resumed_game_keeps_its_settings(RULESET, tmp_path)


def test_a_replay_of_a_game_with_auto_passes_reaches_the_same_state() -> None:
    cases.check_a_replay_reaches_the_same_state(RULESET)


def test_the_other_seats_hidden_cards_never_change_an_auto_pass() -> None:
    cases.check_hidden_cards_never_change_an_auto_pass(RULESET)


def test_a_move_followed_by_the_other_seats_auto_pass_can_be_taken_back() -> None:
    cases.check_a_move_followed_by_auto_passes_can_be_taken_back(RULESET)


def test_W_34_the_attackers_ritual_turn_in_the_attack_step_is_passed_over_and_the_defenders_blocks_are_asked() -> None:
    """Played at 80x24: Bram passed his fast-cast answer, the curtain fell for Ana to be offered 'Perform Rite of
    Deep Roots' (nothing of hers damaged) or Done in the Attack step, then fell again for Bram's blocks. The
    attacker's Ritual turn (W-34) is an answer in the defender's step: auto-pass passes it by default, full control
    still asks, and the defender's own Attack step decision is always asked."""
    seen_attacker = seen_defender = 0
    for seed in range(1, 9):
        _, asked = cases.drive(RULESET, seed)
        for a in asked:
            if a.decision.kind != "attack_step":
                continue
            assert a.window is not None
            if a.seat == a.active:  # the attacker: asked only when it chose a stop or full control
                seen_attacker += 1
            else:
                seen_defender += 1
                assert a.window.own_only
    assert seen_defender > 0, "no Attack step reached the defender: the check above checked nothing"
    assert seen_attacker == 0, f"the attacker was asked {seen_attacker} times to turn a Ritual face-up"
    _, asked = cases.drive(RULESET, 5, [SeatSettings(full_control=True)] * 2)
    assert any(a.decision.kind == "attack_step" and a.seat == a.active for a in asked), "full control asks it"
