"""The auto-pass policy (engine/autopass.py) on its own: windows and settings in, an answer or None out."""

from __future__ import annotations

import json

from mythtable.engine.autopass import (
    YIELD_COMBAT,
    YIELD_NONE,
    YIELD_TURN,
    SeatSettings,
    Window,
    expire_yield,
    should_autopass,
)
from mythtable.engine.decision import Decision

PASS = ("pass",)
RESPOND = Decision(1, "respond", "respond or pass", [("play", 7), PASS])


def window(**kw: object) -> Window:
    base: dict[str, object] = {"seat": 1, "active": 0, "stage": "main", "pass_action": PASS}
    base.update(kw)
    return Window(**base)  # type: ignore[arg-type]


def test_the_other_seats_stage_change_with_nothing_waiting_is_passed() -> None:
    assert should_autopass(window(), RESPOND, SeatSettings()) == PASS


def test_something_the_other_seat_put_waiting_is_asked() -> None:
    assert should_autopass(window(waiting=0), RESPOND, SeatSettings()) is None


def test_the_seats_own_item_waiting_is_passed() -> None:
    assert should_autopass(window(waiting=1), RESPOND, SeatSettings()) == PASS


def test_a_targeting_action_or_attack_is_asked() -> None:
    assert should_autopass(window(targeted=True), RESPOND, SeatSettings()) is None


def test_a_decision_only_this_seat_can_make_is_asked() -> None:
    blocks = Decision(1, "declare_blockers", "block", [("block", 1, 2), ("done",)])
    assert should_autopass(window(own_only=True, pass_action=None), blocks, SeatSettings()) is None


def test_a_stop_asks_at_its_stage_only() -> None:
    stops = SeatSettings(stops=frozenset({"main"}))
    assert should_autopass(window(), RESPOND, stops) is None
    assert should_autopass(window(stage="combat.defense"), RESPOND, stops) == PASS


def test_full_control_asks_even_a_forced_choice() -> None:
    forced = Decision(1, "assign_wounds", "wounds", [("wound", 3)])
    full = SeatSettings(full_control=True)
    assert should_autopass(window(), RESPOND, full) is None
    assert should_autopass(window(own_only=True), forced, full) is None
    assert should_autopass(window(own_only=True), forced, SeatSettings()) == ("wound", 3)


def test_no_window_from_the_ruleset_asks_everything_but_a_forced_choice() -> None:
    assert should_autopass(None, RESPOND, SeatSettings()) is None
    assert should_autopass(None, Decision(1, "x", "x", [("only",)]), SeatSettings()) == ("only",)


def test_a_pass_that_is_not_among_the_options_is_never_given() -> None:
    no_pass = Decision(1, "respond", "respond", [("play", 7), ("other",)])
    assert should_autopass(window(), no_pass, SeatSettings()) is None


def test_a_yield_until_my_turn_passes_responses_until_the_turn_comes() -> None:
    yielding = SeatSettings(yield_=YIELD_TURN)
    assert should_autopass(window(waiting=0), RESPOND, yielding) == PASS
    assert expire_yield(window(waiting=0), yielding).yield_ == YIELD_TURN
    assert expire_yield(window(active=1), yielding).yield_ == YIELD_NONE


def test_a_yield_is_cleared_by_a_targeting_action() -> None:
    for kind in (YIELD_TURN, YIELD_COMBAT):
        yielding = SeatSettings(yield_=kind)
        assert should_autopass(window(targeted=True, in_combat=True), RESPOND, yielding) is None
        assert expire_yield(window(targeted=True, in_combat=True), yielding).yield_ == YIELD_NONE


def test_a_yield_until_the_end_of_combat_ends_with_the_combat() -> None:
    yielding = SeatSettings(yield_=YIELD_COMBAT)
    assert should_autopass(window(waiting=0, in_combat=True), RESPOND, yielding) == PASS
    assert expire_yield(window(in_combat=True), yielding).yield_ == YIELD_COMBAT
    assert expire_yield(window(in_combat=False), yielding).yield_ == YIELD_NONE


def test_settings_from_broken_data_fall_back_to_the_defaults() -> None:
    for data in (None, [], "x", {"stops": "main", "full_control": "yes", "until": "forever"}, {"stops": [1, None]}):
        assert SeatSettings.from_json(data) == SeatSettings()
    good = SeatSettings(frozenset({"main"}), True, YIELD_TURN)
    assert SeatSettings.from_json(good.to_json()) == good


def test_a_record_keeps_which_moves_were_auto_passes_so_take_backs_after_resume_match() -> None:
    """Before, a resumed game counted the other seat's auto-passes as its moves: `u` refused at once."""
    from mythtable.engine.game import Game
    from mythtable.engine.record import record_json
    from mythtable.engine.record_schema import GameRecord

    game = Game.new("mythicarium", 5)
    for step in range(12):
        decision = game.decision
        assert decision is not None
        game.apply(decision.actions[-1], auto=step % 3 == 1)
    data = json.loads(record_json(game.record_data()))
    assert data["auto_actions"] == [n for n, auto in enumerate(game.auto, start=1) if auto] != []
    resumed = Game.from_record(GameRecord.model_validate(data))
    assert resumed.auto == game.auto
    assert [resumed.takeback_count(seat) for seat in (0, 1)] == [game.takeback_count(seat) for seat in (0, 1)]
    data["actions"] = data["actions"][:3]  # how a replay opens a record at its start: the flags past it mark nothing
    data["checkpoints"], data["result"], data["final_state"] = {}, None, None
    assert Game.from_record(GameRecord.model_validate(data)).auto == game.auto[:3]


def test_a_record_with_auto_passes_opens_in_the_replay_viewer() -> None:
    """The viewer opens a record at its start (no actions yet): the auto-pass numbers must not refuse it."""
    from mythtable.engine.game import Game
    from mythtable.engine.record_schema import GameRecord
    from mythtable.engine.replay import ReplayCursor

    game = Game.new("mythicarium", 5)
    for step in range(6):
        decision = game.decision
        assert decision is not None
        game.apply(decision.actions[-1], auto=step == 4)
    cursor = ReplayCursor(GameRecord.model_validate(game.record_data()))
    assert cursor is not None
