"""The card pool is worth building from (issue 18 item 5): twice the first printing, every keyword
and every effect kind on several cards, new cards on the first printing's cost curve, every card in
some prebuilt deck, and a card's text always what its data does."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest

from mythtable.engine.errors import ContentError
from mythtable.paths import assets_root
from mythtable.rulesets.mythicarium.content import KEYWORDS, CardDef, Op
from mythtable.rulesets.mythicarium.schema import load_content

from .helpers import content

ASSETS = assets_root() / "mythicarium"
FIRST_PRINTING = 49
"""Cards shipped before issue 18 (the first 49 entries of cards.toml)."""
AT_LEAST = 3


def _ops(card: CardDef) -> set[str]:
    effects = [*card.on_play, *(card.ability.effects if card.ability else [])]
    return {e.op for e in effects}


def _score(card: CardDef) -> int:
    """A unit's body and extras against its cost: DP + HP + 2 per keyword, on-play effect or ability, - 2 per XP."""
    extras = len(card.keywords) + bool(card.on_play) + (card.ability is not None)
    return card.dp + card.hp + 2 * extras - 2 * card.xp


def test_the_pool_is_twice_the_first_printing() -> None:
    cards = list(content().cards.values())
    assert len(cards) >= 2 * FIRST_PRINTING
    for kind in ("Champion", "Ally", "Minion", "Legend", "Equipment"):
        first = [c for c in cards[:FIRST_PRINTING] if c.type == kind]
        assert len([c for c in cards if c.type == kind]) >= len(first) + 4, kind


def test_every_keyword_is_on_several_cards() -> None:
    counts = Counter(k for c in content().cards.values() for k in c.keywords)
    assert set(counts) == set(KEYWORDS)
    assert min(counts.values()) >= AT_LEAST, counts


def test_every_effect_kind_is_on_several_cards() -> None:
    counts = Counter(op for c in content().cards.values() for op in _ops(c))
    assert set(counts) == set(get_args(Op)), set(get_args(Op)) - set(counts)
    assert min(counts.values()) >= AT_LEAST, counts


def test_response_and_main_phase_abilities_are_both_common() -> None:
    abilities = [c.ability for c in content().cards.values() if c.ability is not None]
    assert sum(a.response for a in abilities) >= AT_LEAST
    assert sum(not a.response for a in abilities) >= AT_LEAST


def test_new_units_sit_on_the_first_printings_cost_curve() -> None:
    """Each new unit scores inside the band the first printing spans for its kind (and Champion yield)."""
    cards = list(content().cards.values())
    first, new = cards[:FIRST_PRINTING], cards[FIRST_PRINTING:]
    groups = {
        "units": lambda c: c.type in ("Ally", "Minion"),
        "champions yielding 1": lambda c: c.is_champion and c.xp == 1,
        "champions yielding 2": lambda c: c.is_champion and c.xp == 2,
    }
    for name, member in groups.items():
        band = [_score(c) for c in first if member(c)]
        low, high = min(band), max(band)
        for card in new:
            if member(card):
                assert low <= _score(card) <= high, (name, card.id, _score(card), (low, high))
    for card in cards:
        if card.type == "Equipment":
            assert card.xp - 1 <= card.dp + card.hp <= card.xp, card.id
        if card.type == "Minion":
            assert card.xp <= 2, card.id  # H-16: Minions are low-cost


def test_every_card_is_in_some_prebuilt_deck() -> None:
    """So the new cards are played: by the random games, the bots and the golden playthroughs."""
    decks = content().decks.values()
    used = {cid for d in decks for cid in (*d.champions, *d.cards)}
    assert set(content().cards) <= used, set(content().cards) - used


def test_names_and_flavour_are_unique() -> None:
    cards = list(content().cards.values())
    assert len({c.name.lower() for c in cards}) == len(cards)
    assert len({c.flavour for c in cards}) == len(cards)


def test_a_new_cards_stale_text_is_rejected(tmp_path: Path) -> None:
    """Changing a new card's effect without its text is caught: text and behaviour cannot drift."""
    folder = tmp_path / "mythicarium"
    shutil.copytree(ASSETS, folder)
    path = folder / "cards.toml"
    text = path.read_text(encoding="utf-8")
    old = 'on_play = [{ op = "draw", amount = 2 }]'
    assert text.count(old) == 1
    path.write_text(text.replace(old, 'on_play = [{ op = "draw", amount = 3 }]'), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(folder)
    msg = str(err.value)
    assert "alkonost-dawn-singer" in msg and "field 'text'" in msg and "draw 3 cards" in msg
