"""Damage types: M-30, M-31, M-32, H-17 (exhaustive over every unit pair of the card pool)."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from mythtable.rulesets.mythicarium.schema import Card

from .helpers import QUIET, RS, content, lane_uid, table

UNIT_RECORD = {
    "id": "test-unit",
    "name": "Test Unit",
    "short_name": "Test Unit",
    "type": "Minion",
    "race": "Goblin",
    "xp": 1,
    "dp": 1,
    "hp": 1,
    "damage": "Physical",
    "text": "",
    "flavour": "f",
}


def test_M_30_every_unit_deals_physical_or_magical_damage() -> None:
    cards = content().cards.values()
    units = [c for c in cards if c.is_unit]
    assert units and all(c.damage in ("Physical", "Magical") for c in units)
    assert {c.damage for c in units} == {"Physical", "Magical"}  # both types are in the pool
    assert all(c.damage is None for c in cards if not c.is_unit)  # Legends and Equipment deal none
    # the loader holds every unit to one of the two types, and only to those
    assert Card.model_validate(UNIT_RECORD).damage == "Physical"
    assert Card.model_validate({**UNIT_RECORD, "damage": "Magical"}).damage == "Magical"
    for bad in ({**UNIT_RECORD, "damage": None}, {**UNIT_RECORD, "damage": "Fire"}):
        with pytest.raises(ValidationError):
            Card.model_validate(bad)
    # in play every unit on both lanes, Champions included, shows its type
    t = table(lane=(["kobold-lantern", "goblin-skirmisher"], ["moss-troll"]))
    for seat in (0, 1):
        for u in RS.view(t.s, seat).players[seat].lane:
            assert u.damage == t.s.content.cards[u.card_id].damage
    lane = {u.card_id: u.damage for u in RS.view(t.s, 0).players[0].lane}
    assert lane["kobold-lantern"] == "Magical" and lane["goblin-skirmisher"] == "Physical"


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


def _offered_blockers(t: object, attacker: int) -> set[int]:
    """The defenders the engine offers against `attacker`, in one step or two (ONE_STEP_BLOCK_LIMIT)."""
    d = t.d  # type: ignore[attr-defined]
    one = {a[1] for a in d.actions if a[0] == "block" and a[2] == attacker}
    two = {a[1] for a in d.actions if a[0] == "blocker"}
    return one | two


CHAMPION_TRIPLES = (
    ("mara-black-veil", "kitsune-veilwalker", "leshy-deepwood"),
    ("bereginya-riverwarden", "stone-born-adept", "garuda-wingmaster"),
    ("runesinger-kaleva", "simurgh-oracle", "leshy-deepwood"),
    ("ratatosk-talebearer", "huldra-of-the-birches", "tiger-hundred-steps"),
    ("koschei-bone-keeper", "simurgh-oracle", "leshy-deepwood"),
)
"""Together they put every Champion of the pool on the defending side."""


def test_H_17_property_over_the_whole_card_pool() -> None:
    """Every unit of the pool attacks into a lane holding every unit of the pool: the engine offers
    exactly the blockers H-17 allows (attacker Physical, or blocker Magical)."""
    cards = content().cards
    units = sorted(c.id for c in cards.values() if c.is_unit)
    champions = [c for c in units if cards[c].is_champion]
    others = [c for c in units if not cards[c].is_champion]
    assert {c for triple in CHAMPION_TRIPLES for c in triple} == set(champions)
    seen = set()
    pairs = set()
    for attacker in units:
        for triple in CHAMPION_TRIPLES:
            if cards[attacker].is_champion:
                mine = (attacker, *[c for c in QUIET if c != attacker][:2])
                t = table(lane=([], others), champions=(mine, triple))
                a = t.champs(0)[0]
            else:
                t = table(lane=([attacker], others), champions=(QUIET, triple))
                a = lane_uid(t, 0, attacker)
            t.attack(a)
            assert t.kind == "declare_blockers"
            defenders = t.s.players[1].lane
            expected = {b for b in defenders if not cards[attacker].magical or cards[t.s.cards[b]].magical}
            offered = _offered_blockers(t, a)
            assert offered == expected, attacker
            for b in defenders:
                pairs.add((attacker, t.s.cards[b]))
                seen.add((cards[attacker].damage, cards[t.s.cards[b]].damage, b in offered))
    assert pairs == {(a, b) for a in units for b in units}  # every pair of the pool was tried
    assert seen == {
        ("Physical", "Physical", True),
        ("Physical", "Magical", True),
        ("Magical", "Magical", True),
        ("Magical", "Physical", False),
    }
