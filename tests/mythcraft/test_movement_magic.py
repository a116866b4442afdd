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
    assert [ENGINE.defense(s.state, b, d) for d in ("AR", "REF", "FORT")] == [12, 12, 15]
    assert b.resist == {"blunt": 2}
    s.end_until("c1")
    s.dice(10, 1)
    s.act("attack", "headbutt", "h1")  # blunt vs FORT 15 + Resist 2
    assert "d20 10 + 4 = 14 vs FORT 17: miss" in s.text()


def test_F_18_H_18_spells_need_sp_divine_uses_cha() -> None:
    s = Scene([("mage", 1, 1), ("cleric", 1, 2)], [("ash_hound", 5, 1)], level=3)
    m = s.u("h1")
    assert m.sp == 8 == 2 + 2 * 3
    assert ("cast", "shock_burst", "c1") in s.actions
    m.sp = 1
    s.state.decision = ENGINE.hero_decision(s.state, m)
    assert ("cast", "shock_burst", "c1") not in s.actions  # not enough SP
    assert ("cast", "ember_lance", "c1") in s.actions  # a cantrip costs AP only
    s.act("end")
    s.dice(9, 2)
    s.act("cast", "radiant_rebuke", "c1")
    assert "with Radiant Rebuke: d20 9 + CHA 3 = 12 vs WILL 8: hit" in s.text()
    assert s.u("h2").sp == 8


def test_F_19_one_round_effect_runs_to_end_of_next_turn_and_no_stacking() -> None:
    s = Scene([("warrior", 4, 1)], [("thornback_boar", 5, 1)])
    s.end_until("c1")
    s.dice(19, 1)
    s.act("attack", "headbutt", "h1")
    w = s.u("h1")
    assert "staggered" in w.conds
    s.dice(19, 1)
    s.act("attack", "headbutt", "h1")  # the same effect again replaces, not stacks
    assert list(w.conds).count("staggered") == 1
    s.end_until("h1")
    assert w.ap == 2 + 2  # staggered: ceil(4 / 2) + kept 2
    assert "staggered" in w.conds
    s.act("end")
    assert "staggered" not in w.conds


def test_H_1_action_costs() -> None:
    s = Scene(
        [("warrior", 4, 1), ("cleric", 4, 2)],
        [("ash_hound", 5, 1)],
        ground=[(3, 1, "field_pack")],
        tweak=lambda st: st.units[0].pack.remove("field_pack"),
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
