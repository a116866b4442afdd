"""Rounds, turns and Initiative: C-1..C-12."""

from __future__ import annotations

from tests.mythcraft.helpers import CONTENT, Scene, set_attr


def turn_sequence(s: Scene, turns: int) -> list[tuple[int, str]]:
    seen: list[tuple[int, str]] = []
    for _ in range(turns):
        seen.append((s.state.round, s.active.uid))
        s.act("end")
    return seen


def test_C_6_C_7_C_8_initiative_is_d20_plus_awr_highest_first() -> None:
    # warrior AWR 0, rogue AWR 1, hound AWR 2
    s = Scene([("warrior", 1, 1), ("rogue", 1, 3)], [("ash_hound", 8, 1)], init=[10, 5, 12])
    assert "Tamsin rolls Initiative: d20 10 + AWR 0 = 10" in s.text()
    assert "Quill rolls Initiative: d20 5 + AWR 1 = 6" in s.text()
    assert "Ash Hound rolls Initiative: d20 12 + AWR 2 = 14" in s.text()
    order = [s.state.units[i].uid for i in s.state.order]
    assert order == ["c1", "h1", "h2"]
    assert s.kind == "creature_turn" and s.active.uid == "c1"


def test_C_7_F_10_luck_below_zero_counts_against_the_initiative_d20() -> None:
    """F-10: with LUCK below 0 a participant's LUCK is a penalty on every d20 it rolls, the Initiative d20 (C-7)
    included; LUCK 0 or more adds nothing (only crits widen with it). Found by the black-box audit: a LUCK -2
    hero rolling 10 had Initiative 10, not 8. The roll-off stays unmodified (C-11)."""
    for luck, total in ((-2, 8), (-1, 9), (0, 10), (6, 10)):
        s = Scene(
            [("warrior", 1, 1)],
            [("ash_hound", 8, 1)],
            init=[10, 1],
            tweak=lambda st_, n=luck: set_attr(st_.units[0], "LUCK", n),
        )
        assert s.u("h1").init[1] == total, luck
        said = f" - LUCK {-luck}" if luck < 0 else ""
        assert f"Tamsin rolls Initiative: d20 10 + AWR 0{said} = {total}" in s.text()
    # a tie that LUCK made: 10 - 2 = 8 against the hound's 6 + AWR 2 = 8; the hound's AWR 2 goes first (C-10)
    s = Scene(
        [("warrior", 1, 1)], [("ash_hound", 8, 1)], init=[10, 6], tweak=lambda st_: set_attr(st_.units[0], "LUCK", -2)
    )
    assert [s.state.units[i].uid for i in s.state.order] == ["c1", "h1"]


def test_C_10_equal_results_higher_awr_goes_first() -> None:
    # Tamsin 15 + 0 = 15, Orrin 14 + 1 = 15: Orrin (AWR 1) first, no roll-off.
    s = Scene([("warrior", 1, 1), ("mage", 1, 3)], [("ash_hound", 8, 1)], init=[15, 14, 1])
    assert [s.state.units[i].uid for i in s.state.order] == ["h2", "h1", "c1"]
    assert "rolls off" not in s.text()


def test_C_11_equal_results_and_awr_roll_unmodified_d20() -> None:
    # Hrodna and Tamsin both 15 + AWR 0 = 15: roll-off 7 vs 12.
    s = Scene([("berzerker", 1, 1), ("warrior", 1, 3)], [("ash_hound", 8, 1)], init=[15, 15, 3, 7, 12])
    assert [s.state.units[i].uid for i in s.state.order] == ["h2", "h1", "c1"]
    assert "Hrodna rolls off for the tie: d20 7" in s.text()
    assert "Tamsin rolls off for the tie: d20 12" in s.text()
    assert s.u("h1").init[2] == [7] and s.u("h2").init[2] == [12]


def test_C_11_rolloff_ignores_the_modifiers_its_d20s_take_elsewhere() -> None:
    # Hrodna has LUCK -3 (a penalty on her other d20s, F-10) and is Frightened of the hound (1 TD, F-32).
    # Initiative 18 + AWR 0 - LUCK 3 = 15 for Hrodna (F-10 counts on the Initiative d20), 15 + AWR 0 = 15 for Tamsin:
    # a tie. Roll-off: Hrodna 12, Tamsin 10. Unmodified, 12 beats 10; with her -3 and -1 she would have 8 and go second.
    def tweak(st):  # type: ignore[no-untyped-def]
        set_attr(st.units[0], "LUCK", -3)
        st.units[0].conds["frightened"] = [0, -1, st.units[2].uid]

    s = Scene([("berzerker", 1, 1), ("warrior", 1, 3)], [("ash_hound", 2, 1)], init=[18, 15, 3, 12, 10], tweak=tweak)
    assert s.u("h1").init[1] == s.u("h2").init[1] == 15
    assert [s.state.units[i].uid for i in s.state.order] == ["h1", "h2", "c1"]
    assert "Hrodna rolls off for the tie: d20 12" in s.text()
    assert s.u("h1").init[2] == [12] and s.u("h2").init[2] == [10]
    # the same modifiers do apply to Hrodna's attack d20 (so the roll-off really left them out)
    s.dice(12)
    s.act("attack", "battle_axe", "c1")  # a miss
    assert "d20 12 + STR 2 - TD 1 - LUCK 3 = 10" in s.text()


def test_C_12_rolloff_ties_reroll_only_among_still_tied() -> None:
    s = Scene(
        [("berzerker", 1, 1), ("warrior", 1, 3), ("berzerker", 1, 5)],
        [("ash_hound", 8, 1)],
        init=[15, 15, 15, 3, 9, 9, 4, 5, 18],
    )
    assert [s.state.units[i].uid for i in s.state.order] == ["h2", "h1", "h3", "c1"]
    assert s.u("h1").init[2] == [9, 5]
    assert s.u("h2").init[2] == [9, 18]
    assert s.u("h3").init[2] == [4]  # settled after the first roll-off: never re-rolled
    assert s.u("h3").name == "Hrodna II"


def test_C_1_C_2_C_3_C_9_rounds_repeat_the_same_order() -> None:
    """Scripted dice fail loudly (helpers.StrictDice): the four Initiative d20s are all the dice this test
    scripts, so a re-roll in a later round (against C-9) would raise instead of quietly taking seeded rolls."""
    s = Scene(
        [("warrior", 1, 1), ("cleric", 1, 3)],
        [("ash_hound", 10, 1), ("cinder_imp", 10, 6)],
        init=[20, 16, 6, 5],
    )
    rolled = [list(u.init) for u in s.state.units]
    s.assert_dice_used()
    seq = turn_sequence(s, 12)
    by_round: dict[int, list[str]] = {}
    for rnd, uid in seq:
        by_round.setdefault(rnd, []).append(uid)
    # C-3: each round one turn for each participant; C-9: the same order, round after round
    assert by_round[1] == by_round[2] == by_round[3] == ["h1", "h2", "c1", "c2"]
    assert s.state.round == 4 and s.active.uid == "h1"  # C-1: after the last turn, the first goes again
    assert [list(u.init) for u in s.state.units] == rolled  # C-9: never re-rolled
    assert sum("rolls Initiative: d20" in line for line in s.log) == 4
    # C-2: ten seconds a round
    for n in (2, 3, 4):
        secs = (n - 1) * 10
        assert f"Round {n} begins (0:{secs:02d} of fight time)." in s.text()


def test_C_3_a_dead_creature_leaves_the_order() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        st.units[2].hp = 1

    s = Scene([("warrior", 4, 1), ("cleric", 1, 3)], [("ash_hound", 5, 1), ("cinder_imp", 10, 6)], tweak=tweak)
    s.dice(15, 4)
    s.act("attack", "longsword", "c1")
    assert s.u("c1").dead
    assert [s.state.units[i].uid for i in s.state.order] == ["h1", "h2", "c2"]
    seq = turn_sequence(s, 7)
    assert "c1" not in [uid for _r, uid in seq]
    assert [uid for r, uid in seq if r == 2] == ["h1", "h2", "c2"]


def test_C_4_C_5_heroes_spend_ap_creatures_use_listed_actions() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 2, 1), ("barrow_thane", 10, 6)])
    assert s.kind == "hero_turn" and s.decision.seat == 0
    assert s.active.ap == 4
    s.act("dodge")
    assert s.active.ap == 2  # C-4: a hero pays AP
    s.act("end")
    assert s.kind == "creature_turn" and s.decision.seat == 1
    hound = s.active
    block = CONTENT.creatures["ash_hound"]
    # C-5: no AP at all; as many actions as its stat block says (TWO), chosen from that list
    assert hound.ap == 0 and hound.reactive == 0 and hound.acts == block.action_count == 2
    attacks = {a[1] for a in s.actions if a[0] == "attack"}
    assert attacks == {a.id for a in block.actions if a.kind == "attack"} == {"bite", "snap_at_heels"}
    kinds = {a[0] for a in s.actions}
    assert kinds <= {"move", "attack", "dodge", "stand", "prone", "end", "grapple", "shove", "trip", "special"}
    assert "cast" not in kinds and "use" not in kinds  # a hero's actions are not in its list
    s.dice(2)
    s.act("attack", "bite", "h1")  # the same action twice (repeats allowed)
    assert hound.acts == 1 and hound.ap == 0
    s.dice(2)
    s.act("attack", "bite", "h1")
    # both actions used: its turn is over by itself, nothing was paid in AP
    assert hound.ap == 0 and s.active.uid == "c2"
    thane = s.active
    assert thane.acts == CONTENT.creatures["barrow_thane"].action_count == 3  # THREE in its stat block
