"""How a creature is marked on a map: the game's board and the encounter builder draw the same two characters for
the same creature (issue 33, item 8 and item 2 of its rest), from this one module.

A creature's mark is the initial of its kind's last word, lower-case, and its letter when more than one of its
kind stands on the map ("hA" for Ash Hound A, "i " for the one Cinder Imp); `creature_letters` gives those
letters as the game's setup gives them (reading order, kind by kind), and `creature_marks` the marks a builder's
map shows for a full party of four, as a game would set them up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Pos = tuple[int, int]


def creature_mark(kind_name: str, letter: str) -> str:
    """Two characters: the initial of the kind's last word, lower-case, then the creature's letter or a space."""
    initial = (kind_name.split() or ["?"])[-1][:1].lower()
    return (initial + letter[:1]).ljust(2)


def creature_letters(kinds: Sequence[str]) -> list[str]:
    """The letter of each creature (its kind id, in the game's order): "A", "B", ... for a kind placed more than
    once, "" for a kind placed once."""
    seen: dict[str, int] = {}
    out = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        out.append(chr(64 + seen[kind]) if kinds.count(kind) > 1 else "")
    return out


def creature_marks(placed: Mapping[Pos, tuple[str, bool]], names: Mapping[str, str]) -> dict[Pos, str]:
    """The mark of every creature on a builder's map ((x, y) -> (kind id, joins only for a bigger party)), as a
    game with four heroes sets them up (rules/setup.py): those always there and the first two that join, in
    reading order. A creature that never joins (a third capital) is marked without a letter."""
    order = sorted(placed, key=lambda pos: (pos[1], pos[0]))
    joining = [pos for pos in order if placed[pos][1]][:2]
    playing = [pos for pos in order if not placed[pos][1] or pos in joining]
    letters = dict(zip(playing, creature_letters([placed[pos][0] for pos in playing]), strict=True))
    return {pos: creature_mark(names.get(placed[pos][0], placed[pos][0]), letters.get(pos, "")) for pos in order}
