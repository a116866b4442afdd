"""Special AP: C-25..C-29, F-38, F-39, H-4, H-5, H-7."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import CONTENT, Scene


def test_C_25_C_26_F_38_rage_ap_pays_only_attacks_and_never_carries() -> None:
    s = Scene([("berzerker", 4, 1)], [("ash_hound", 5, 1)])
    b = s.active
    assert b.special == "rage" and b.special_ap == 1 and b.ap == 4
    assert "1 Rage AP" in s.decision.prompt
    s.act("dodge")  # not an attack: normal AP only
    assert b.ap == 2 and b.special_ap == 1
    s.dice(2)
    s.act("attack", "battle_axe", "c1")  # APC 2 (two-handed): 1 Rage AP + 1 AP
    assert b.special_ap == 0 and b.ap == 1
    assert "(1 Rage AP + 1 AP)" in s.text()
    s.act("end")
    assert b.reactive == 1  # Rage AP is never turned into Reactive AP
    s.end_until("h1")
    assert b.special_ap == 1 and b.ap == 4 + 1


def test_C_27_H_4_support_ap_pays_only_healing_and_aid() -> None:
    s = Scene([("cleric", 4, 1), ("warrior", 4, 2)], [("ash_hound", 5, 1)])
    c = s.active
    assert c.special == "support" and c.special_ap == 1
    assert "Holy Support AP (Support AP)" in s.decision.prompt
    s.dice(2)
    s.act("attack", "unarmed", "c1")  # APC 2, an attack: Support AP does not pay
    assert c.ap == 2 and c.special_ap == 1
    s.dice(3)
    s.act("cast", "mending_prayer", "h2")  # 2 AP + 1 SP: 1 Support AP + 1 AP
    assert c.ap == 1 and c.special_ap == 0 and c.sp == 3
    s.act("end")
    assert c.reactive == 1  # the normal AP left


def test_F_39_H_4_the_clerics_special_ap_goes_by_the_seeds_name_and_the_sites() -> None:
    s = Scene([("cleric", 4, 1), ("warrior", 4, 2)], [("ash_hound", 5, 1)])
    c = s.active
    both = "Holy Support AP (Support AP)"
    assert f"1 {both}" in s.text()  # the turn-start line
    assert both in s.decision.prompt
    assert RULESET.view(s.state, 0).combatants[0].special_kind == "support"
    s.act("help", "c1")
    assert "(1 Support AP)" in s.text() and c.special_ap == 0  # one pool, whichever name is used
    reference = {e.id: e.text for e in CONTENT.rules.clauses()}
    assert "Support AP" in reference["F-39"] and "Holy Support AP" in reference["F-39"]
    assert "Holy Support AP (Support AP)" in reference["H-4"]


def test_H_5_special_ap_is_spent_first_automatically_help_uses_support() -> None:
    s = Scene([("cleric", 4, 1), ("warrior", 4, 2)], [("ash_hound", 5, 1)])
    c = s.active
    s.act("help", "c1")
    assert c.special_ap == 0 and c.ap == 4
    assert "(1 Support AP)" in s.text()
    s.act("help", "c1")  # no Support AP left: normal AP
    assert c.ap == 3


def fury(st) -> None:  # type: ignore[no-untyped-def]
    st.units[0].pack.append("fury_draught")


def test_C_28_C_29_H_7_cleric_chooses_one_source_blood_rage() -> None:
    s = Scene([("cleric", 1, 1)], [("ash_hound", 10, 6)], tweak=fury)
    c = s.active
    s.act("use", "fury_draught", "h1")
    assert s.kind == "special_ap_choice" and s.decision.seat == 0
    assert set(s.actions) == {("keep", "holy_support"), ("keep", "blood_rage")}
    with pytest.raises(IllegalAction):
        s.act("end")
    s.act("keep", "blood_rage")
    assert c.special == "rage" and c.special_ap == 1
    for rnd in (2, 3, 4):
        s.act("end")
        s.end_until("h1")
        assert s.state.round == rnd and c.special == "rage"
    s.act("end")
    s.end_until("h1")
    assert c.special == "support" and c.special_ap == 1  # Holy Support comes back


def test_C_29_H_7_cleric_keeps_holy_support() -> None:
    s = Scene([("cleric", 1, 1)], [("ash_hound", 10, 6)], tweak=fury)
    c = s.active
    s.act("use", "fury_draught", "h1")
    s.act("keep", "holy_support")
    assert c.special == "support" and c.special_ap == 1 and c.fury == 0


def test_H_7_berzerker_gets_no_prompt() -> None:
    s = Scene([("berzerker", 1, 1)], [("ash_hound", 10, 6)], tweak=fury)
    s.act("use", "fury_draught", "h1")
    assert s.kind == "hero_turn"
    assert s.active.special == "rage"
    assert "already has Blood Rage" in s.text()


def test_C_28_a_first_source_needs_no_choice() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], tweak=fury)
    s.act("use", "fury_draught", "h1")
    assert s.kind == "hero_turn" and s.active.special == "rage" and s.active.special_ap == 1


def test_H_7_F_19_a_second_fury_draught_renews_the_rounds_without_a_prompt() -> None:
    """A cleric already in a draught's Blood Rage drinks another in round 2: no prompt (the same source, H-7),
    and the newer draught replaces the older (F-19): Rage AP through round 5, Holy Support back in round 6 (the
    first draught alone would have ended after round 4). The log says so; it said 'nothing changes'."""

    def two(st) -> None:  # type: ignore[no-untyped-def]
        st.units[0].pack.extend(["fury_draught", "fury_draught"])

    s = Scene([("cleric", 1, 1)], [("ash_hound", 10, 6)], tweak=two)
    c = s.active
    s.act("use", "fury_draught", "h1")
    s.act("keep", "blood_rage")
    s.act("end")
    s.end_until("h1")
    assert s.state.round == 2 and c.special == "rage"
    s.act("use", "fury_draught", "h1")
    assert s.kind == "hero_turn" and c.special == "rage"
    assert "Maelis already has Blood Rage: it lasts 3 rounds from now." in s.text()
    assert "nothing changes" not in s.text()
    for rnd in (3, 4, 5):
        s.act("end")
        s.end_until("h1")
        assert s.state.round == rnd and c.special == "rage" and c.special_ap == 1
    s.act("end")
    s.end_until("h1")
    assert s.state.round == 6 and c.special == "support" and c.special_ap == 1
