"""Built decks (engine/built.py): the checks and the merge are schema.py's (pydantic), imported only when
a deck file is checked or played, never by a game in progress; and a deck file's data from the editor's
counts or from a prebuilt deck."""

from __future__ import annotations

from typing import Any

from mythtable.engine.built import Built, Problem
from mythtable.rulesets.magewars.content import Content, deck_elements


def built_problems(content: Content, kind: str, name: str, data: Any) -> list[Problem]:
    """Every problem of one built deck; a player builds nothing else for Mage Wars CCG."""
    from mythtable.rulesets.magewars.schema import built_deck

    if kind != "decks":
        return [Problem("", "", f"Mage Wars CCG has no built {kind}")]
    return built_deck(content, name, data)[1]


def with_built(content: Content, built: Built) -> Content:
    from mythtable.rulesets.magewars.schema import with_built as merged

    return merged(content, built)


def deck_data(content: Content, label: str, counts: dict[str, int]) -> dict[str, Any]:
    """A deck file's data: its name, the elements its cards call for, and card -> copies."""
    return {"name": label, "elements": deck_elements(content, counts), "cards": dict(counts)}


def prebuilt_deck(content: Content, deck_id: str) -> dict[str, Any]:
    deck = content.decks[deck_id]
    return {"name": deck.name, "elements": list(deck.elements), "cards": dict(deck.cards)}
