"""Hit points and dying: F-20..F-23, H-8, H-9."""

from __future__ import annotations

import pytest

from mythtable.rulesets.mythcraft.content import level_attributes
from mythtable.rulesets.mythcraft.rules import hero_max_hp
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import CONTENT, Scene

# F-20 / H-8, written out from the rules (not from the formula): max HP at levels 1..5 for each END band.
# The site's resting example: a level-2 hero with END 0-2 has 16 HP. END -3 has no hit die (H-8).
HP_BY_END_BAND = {
    (-3,): (11, 12, 13, 14, 15),
    (-2, -1): (12, 14, 16, 18, 20),
    (0, 1, 2): (13, 16, 19, 22, 25),
    (3, 4, 5): (14, 18, 22, 26, 30),
    (6, 7, 8): (15, 20, 25, 30, 35),
    (9, 10, 11): (16, 22, 28, 34, 40),
    (12,): (17, 24, 31, 38, 45),
}
# The templates' HP at levels 1/2/3: END 0-2 each, as F-40 allows a level-1 hero (+2 at most, 5 points)
# (section 6's older figures, END 3 and 4 for the berzerker and the warrior, are above what F-40 allows).
TEMPLATE_HP = {
    "berzerker": (13, 16, 19),
    "cleric": (13, 16, 19),
    "warrior": (13, 16, 19),
    "rogue": (13, 16, 19),
    "mage": (13, 16, 19),
}


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_F_20_H_8_max_hp_for_every_end_band(level: int) -> None:
    for ends, hps in HP_BY_END_BAND.items():
        for end in ends:  # both ends of every band
            assert hero_max_hp(level, end) == hps[level - 1], (level, end)
    for t in CONTENT.heroes.values():
        s = Scene([(t.id, 1, 1)], [("ash_hound", 10, 6)], level=level)
        end = level_attributes(t.attributes, t.raises, level)["END"]  # with the raises of its levels (H-31)
        band = next(h for e, h in HP_BY_END_BAND.items() if end in e)
        assert s.u("h1").max_hp == s.u("h1").hp == band[level - 1]  # a game's hero starts at full HP
        if level <= 3:
            assert s.u("h1").max_hp == TEMPLATE_HP[t.id][level - 1]
    assert HP_BY_END_BAND[(0, 1, 2)][1] == 16


def _bitten_mage(die: int) -> Scene:
    """Orrin (13 max HP) takes an Ash Hound bite of die + 2 through the engine."""
    s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.dice(19, die)
    s.act("attack", "bite", "h1")
    return s


def _struck_hound(die: int) -> Scene:
    """An Ash Hound (12 max HP) takes a longsword hit of die + 2 (STR 2) from Tamsin through the engine."""
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.dice(19, die)
    s.act("attack", "longsword", "c1")
    return s


def test_F_21_F_4_H_8_bloodied_at_half_max_hp_rounded_up() -> None:
    # odd max HP 13: half is 6.5, rounded up to 7 (F-4): 8 HP is not Bloodied, 7 is
    s = _bitten_mage(3)
    assert s.u("h1").max_hp == 13 and s.u("h1").hp == 8
    assert not RULESET.view(s.state, None).combatants[0].bloodied
    s = _bitten_mage(4)
    assert s.u("h1").hp == 7
    assert RULESET.view(s.state, None).combatants[0].bloodied
    # even max HP 12: 7 is not Bloodied, 6 is
    s = _struck_hound(3)
    assert s.u("c1").max_hp == 12 and s.u("c1").hp == 7
    assert not RULESET.view(s.state, None).combatants[1].bloodied
    s = _struck_hound(4)
    assert s.u("c1").hp == 6
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
    assert "Tamsin ends her turn at 0 HP: +1 DP (3)." in s.text()  # her: the warrior template says she
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


def _gored_mage(hp: int, die: int) -> tuple[Scene, int]:
    """Orrin (13 max HP) at `hp` takes a Thornback Boar crit: max 12 + the d8 rolled again (`die`).
    Returns the scene and Orrin's DP just before the hit."""
    s = Scene([("mage", 4, 1), ("cleric", 1, 6)], [("thornback_boar", 5, 1)], tweak=low(hp))
    s.end_until("c1")
    before = s.u("h1").dp
    s.dice(20, die)
    s.act("attack", "gore", "h1")
    return s, before


def test_F_23_H_9_massive_damage_at_minus_max_hp_not_one_above() -> None:
    s, before = _gored_mage(1, 1)  # 13 damage: 1 - 13 = -12 > -13, not massive
    w = s.u("h1")
    assert w.max_hp == 13 and w.hp == 0 and w.dying and before == w.dp == 0
    s, before = _gored_mage(1, 2)  # 14 damage: 1 - 14 = -13 = -max HP: massive, +4 DP (checked before the clamp)
    w = s.u("h1")
    assert w.hp == 0 and w.dying and before == 0 and w.dp == 4
    # already at 0 HP: +2 DP for the damage, and +4 more only when it reaches -max HP
    s, before = _gored_mage(0, 1)  # 13 damage: 0 - 13 = -13: +2 +4
    assert s.u("h1").dp == before + 6
    s = Scene([("mage", 4, 1), ("cleric", 1, 6)], [("ash_hound", 5, 1)], tweak=low(0))
    s.end_until("c1")
    before = s.u("h1").dp
    s.dice(20, 4)  # hound crit: max 8 + d6 4 = 12: 0 - 12 = -12: +2 only
    s.act("attack", "bite", "h1")
    assert s.u("h1").dp == before + 2
