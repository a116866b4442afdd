"""Reactions and victory: H-2, H-14, H-17, H-29, H-10."""

from __future__ import annotations

import pytest

from mythtable.rulesets.mythcraft.rules import reactive_cap
from tests.mythcraft.helpers import ENGINE, Scene


def test_H_14_only_seats_with_a_legal_reaction_are_asked() -> None:
    s = Scene([("berzerker", 4, 1), ("warrior", 1, 6)], [("ash_hound", 5, 1)])
    s.act("end")
    s.act("end")
    s.dice(16, 1)
    s.act("attack", "bite", "h1")  # Hrodna has Reactive AP but no Reactive Action
    assert s.kind == "creature_turn"


def test_H_14_auto_decline_each_side() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], options={"auto_decline_creatures": "yes"})
    s.act("move", 1, 1)
    assert s.kind == "hero_turn" and (s.active.x, s.active.y) == (1, 1)
    assert "reactions are auto-declined" in s.text()
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], options={"auto_decline_heroes": "yes"})
    s.act("end")
    s.dice(15, 1)
    s.act("attack", "bite", "h1")  # 17 vs AR 16: Parry would matter, but hero reactions auto-decline
    assert s.kind == "creature_turn"


def test_H_14_simultaneous_reactions_in_initiative_order() -> None:
    # c2 rolls higher Initiative than c1: it is asked first
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 0), ("ash_hound", 5, 2)], init=[20, 3, 9])
    s.act("move", 1, 1)
    assert s.kind == "reaction"
    assert "Ash Hound B may strike" in s.decision.prompt
    s.act("decline")
    assert s.kind == "reaction" and "Ash Hound A may strike" in s.decision.prompt
    s.act("decline")
    assert (s.active.x, s.active.y) == (1, 1)


def test_H_2_riposte() -> None:
    s = Scene([("rogue", 4, 1)], [("ash_hound", 8, 1)])
    s.act("end")  # 4 Reactive AP
    s.act("move", 5, 1)
    assert s.kind == "reaction" and s.decision.seat == 0 and ("react", "riposte") in s.actions
    s.dice(15, 2)
    s.act("react", "riposte")
    assert "Quill attacks Ash Hound with dagger: d20 15 + DEX 2 = 17 vs AR 12: hit" in s.text()
    assert s.u("h1").reactive == 2 and s.u("c1").hp == 12 - (2 + 2)  # 2 Reactive AP, not the dagger's APC
    s.act("move", 4, 2)  # ends next to Quill again: Riposte is once per round
    assert s.kind == "creature_turn" or s.kind == "hero_turn"


def test_H_2_ward_and_grim_reprisal() -> None:
    s = Scene([("mage", 4, 1), ("warrior", 6, 2)], [("barrow_thane", 5, 1)])
    s.act("end")  # the mage keeps 4 Reactive AP
    s.dice(3)
    s.act("attack", "longsword", "c1")  # misses the Thane in melee
    assert s.kind == "reaction" and s.decision.seat == 1 and ("react", "grim_reprisal") in s.actions
    s.dice(2)
    s.act("react", "grim_reprisal")
    assert "Barrow Thane attacks Tamsin with Grave Blade: d20 2" in s.text()
    s.act("end")
    s.dice(8)
    s.act("special", "dread_call")  # 8 + 3 = 11 vs WILL 10 (mage) and WILL 10 (warrior)
    assert s.kind == "reaction" and ("react", "ward") in s.actions
    s.act("react", "ward")
    assert "11 vs WILL 12: miss." in s.text()
    assert "frightened" not in s.u("h1").conds and "frightened" in s.u("h2").conds
    assert s.u("h1").reactive == 3


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_H_2_berzerker_and_cleric_have_no_reactive_action_at_any_level(level: int) -> None:
    """At every level 1-5 a berzerker or a cleric holding Reactive AP is asked nothing when a hostile ends its
    move next to it (Riposte's trigger) or hits it by exactly its AR (when Parry or Ward would matter); the
    Reactive AP are only carried over (C-21)."""
    for template in ("berzerker", "cleric"):
        s = Scene([(template, 4, 1)], [("ash_hound", 9, 1)], level=level)
        hero = s.u("h1")
        s.act("end")
        held = hero.reactive
        assert held > 0
        s.act("move", 5, 1)  # the hound ends its move next to the hero
        assert s.kind == "creature_turn", (template, level)
        s.dice(ENGINE.defense(s.state, hero, "AR") - 2, 1)  # bite: d20 + 2 = AR exactly, a hit +2 would turn
        s.act("attack", "bite", "h1")
        assert s.kind == "hero_turn" and s.active is hero, (template, level)  # nobody was asked
        assert hero.kept == min(held, reactive_cap(level))


def test_H_29_parry_offered_only_when_it_can_matter() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.dice(19, 1)  # 21 vs AR 16: +2 cannot turn it
    s.act("attack", "bite", "h1")
    assert s.kind == "creature_turn"
    s.dice(20, 1)  # a natural 20 always hits
    s.act("attack", "bite", "h1")
    assert s.kind == "hero_turn"


def test_H_29_special_ap_lost_at_end_of_turn() -> None:
    s = Scene([("berzerker", 1, 1)], [("ash_hound", 10, 6)])
    s.act("end")
    assert s.u("h1").special_ap == 0 and s.u("h1").reactive == 4


def test_H_17_heroes_win_when_every_creature_is_dead() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[1].hp = 1

    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], tweak=tweak)
    s.dice(15, 1)
    s.act("attack", "longsword", "c1")
    assert s.decision is None
    assert s.state.result == [0, "every creature is dead"]


def test_H_17_creatures_win_when_every_hero_is_dead_or_dying() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = 1

    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], tweak=tweak)
    s.act("end")
    s.dice(19, 1)
    s.act("attack", "bite", "h1")
    assert s.state.result == [1, "every hero is dead or dying"]


def test_H_17_simultaneous_wipe_out_goes_to_the_creatures() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = 1
        st.units[1].hp = 1

    s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)], tweak=tweak)
    s.dice(15, 1, 1)
    s.act("cast", "shock_burst", "c1")  # the mage stands inside its own burst
    assert s.u("c1").dead and s.u("h1").dying
    assert s.state.result == [1, "every hero is dead or dying"]


def test_H_10_creature_takes_its_actions_repeats_allowed() -> None:
    s = Scene([("warrior", 4, 1)], [("barrow_thane", 5, 1)])
    s.act("end")
    thane = s.active
    assert thane.acts == 3
    for _ in range(3):
        s.dice(2)
        s.act("attack", "grave_blade", "h1")
    assert s.active.uid == "h1"  # three actions used: the turn ended by itself
    assert s.text().count("Barrow Thane attacks Tamsin with Grave Blade") == 3


def test_H_2_H_14_second_riposte_lapses_when_the_first_fells_the_target() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[2].hp = 1

    s = Scene([("rogue", 4, 1), ("rogue", 4, 3)], [("ash_hound", 8, 2), ("cinder_imp", 11, 7)], tweak=tweak)
    s.act("end")
    s.act("end")
    s.act("move", 5, 2)  # ends next to both rogues: asked in Initiative order
    assert s.kind == "reaction" and s.u("h1").name in s.decision.prompt
    s.dice(15, 2)
    s.act("react", "riposte")
    assert s.u("c1").dead
    assert s.kind != "reaction"  # the second rogue is not asked about a dead hound
    assert s.u("h2").reactive == 4
