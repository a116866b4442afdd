"""Built decks (engine/built.py): the checks and the merge are schema.py's (pydantic), imported only when
a deck file is checked or played, never by a game in progress; and a prebuilt deck as a deck file's data."""

from __future__ import annotations

from typing import Any

from mythtable.engine.built import Built, Problem
from mythtable.rulesets.mythicarium.content import Content


def built_problems(content: Content, kind: str, name: str, data: Any) -> list[Problem]:
    """Every problem of one built deck; a player builds nothing else for Mythicarium."""
    from mythtable.rulesets.mythicarium.schema import built_deck

    if kind != "decks":
        return [Problem("", "", f"Mythicarium has no built {kind}")]
    return built_deck(content, name, data)[1]


def with_built(content: Content, built: Built) -> Content:
    from mythtable.rulesets.mythicarium.schema import with_built as merged

    return merged(content, built)


def prebuilt_deck(content: Content, deck_id: str) -> dict[str, Any]:
    """A prebuilt deck as a deck file's data (its Champions and card -> copies)."""
    deck = content.decks[deck_id]
    counts: dict[str, int] = {}
    for cid in deck.cards:
        counts[cid] = counts.get(cid, 0) + 1
    return {"name": deck.name, "champions": list(deck.champions), "cards": counts}
