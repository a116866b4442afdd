"""Black-box boundary scenarios (the audit of the rules file's section 7): each test sits on the edge of its clause,
one step either side, written from the seed and the rules file with the public Scene helper only."""

from __future__ import annotations

from tests.mythcraft.helpers import ENGINE, Scene, set_attr

CORRIDOR = ["#" * 12, "#..........#"] + ["#" * 12] * 6
"""A one-square-wide corridor on row 1: every path between two of its squares is the straight one."""


def order(s: Scene) -> list[str]:
    return [s.state.units[i].uid for i in s.state.order]


def turns(s: Scene, n: int) -> list[tuple[int, str]]:
    """The next n turns as (round, uid), each ended at once."""
    seen = []
    for _ in range(n):
        seen.append((s.state.round, s.active.uid))
        s.act("end")
    return seen


# ----- Initiative: C-8, C-10..C-12 ----------------------------------------------------------------------------


def test_C_10_C_11_only_the_equal_awr_part_of_a_tie_rolls_off() -> None:
    """Three heroes at 15: Orrin by AWR 1 (d20 14), Tamsin and Hrodna by AWR 0 (d20 15 each). Orrin goes first
    on AWR alone and rolls nothing (C-10); only Tamsin and Hrodna roll off (C-11): 7 against 12. The hound's 8
    (d20 6 + AWR 2) stays below the whole group (C-8). StrictDice: a d20 for Orrin would raise."""
    s = Scene(
        [("warrior", 1, 1), ("mage", 1, 3), ("berzerker", 1, 5)],
        [("ash_hound", 8, 1)],
        init=[15, 14, 15, 6, 7, 12],
    )
    assert [s.u(uid).init[1] for uid in ("h1", "h2", "h3")] == [15, 15, 15]
    assert [s.u(uid).attrs[3] for uid in ("h1", "h2", "h3")] == [0, 1, 0]
    assert order(s) == ["h2", "h3", "h1", "c1"]
    assert s.u("h2").init[2] == [] and s.u("h1").init[2] == [7] and s.u("h3").init[2] == [12]
    assert "Orrin rolls off" not in s.text()


def test_C_12_two_tie_groups_roll_off_apart_and_repeat_until_distinct() -> None:
    """Tamsin and Hrodna tie at 15, Tamsin II and Hrodna II at 10 (all AWR 0). The 15s roll off 3 against 8 and
    are settled. The 10s roll 5 and 5 (still tied), then 5 and 5 again, then 9 against 4: only the two still
    tied re-roll, as often as needed (C-12), and the 15s roll no more. The hound (d20 1 + AWR 2 = 3) is last."""
    s = Scene(
        [("warrior", 1, 1), ("berzerker", 1, 3), ("warrior", 1, 5), ("berzerker", 1, 7)],
        [("ash_hound", 8, 1)],
        init=[15, 15, 10, 10, 1, 3, 8, 5, 5, 5, 5, 9, 4],
    )
    assert order(s) == ["h2", "h1", "h3", "h4", "c1"]
    assert s.u("h1").init[2] == [3] and s.u("h2").init[2] == [8]
    assert s.u("h3").init[2] == [5, 5, 9] and s.u("h4").init[2] == [5, 5, 4]
    assert s.u("c1").init[2] == []


# ----- C-3, C-9: the order keeps its shape when a participant leaves it --------------------------------------


def test_C_9_killing_a_creature_earlier_in_the_order_skips_nobody() -> None:
    """Order: hound A (c1), Tamsin, hound B (c2). On Tamsin's turn she kills hound A, which went before her. Her
    turn goes on, then hound B's (round 1), then round 2 is Tamsin and hound B, and so on: no turn skipped, none
    repeated (C-9, C-3)."""

    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[1].hp = 1

    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1), ("ash_hound", 10, 6)], init=[10, 18, 1], tweak=tweak)
    assert order(s) == ["c1", "h1", "c2"]
    s.act("end")
    s.dice(15, 4)
    s.act("attack", "longsword", "c1")
    assert s.u("c1").dead and order(s) == ["h1", "c2"]
    assert s.active.uid == "h1" and s.state.round == 1
    assert turns(s, 5) == [(1, "h1"), (1, "c2"), (2, "h1"), (2, "c2"), (3, "h1")]


def test_C_9_the_last_in_the_order_dying_on_its_own_turn_starts_the_next_round() -> None:
    """Order: Tamsin, hound A, hound B. Hound B, last, leaves Tamsin's reach and dies to her Engaged strike in
    the middle of its own turn: round 2 begins with Tamsin, then hound A."""
    s = Scene([("warrior", 4, 6)], [("ash_hound", 10, 1), ("ash_hound", 5, 6)])
    assert order(s) == ["h1", "c1", "c2"]
    s.u("c2").hp = 1
    s.act("end")
    s.act("end")
    assert s.active.uid == "c2"
    s.act("move", 9, 6)
    s.dice(15, 4)
    s.act("react", "engaged")
    assert s.u("c2").dead
    assert turns(s, 3) == [(2, "h1"), (2, "c1"), (3, "h1")]


# ----- Reactive AP: C-19, C-20, F-27, F-28, H-29 --------------------------------------------------------------


def test_H_29_parry_is_asked_exactly_when_plus_2_turns_the_hit() -> None:
    """Tamsin (AR 16) holds Reactive AP; an Ash Hound bites (+2). Total 15: a miss, nothing to parry. 16 (her AR
    exactly) and 17: hits that +2 turns into misses: she is asked. 18: +2 only makes it 18 vs 18, still a hit:
    she is not asked (H-14, H-29)."""
    for d20, asked in ((13, False), (14, True), (15, True), (16, False)):
        s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
        s.act("end")
        assert s.u("h1").reactive == 4
        s.dice(d20, *([] if asked or d20 + 2 < 16 else [3]))
        s.act("attack", "bite", "h1")
        assert f"d20 {d20} + 2 = {d20 + 2} vs AR 16" in s.text()
        assert (s.kind == "reaction") is asked, d20
        if asked:
            assert ("react", "parry") in s.actions


def test_F_27_F_28_dazed_or_stunned_hero_cannot_spend_reactive_ap() -> None:
    """Tamsin holds 4 Reactive AP; a bite totals her AR exactly, which Parry would turn. Dazed (F-27: no
    Reactive AP) or Stunned (F-28, more restrictive still) she is not asked, and the bite's damage is rolled."""
    for cond in ("dazed", "stunned"):
        s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
        s.act("end")
        s.u("h1").conds[cond] = [0, 2, ""]
        s.dice(14, 3)
        s.act("attack", "bite", "h1")
        assert s.kind == "creature_turn", cond
        assert "16 vs AR 16: hit" in s.text()


def test_C_19_C_20_no_parry_on_the_heros_own_turn() -> None:
    """On her own turn Tamsin holds AP, not Reactive AP: when the Barrow Thane's Grim Reprisal (its reaction to
    her miss) strikes her for exactly her AR, Parry is not offered and the blade's damage is rolled (C-19)."""
    s = Scene([("warrior", 4, 1)], [("barrow_thane", 5, 1)])
    w = s.u("h1")
    w.ap = 10
    s.dice(3)
    s.act("attack", "longsword", "c1")
    assert s.kind == "reaction" and s.decision.seat == 1
    ar = ENGINE.defense(s.state, w, "AR")
    s.dice(ar - 4, 2)
    s.act("react", "grim_reprisal")
    assert f"= {ar} vs AR {ar}: hit" in s.text()
    assert s.kind == "hero_turn" and s.active is w and w.reactive == 0


def test_H_2_riposte_needs_its_2_reactive_ap() -> None:
    """Riposte costs 2 Reactive AP: Quill holding 1 is not asked when a hound ends its move beside him; holding 2
    he is."""
    for held, asked in ((1, False), (2, True)):
        s = Scene([("rogue", 4, 1)], [("ash_hound", 8, 1)])
        s.u("h1").ap = held
        s.act("end")
        assert s.u("h1").reactive == held
        s.act("move", 5, 1)
        assert (s.kind == "reaction") is asked, held


# ----- H-11: the pools at the low end ---------------------------------------------------------------------------


def test_H_11_dazed_at_cor_minus_3_gains_1_not_3() -> None:
    """Dazed caps the pool at min(3 + COR bonus, 3): at COR -3 that is 1 AP (3 - 2), not 3."""
    s = Scene([("rogue", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st: set_attr(st.units[0], "COR", -3))
    r = s.u("h1")
    assert r.ap == 1
    r.conds["dazed"] = [0, 3, ""]
    s.act("end")
    s.end_until("h1")
    assert r.fresh == 1 and r.kept == 0 and r.ap == 1


# ----- Movement: F-14, F-24, H-3, H-16 --------------------------------------------------------------------------


def test_F_14_zero_ap_actions_keep_the_move_and_special_ap_ends_it() -> None:
    """The Move ends when the hero spends its next AP (F-14): setting an item down (0 AP) leaves the rest of the
    Move; stowing (1 AP) ends it. Help paid wholly with Holy Support AP is AP spent too: the Move ends."""
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    w = s.u("h1")
    s.act("move", 2, 1)
    assert w.move_left == 3
    s.act("set_down", "healing_draught")
    assert w.move_left == 3 and w.ap == 3
    s.act("stow", "shield")
    assert w.move_left == 0 and w.ap == 2
    s = Scene([("cleric", 3, 1), ("warrior", 1, 3)], [("ash_hound", 5, 1)])
    c = s.u("h1")
    s.act("move", 4, 1)
    assert c.move_left == 3 and c.ap == 3 and c.special_ap == 1
    s.act("help", "c1")
    assert c.special_ap == 0 and c.ap == 3 and c.move_left == 0


def test_F_24_H_16_reach_10_engager_provokes_only_past_2_squares() -> None:
    """A Rattlebone Sentry's Long Spear reaches 10 ft (2 squares, H-16). Tamsin steps from 1 to 2 squares away:
    still in reach, no attack. One more square takes her out of reach: the Sentry is asked (F-24)."""
    s = Scene([("warrior", 4, 1)], [("rattlebone_sentry", 5, 1)])
    s.act("move", 3, 1)
    assert s.kind == "hero_turn"
    s.act("move", 2, 1)
    assert s.kind == "reaction" and s.decision.seat == 1 and ("react", "engaged") in s.actions


def test_F_24_H_3_passing_through_reach_provokes_and_a_hit_stops_inside_it() -> None:
    """In a corridor a hound runs past Quill: it enters his reach and leaves it within one Move, so Quill is
    asked (its own movement, H-3) though it never started next to him; it does not end its move beside him, so
    there is no Riposte. Without a wall the same run (6 squares) could go round his reach, and nothing is asked."""
    rows = ["#" * 12, "." * 12, "." * 12, "." * 12] + ["#" * 12] * 4
    s = Scene([("rogue", 4, 2)], [("ash_hound", 7, 2)], rows=rows)
    s.act("end")
    s.act("move", 1, 2)
    assert s.kind == "reaction" and s.actions[0] == ("react", "engaged")
    hound = s.u("c1")
    assert max(abs(hound.x - 4), abs(hound.y - 2)) == 1  # held at the last square inside his reach
    s.dice(15, 4)
    s.act("react", "engaged")
    assert "speed drops to 0" in s.text() and max(abs(hound.x - 4), abs(hound.y - 2)) == 1
    assert not any(a[0] == "move" for a in s.actions)  # speed 0: no second Move this turn
    s = Scene([("rogue", 4, 2)], [("ash_hound", 7, 2)])
    s.act("end")
    s.act("move", 1, 2)
    assert s.kind == "creature_turn" and (s.u("c1").x, s.u("c1").y) == (1, 2)


def test_F_24_H_14_two_engagers_in_initiative_order_and_a_hit_ends_the_leaving() -> None:
    """Tamsin leaves the reach of two hounds at once. Hound B (Initiative 11) is asked before hound A (5), H-14.
    If B misses, the move goes on and A is asked; if B hits, she is stopped inside both reaches and A is not
    asked (she never left its reach)."""
    s = Scene([("warrior", 4, 2)], [("ash_hound", 5, 1), ("ash_hound", 5, 3)], init=[20, 3, 9])
    s.act("move", 1, 2)
    assert s.kind == "reaction" and "Ash Hound B may strike" in s.decision.prompt
    s.dice(2)
    s.act("react", "engaged")
    assert s.kind == "reaction" and "Ash Hound A may strike" in s.decision.prompt
    s = Scene([("warrior", 4, 2)], [("ash_hound", 5, 1), ("ash_hound", 5, 3)], init=[20, 3, 9])
    s.act("move", 1, 2)
    s.dice(19, 2)
    s.act("react", "engaged")
    assert s.kind == "hero_turn" and (s.u("h1").x, s.u("h1").y) == (4, 2)


def test_H_3_engaged_attack_comes_back_in_the_next_round() -> None:
    """One Engaged attack per engager per round (H-3): used in round 1, the hound may strike again in round 2."""
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("move", 2, 1)
    s.dice(2)
    s.act("react", "engaged")
    s.act("move", 3, 2)  # back beside the hound, with a new Move
    s.act("move", 1, 3)  # leaves again: not this round
    assert s.kind == "hero_turn"
    s.act("end")
    s.act("move", 2, 3)  # the hound comes next to her
    s.act("end")
    assert s.state.round == 2 and s.active.uid == "h1"
    s.act("move", 1, 6)
    assert s.kind == "reaction" and ("react", "engaged") in s.actions


def test_F_15_H_3_stopped_on_the_last_square_she_may_stand_on() -> None:
    """Tamsin leaves a Sentry's 10-ft reach through Maelis's square (2 squares from it, still in reach): the hit
    cannot leave her on her ally's square (one participant per square, H-16), so she stays where she started.
    Without Maelis there she is stopped on that square."""
    s = Scene([("warrior", 5, 1), ("cleric", 4, 1)], [("rattlebone_sentry", 6, 1)], rows=CORRIDOR)
    s.act("move", 2, 1)
    s.dice(19, 3)
    s.act("react", "engaged")
    assert (s.u("h1").x, s.u("h1").y) == (5, 1) and (s.u("h2").x, s.u("h2").y) == (4, 1)
    s = Scene([("warrior", 5, 1)], [("rattlebone_sentry", 6, 1)], rows=CORRIDOR)
    s.act("move", 2, 1)
    s.dice(19, 3)
    s.act("react", "engaged")
    assert (s.u("h1").x, s.u("h1").y) == (4, 1)


# ----- Encumbrance: C-30, H-6 -----------------------------------------------------------------------------------


def test_C_30_H_6_one_weight_over_capacity_is_encumbered() -> None:
    """STR 1, capacity 12: carrying exactly 12 is not encumbered; picking up a 1-weight draught (13) is, Speed
    halves, and no weapon may be equipped; setting down the 1-weight dagger (back to 12) allows it again. A
    shield picked up then (15) refuses it once more."""

    def tweak(st):  # type: ignore[no-untyped-def]
        w = st.units[0]
        set_attr(w, "STR", 1)
        w.armor, w.main, w.off = "chain_coat", "", ""
        w.pack[:] = ["longsword", "healing_draught", "dagger"]

    s = Scene(
        [("warrior", 1, 1)],
        [("ash_hound", 10, 6)],
        ground=[(1, 1, "healing_draught"), (1, 1, "shield")],
        tweak=tweak,
    )
    w = s.active
    assert ENGINE.weight(s.state, w) == 12 and not ENGINE.encumbered(s.state, w)
    assert ("equip", "longsword") in s.actions
    s.act("pick_up", "healing_draught")
    assert ENGINE.weight(s.state, w) == 13 and ENGINE.encumbered(s.state, w)
    assert ENGINE.speed_squares(s.state, w) == 2
    assert not any(a[0] == "equip" for a in s.actions)
    s.act("set_down", "dagger")
    assert ENGINE.weight(s.state, w) == 12 and not ENGINE.encumbered(s.state, w)
    assert ("equip", "longsword") in s.actions
    s.act("pick_up", "shield")
    assert ENGINE.encumbered(s.state, w)
    assert not any(a[0] == "equip" for a in s.actions)


# ----- Attacks: F-10, F-13 --------------------------------------------------------------------------------------


def test_F_13_vulnerable_widens_the_crit_range_only_for_its_own_type() -> None:
    """The Rattlebone Sentry is Vulnerable Blunt 2 and resists Sharp. Maelis's morningstar (blunt) crits on 18
    (F-13's own example) but 17 is a plain hit; Tamsin's longsword (sharp) rolling 18 is a plain hit."""
    s = Scene([("warrior", 4, 1), ("cleric", 4, 2)], [("rattlebone_sentry", 5, 1)])
    s.dice(18, 3)
    s.act("attack", "longsword", "c1")
    assert "d20 18 + STR 2 = 20 vs AR 15: hit" in s.text()
    s.act("end")
    s.u("h2").ap = 8  # two morningstar attacks (APC 4 with the shield)
    s.dice(17, 3)
    s.act("attack", "morningstar", "c1")
    assert "d20 17 + STR 1 = 18 vs AR 11: hit" in s.text()
    s.dice(18, 8)
    s.act("attack", "morningstar", "c1")
    assert "d20 18 + STR 1 = 19 vs AR 11: crit" in s.text()


# ----- Dying and the start of a turn: F-22, H-9, H-12, H-17 -----------------------------------------------------


def test_F_22_H_9_seven_dp_lives_and_the_turn_end_point_makes_eight() -> None:
    """A dying hero at 6 DP ends its turn: 7, still dying. At its next turn's end: 8, dead and out of the order."""

    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = 0
        st.units[0].dying = True

    s = Scene([("warrior", 4, 1), ("cleric", 1, 6)], [("ash_hound", 10, 6)], tweak=tweak)
    w = s.u("h1")
    assert w.dp == 1  # its first turn passed by itself: +1
    w.dp = 6
    s.act("end")
    s.end_until("h2")
    assert w.dp == 7 and not w.dead and w.dying and 0 in s.state.order
    s.act("end")
    s.end_until("h2")
    assert w.dp == 8 and w.dead and 0 not in s.state.order


def test_F_22_H_12_bleeding_at_the_start_of_a_turn() -> None:
    """Bleeding comes before the AP (H-12). At 1 HP it drops Tamsin to 0: she is dying, gains no AP and keeps no
    Reactive AP, and her turn ends with +1 DP. Already dying, the bleed is damage at 0 HP: +2 DP, then +1."""

    def one_hp(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = 1

    s = Scene([("warrior", 4, 1), ("cleric", 1, 6)], [("ash_hound", 10, 6)], tweak=one_hp)
    w = s.u("h1")
    w.conds["bleeding"] = [1, -1, ""]
    s.act("end")
    assert w.reactive == 4
    s.act("end")
    s.end_until("h2")
    assert w.hp == 0 and w.dying and "prone" in w.conds
    assert w.ap == 0 and w.reactive == 0 and w.kept == 0 and w.fresh == 0
    assert w.dp == 1
    assert "Tamsin takes 1 physical damage (HP 1 -> 0)." in s.text()
    s.act("end")
    s.end_until("h2")
    assert w.dp == 1 + 2 + 1
    assert "Tamsin takes 1 physical damage while dying: +2 DP (3)." in s.text()


def test_H_17_a_start_of_turn_effect_ends_the_game_either_way() -> None:
    """Victory is checked after start-of-turn effects (H-17): the last hound bleeding to death at the start of
    its turn gives the heroes the game there; the last hero bleeding to 0 HP gives it to the creatures."""
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    s.u("c1").hp = 1
    s.u("c1").conds["bleeding"] = [1, -1, ""]
    s.act("end")
    assert s.decision is None and s.state.result == [0, "every creature is dead"]

    def one_hp(st):  # type: ignore[no-untyped-def]
        st.units[0].hp = 1

    s = Scene([("warrior", 4, 1)], [("ash_hound", 10, 6)], tweak=one_hp)
    s.u("h1").conds["bleeding"] = [1, -1, ""]
    s.act("end")
    s.act("end")
    assert s.decision is None and s.state.result == [1, "every hero is dead or dying"]
