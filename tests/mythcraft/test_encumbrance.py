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
    """STR 1: a load of 12. Chain coat 7 and a pack of longsword 3, draught 1 and dagger 1 is exactly 12: not
    encumbered. Picking up a crossbow (3) makes 15, three over. Setting down the draught, then the dagger,
    is not enough (still over): equipping stays refused; once the crossbow is down too (10), it is allowed.
    So the items to set down are the ones that bring the load within capacity (H-6), not any one item."""

    def tweak(st):  # type: ignore[no-untyped-def]
        w = st.units[0]
        set_attr(w, "STR", 1)
        w.armor, w.main, w.off = "chain_coat", "", ""
        w.pack[:] = ["longsword", "healing_draught", "dagger"]

    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], ground=[(2, 1, "crossbow")], tweak=tweak)
    w = s.active
    assert capacity(1) == 12
    assert ENGINE.weight(s.state, w) == 12 and not ENGINE.encumbered(s.state, w)  # exactly at capacity
    assert ENGINE.speed_squares(s.state, w) == 4
    s.act("pick_up", "crossbow")
    assert ENGINE.weight(s.state, w) == 15 and ENGINE.encumbered(s.state, w)
    assert ENGINE.speed_squares(s.state, w) == 2  # 20 ft halved = 10 ft
    for item, load in (("healing_draught", 14), ("dagger", 13)):
        assert ("equip", "longsword") not in s.actions
        with pytest.raises(IllegalAction):
            s.act("equip", "longsword")
        s.act("set_down", item)
        assert ENGINE.weight(s.state, w) == load and ENGINE.encumbered(s.state, w)
    assert ("equip", "longsword") not in s.actions  # two items down, still 1 over
    s.act("set_down", "crossbow")  # 10: within capacity
    assert not ENGINE.encumbered(s.state, w)
    ap = w.ap
    assert ("equip", "longsword") in s.actions
    s.act("equip", "longsword")
    assert w.main == "longsword" and w.ap == ap - 1


def test_F_4_H_6_halved_speed_rounds_feet_up() -> None:
    def tweak(st):  # type: ignore[no-untyped-def]
        w = st.units[0]
        w.speed_ft = 25
        set_attr(w, "STR", -3)  # capacity 4, carrying 16

    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], tweak=tweak)
    assert ENGINE.encumbered(s.state, s.active)
    assert ENGINE.speed_squares(s.state, s.active) == 2  # 12.5 ft -> 13 ft -> 2 squares
