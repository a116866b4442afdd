"""Built parties and encounters (engine/built.py): the checks and the merge are schema.py's (pydantic),
imported only when a file is checked or played, never by a game in progress."""

from __future__ import annotations

from typing import Any

from mythtable.engine.built import Built, Problem
from mythtable.rulesets.mythcraft.content import MythcraftContent


def built_problems(content: MythcraftContent, kind: str, name: str, data: Any) -> list[Problem]:
    """Every problem of one built party or encounter."""
    from mythtable.rulesets.mythcraft.schema import built_encounter, built_party

    if kind == "parties":
        return built_party(content, name, data)[1]
    if kind == "encounters":
        return built_encounter(content, name, data)[1]
    return [Problem("", "", f"MythCraft combat has no built {kind}")]


def with_built(content: MythcraftContent, built: Built) -> MythcraftContent:
    from mythtable.rulesets.mythcraft.schema import with_built as merged

    return merged(content, built)
