"""Attacks and damage: F-5..F-13, F-36, F-37, H-13, H-15."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.content import DAMAGE_TYPES
from mythtable.rulesets.mythcraft.rules import crit_threshold
from tests.mythcraft.fixtures import SLAG_TOAD, VETERAN_SOLDIER
from tests.mythcraft.helpers import CONTENT, Scene, set_attr, with_creatures


def test_F_5_attack_meets_or_beats_the_defense() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.dice(9, 1)
    s.act("attack", "longsword", "c1")
    assert "Tamsin attacks Ash Hound with longsword: d20 9 + STR 3 = 12 vs AR 12: hit" in s.text()
    assert s.u("c1").hp == 12 - 4
    s.dice(8)
    s.act("attack", "longsword", "c1")
    assert "d20 8 + STR 3 = 11 vs AR 12: miss" in s.text()
    assert s.u("c1").hp == 8


def test_F_6_natural_20_always_hits_natural_1_always_misses() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[1].defs[0] = 40
        st.units[2].defs[0] = 0

    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1), ("ash_hound", 5, 2)], tweak=tweak)
    s.dice(20, 3)
    s.act("attack", "longsword", "c1")
    assert "= 23 vs AR 40: crit" in s.text()
    s.dice(1)
    s.act("attack", "longsword", "c2")
    assert "d20 1 + STR 3 = 4 vs AR 0: miss (natural 1)" in s.text()
    assert s.u("c2").hp == 12


def test_F_7_F_8_H_15_flanking_and_help_add_up() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 6, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.act("help", "c1")
    s.act("end")
    s.end_until("h1")
    s.dice(5, 1)
    s.act("attack", "longsword", "c1")
    assert "d20 5 + STR 3 + TA 2 = 10 vs AR 12: miss" in s.text()  # flank +1, help +1
    s.dice(5, 1)
    s.act("attack", "longsword", "c1")  # help used up; flanking remains
    assert "d20 5 + STR 3 + TA 1 = 9 vs AR 12: miss" in s.text()


def test_H_15_no_flank_unless_exactly_opposite() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 6, 2)], [("ash_hound", 5, 1)])
    s.dice(5)
    s.act("attack", "longsword", "c1")
    assert "d20 5 + STR 3 = 8 vs AR 12: miss" in s.text()


def test_F_8_ranged_attack_takes_td_per_adjacent_hostile() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 5, 6)], [("deserter_crossbowman", 5, 1)])
    s.end_until("c1")
    s.dice(10)
    s.act("attack", "crossbow", "h2")
    assert "Deserter Crossbowman attacks Maelis with Crossbow: d20 10 + 3 - TD 1 = 12 vs AR 13: miss" in s.text()


def test_F_9_weapon_crit_is_max_plus_dice_again_plus_luck() -> None:
    s = Scene([("berzerker", 4, 1)], [("thornback_boar", 5, 1)])
    s.dice(20, 5)
    s.act("attack", "battle_axe", "c1")
    # max 8 + STR 3 = 11, + 1d8 again (5), + LUCK 1 = 17
    assert "Damage: crit: max 11 + 1d8 5 + LUCK 1 = 17 sharp." in s.text()
    assert s.u("c1").hp == 30 - 17


def test_F_9_magic_crit_adds_luck_to_normal_damage() -> None:
    s = Scene([("mage", 1, 1)], [("thornback_boar", 5, 1)])
    s.dice(20, 6)
    s.act("cast", "ember_lance", "c1")
    assert "Damage: 1d10 6 + LUCK 1 (crit) = 7 fire." in s.text()


def test_F_10_crit_ranges_by_luck_and_cap() -> None:
    assert crit_threshold(0, 0) == 20
    assert crit_threshold(6, 0) == 19
    assert crit_threshold(12, 0) == 18
    assert crit_threshold(12, 2) == 16
    assert crit_threshold(12, 9) == 16  # never wider than 16-20
    assert crit_threshold(-1, 5) == 21  # negative LUCK: never
    s = Scene([("warrior", 4, 1)], [("thornback_boar", 5, 1)], tweak=lambda st: set_attr(st.units[0], "LUCK", 6))
    s.dice(19, 4)
    s.act("attack", "longsword", "c1")
    assert ": crit" in s.text()


def test_F_10_negative_luck_is_a_penalty_and_blocks_crits() -> None:
    s = Scene([("warrior", 4, 1)], [("thornback_boar", 5, 1)], tweak=lambda st: set_attr(st.units[0], "LUCK", -2))
    s.dice(20, 4)
    s.act("attack", "longsword", "c1")
    assert "d20 20 + STR 3 - LUCK 2 = 21 vs AR 13: hit" in s.text()
    assert s.u("c1").hp == 30 - 7  # 1d8 4 + 3, no crit


def test_F_11_area_attack_one_roll_for_all_targets_allies_included() -> None:
    s = Scene([("mage", 1, 1), ("warrior", 6, 2)], [("ash_hound", 5, 1), ("ash_hound", 5, 2)])
    s.dice(12, 3, 4)
    s.act("cast", "shock_burst", "c1")
    lines = [t for t in s.log if "with Shock Burst: d20" in t]
    assert len(lines) == 3 and all("d20 12 + INT 3" in t for t in lines)
    assert s.u("c1").hp == 12 - 7 and s.u("c2").hp == 12 - 7
    assert s.u("h2").hp == s.u("h2").max_hp - 7  # REF 12 vs 15: the ally is hit too
    assert s.active.sp == 2


def test_F_12_eleven_damage_types() -> None:
    assert set(DAMAGE_TYPES) == {
        "blunt",
        "sharp",
        "cold",
        "corrosive",
        "fire",
        "lightning",
        "toxic",
        "necrotic",
        "psychic",
        "radiant",
        "sonic",
    }
    used = {i.damage_type for i in CONTENT.items.values() if i.damage_type}
    used |= {a.damage_type for c in CONTENT.creatures.values() for a in c.actions if a.damage_type}
    assert used <= set(DAMAGE_TYPES)


def test_F_13_resist_vulnerable_immune_dr() -> None:
    s = Scene(
        [("mage", 1, 1), ("cleric", 4, 4)], [("ash_hound", 5, 1), ("cinder_imp", 5, 6), ("rattlebone_sentry", 5, 4)]
    )
    s.dice(12, 5)
    s.act("cast", "ember_lance", "c1")
    assert "d20 12 + INT 3 = 15 vs AR 14: hit" in s.text()  # Resist Fire 2 raises AR 12 to 14
    s.act("end")
    # Vulnerable Blunt 2: AR 13 - 2 = 11, crit range 18-20; it overrides DR
    s.u("c2").dr = 3
    s.dice(18, 4)
    s.act("attack", "morningstar", "c2")
    assert "d20 18 + STR 2 = 20 vs AR 11: crit" in s.text()
    assert s.u("c2").hp == 18 - (8 + 2 + 4 + 1)
    s.end_until("h1")
    s.dice(15, 5)
    s.act("cast", "ember_lance", "c3")
    assert "Cinder Imp is immune to fire damage." in s.text()
    assert s.u("c3").hp == 10
    # DR applies to other types
    s.u("c1").dr = 2
    s.act("end")
    s.end_until("h1")
    s.dice(15, 5)
    s.act("cast", "ember_lance", "c1")
    assert s.u("c1").hp == 12 - 5 - 3


def test_H_13_fixed_creature_damage_and_crit() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], options={"creature_damage": "fixed"})
    s.end_until("c1")
    s.dice(19)
    s.act("attack", "bite", "h1")
    assert "Damage: fixed 5 = 5 sharp." in s.text()
    s.dice(20)
    s.act("attack", "bite", "h1")
    assert "Damage: fixed 5 + max dice 6 (crit) = 11 sharp." in s.text()


def test_H_13_rolled_creature_damage_by_default() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.end_until("c1")
    s.dice(19, 1)
    s.act("attack", "bite", "h1")
    assert "Damage: 1d6 1 + 2 = 3 sharp." in s.text()


def test_F_37_fixture_crit_shortcut_is_average_plus_die_size() -> None:
    content = with_creatures(VETERAN_SOLDIER)
    s = Scene([("warrior", 4, 1)], [("veteran_soldier", 5, 1)], options={"creature_damage": "fixed"}, content=content)
    s.end_until("c1")
    s.dice(20)
    s.act("attack", "longsword", "h1")
    assert "= 15 sharp." in s.text()
    assert "veteran_soldier" not in CONTENT.creatures  # never shipped


def test_F_36_fixture_stat_block_validates_and_fights() -> None:
    content = with_creatures(SLAG_TOAD)
    toad = content.creatures["slag_toad"]
    assert toad.defenses["FORT"] == 13 and toad.movement["burrow"] == 25
    s = Scene([("warrior", 4, 1)], [("slag_toad", 5, 1)], content=content)
    s.end_until("c1")
    s.dice(13, 2)
    s.act("attack", "bite", "h1")
    assert "Slag Toad attacks Tamsin with Bite: d20 13 + 3 = 16 vs AR 16: hit" in s.text()
    assert "slag_toad" not in CONTENT.creatures
