"""Data tests: every content file loads, decks are legal, broken content is reported precisely."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from mythtable.engine.errors import ContentError
from mythtable.paths import assets_root
from mythtable.rulesets.magewars.content import ELEMENTS, deck_problems
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.schema import load_content
from mythtable.rulesets.magewars.view import STEP_LABELS
from tests.magewars.helpers import content

ROOT = assets_root() / "magewars"


def broken_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "magewars"
    shutil.copytree(ROOT, dst)
    return dst


def test_every_content_file_loads_and_names_are_unique() -> None:
    c = load_content(ROOT)
    names = [info.name for info in c.cards.values()]
    assert len(names) == len(set(names))
    assert len({d.name for d in c.decks.values()}) == len(c.decks)
    assert len(c.rules.clauses()) > 100


def test_F_5_F_6_F_7_content_covers_types_speeds_and_elements() -> None:
    cards = content().cards.values()
    assert {c.type for c in cards} == {"unit", "casting", "resource", "holding", "ritual"}
    assert {c.speed for c in cards if c.type == "casting"} == {"fast", "slow", "weave"}
    for e in ELEMENTS:
        mine = [c for c in cards if e in c.elements]
        assert any(c.type == "unit" and c.aerial for c in mine), e
        assert any(c.type == "unit" and c.hero for c in mine), e
        for speed in ("fast", "slow", "weave"):
            assert any(c.type == "casting" and c.speed == speed for c in mine), (e, speed)
        assert any(c.type == "ritual" and c.effect is not None for c in mine), e
        assert any(c.type == "resource" and c.elements == (e,) for c in mine), e
    combined = {frozenset(c.elements): c.name for c in cards if c.type == "resource" and len(c.elements) > 1}
    for pair in itertools.combinations(ELEMENTS, 2):
        assert frozenset(pair) in combined, pair
    assert combined[frozenset({"Earth", "Fire"})] == "Magma"
    assert sum(1 for c in cards if c.type == "holding") >= 3


def test_H_1_F_16_F_18_shipped_decks_are_legal_and_the_validator_catches_bad_decks() -> None:
    c = content()
    assert len(c.decks) >= 4
    pairs = {frozenset(d.elements) for d in c.decks.values()}
    for pair in (("Earth", "Fire"), ("Fire", "Wind"), ("Wind", "Water"), ("Water", "Earth")):
        assert frozenset(pair) in pairs
    for deck in c.decks.values():
        assert deck_problems(deck, c.cards) == [], deck.id
        assert len(deck.card_list()) == 40
        # every unit needs a Holding, so every deck carries several
        assert sum(1 for cid in deck.card_list() if c.cards[cid].type == "holding") >= 5
    base = next(iter(c.decks.values()))
    cards = dict(base.cards)
    hero = next(cid for cid in cards if c.cards[cid].hero)
    normal = next(cid for cid, n in cards.items() if not c.cards[cid].hero and n == 3)
    from mythtable.rulesets.magewars.schema import DeckModel

    two_heroes = DeckModel(id="x", name="x", elements=["Earth"], cards={**cards, hero: 2, normal: 2})
    assert any("Hero" in p for p in deck_problems(two_heroes, c.cards))  # F-16
    five = DeckModel(id="x", name="x", elements=["Earth"], cards={**cards, normal: 5})
    assert any("at most 4" in p for p in deck_problems(five, c.cards))
    big = DeckModel(id="x", name="x", elements=["Earth"], cards={k: v * 2 for k, v in cards.items() if v <= 2})
    assert any("exactly 40" in p for p in deck_problems(big, c.cards))  # F-18: not the wiki's 88
    wiki = DeckModel(id="x", name="x", elements=["Earth"], cards={cid: 4 for cid in list(c.cards)[:22]})
    assert any("exactly 40" in p for p in deck_problems(wiki, c.cards))


def test_broken_card_field_names_file_entry_and_field(tmp_path: Path) -> None:
    root = broken_copy(tmp_path)
    path = root / "cards" / "earth.toml"
    path.write_text(path.read_text().replace("power = 3\nguard = 5", 'power = "lots"\nguard = 5', 1))
    with pytest.raises(ContentError) as err:
        RULESET.load_content(root)
    msg = str(err.value)
    assert "earth.toml" in msg and "card 'boulderback-ox'" in msg and "field 'power'" in msg


def test_broken_deck_names_file_entry_and_field(tmp_path: Path) -> None:
    root = broken_copy(tmp_path)
    path = root / "decks.toml"
    path.write_text(path.read_text().replace("boulderback-ox = 3", "boulderback-ox = 5", 1))
    with pytest.raises(ContentError) as err:
        RULESET.load_content(root)
    msg = str(err.value)
    assert "decks.toml" in msg and "deck 'magma-vanguard'" in msg and "field 'cards'" in msg


def test_broken_cross_field_rule_names_the_field(tmp_path: Path) -> None:
    root = broken_copy(tmp_path)
    path = root / "cards" / "fire.toml"
    path.write_text(path.read_text().replace("requires = { holding = true, elements = { Fire = 2 } }", "", 1))
    with pytest.raises(ContentError) as err:
        RULESET.load_content(root)
    msg = str(err.value)
    assert "fire.toml" in msg and "card 'ash-legionary'" in msg and "field 'requires.holding'" in msg


def test_F_19_out_of_scope_keywords_are_rejected(tmp_path: Path) -> None:
    root = broken_copy(tmp_path)
    path = root / "cards" / "wind.toml"
    path.write_text(path.read_text().replace('keywords = ["Aerial"]', 'keywords = ["Aerial", "God"]', 1))
    with pytest.raises(ContentError) as err:
        RULESET.load_content(root)
    msg = str(err.value)
    assert "wind.toml" in msg and "card 'gust-sprite'" in msg and "keywords" in msg


def test_rules_reference_sections_cover_every_stage_and_open_point() -> None:
    ref = content().rules
    for stage in STEP_LABELS:
        assert ref.sections_for(stage), stage
    settles = {c.settles: c.id for c in ref.clauses() if c.settles}
    assert set(settles) == {f"O-{n}" for n in range(1, 8)}
    assert all(ref_clause.tier == "house" for ref_clause in ref.clauses() if ref_clause.settles)
    tiers = {c.id[0]: c.tier for c in ref.clauses()}
    assert tiers == {"W": "seed", "F": "fact", "H": "house"}
