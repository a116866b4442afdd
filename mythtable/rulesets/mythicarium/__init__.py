"""Mythicarium: the two-player fantasy card game (ruleset id "mythicarium")."""

from mythtable.rulesets.mythicarium.ruleset import ENTRY, RULESET, Mythicarium

__all__ = ["ENTRY", "RULESET", "Mythicarium"]
