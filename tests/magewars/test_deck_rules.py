"""Deck legality as the deck editor and built decks see it: every broken rule, named (content.deck_rule_problems)."""

from __future__ import annotations

from mythtable.engine.registry import load
from mythtable.rulesets.magewars.content import deck_rule_problems


def _content():  # type: ignore[no-untyped-def]
    return load("magewars").content


def _deck(deck_id: str = "magma-vanguard") -> dict[str, int]:
    return dict(_content().decks[deck_id].cards)


def _rules(cards: dict[str, int]) -> list[str]:
    return [p.rule for p in deck_rule_problems(cards, _content().cards)]


def test_shipped_decks_break_no_rule() -> None:
    for deck in _content().decks:
        assert _rules(_deck(deck)) == []


def test_H_1_forty_cards_at_most_four_copies() -> None:
    cards = _deck()
    first = next(iter(cards))
    fewer = {**cards, first: cards[first] - 1}
    assert _rules(fewer) == ["H-1"]
    spare = next(cid for cid, n in cards.items() if n < 4 and not _content().cards[cid].hero)
    assert _rules({**cards, spare: cards[spare] + 1}) == ["H-1"]  # 41 cards
    assert not [p for p in deck_rule_problems({**cards, spare: 4}, _content().cards) if "copies" in p.message]
    five = {**cards, spare: 5}
    assert "H-1" in _rules(five)
    assert any("at most 4" in p.message for p in deck_rule_problems(five, _content().cards))


def test_F_16_at_most_one_copy_of_each_hero() -> None:
    cards = _deck()
    hero = next(cid for cid in cards if _content().cards[cid].hero)
    assert cards[hero] == 1
    other = next(cid for cid, n in cards.items() if n > 1 and not _content().cards[cid].hero)
    two = {**cards, hero: 2, other: cards[other] - 1}  # still 40 cards
    assert _rules(two) == ["F-16"]


def test_H_50_a_deck_with_units_holds_a_holding() -> None:
    """The house rule, not F-9 itself (a deploy rule, tested in test_turn): a built deck without a Holding is
    refused, naming the unit and F-9's reason; one Holding is enough."""
    cards = _deck()
    content = _content()
    holdings = [cid for cid in cards if content.cards[cid].type == "holding"]
    without = {cid: n for cid, n in cards.items() if cid not in holdings}
    removed = sum(cards[cid] for cid in holdings)
    problems = deck_rule_problems(without, content.cards)
    units = {cid for cid in without if content.cards[cid].is_unit}
    assert removed > 0 and units
    named = {p.field for p in problems if p.rule == "H-50" and "Holding" in p.message and "(F-9)" in p.message}
    assert named == {f"cards.{cid}" for cid in units}  # every unit, and nothing else
    one = {**without, holdings[0]: 1}
    assert not any(p.rule == "H-50" for p in deck_rule_problems(one, content.cards))


def test_H_50_a_card_needs_enough_resources_of_its_element_H_14_combined_count() -> None:
    content = _content()
    cards = _deck()
    need_two = next((cid, e) for cid in cards for e, n in content.cards[cid].req_elements if n == 2)
    cid, element = need_two
    carriers = {
        r: n for r, n in cards.items() if content.cards[r].type == "resource" and element in content.cards[r].elements
    }
    assert sum(carriers.values()) >= 2
    # keep exactly one carrier of the element: the two-source card breaks the rule, named with its element
    keep = next(iter(carriers))
    thin = {r: n for r, n in cards.items() if r not in carriers or r == keep}
    thin[keep] = 1
    problems = deck_rule_problems(thin, content.cards)
    mine = [p for p in problems if p.field == f"cards.{cid}"]
    assert mine and mine[0].rule == "H-50" and element in mine[0].message
    thin[keep] = 2  # two sources: enough (H-13 thresholds)
    assert not [p for p in deck_rule_problems(thin, content.cards) if p.field == f"cards.{cid}"]
    combined = next(
        r for r, i in content.cards.items() if i.type == "resource" and len(i.elements) > 1 and element in i.elements
    )
    mixed = {r: n for r, n in thin.items() if r != keep}
    mixed[keep] = 1
    mixed[combined] = 1  # H-14: a combined Resource counts for each of its elements
    assert not [p for p in deck_rule_problems(mixed, content.cards) if p.field == f"cards.{cid}"]
