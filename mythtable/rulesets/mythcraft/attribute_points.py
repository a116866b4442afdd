"""F-40 and H-31: what a hero may spend on its attributes, checked wherever heroes are built (the shipped
heroes when content loads, a party file, the party builder), with messages a player can act on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mythtable.rulesets.mythcraft.content import ATTRS, level_attributes
from mythtable.rulesets.mythcraft.rules.formulas import attribute_most, attribute_points

LEVELS = (1, 2, 3, 4, 5)
"""H-8: the levels a hero can be played at."""


def points_spent(attributes: Mapping[str, int]) -> int:
    """H-31: each point above 0 costs one point; an attribute below 0 buys none back."""
    return sum(v for v in attributes.values() if v > 0)


def problems_at(attributes: Mapping[str, int], level: int, where: str) -> list[tuple[str, str]]:
    """(the attribute, or "" for the total; what is wrong) for each way `attributes` break F-40 at `level`."""
    most = attribute_most(level)
    out = [
        (a, f"{a} {attributes[a]:+d} is above {most:+d}, the most any attribute may have at {where}")
        for a in ATTRS
        if attributes.get(a, 0) > most
    ]
    spent, budget = points_spent(attributes), attribute_points(level)
    if spent > budget:
        out.append(("", f"the attributes above 0 add up to {spent} points; a hero has {budget} at {where}"))
    return out


def attribute_problems(
    attributes: Mapping[str, int], level: int | None, raises: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """F-40 for a hero of its own `level`, or (None) one at the party's level, which must fit every level it can
    be played at (H-31): its level-1 build, and with `raises` each level's build. The first level that fails
    is the one reported."""
    if level is not None:
        return problems_at(level_attributes(attributes, raises, level), level, f"level {level}")
    for at in LEVELS if raises else LEVELS[:1]:  # without raises, level 1 is the tightest
        found = problems_at(level_attributes(attributes, raises, at), at, f"level {at} (a hero at the party's level)")
        if found:
            return found
    return []


def points_line(attributes: Mapping[str, int], level: int | None, raises: Sequence[str] = ()) -> str:
    """The sheet's line (short: the sheet is narrow): points spent of the level's points, and the most per
    attribute (F-40); the problems list says what is wrong in full."""
    at = level or 1
    spent, budget = points_spent(level_attributes(attributes, raises, at)), attribute_points(at)
    over = " OVER" if spent > budget else ""
    return f"Points {spent}/{budget}{over}, at most {attribute_most(at):+d} each"
