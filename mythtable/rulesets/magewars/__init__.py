"""Mage Wars CCG (ruleset id "magewars"): towers, lines, face-down cards and line-rule combat."""

from __future__ import annotations

from mythtable.rulesets.magewars.ruleset import ENTRY, RULESET, MageWarsRuleset

__all__ = ["ENTRY", "RULESET", "MageWarsRuleset"]
