"""Encumbrance: C-30, H-6, F-4."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.mythcraft.rules import capacity
from tests.mythcraft.helpers import ENGINE, Scene, set_attr


def test_H_6_capacity_formula() -> None:
    assert capacity(-3) == 4
    assert capacity(0) == 10
    assert capacity(3) == 16
    assert capacity(12) == 34


def test_C_30_H_6_encumbered_hero_must_set_down_before_equipping() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], ground=[(2, 1, "healing_draught")])
    w = s.active
    assert ENGINE.weight(s.state, w) == 16 == capacity(3)
    assert not ENGINE.encumbered(s.state, w)  # exactly at capacity
    assert ENGINE.speed_squares(s.state, w) == 4
    s.act("pick_up", "healing_draught")
    assert ENGINE.weight(s.state, w) == 17 and ENGINE.encumbered(s.state, w)
    assert ENGINE.speed_squares(s.state, w) == 2  # 20 ft halved = 10 ft
    s.act("stow", "longsword")
    assert ("equip", "longsword") not in s.actions
    with pytest.raises(IllegalAction):
        s.act("equip", "longsword")
    s.act("set_down", "healing_draught")  # 16: no longer encumbered
    assert ("equip", "longsword") in s.actions
    s.act("equip", "longsword")
    assert w.main == "longsword" and w.ap == 1


def test_F_4_H_6_halved_speed_rounds_feet_up() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        w = st.units[0]
        w.speed_ft = 25
        set_attr(w, "STR", -3)  # capacity 4, carrying 16

    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], tweak=tweak)
    assert ENGINE.encumbered(s.state, s.active)
    assert ENGINE.speed_squares(s.state, s.active) == 2  # 12.5 ft -> 13 ft -> 2 squares
