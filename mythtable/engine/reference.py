"""The in-app rules reference as the game holds it: plain slotted dataclasses, no pydantic.

engine/content.py validates rules.toml with pydantic and copies the result into these (the twins of
its models), so a game in progress, with content restored from the cache, never imports pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Tier = Literal["seed", "fact", "house"]


@dataclass(slots=True, frozen=True)
class Clause:
    """One rule in the project's own words, with the stable ID the tests are named after."""

    id: str
    tier: Tier
    text: str
    settles: str | None = None
    """For house rules that decide an open point: which one (O-n)."""


@dataclass(slots=True, frozen=True)
class Section:
    id: str
    title: str
    stages: list[str]
    """Stage keys (Ruleset.stage) this section explains; the rules screen shows it first then."""
    intro: str
    clause: list[Clause]


@dataclass(slots=True, frozen=True)
class RulesReference:
    title: str
    intro: str
    section: list[Section]

    def clauses(self) -> list[Clause]:
        return [c for s in self.section for c in s.clause]

    def sections_for(self, stage: str) -> list[Section]:
        """Sections explaining `stage`; a key like "combat.blockers" also matches "combat"."""
        keys = {stage}
        while "." in stage:
            stage = stage.rsplit(".", 1)[0]
            keys.add(stage)
        return [s for s in self.section if keys & set(s.stages)]
