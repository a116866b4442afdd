"""Movement, weapons and magic: F-14..F-19, H-1, H-16, H-18."""

from __future__ import annotations

import pytest

from mythtable.rulesets.mythcraft.rules import line_of_sight
from tests.mythcraft.helpers import ENGINE, Scene, set_attr

CORRIDOR = ["#" * 12, "#..........#", "#" * 12]


def moves(s: Scene) -> dict[tuple[int, int], int]:
    return ENGINE.hero_moves(s.state, s.active)


def test_F_14_one_ap_moves_four_squares_and_ends_on_next_ap() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    w = s.active
    m = moves(s)
    assert m[(5, 1)] == 1 and (6, 1) not in m
    s.act("move", 3, 1)
    assert w.ap == 3 and w.move_left == 2
    assert moves(s)[(5, 1)] == 0  # the rest of the same Move is free
    s.act("move", 4, 1)
    assert w.ap == 3 and w.move_left == 1
    s.act("dodge")  # spending AP ends the Move
    assert w.move_left == 0
    assert moves(s)[(5, 1)] == 1


def test_F_15_rubble_costs_double() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 1)], rows=CORRIDOR, rubble=[(2, 1)])
    assert set(moves(s)) == {(2, 1), (3, 1), (4, 1)}


def test_F_15_ally_costs_double_and_cannot_be_the_end() -> None:
    s = Scene([("warrior", 1, 1), ("cleric", 2, 1)], [("ash_hound", 10, 1)], rows=CORRIDOR)
    assert set(moves(s)) == {(3, 1), (4, 1)}
    s.act("move", 4, 1)
    assert (s.active.x, s.active.y) == (4, 1)


def test_F_15_hostile_square_blocks() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 3, 1)], rows=CORRIDOR)
    assert set(moves(s)) == {(2, 1)}


def test_H_16_no_corner_cutting_and_walls_block_sight() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 2, 2), ("ash_hound", 8, 4)], walls=[(2, 1), (5, 3), (5, 4), (5, 5)])
    best, _ = ENGINE.reach_map(s.state, s.active, 4)
    assert best[(1, 2)] == 1
    # (1,1) -> (2,2) is diagonal past the wall at (2,1): not a step, and not a melee attack
    assert ("attack", "longsword", "c1") not in s.actions
    board = s.state.board
    assert not line_of_sight(board, (3, 4), (8, 4))
    assert line_of_sight(board, (3, 1), (8, 1))
    assert line_of_sight(board, (4, 2), (6, 2))  # grazing a corner is not "inside" a wall


def test_H_16_distance_is_chebyshev_and_one_per_square() -> None:
    s = Scene([("warrior", 1, 1), ("cleric", 1, 3)], [("ash_hound", 10, 6)])
    m = moves(s)
    assert (5, 5) in m and (1, 3) not in m  # 4 diagonal steps = 4 squares; never onto an ally


STRS = list(range(-3, 13))


@pytest.mark.parametrize("strength", STRS)
def test_F_16_apc_formulas(strength: int) -> None:
    s = Scene([("cleric", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st: set_attr(st.units[0], "STR", strength))
    c = s.active
    apc = ENGINE.weapon_apc
    assert apc(s.state, c, "dagger") == 2
    assert apc(s.state, c, "crossbow") == 3
    assert apc(s.state, c, "longsword") == max(5 - strength, 2)
    assert c.off == "shield"
    assert apc(s.state, c, "morningstar") == max(5 - strength, 3)
    assert apc(s.state, c, "battle_axe") == max(5 - strength, 3)
    c.off = ""  # both hands free: hand-and-a-half -1, minimum 2
    assert apc(s.state, c, "morningstar") == max(max(5 - strength, 3) - 1, 2)
    assert apc(s.state, c, "battle_axe") == max(max(5 - strength, 3) - 1, 2)
    assert apc(s.state, c, "unarmed") == 2


def test_F_17_leather_cuirass() -> None:
    s = Scene([("berzerker", 4, 1)], [("thornback_boar", 5, 1)])
    b = s.u("h1")
    dex, end = b.attrs[1], b.attrs[2]
    # AR 12, REF and FORT each 1 more than 10 + the attribute (F-2)
    assert [ENGINE.defense(s.state, b, d) for d in ("AR", "REF", "FORT")] == [12, 10 + dex + 1, 10 + end + 1]
    assert b.resist == {"blunt": 2}
    s.end_until("c1")
    fort = 10 + end + 1
    s.dice(fort + 1 - 4)  # blunt: d20 + 4 = FORT + 1, a hit without Resist Blunt 2, a miss with it
    s.act("attack", "headbutt", "h1")
    assert f"d20 {fort - 3} + 4 = {fort + 1} vs FORT {fort + 2}: miss" in s.text()


def test_F_18_H_18_spells_need_sp_divine_uses_cha() -> None:
    """By play: a level-1 mage has 2 + 2 x 1 = 4 SP (H-18). Shock Burst costs 4 AP + 2 SP: cast at 4 SP, cast
    again at exactly 2 SP, and at 0 SP it is no longer offered, while the cantrip (AP only) still is (F-18)."""
    s = Scene([("mage", 1, 1)], [("ash_hound", 6, 1)], level=1)
    m = s.u("h1")
    assert m.sp == m.max_sp == 2 + 2 * 1
    for sp_before in (4, 2):
        assert m.sp == sp_before
        assert ("cast", "shock_burst", "c1") in s.actions
        s.dice(1)  # a natural 1: the burst misses the hound
        s.act("cast", "shock_burst", "c1")
        assert m.sp == sp_before - 2
        if s.kind == "hero_turn":
            s.act("end")
        s.end_until("h1")
    assert m.sp == 0
    assert ("cast", "shock_burst", "c1") not in s.actions  # not enough SP
    assert ("cast", "ember_lance", "c1") in s.actions  # a cantrip costs AP only
    # H-18: SP grows with the level; divine magic rolls CHA
    s = Scene([("mage", 1, 1), ("cleric", 1, 2)], [("ash_hound", 5, 1)], level=3)
    assert s.u("h1").sp == 8 == 2 + 2 * 3
    s.act("end")
    cha = s.u("h2").attrs[5]
    s.dice(9, 2)
    s.act("cast", "radiant_rebuke", "c1")
    assert f"with Radiant Rebuke: d20 9 + CHA {cha} = {9 + cha} vs WILL 8: hit" in s.text()
    assert s.u("h2").sp == 8  # a prayer costs AP only


def test_F_19_one_round_effect_runs_to_end_of_next_turn_and_no_stacking() -> None:
    s = Scene([("warrior", 4, 1)], [("thornback_boar", 5, 1)])
    w = s.u("h1")
    s.act("dodge")  # 2 AP left: 2 Reactive AP, all kept (cap 2)
    s.end_until("c1")
    s.dice(19, 1)
    s.act("attack", "headbutt", "h1")
    assert "staggered" in w.conds
    s.dice(19, 1)
    s.act("attack", "headbutt", "h1")  # the same effect again: it replaces, so her AP are halved once
    s.end_until("h1")
    assert w.fresh == -(-(3 + (w.attrs[7] // 2)) // 2) and w.ap == w.fresh + 2  # half, rounded up, + kept
    assert "staggered" in w.conds  # "1 round": to the end of her next turn
    s.act("end")
    assert "staggered" not in w.conds


def test_F_19_the_newer_same_named_effect_replaces_the_older() -> None:
    """Two Barrow Thanes each use Dread Call on Tamsin: Frightened of Thane A, then of Thane B. The newer
    replaces the older, so she may step toward A again but not toward B (F-32), and it lasts the newer's
    "1 round": to the end of her next turn."""
    s = Scene([("warrior", 5, 4)], [("barrow_thane", 1, 4), ("barrow_thane", 10, 4)], init=[20, 10, 5], level=3)
    w = s.u("h1")
    s.act("end")
    for thane in ("c1", "c2"):
        assert s.active.uid == thane
        s.dice(19)  # 19 + 3 vs WILL: Frightened for 1 round
        s.act("special", "dread_call")
        if s.kind == "reaction":
            s.act("decline")
        assert w.conds["frightened"][2] == thane  # the newest source
        s.act("end")
    assert s.active is w
    moves = {(a[1], a[2]) for a in s.actions if a[0] == "move"}
    assert (4, 4) in moves  # closer to Thane A: allowed, A is no longer the source
    assert (6, 4) not in moves  # closer to Thane B: refused
    s.act("end")
    assert "frightened" not in w.conds


def test_H_1_action_costs() -> None:
    s = Scene(
        [("warrior", 4, 1), ("cleric", 4, 2)],
        [("ash_hound", 5, 1)],
        ground=[(3, 1, "field_pack")],
    )
    w = s.active

    def cost(*action: object) -> int:
        before = w.ap
        s.act(*action)
        return before - w.ap

    w.ap = 40
    s.dice(1)
    assert cost("attack", "unarmed", "c1") == 2
    assert cost("prone") == 0
    assert cost("stand") == 1
    assert cost("dodge") == 2
    assert cost("stow", "shield") == 1
    assert cost("equip", "shield") == 1
    assert cost("pick_up", "field_pack") == 1
    assert cost("set_down", "field_pack") == 0
    s.dice(1, 1)  # the draught heals 2d4 + 2
    assert cost("use", "healing_draught", "h2") == 2
    assert cost("help", "c1") == 1
    s.dice(1)
    assert cost("trip", "c1") == 2
    s.dice(1)
    assert cost("shove", "c1") == 2
    s.dice(1)
    s.act("grapple", "c1")
    if s.kind == "grapple_defense":
        s.act("defend", "REF")
    assert w.ap == 40 - 2 - 0 - 1 - 2 - 1 - 1 - 1 - 0 - 2 - 1 - 2 - 2 - 2
    w.conds["burning"] = [1, -1, ""]
    s.act("prone")
    assert cost("douse") == 3
    assert "burning" not in w.conds
