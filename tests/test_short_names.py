"""Every name a board draws has a short name chosen in its content (issue 33, item 5): at most 14 characters,
words a player recognises (never a cut form ending in "." or "…"), and never the same as another thing's name or
short name in its ruleset, so that a narrow board never shows two things alike."""

from __future__ import annotations

import pytest

from mythtable.engine.content import SHORT_NAME_MAX
from mythtable.engine.registry import load


def named_things(ruleset_id: str) -> list[tuple[str, str, str | None]]:
    """(kind and id, name, short name) of every card, creature, shipped hero and item of a ruleset."""
    content = load(ruleset_id).content
    if ruleset_id in ("mythicarium", "magewars"):
        return [(f"card {c.id}", c.name, c.short_name) for c in content.cards.values()]
    out = [(f"creature {c.id}", c.name, c.short_name) for c in content.creatures.values()]
    out += [(f"item {i.id}", i.name, i.short_name) for i in content.items.values()]
    out += [(f"hero {h.id}", h.name, h.short_name) for h in content.heroes.values()]
    return out


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
def test_every_board_name_has_a_short_name_that_fits_and_reads_whole(ruleset_id: str) -> None:
    things = named_things(ruleset_id)
    assert things
    for what, name, short in things:
        assert short, f"{what} ({name}) has no short name"
        assert len(short) <= SHORT_NAME_MAX, (what, short)
        assert len(short) <= len(name), (what, short)
        assert not short.endswith((".", "…")), f"{what}: {short!r} reads as a cut name"
        if len(name) <= SHORT_NAME_MAX:
            assert short == name, f"{what}: {name!r} fits already; its short name is the name itself"


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
def test_no_two_things_share_a_short_name_nor_take_another_things_name(ruleset_id: str) -> None:
    things = named_things(ruleset_id)
    by_short: dict[str, str] = {}
    names = {name for _, name, _ in things}
    for what, name, short in things:
        assert short is not None
        assert by_short.setdefault(short, name) == name, f"{what}: {short!r} is also {by_short[short]!r}'s"
        assert short == name or short not in names, f"{what}: {short!r} is another thing's full name"
