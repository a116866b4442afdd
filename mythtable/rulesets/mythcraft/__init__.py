"""MythCraft combat: a tactical skirmish of heroes (seat 0) against the Myth Caster's creatures (seat 1)."""

from mythtable.rulesets.mythcraft.ruleset import ENTRY, RULESET, MythCraft

__all__ = ["ENTRY", "RULESET", "MythCraft"]
