"""Conditions and maneuvers: F-24..F-34, H-3."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.mythcraft.rules import line_of_sight
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import ENGINE, Scene


def test_F_24_H_3_engaged_attack_stops_the_mover() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("move", 4, 2)  # still within the hound's reach: no Engaged attack
    assert s.kind == "hero_turn" and (s.active.x, s.active.y) == (4, 2)
    s.act("move", 1, 2)  # leaves the reach
    assert s.kind == "reaction" and s.decision.seat == 1
    assert ("react", "engaged") in s.actions
    s.dice(19, 3)
    s.act("react", "engaged")
    w = s.u("h1")
    assert (w.x, w.y) == (4, 2)  # stopped before leaving
    assert "stopped" in w.conds and w.move_left == 0 and w.ap == 3  # one Move (1 AP) for both legs
    assert not any(a[0] == "move" for a in s.actions)  # speed 0: no new Move either
    s.act("prone")  # 0 AP; Stand is not possible at speed 0
    assert ("stand",) not in s.actions
    assert "Engaged, 0 AP" in s.text() and s.u("c1").acts == 0  # no action spent
    s.act("end")
    s.end_until("h1")
    assert "stopped" not in w.conds  # until the start of its next turn
    assert ("stand",) in s.actions


def test_F_24_H_3_hero_engaged_strike_costs_no_ap() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("end")  # 4 AP become Reactive AP
    w = s.u("h1")
    assert w.reactive == 4
    s.act("move", 9, 1)
    assert s.kind == "reaction" and s.decision.seat == 0
    s.dice(2)
    s.act("react", "engaged")
    assert "Tamsin strikes at Ash Hound as it leaves (Engaged, 0 AP)." in s.text()
    assert w.reactive == 4 and w.ap == 0
    assert (s.u("c1").x, s.u("c1").y) == (9, 1)  # a miss: the move goes on


def test_F_24_H_3_engaged_miss_lets_the_move_go_on_once_per_round() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.act("move", 1, 1)
    s.dice(2)
    s.act("react", "engaged")
    assert (s.u("h1").x, s.u("h1").y) == (1, 1)
    s.act("move", 4, 2)  # back into reach, new Move (1 AP)
    s.act("move", 1, 2)  # leaves again: the hound already used its Engaged attack this round
    assert s.kind == "hero_turn"
    assert (s.u("h1").x, s.u("h1").y) == (1, 2)


def test_H_3_forced_movement_and_dazed_engagers_do_not_provoke() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 6, 1)], [("ash_hound", 5, 1)])
    s.dice(15)
    s.act("shove", "c1")  # STR 3 + 15 vs FORT 11: pushed to (6,1)? blocked by Maelis -> nowhere
    assert "nowhere to be shoved" in s.text()
    s.u("h2").x, s.u("h2").y = 6, 3
    s.dice(15)
    s.act("shove", "c1")
    hound = s.u("c1")
    assert (hound.x, hound.y) == (6, 1)
    assert s.kind == "hero_turn"  # no Engaged attack from a push
    hound.conds["dazed"] = [0, 1, ""]
    s.act("end")
    s.act("move", 3, 3)  # Maelis leaves the dazed hound's reach: nobody is asked
    assert s.kind == "hero_turn"


def test_F_25_dodge() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    w = s.active
    before = [ENGINE.defense(s.state, w, d) for d in ("AR", "REF", "FORT", "ANT")]
    s.act("dodge")
    after = [ENGINE.defense(s.state, w, d) for d in ("AR", "REF", "FORT", "ANT")]
    assert after == [before[0] + 2, before[1] + 2, before[2] + 2, before[3]]
    s.act("end")
    s.end_until("h1")
    assert [ENGINE.defense(s.state, w, d) for d in ("AR", "REF", "FORT", "ANT")] == before


def test_F_26_prone() -> None:
    s = Scene([("berzerker", 4, 1), ("mage", 8, 4)], [("ash_hound", 5, 1)])
    b = s.active
    assert ENGINE.weapon_apc(s.state, b, "battle_axe") == 2
    s.act("prone")
    assert ENGINE.weapon_apc(s.state, b, "battle_axe") == 3  # no two-handed use while prone
    s.dice(11, 1)
    s.act("attack", "battle_axe", "c1")
    assert "d20 11 + STR 2 - TD 1 = 12 vs AR 12: hit" in s.text()
    s.act("end")
    s.act("prone")
    assert not any(a[:2] == ("attack", "staff") for a in s.actions)  # two-handed staff
    s.act("end")
    hound = s.u("c1")
    hound.conds["prone"] = [0, -1, ""]
    s.end_until("h1")
    s.dice(10, 1)
    s.act("attack", "battle_axe", "c1")  # melee vs prone: +1 TA (and own prone: -1 TD)
    assert "d20 10 + STR 2 + TA 1 - TD 1 = 12" in s.text()
    s.act("end")
    s.dice(10)
    s.act("cast", "ember_lance", "c1")  # ranged vs prone: 1 TD, and own prone 1 TD
    assert "d20 10 + INT 2 - TD 2 = 10" in s.text()


def test_F_27_F_28_F_29_creature_actions_under_conditions() -> None:
    for cond, expected in (("dazed", 2), ("stunned", 1), ("staggered", 2)):
        s = Scene([("warrior", 1, 1)], [("barrow_thane", 10, 6)])
        s.u("c1").conds[cond] = [0, 1, ""]
        s.act("end")
        assert s.active.uid == "c1" and s.active.acts == expected, cond
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    s.u("c1").conds["staggered"] = [0, 1, ""]
    s.act("end")
    assert s.active.acts == 1  # half of 2


def test_F_27_dazed_creature_gets_no_reactions() -> None:
    """No heroes' attack dazes, so the engine's own add_cond gives the Thane the condition; then neither of the
    creature reactions (the Engaged strike, F-24, and Grim Reprisal from its stat block) is offered, while the
    same two are offered to the Thane when it is not Dazed."""
    for dazed in (False, True):
        s = Scene([("warrior", 4, 1), ("rogue", 6, 2)], [("barrow_thane", 5, 1)], level=3)
        thane = s.u("c1")
        if dazed:
            ENGINE.add_cond(s.state, thane, "dazed", 0, 1, "", [])
            assert "dazed" in thane.conds
        s.act("move", 1, 1)  # Tamsin leaves the Thane's reach
        assert (s.kind == "reaction") is not dazed
        if not dazed:
            assert s.actions[0] == ("react", "engaged")
            s.act("decline")
        assert (s.active.x, s.active.y) == (1, 1)
        s.act("end")
        s.dice(1)  # Quill misses the Thane with a dagger: a natural 1
        s.act("attack", "dagger", "c1")
        offered = s.kind == "reaction" and ("react", "grim_reprisal") in s.actions
        assert offered is not dazed, dazed


def test_F_27_H_11_hero_dazed_when_its_turn_ends_carries_nothing_over() -> None:
    """Issue 30 item 5: the Thane's Shield Bash dazes Tamsin for 1 round, which lasts to the end of her next
    turn (F-19). That turn she gains only 3 AP (F-27, H-11) and spends none; the Dazed condition ends with that
    turn, but she was Dazed when it ended, so the 3 AP do not become Reactive AP (no Parry before her next
    turn) and her next pool holds no carry-over: 4 AP, not 4 + 3."""
    s = Scene([("warrior", 4, 1)], [("barrow_thane", 5, 1)], level=3)
    w = s.u("h1")
    s.act("end")
    assert w.reactive == 4  # not Dazed yet: her leftover AP are Reactive AP
    s.dice(19, 2)  # Shield Bash: d20 19 + 4 vs FORT, hit; 1d4 2 + 2 blunt
    s.act("attack", "shield_bash", "h1")
    if s.kind == "reaction":
        s.act("decline")
    assert "dazed" in w.conds
    s.end_until("h1")
    assert w.fresh == 3 and w.kept == 0 and w.ap == 3  # Dazed: 3 AP at most, nothing carried (H-11)
    s.act("end")
    assert "dazed" not in w.conds  # the "1 round" ended with her turn
    assert w.reactive == 0, "a hero Dazed when its turn ends keeps no Reactive AP (F-27)"
    assert "Tamsin ends her turn Dazed: her 3 unspent AP are lost (F-27)." in s.text()
    ar = ENGINE.defense(s.state, w, "AR")
    s.dice(ar - 4, 3)  # Grave Blade: d20 + 4 = AR exactly, a hit that Parry's +2 would turn: offered with AP
    s.act("attack", "grave_blade", "h1")
    assert s.kind != "reaction", "no Reactive AP, no Parry"
    s.end_until("h1")
    assert w.kept == 0 and w.ap == w.fresh == 4, "no carry-over into the next turn"


def test_F_30_bleeding_and_magical_healing() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 1, 1)], [("thornback_boar", 5, 1)])
    s.end_until("c1")
    s.dice(19, 1)
    s.act("attack", "gore", "h1")
    w = s.u("h1")
    assert w.conds["bleeding"][0] == 1
    hp = w.hp
    s.end_until("h1")
    assert w.hp == hp - 1
    s.act("end")
    s.dice(1)
    s.act("cast", "mending_prayer", "h1")
    assert "bleeding" not in w.conds


def test_F_31_burning_put_out_while_prone() -> None:
    s = Scene([("warrior", 1, 1)], [("cinder_imp", 6, 1)])
    s.end_until("c1")
    s.dice(19, 2)
    s.act("attack", "spit_cinders", "h1")
    w = s.u("h1")
    assert w.conds["burning"][0] == 1
    hp = w.hp
    s.end_until("h1")
    assert w.hp == hp - 1
    assert ("douse",) not in s.actions  # only while Prone
    s.act("prone")
    s.act("douse")
    assert "burning" not in w.conds and w.ap == 4 + 2 - 3


def test_F_32_frightened_cannot_move_closer() -> None:
    s = Scene([("warrior", 4, 4)], [("barrow_thane", 7, 4)])
    s.end_until("c1")
    s.dice(18)
    s.act("special", "dread_call")
    w = s.u("h1")
    assert "frightened" in w.conds
    s.end_until("h1")
    moves = {(int(a[1]), int(a[2])) for a in s.actions if a[0] == "move"}
    closer = {(x, y) for x in range(12) for y in range(8) if max(abs(x - 7), abs(y - 4)) < 3}
    assert moves and not moves & closer  # never closer to the Thane
    assert {(3, 4), (4, 3), (4, 7), (4, 1)} <= moves  # away, or at the same distance
    with pytest.raises(IllegalAction):
        s.act("move", 5, 4)
    s.act("move", 4, 1)  # a legal move at the same distance
    assert (w.x, w.y) == (4, 1)
    assert not any(max(abs(int(a[1]) - 7), abs(int(a[2]) - 4)) < 3 for a in s.actions if a[0] == "move")


def test_F_32_frightened_takes_1_td_only_while_the_source_is_in_sight() -> None:
    # a wall column at x = 3 (rows 2..7): from (2, 2) Quill cannot see the Thane at (5, 1)
    s = Scene([("rogue", 4, 1)], [("barrow_thane", 5, 1), ("ash_hound", 1, 3)], walls=[(3, y) for y in range(2, 8)])
    s.end_until("c1")
    s.dice(18)
    s.act("special", "dread_call")
    q = s.u("h1")
    assert "frightened" in q.conds
    s.end_until("h1")
    s.dice(10)
    s.act("attack", "dagger", "c1")  # the Thane is in sight: 1 TD (a miss)
    assert "Quill attacks Barrow Thane with dagger: d20 10 + DEX 2 - TD 1 = 11" in s.text()
    if s.kind == "reaction":
        s.act("decline")  # a miss: the Thane's Grim Reprisal is declined
    s.act("move", 2, 2)  # by a legal move, out of the Thane's sight (it may strike as Quill leaves)
    if s.kind == "reaction":
        s.act("decline")
    assert (q.x, q.y) == (2, 2) and "frightened" in q.conds
    assert not line_of_sight(s.state.board, (2, 2), (5, 1))
    s.dice(10, 1)
    s.act("attack", "dagger", "c2")  # the source is out of sight: no TD
    assert "Quill attacks Ash Hound with dagger: d20 10 + DEX 2 = 12" in s.text()


def test_F_33_F_34_grapple_escape_shove_trip() -> None:
    s = Scene([("warrior", 4, 1), ("mage", 1, 6)], [("ash_hound", 5, 1)])
    s.dice(12)
    s.act("grapple", "c1")
    assert s.kind == "grapple_defense" and s.decision.seat == 1  # the target picks REF 12 or FORT 11
    s.act("defend", "REF")
    hound = s.u("c1")
    assert "d20 12 + STR 2 = 14 vs REF 12: hit" in s.text()
    assert hound.conds["grappled"][2] == "h1"
    s.dice(2)
    s.act("trip", "c1")
    assert "vs REF 12: miss" in s.text()
    s.act("end")
    s.end_until("c1")
    assert not any(a[0] == "move" for a in s.actions)  # speed 0
    hound.conds["prone"] = [0, -1, ""]
    s.state.decision = ENGINE.creature_decision(s.state, hound)
    assert ("stand",) not in s.actions  # cannot stand at speed 0
    s.dice(19)
    s.act("escape")
    assert s.kind == "grapple_defense" and s.decision.seat == 0  # the grappler picks
    s.act("defend", "FORT")
    assert "grappled" not in hound.conds
    # the mage, grappled, cannot use the two-handed staff
    mage = s.u("h2")
    mage.conds["grappled"] = [0, -1, "c1"]
    assert ENGINE.weapon_targets(s.state, mage, "staff") == []


def test_F_34_trip_knocks_prone_shove_pushes() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.dice(12)
    s.act("trip", "c1")
    assert "prone" in s.u("c1").conds
    s.dice(12)
    s.act("shove", "c1")
    assert "vs FORT 11: hit" in s.text()
    assert (s.u("c1").x, s.u("c1").y) == (6, 1)


def test_F_34_shove_only_up_to_one_size_larger() -> None:
    from tests.mythcraft.fixtures import SLAG_TOAD
    from tests.mythcraft.helpers import with_creatures

    big = dict(SLAG_TOAD, id="test_giant", name="Test Giant", size="huge")
    s = Scene([("warrior", 4, 1)], [("test_giant", 5, 1), ("cinder_imp", 4, 2)], content=with_creatures(big))
    assert ("shove", "c1") not in s.actions and ("trip", "c1") in s.actions
    assert ("shove", "c2") in s.actions  # a small imp


def test_F_26_F_33_H_3_prone_or_grappled_hero_makes_its_engaged_strike_without_a_two_handed_weapon() -> None:
    # Prone (by its own legal action): Orrin's Engaged strike at the leaving hound cannot use the staff.
    s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)])
    s.act("prone")
    s.act("end")
    s.act("move", 9, 1)
    assert s.kind == "reaction" and s.decision.seat == 0 and ("react", "engaged") in s.actions
    s.dice(15)  # an unarmed strike: 1 + STR, no damage die
    s.act("react", "engaged")
    assert "Orrin attacks Ash Hound with staff" not in s.text()
    # F-26: its own attacks take 1 TD
    assert "Orrin attacks Ash Hound with an unarmed strike: d20 15 + STR -1 - TD 1 = 13" in s.text()
    # Standing, the same strike uses the staff (the restriction is the condition's, nothing else).
    s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.act("move", 9, 1)
    s.dice(15, 1)
    s.act("react", "engaged")
    assert "Orrin attacks Ash Hound with staff" in s.text()
    # Grappled (by the hound's own Grapple maneuver): the strike as it leaves is unarmed too.
    s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)])
    s.act("end")
    s.dice(19)
    s.act("grapple", "h1")  # Orrin's REF and FORT are both 11: no choice to make
    assert s.u("h1").conds["grappled"][2] == "c1"
    s.act("move", 9, 1)
    assert s.kind == "reaction" and s.decision.seat == 0
    s.dice(15)
    s.act("react", "engaged")
    assert "Orrin attacks Ash Hound with staff" not in s.text()
    assert "Orrin attacks Ash Hound with an unarmed strike" in s.text()


def test_F_34_H_10_creature_drops_prone_for_no_action() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    s.act("end")
    hound = s.active
    assert hound.uid == "c1" and hound.acts == 2
    assert ("prone",) in s.actions
    assert RULESET.describe(s.state, ("prone",)) == "Drop prone (0 actions)"
    s.act("prone")
    assert "prone" in hound.conds and hound.acts == 2  # 0 actions: both are still there
    assert "Ash Hound drops Prone." in s.text()
    assert ("prone",) not in s.actions and ("stand",) in s.actions  # already Prone; Stand costs 1 action
    s.act("stand")
    assert "prone" not in hound.conds and hound.acts == 1
