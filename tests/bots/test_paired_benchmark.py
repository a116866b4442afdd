"""The paired benchmark (benchmarks/computer.py --paired, issue 34): each deal played twice with the seats
swapped, and the same deals played by the opponent's level against itself (the control)."""

from __future__ import annotations

import pytest

from mythtable.rulesets.mythicarium import ai
from tests.benchmark_module import load_benchmark


def test_pairs_are_counted_won_both_split_and_lost_both() -> None:
    computer = load_benchmark("computer")
    counts = computer._pair_counts(["ww", "wl", "lw", "ll", "dw", "dd"])
    assert (counts["wins"], counts["games"]) == (5, 12)
    assert (counts["both"], counts["split"], counts["lost_both"], counts["draws"]) == (1, 3, 2, 3)


def test_the_difference_is_taken_deal_by_deal() -> None:
    computer = load_benchmark("computer")
    mean, low, high = computer._paired_difference(["ww", "wl", "ww", "wl"], ["wl", "wl", "wl", "lw"])
    assert mean == pytest.approx(0.25)  # two deals gained a game of two: +1/4 of the games
    assert low < mean < high


def test_search_settings_are_read_as_their_fields_take_them() -> None:
    computer = load_benchmark("computer")
    got = computer._search_overrides(["trees=3", "greedy_steps=0.5", "greedy_kinds=a,b"])
    assert got == {"trees": 3, "greedy_steps": 0.5, "greedy_kinds": ("a", "b")}
    with pytest.raises(SystemExit):
        computer._search_overrides(["nonsense=1"])
    policy = computer._search_overrides(["rollout_policy=mythtable.rulesets.mythicarium.ai:rollout_policy"])
    assert policy == {"rollout_policy": ai.rollout_policy}
    assert computer._search_overrides(["rollout_policy=none"]) == {"rollout_policy": None}
    with pytest.raises(SystemExit):
        computer._search_overrides(["rollout_policy=mythtable.rulesets.mythicarium.ai:nothing_here"])


@pytest.mark.slow
def test_a_level_against_itself_is_its_own_control() -> None:
    """Easy is the greedy bot: Easy against greedy with the control's seeds plays the control's games."""
    computer = load_benchmark("computer")
    row = computer.measure_paired("magewars", "easy", 2, 11, 1, opponent="greedy")
    tested, control = row["tested"], row["control"]
    assert tested["deals"] == control["deals"]
    assert all(len(pair) == 2 for pair in tested["deals"])
    assert tested["both"] + tested["split"] + tested["lost_both"] == 2
    assert row["difference"]["mean"] == 0.0
