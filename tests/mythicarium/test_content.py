"""Data tests: the shipped content loads, decks are legal, keywords spread; broken content is named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mythtable.engine.errors import ContentError
from mythtable.paths import assets_root
from mythtable.rulesets.mythicarium.content import KEYWORDS
from mythtable.rulesets.mythicarium.schema import load_content

from .helpers import RS, content

ASSETS = assets_root() / "mythicarium"


def test_every_content_file_loads() -> None:
    c = load_content(ASSETS)
    assert {p.name for p in ASSETS.iterdir()} >= {"cards.toml", "decks.toml", "rules.toml"}
    assert len(c.cards) >= 98 and len(c.decks) == 8  # issue 18: twice the first pool of 49 cards


def test_four_classes_three_champions_each() -> None:
    champs = [c for c in content().cards.values() if c.is_champion]
    assert len(champs) == 12
    for cls in ("Assassin", "Druid", "Monk", "Wizard"):
        assert sum(1 for c in champs if c.klass == cls) == 3


def test_every_prebuilt_deck_is_legal_and_mixes_damage_types() -> None:
    cards = content().cards
    for deck in content().decks.values():
        assert len(deck.cards) == 30 and len(set(deck.champions)) == 3
        units = [cards[c] for c in (*deck.champions, *deck.cards) if cards[c].is_unit]
        assert {u.damage for u in units} == {"Physical", "Magical"}, deck.id
        classes = {cards[c].klass for c in deck.champions}
        for cid in deck.cards:
            assert cards[cid].klass in classes | {None}


def test_every_class_is_in_some_deck() -> None:
    cards = content().cards
    used = {cards[c].klass for d in content().decks.values() for c in d.champions}
    assert used == {"Assassin", "Druid", "Monk", "Wizard"}


def test_each_keyword_on_three_cards_over_two_classes() -> None:
    cards = content().cards.values()
    for kw in KEYWORDS:
        having = [c for c in cards if kw in c.keywords]
        assert len(having) >= 3, kw
        assert len({c.klass for c in having if c.klass}) >= 2, kw


def test_names_are_unique_and_records_complete() -> None:
    cards = list(content().cards.values())
    assert len({c.name for c in cards}) == len(cards)
    for c in cards:
        assert c.id and c.name and c.type and c.race and c.flavour
        if c.is_unit:
            assert c.damage in ("Physical", "Magical") and c.hp > 0


def test_setup_fields_and_seats() -> None:
    fields = RS.setup_fields(content())
    assert [f.key for f in fields] == ["deck1", "deck2"]
    assert len(fields[0].choices) == 8 and fields[0].default != fields[1].default
    assert [s.default_name for s in RS.seats] == ["Ana", "Bram"] and RS.hidden_information


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "mythicarium"
    shutil.copytree(ASSETS, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_broken_card_field_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "cards.toml", 'id = "goblin-skirmisher"\n', 'id = "goblin-skirmisher"\nwhat = 1\n')
    with pytest.raises(ContentError) as err:
        load_content(folder)
    msg = str(err.value)
    assert "cards.toml" in msg and "card 'goblin-skirmisher'" in msg and "what" in msg


def test_broken_card_value_is_named(tmp_path: Path) -> None:
    old = 'short_name = "Moss Troll"\ntype = "Ally"\nclass = "Druid"\nrace = "Troll"\nxp = 4\ndp = 2'
    folder = _broken(tmp_path, "cards.toml", old, old.replace("dp = 2", 'dp = "two"'))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    msg = str(err.value)
    assert "cards.toml" in msg and "card 'moss-troll'" in msg and "field 'dp'" in msg


def test_card_text_must_match_its_effects(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "cards.toml", 'text = "Berserk."', 'text = "Berserk. Flies."')
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "field 'text'" in str(err.value) and "cards.toml" in str(err.value)


def test_broken_deck_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "decks.toml", "moss-troll = 2", "moss-troll = 4")
    with pytest.raises(ContentError) as err:
        load_content(folder)
    msg = str(err.value)
    assert "decks.toml" in msg and "deck 'wildwood-circle'" in msg and "field 'cards.moss-troll'" in msg


def test_broken_rules_file_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "rules.toml", 'tier = "seed"', 'tier = "gospel"')
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "rules.toml" in str(err.value) and "tier" in str(err.value)
