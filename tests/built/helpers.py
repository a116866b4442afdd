"""Built decks, parties and encounters for tests: legal ones made from the shipped content."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

from mythtable.engine.registry import load
from mythtable.paths import assets_root


def deck_data(ruleset_id: str, deck_id: str | None = None, name: str = "My Deck") -> dict[str, Any]:
    """A legal deck file's data: a copy of a prebuilt deck."""
    content = load(ruleset_id).content
    deck = content.decks[deck_id] if deck_id else next(iter(content.decks.values()))
    if ruleset_id == "mythicarium":
        return {"name": name, "champions": list(deck.champions), "cards": dict(Counter(deck.cards))}
    return {"name": name, "elements": list(deck.elements), "cards": dict(deck.cards)}


def party_data(name: str = "Duo") -> dict[str, Any]:
    heroes = tomllib.loads((assets_root() / "mythcraft" / "heroes.toml").read_text(encoding="utf-8"))["hero"]
    return {"name": name, "hero": [heroes[0], heroes[1]]}


def encounter_data(name: str = "Cellar") -> dict[str, Any]:
    enc = tomllib.loads((assets_root() / "mythcraft" / "encounters.toml").read_text(encoding="utf-8"))["encounter"][0]
    del enc["id"]
    enc["name"] = name
    return enc
