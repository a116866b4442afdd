"""Damage types: M-30, M-31, M-32, H-17 (exhaustive over every unit pair of the card pool)."""

from __future__ import annotations

import itertools

import pytest

from mythtable.rulesets.mythicarium.rules import can_block

from .helpers import content, lane_uid, table


def test_M_30_every_unit_deals_physical_or_magical_damage() -> None:
    units = [c for c in content().cards.values() if c.is_unit]
    assert units
    assert {c.damage for c in units} == {"Physical", "Magical"}
    t = table(lane=(["kobold-lantern", "goblin-skirmisher"], []))
    view = t.s.content.cards
    assert view["kobold-lantern"].magical and not view["goblin-skirmisher"].magical


def test_M_31_magical_attacker_blocked_only_by_magical_units() -> None:
    t = table(lane=(["kobold-lantern"], ["goblin-skirmisher", "wisp-poisoner"]))
    k = lane_uid(t, 0, "kobold-lantern")
    g, w = lane_uid(t, 1, "goblin-skirmisher"), lane_uid(t, 1, "wisp-poisoner")
    t.attack(k)
    assert ("block", w, k) in t.d.actions
    assert ("block", g, k) not in t.d.actions


def test_M_32_magical_unit_may_block_physical_attacker() -> None:
    t = table(lane=(["goblin-skirmisher"], ["kobold-lantern"]))
    g, k = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "kobold-lantern")
    t.attack(g)
    t.block((k, g))
    assert g not in t.s.units and k not in t.s.units


PAIRS = list(itertools.product(["goblin-skirmisher", "kobold-lantern"], repeat=2))


@pytest.mark.parametrize(("attacker", "blocker"), PAIRS)
def test_H_17_block_legal_exactly_when_attacker_physical_or_blocker_magical(attacker: str, blocker: str) -> None:
    t = table(lane=([attacker], [blocker]))
    a, b = lane_uid(t, 0, attacker), lane_uid(t, 1, blocker)
    t.attack(a)
    cards = t.s.content.cards
    expected = (not cards[attacker].magical) or cards[blocker].magical
    assert (("block", b, a) in t.d.actions) == expected


def test_H_17_property_over_the_whole_card_pool() -> None:
    units = [c for c in content().cards.values() if c.is_unit]
    for a, b in itertools.product(units, units):
        assert can_block(a.magical, b.magical) == (a.damage == "Physical" or b.damage == "Magical")
