"""F-40 and H-31: what a hero may spend on its attributes, checked wherever heroes are built (the shipped
heroes when content loads, a party file, the party builder), with messages a player can act on."""

from __future__ import annotations

from collections.abc import Mapping

from mythtable.rulesets.mythcraft.content import ATTRS
from mythtable.rulesets.mythcraft.rules.formulas import attribute_most, attribute_points

CHECKED_LEVEL = 1
"""H-31: a hero that plays at the party's level (no level of its own) must fit level 1, the lowest it can be
played at: the points and the most per attribute only grow with the level, so it then fits every level."""


def points_spent(attributes: Mapping[str, int]) -> int:
    """H-31: each point above 0 costs one point; an attribute below 0 buys none back."""
    return sum(v for v in attributes.values() if v > 0)


def attribute_problems(attributes: Mapping[str, int], level: int | None) -> list[tuple[str, str]]:
    """(the attribute, or "" for the total; what is wrong) for each way `attributes` break F-40 at `level`
    (None: the party's level, checked at CHECKED_LEVEL)."""
    at = level or CHECKED_LEVEL
    where = f"level {at}" if level else f"level {at} (a hero at the party's level must fit level {at})"
    most = attribute_most(at)
    out = [
        (a, f"{a} {attributes[a]:+d} is above {most:+d}, the most any attribute may have at {where}")
        for a in ATTRS
        if attributes.get(a, 0) > most
    ]
    spent, budget = points_spent(attributes), attribute_points(at)
    if spent > budget:
        out.append(("", f"the attributes above 0 add up to {spent} points; a hero has {budget} at {where}"))
    return out


def points_line(attributes: Mapping[str, int], level: int | None) -> str:
    """The sheet's line (short: the sheet is narrow): points spent of the level's points, and the most per
    attribute (F-40); the problems list says what is wrong in full."""
    at = level or CHECKED_LEVEL
    spent, budget = points_spent(attributes), attribute_points(at)
    over = " OVER" if spent > budget else ""
    return f"Points {spent}/{budget}{over}, at most {attribute_most(at):+d} each"
