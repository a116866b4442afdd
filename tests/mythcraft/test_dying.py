"""Hit points and dying: F-20..F-23, H-8, H-9."""

from __future__ import annotations

import pytest

from mythtable.rulesets.mythcraft import RULESET
from mythtable.rulesets.mythcraft.rules import hero_max_hp
from tests.mythcraft.helpers import CONTENT, Scene

BANDS = {-3: 0, -2: 1, -1: 1, 0: 2, 1: 2, 2: 2, 3: 3, 4: 3, 5: 3, 6: 4, 7: 4, 8: 4, 9: 5, 10: 5, 11: 5, 12: 6}


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_F_20_H_8_max_hp_for_every_end_band(level: int) -> None:
    for end, v in BANDS.items():
        assert hero_max_hp(level, end) == 10 + level * v + level
    assert hero_max_hp(2, 1) == 16  # the site's resting example
    for t in CONTENT.heroes.values():
        s = Scene([(t.id, 1, 1)], [("ash_hound", 10, 6)], level=level)
        assert s.u("h1").max_hp == hero_max_hp(level, t.attributes["END"])


def test_F_21_H_8_bloodied_at_half() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    hound = s.u("c1")
    hound.hp = 7
    assert not RULESET.view(s.state, None).combatants[1].bloodied
    hound.hp = 6
    assert RULESET.view(s.state, None).combatants[1].bloodied


def low(hp: int):  # type: ignore[no-untyped-def]
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = hp
        st.units[0].dying = hp == 0

    return tweak


def test_F_22_H_9_dying_death_points_and_death() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 4, 2)], [("ash_hound", 5, 1)], tweak=low(3))
    s.act("end")
    s.end_until("c1")
    s.dice(19, 4)
    s.act("attack", "bite", "h1")  # 6 damage: 3 -> 0
    w = s.u("h1")
    assert w.hp == 0 and w.dying and "prone" in w.conds
    assert w.ap == 0 and w.reactive == 0 and w.dp == 0
    s.dice(19, 1)
    s.act("attack", "bite", "h1")  # damage while dying: +2 DP
    assert "while dying: +2 DP (2)." in s.text()
    # the hound's turn is over; Tamsin's turn comes, she cannot act and it passes
    assert s.kind == "hero_turn" and s.active.uid == "h2"
    assert w.dp == 3
    assert "Tamsin ends its turn at 0 HP: +1 DP (3)." in s.text()
    # healing ends dying; Prone and DP stay
    s.dice(2, 2)
    s.act("use", "healing_draught", "h1")
    assert w.hp == 6 and not w.dying and "prone" in w.conds and w.dp == 3


def test_F_22_H_9_eight_dp_is_death() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 1, 6)], [("ash_hound", 5, 1)], tweak=low(0))
    w = s.u("h1")
    assert s.active.uid == "h2"  # a hero at 0 HP cannot act: its turn passed by itself
    w.dp = 6
    s.end_until("c1")
    s.dice(19, 1)
    s.act("attack", "bite", "h1")
    assert w.dead and w.dp == 8
    assert 0 not in s.state.order


def test_F_23_H_9_massive_damage() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 1, 6)], [("thornback_boar", 5, 1)], tweak=low(3))
    s.act("end")
    s.end_until("c1")
    s.dice(20, 8)  # crit: max 8 + 4 = 12, + 1d8 (8) = 20; 3 - 20 = -17 <= -14
    s.act("attack", "gore", "h1")
    w = s.u("h1")
    assert w.hp == 0 and w.dp == 4 and w.dying
    s.dice(20, 8)  # at 0 HP: +2, and +4 more when massive
    s.act("attack", "gore", "h1")
    assert w.dead and w.dp == 4 + 6
