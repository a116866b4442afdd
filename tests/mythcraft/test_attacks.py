"""Attacks and damage: F-5..F-13, F-36, F-37, H-13, H-15."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from mythtable.rulesets.mythcraft.content import DAMAGE_TYPES
from mythtable.rulesets.mythcraft.rules import crit_threshold
from tests.mythcraft.fixtures import SLAG_TOAD, VETERAN_SOLDIER
from tests.mythcraft.helpers import CONTENT, Scene, set_attr, with_creatures


def test_F_5_attack_meets_or_beats_the_defense() -> None:
    s = Scene([("rogue", 4, 1)], [("ash_hound", 5, 1)])  # Quill: DEX 2, a dagger (2 AP)
    s.dice(10, 1)
    s.act("attack", "dagger", "c1")
    assert "Quill attacks Ash Hound with dagger: d20 10 + DEX 2 = 12 vs AR 12: hit" in s.text()
    assert s.u("c1").hp == 12 - (1 + 2)
    s.dice(9)
    s.act("attack", "dagger", "c1")
    assert "d20 9 + DEX 2 = 11 vs AR 12: miss" in s.text()
    assert s.u("c1").hp == 9


def test_F_6_natural_20_always_hits_natural_1_always_misses() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[1].defs[0] = 40
        st.units[2].defs[0] = 0

    s = Scene([("rogue", 4, 1)], [("ash_hound", 5, 1), ("ash_hound", 5, 2)], tweak=tweak)
    s.dice(20, 3)
    s.act("attack", "dagger", "c1")
    assert "d20 20 + DEX 2 = 22 vs AR 40: crit" in s.text()
    s.dice(1)
    s.act("attack", "dagger", "c2")
    assert "d20 1 + DEX 2 = 3 vs AR 0: miss (natural 1)" in s.text()
    assert s.u("c2").hp == 12


def test_F_7_F_8_H_15_flanking_and_help_add_up() -> None:
    s = Scene([("rogue", 4, 1), ("cleric", 6, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.act("help", "c1")
    s.act("end")
    s.end_until("h1")
    s.dice(5)
    s.act("attack", "dagger", "c1")
    assert "d20 5 + DEX 2 + TA 2 = 9 vs AR 12: miss" in s.text()  # flank +1, help +1
    s.dice(5)
    s.act("attack", "dagger", "c1")  # help used up; flanking remains
    assert "d20 5 + DEX 2 + TA 1 = 8 vs AR 12: miss" in s.text()


def test_H_15_no_flank_unless_exactly_opposite() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 6, 2)], [("ash_hound", 5, 1)])
    s.dice(5)
    s.act("attack", "longsword", "c1")
    assert "d20 5 + STR 2 = 7 vs AR 12: miss" in s.text()


def test_F_8_ranged_attack_takes_td_per_adjacent_hostile() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 5, 6)], [("deserter_crossbowman", 5, 1)])
    s.end_until("c1")
    s.dice(10)
    s.act("attack", "crossbow", "h2")
    assert "Deserter Crossbowman attacks Maelis with Crossbow: d20 10 + 3 - TD 1 = 12 vs AR 13: miss" in s.text()


def test_F_9_weapon_crit_is_max_plus_dice_again_plus_luck() -> None:
    s = Scene([("berzerker", 4, 1)], [("thornback_boar", 5, 1)], tweak=lambda st: set_attr(st.units[0], "LUCK", 1))
    s.dice(20, 5)
    s.act("attack", "battle_axe", "c1")
    # max 8 + STR 2 = 10, + 1d8 again (5), + LUCK 1 = 16
    assert "Damage: crit: max 10 + 1d8 5 + LUCK 1 = 16 sharp." in s.text()
    assert s.u("c1").hp == 30 - 16


def test_F_9_magic_crit_adds_luck_to_normal_damage() -> None:
    s = Scene([("mage", 1, 1)], [("thornback_boar", 5, 1)], tweak=lambda st: set_attr(st.units[0], "LUCK", 1))
    s.dice(20, 6)
    s.act("cast", "ember_lance", "c1")
    assert "Damage: 1d10 6 + LUCK 1 (crit) = 7 fire." in s.text()


def _longsword_outcome(luck: int, d20: int, creature: str = "thornback_boar", content=None) -> str:  # type: ignore[no-untyped-def]
    """Tamsin (STR 2, LUCK set) attacks with her longsword in a game; 'hit', 'crit' or 'miss'."""
    s = Scene(
        [("warrior", 4, 1)],
        [(creature, 5, 1)],
        tweak=lambda st: set_attr(st.units[0], "LUCK", luck),
        content=content,
    )
    s.dice(d20, 4)  # a hit rolls 1d8 once; so does a crit (its maximum, plus the dice rolled again, F-9)
    s.act("attack", "longsword", "c1")
    line = next(t for t in s.log if t.startswith("Tamsin attacks ") and " d20 " in t)
    return line.rsplit(": ", 1)[1]


def test_F_10_crit_ranges_by_luck_and_cap() -> None:
    # (LUCK, lowest d20 that crits): one below each range is a plain hit (every roll here hits AR 13)
    for luck, low in ((0, 20), (5, 20), (6, 19), (11, 19), (12, 18)):
        assert _longsword_outcome(luck, low) == "crit", (luck, low)
        assert _longsword_outcome(luck, low - 1) == "hit", (luck, low - 1)
    assert [crit_threshold(luck, 0) for luck in (0, 5, 6, 11, 12)] == [20, 20, 19, 19, 18]
    # the cap: LUCK 12 (2) and Vulnerable Sharp 4 would reach 14-20; never wider than 16-20
    brittle = dict(SLAG_TOAD, id="test_brittle", name="Test Brittle", vulnerable={"sharp": 4}, hp=60)
    content = with_creatures(brittle)
    assert _longsword_outcome(12, 16, "test_brittle", content) == "crit"
    assert _longsword_outcome(12, 15, "test_brittle", content) == "hit"
    assert crit_threshold(12, 4) == crit_threshold(12, 9) == 16
    # Vulnerable widens by its value: LUCK 0 and Vulnerable Sharp 4 crits on 16-20
    assert _longsword_outcome(0, 16, "test_brittle", content) == "crit"
    assert _longsword_outcome(0, 15, "test_brittle", content) == "hit"


def test_F_10_negative_luck_is_a_penalty_and_blocks_crits() -> None:
    s = Scene([("warrior", 4, 1)], [("thornback_boar", 5, 1)], tweak=lambda st: set_attr(st.units[0], "LUCK", -2))
    s.dice(20, 4)
    s.act("attack", "longsword", "c1")
    assert "d20 20 + STR 2 - LUCK 2 = 20 vs AR 13: hit" in s.text()
    assert s.u("c1").hp == 30 - 6  # 1d8 4 + 2, no crit
    # the boundary: LUCK 0 crits on a natural 20 and takes no penalty, LUCK -1 never crits
    assert _longsword_outcome(0, 20) == "crit" and _longsword_outcome(-1, 20) == "hit"
    assert crit_threshold(-1, 4) == 21  # Vulnerable does not open a crit range either


def test_F_11_area_attack_one_roll_for_all_targets_allies_included() -> None:
    s = Scene([("mage", 1, 1), ("warrior", 6, 2)], [("ash_hound", 5, 1), ("ash_hound", 5, 2)])
    s.dice(12, 3, 4)
    s.act("cast", "shock_burst", "c1")
    lines = [t for t in s.log if "with Shock Burst: d20" in t]
    assert len(lines) == 3 and all("d20 12 + INT 2 = 14 vs REF" in t for t in lines)
    assert s.u("c1").hp == 12 - 7 and s.u("c2").hp == 12 - 7
    assert s.u("h2").hp == s.u("h2").max_hp - 7  # REF 11 vs 14: the ally is hit too
    assert s.active.sp == 2


F12_TYPES = {
    "physical": ("blunt", "sharp"),
    "elemental": ("cold", "corrosive", "fire", "lightning", "toxic"),
    "energy": ("necrotic", "psychic", "radiant", "sonic"),
}


def _biter(damage_type: str) -> dict:  # type: ignore[type-arg]
    bite = dict(SLAG_TOAD["actions"][1], damage_type=damage_type, text="-")
    return dict(SLAG_TOAD, id="test_biter", name="Test Biter", actions=[SLAG_TOAD["actions"][0], bite])


def test_F_12_eleven_damage_types() -> None:
    eleven = [t for group in F12_TYPES.values() for t in group]
    assert len(eleven) == len(set(eleven)) == 11
    assert set(DAMAGE_TYPES) == set(eleven) and len(DAMAGE_TYPES) == 11
    # every one of the eleven is a damage type an attack can deal in a game (Tamsin resists and is immune to none)
    for damage_type in eleven:
        s = Scene([("warrior", 4, 1)], [("test_biter", 5, 1)], content=with_creatures(_biter(damage_type)))
        s.act("end")
        s.dice(19, 2)
        s.act("attack", "bite", "h1")
        assert f"Tamsin takes 5 {damage_type} damage" in s.text(), damage_type
    # nothing else is a damage type: content naming a twelfth is refused
    for other in ("physical", "acid", "force", "Fire"):
        with pytest.raises(ValidationError):
            with_creatures(_biter(other))
        with pytest.raises(ValidationError):
            with_creatures(dict(SLAG_TOAD, id="test_resists", resist={other: 2}))
    used = {i.damage_type for i in CONTENT.items.values() if i.damage_type}
    used |= {a.damage_type for c in CONTENT.creatures.values() for a in c.actions if a.damage_type}
    assert used <= set(DAMAGE_TYPES)


def test_F_13_resist_vulnerable_immune_dr() -> None:
    s = Scene(
        [("mage", 1, 1), ("cleric", 4, 4)], [("ash_hound", 5, 1), ("cinder_imp", 5, 6), ("rattlebone_sentry", 5, 4)]
    )
    s.dice(12, 5)
    s.act("cast", "ember_lance", "c1")
    assert "d20 12 + INT 2 = 14 vs AR 14: hit" in s.text()  # Resist Fire 2 raises AR 12 to 14
    s.act("end")
    # Vulnerable Blunt 2: AR 13 - 2 = 11, crit range 18-20; it overrides DR
    s.u("c2").dr = 3
    s.dice(18, 4)
    s.act("attack", "morningstar", "c2")
    assert "d20 18 + STR 1 = 19 vs AR 11: crit" in s.text()
    assert s.u("c2").hp == 18 - (8 + 1 + 4 + 0)  # max 8 + STR 1, 1d8 again 4, LUCK 0; DR 3 overridden
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
    if s.kind == "reaction":
        s.act("decline")  # Tamsin's Parry
    assert s.u("h1").hp == s.u("h1").max_hp - (2 + 3)  # 1d4 + 3
    assert "slag_toad" not in CONTENT.creatures
