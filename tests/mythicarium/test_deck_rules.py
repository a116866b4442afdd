"""Deck legality as the deck editor and built decks see it: every broken rule, named (content.deck_problems)."""

from __future__ import annotations

from collections import Counter

from mythtable.engine.registry import load
from mythtable.rulesets.mythicarium.content import deck_problems


def _content():  # type: ignore[no-untyped-def]
    return load("mythicarium").content


def _deck(deck_id: str = "moonless-court") -> tuple[list[str], dict[str, int]]:
    d = _content().decks[deck_id]
    return list(d.champions), dict(Counter(d.cards))


def _rules(champions: list[str], cards: dict[str, int]) -> list[str]:
    return [p.rule for p in deck_problems(champions, cards, _content().cards)]


def test_shipped_decks_break_no_rule() -> None:
    for deck in _content().decks:
        assert _rules(*_deck(deck)) == []


def test_F_17_exactly_three_champions() -> None:
    champions, cards = _deck()
    others = [c.id for c in _content().cards.values() if c.is_champion and c.id not in champions]
    assert "F-17" in _rules(champions[:2], cards)
    assert "F-17" in _rules([*champions, others[0]], cards)
    assert "F-17" not in _rules(champions, cards)
    not_a_champion = next(iter(cards))
    problems = deck_problems([*champions[:2], not_a_champion], cards, _content().cards)
    assert any(p.rule == "F-17" and "not a Champion" in p.message for p in problems)


def test_H_30_three_different_champions() -> None:
    champions, cards = _deck()
    assert "H-30" in _rules([champions[0], champions[0], champions[1]], cards)


def test_H_1_thirty_cards_at_most_three_copies() -> None:
    champions, cards = _deck()
    first = next(iter(cards))
    fewer = dict(cards)
    fewer[first] -= 1
    assert _rules(champions, fewer) == ["H-1"]  # 29 cards
    more = dict(cards)
    spare = next(cid for cid, n in cards.items() if n < 3)
    more[spare] += 1
    assert _rules(champions, more) == ["H-1"]  # 31 cards
    copies = [p.field for p in deck_problems(champions, {**cards, spare: 4}, _content().cards) if "copies" in p.message]
    assert copies == [f"cards.{spare}"]
    assert not [p for p in deck_problems(champions, {**cards, spare: 3}, _content().cards) if "copies" in p.message]
    champion_inside = dict(cards)
    champion_inside[champions[0]] = 1
    assert any("outside the deck" in p.message for p in deck_problems(champions, champion_inside, _content().cards))


def test_F_18_cards_share_a_class_with_a_champion_F_19_equipment_fits_any() -> None:
    champions, cards = _deck("moonless-court")  # Assassin, Assassin, Wizard
    content = _content()
    druid_ally = next(c.id for c in content.cards.values() if c.type == "Ally" and c.klass == "Druid")
    equipment = next(c.id for c in content.cards.values() if c.type == "Equipment")
    first = next(iter(cards))
    swapped = dict(cards)
    swapped[first] -= 1
    if not swapped[first]:
        del swapped[first]
    with_druid = {**swapped, druid_ally: swapped.get(druid_ally, 0) + 1}
    problems = deck_problems(champions, with_druid, content.cards)
    assert [p.rule for p in problems] == ["F-18"] and druid_ally in problems[0].field
    with_equipment = {**swapped, equipment: swapped.get(equipment, 0) + 1}
    if with_equipment[equipment] <= 3:
        assert _rules(champions, with_equipment) == []


def test_every_problem_is_listed_and_unknown_cards_never_raise() -> None:
    champions, cards = _deck()
    broken = {**cards, "no-such-card": 2}
    problems = deck_problems([*champions[:1], "gone-champion"], broken, _content().cards)
    fields = [p.field for p in problems]
    assert "cards.no-such-card" in fields and "champions" in fields
    assert len(problems) >= 3  # 2 Champions (F-17), an unknown Champion, an unknown card
    assert all(str(p) for p in problems)
