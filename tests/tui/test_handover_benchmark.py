"""benchmarks/handovers.py counts the keyboard changing hands: it read 0.0 per turn once the curtain
began clearing the viewer (issue 15's lower_curtain), so the README's figures could no longer be
re-measured."""

from __future__ import annotations

from pathlib import Path

from tests.benchmark_module import load_benchmark


def test_a_hot_seat_game_hands_the_keyboard_over_and_full_control_does_so_more_often(tmp_path: Path) -> None:
    handovers = load_benchmark("handovers")
    for ruleset_id in ("mythicarium", "magewars"):
        default, turns, causes = handovers.play(ruleset_id, 5000, False, tmp_path)
        full, _, _ = handovers.play(ruleset_id, 5000, True, tmp_path)
        assert turns > 1
        assert default >= turns - 1, f"{ruleset_id}: at least one hand-over as each turn passes"
        assert sum(causes.values()) == default
        assert full > default, f"{ruleset_id}: full control asks at windows the defaults pass"
