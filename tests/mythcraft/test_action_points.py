"""Action Points and Reactive AP: C-13..C-24, F-3, H-2, H-11, H-12."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mythtable.rulesets.mythcraft.rules import cor_bonus, reactive_cap
from mythtable.rulesets.mythcraft.state import State
from tests.mythcraft.helpers import ENGINE, Scene, set_attr

TABLE = {-3: -2, -2: -1, -1: -1, 0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 5, 11: 5, 12: 6}


@pytest.mark.parametrize("cor", sorted(TABLE))
def test_C_15_C_16_ap_table_both_ends_of_every_row(cor: int) -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st_: set_attr(st_.units[0], "COR", cor))
    hero = s.active
    assert hero.ap == 3 + TABLE[cor]
    assert hero.fresh == 3 + TABLE[cor]


# F-3 in the sources' own words, written out: +1 AP per 2 full points of COR, -1 AP at COR -1 or -2, -2 AP at
# COR -3; so the AP a hero gains per turn (3 + that bonus), for every COR from -3 to 12:
F3_AP = {-3: 1, -2: 2, -1: 2, 0: 3, 1: 3, 2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 7, 9: 7, 10: 8, 11: 8, 12: 9}


@pytest.mark.parametrize("cor", sorted(F3_AP))
def test_F_3_ap_per_turn_matches_the_official_phrasing(cor: int) -> None:
    s = Scene([("rogue", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st_: set_attr(st_.units[0], "COR", cor))
    hero = s.active
    assert hero.ap == F3_AP[cor] == 3 + cor_bonus(cor)
    s.act("end")
    s.end_until("h1")  # its second turn: the same gain, plus the carried-over Reactive AP (C-23)
    assert hero.fresh == F3_AP[cor]
    assert hero.ap == F3_AP[cor] + min(F3_AP[cor], reactive_cap(1))
    assert F3_AP[cor] - 3 == TABLE[cor]  # agrees with the C-16 table


@pytest.mark.parametrize("cor", range(-3, 13))
def test_F_3_bonus_is_floor_of_half_cor_in_play(cor: int) -> None:
    """In play, not through the engine's helper: a hero of every COR gains 3 + floor(COR / 2) AP a turn,
    under the staggered halving too (F-29: half of that, rounded up)."""
    s = Scene([("mage", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st_: set_attr(st_.units[0], "COR", cor))
    hero = s.active
    assert hero.fresh == hero.ap == 3 + math.floor(cor / 2) == F3_AP[cor]
    ENGINE.add_cond(s.state, hero, "staggered", 0, 2, "", [])
    s.act("end")
    s.end_until("h1")
    assert hero.fresh == math.ceil((3 + math.floor(cor / 2)) / 2)


def five_ap(st: State) -> None:
    """The first hero with COR 4: 3 + 2 = 5 AP a turn (C-16)."""
    set_attr(st.units[0], "COR", 4)


def test_C_13_C_14_C_17_actions_cost_ap_in_any_order() -> None:
    s = Scene([("rogue", 1, 1)], [("ash_hound", 2, 1)], tweak=five_ap)
    rogue = s.active
    assert rogue.ap == 5
    s.dice(2)  # a miss with the dagger (no damage die)
    s.act("attack", "dagger", "c1")
    assert rogue.ap == 3
    s.act("move", 1, 2)  # stays within the hound's reach: no Engaged attack
    assert rogue.ap == 2
    s.dice(2)
    s.act("attack", "dagger", "c1")
    assert rogue.ap == 0
    # different actions, different costs: dodge 2, stand 1, prone 0 (H-1)
    s.act("end")
    s.end_until("h1")
    s.act("prone")
    assert rogue.ap == 5
    s.act("stand")
    assert rogue.ap == 4
    s.act("dodge")
    assert rogue.ap == 2


def test_C_18_C_19_C_20_leftover_ap_is_reactive_and_needs_an_ability() -> None:
    s = Scene([("berzerker", 4, 1), ("warrior", 6, 1)], [("ash_hound", 5, 2)])
    s.act("end")  # Hrodna keeps 4 AP as Reactive AP
    assert s.u("h1").reactive == 4 and s.u("h1").ap == 0
    s.act("dodge")
    s.act("end")  # Tamsin keeps 2
    assert s.u("h2").reactive == 2
    # the hound bites Hrodna: she has no Reactive Action, so nobody is asked
    s.dice(14, 3)
    s.act("attack", "bite", "h1")
    assert s.kind == "creature_turn"
    assert s.u("h1").reactive == 4
    # it bites Tamsin (another's turn): Parry is offered and paid from Reactive AP
    s.dice(16)
    s.act("attack", "bite", "h2")
    assert s.kind == "reaction" and s.decision.seat == 0
    s.act("react", "parry")
    assert s.u("h2").reactive == 1
    # on her own turn the Reactive AP is already in the pool: nothing "reactive" to spend
    s.end_until("h2")
    assert s.u("h2").reactive == 0
    assert not any(a[0] == "react" for a in s.actions)


@pytest.mark.parametrize(("level", "cap"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4)])
def test_C_21_C_22_reactive_cap_by_level_excess_lost(level: int, cap: int) -> None:
    s = Scene([("rogue", 1, 1)], [("ash_hound", 10, 6)], level=level, tweak=five_ap)
    assert reactive_cap(level) == cap
    s.act("end")
    assert s.u("h1").reactive == 5
    s.end_until("h1")
    rogue = s.u("h1")
    assert rogue.kept == cap
    assert rogue.ap == 5 + cap
    assert f"keeps {cap} Reactive AP (cap {cap}, {5 - cap} lost)" in s.text()


def test_C_21_cap_does_not_limit_holding_between_turns() -> None:
    """A level-1 rogue (cap 2) holds all its leftover AP as Reactive AP and spends more than the cap between two
    of its turns: a Riposte (2 Reactive AP) late in round 1 and another early in round 2 (once per round
    each). Only what is left at its next turn is capped (C-21)."""
    # Initiative: hound A (c1) first, then Quill, then hound B (c2)
    s = Scene([("rogue", 4, 1)], [("ash_hound", 4, 5), ("ash_hound", 8, 1)], init=[10, 18, 1])
    assert [s.state.units[i].uid for i in s.state.order] == ["c1", "h1", "c2"]
    s.act("end")  # hound A waits
    rogue = s.u("h1")
    held = rogue.ap
    s.act("end")
    assert rogue.reactive == held >= 4 > reactive_cap(1)  # held whole, above the cap
    s.act("move", 5, 1)  # hound B ends its move next to Quill
    assert s.kind == "reaction" and ("react", "riposte") in s.actions
    s.dice(1)  # a natural 1: the hound lives on
    s.act("react", "riposte")
    assert rogue.reactive == held - 2
    s.act("end")  # round 2: hound A comes next to Quill
    assert s.state.round == 2 and s.active.uid == "c1"
    s.act("move", 4, 2)
    assert s.kind == "reaction" and ("react", "riposte") in s.actions  # 2 Reactive AP still held
    s.dice(1)
    s.act("react", "riposte")
    assert rogue.reactive == held - 4  # 4 Reactive AP spent between two turns, twice the cap
    s.end_until("h1")
    assert rogue.kept == min(held - 4, reactive_cap(1)) and rogue.ap == rogue.fresh + rogue.kept


def test_C_23_C_24_worked_example() -> None:
    # COR 2: 3 + 1 = 4 AP. Move (1 AP), attack (2 AP: a dagger), 1 left -> Reactive AP -> next pool 5.
    s = Scene([("rogue", 1, 1)], [("ash_hound", 4, 1)])
    hero = s.active
    assert hero.attrs[7] == 2 and hero.ap == 4
    s.act("move", 3, 1)
    assert hero.ap == 3
    s.dice(2)  # a miss
    s.act("attack", "dagger", "c1")
    assert hero.ap == 1
    s.act("end")
    assert hero.reactive == 1
    s.act("end")  # the hound does nothing: no Reactive AP spent
    assert s.active is hero
    assert hero.ap == 5 and hero.fresh == 4 and hero.kept == 1


def test_H_11_dazed_stunned_staggered_pools() -> None:
    s = Scene([("rogue", 1, 1), ("warrior", 1, 3), ("cleric", 1, 5)], [("ash_hound", 10, 6)])
    # all three end with full AP: 4 each (COR 2)
    s.u("h1").conds["dazed"] = [0, 2, ""]
    s.act("end")
    s.u("h2").conds["stunned"] = [0, 2, ""]
    s.act("end")
    s.u("h3").conds["staggered"] = [0, 2, ""]
    s.act("end")
    s.end_until("h1")
    assert s.u("h1").ap == 3 and s.u("h1").kept == 0  # min(5, 3), nothing kept
    s.act("end")
    assert s.u("h2").ap == 1 and s.u("h2").kept == 0
    s.act("end")
    assert s.u("h3").ap == 2 + 2 and s.u("h3").kept == 2  # ceil(4 / 2) + kept


def test_H_2_parry_lowers_what_is_carried_over() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("dodge")  # AR 16 + 2 = 18, 2 AP left
    s.act("end")
    assert s.u("h1").reactive == 2
    s.dice(16)  # 16 + 2 = 18 vs AR 18: a hit that Parry can turn
    s.act("attack", "bite", "h1")
    s.act("react", "parry")
    assert "18 vs AR 20: miss." in s.text()
    s.end_until("h1")
    assert s.u("h1").kept == 1 and s.u("h1").ap == 5


def test_H_12_turn_start_and_end_sequence() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    w = s.u("h1")
    s.act("dodge")
    w.conds["bleeding"] = [1, -1, ""]
    w.conds["staggered"] = [0, 1, ""]  # a "1 round" effect ending at this turn's end
    s.act("end")
    assert "staggered" not in w.conds and w.reactive == 2
    assert "dodge" in w.conds  # lasts until the start of its next turn
    s.end_until("h1")
    assert "dodge" not in w.conds
    assert w.hp == w.max_hp - 1
    start = s.log.index("Tamsin bleeds.")
    gains = next(i for i, t in enumerate(s.log) if t.startswith("Round 2: Tamsin's turn"))
    assert start < gains
    # no stacking: the higher X stays; DR applies to it (not an attack)
    s.state.rng.script = []
    from tests.mythcraft.helpers import ENGINE

    ENGINE.add_cond(s.state, w, "bleeding", 3, 0, "", [])
    ENGINE.add_cond(s.state, w, "bleeding", 2, 0, "", [])
    assert w.conds["bleeding"][0] == 3
    w.dr = 3
    hp = w.hp
    s.act("end")
    s.end_until("h1")
    assert w.hp == hp


def test_H_12_resist_does_not_cut_bleeding_or_burning_but_immune_does() -> None:
    """Bleeding and Burning are not attacks (H-12): Resist (a defense bonus, F-13) has nothing to add to, so
    the Ash Hound with Resist Fire 2 still burns for the whole X, and the Rattlebone Sentry with Resist Sharp 2
    bleeds for the whole X; the Cinder Imp, Immune to fire, takes none."""
    s = Scene(
        [("warrior", 1, 1)],
        [("ash_hound", 10, 1), ("rattlebone_sentry", 10, 4), ("cinder_imp", 10, 7)],
        init=[20, 6, 7, 1],  # Tamsin, then the hound, the sentry and the imp
    )
    hound, sentry, imp = s.u("c1"), s.u("c2"), s.u("c3")
    assert hound.resist == {"fire": 2} and sentry.resist.get("sharp") == 2 and "fire" in imp.immune
    for u, cond in ((hound, "burning"), (sentry, "bleeding"), (imp, "burning")):
        ENGINE.add_cond(s.state, u, cond, 2, 0, "", [])
    hp = {u.uid: u.hp for u in (hound, sentry, imp)}
    s.act("end")  # each creature's turn starts: Bleeding and Burning strike
    assert s.active is hound and hound.hp == hp["c1"] - 2
    assert "Ash Hound takes 2 fire damage" in s.text()
    s.act("end")
    assert s.active is sentry and sentry.hp == hp["c2"] - 2
    s.act("end")
    assert s.active is imp and imp.hp == hp["c3"]
    assert "Cinder Imp is immune to fire damage." in s.text()


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=5), st.integers(min_value=0, max_value=5))
def test_C_21_C_23_property_kept_is_min_of_leftover_and_cap(level: int, spend: int) -> None:
    s = Scene([("rogue", 1, 1)], [("ash_hound", 10, 6)], level=level, tweak=five_ap)
    rogue = s.u("h1")
    rogue.ap -= spend  # as if spent on actions
    s.act("end")
    s.end_until("h1")
    kept = min(5 - spend, reactive_cap(level))
    assert rogue.kept == kept and rogue.ap == 5 + kept
