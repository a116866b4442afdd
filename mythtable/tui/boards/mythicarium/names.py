"""Short names for a narrow board: every name fits its column and no two distinct names look alike.

A name that does not fit shows the short name its card chose (`chosen`, from the view: "Will-o'-Wisp" for
"Will-o'-Wisp Poisoner"); only a column narrower than that falls back to cutting words ("Will-o'-Wi. P."), which
the board's columns never ask for at 80x24. `short_names` is deterministic (the same names and width always give
the same forms) and injective over the names it is given; the full name stays in the inspect panel and the
detail line.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

FILLERS = frozenset({"of", "the", "a", "an", "and"})
"""Words a short form drops first ("Mara of the Black Veil" -> "Mara Black Veil")."""
MIN_WIDTH = 6
"""Below this no name is worth shortening (the board never asks for less)."""
MIN_KEPT = 3
"""A trimmed word keeps at least this many letters before its full stop ("Veilw.")."""


def _shown(word: str, kept: int) -> str:
    return word if kept >= len(word) else f"{word[:kept]}."


def _join(words: list[str], kept: list[int]) -> str:
    return " ".join(_shown(w, k) for w, k in zip(words, kept, strict=True))


def _ladder(name: str) -> Iterator[str]:
    """The forms of one name, each shorter or equal, most readable first: the full name, without
    filler words, then the later words trimmed letter by letter (down to an initial) from the last
    one back, then the first word trimmed."""
    yield name
    words = name.split()
    kept_words = [w for w in words if w.lower() not in FILLERS] or words
    if kept_words != words:
        words = kept_words
        yield " ".join(words)
    kept = [len(w) for w in words]
    for index in range(len(words) - 1, 0, -1):  # later words, last first
        while kept[index] > MIN_KEPT:
            kept[index] -= 1
            if kept[index] + 1 < len(words[index]):  # the stop costs a cell: a one-letter cut saves nothing
                yield _join(words, kept)
        if len(words[index]) > 2:
            kept[index] = 1  # an initial: "Kitsune V."
            yield _join(words, kept)
    while kept[0] > MIN_KEPT:
        kept[0] -= 1
        if kept[0] + 1 < len(words[0]):
            yield _join(words, kept)


def abbreviate(name: str, width: int) -> str:
    """The most readable form of `name` that fits `width` cells (at the worst, cut with "…")."""
    width = max(width, MIN_WIDTH)
    for form in _ladder(name):
        if len(form) <= width:
            return form
    return name[: width - 1] + "…"


def preferred(name: str, width: int, chosen: Mapping[str, str]) -> str:
    """`name` when it fits `width`, else its card's chosen short name when that fits, else cut words."""
    if len(name) <= width:
        return name
    short = chosen_form(name, chosen)
    if short is not None and len(short) <= width:
        return short
    return abbreviate(name, width)


def chosen_form(name: str, chosen: Mapping[str, str]) -> str | None:
    """The chosen short name of `name`, a look-alike's letter kept ("Hound B" for "Hound of the Wild Hunt B")."""
    if name in chosen:
        return chosen[name]
    base, _, letter = name.rpartition(" ")
    if len(letter) == 1 and letter.isupper() and base in chosen:
        return f"{chosen[base]} {letter}"
    return None


def _fallbacks(name: str, width: int) -> Iterator[str]:
    """Endless distinct forms of `name` that fit `width`: its abbreviation with a number at the end."""
    number = 2
    while True:
        tag = str(number)
        room = max(width - len(tag) - 1, 0)
        yield abbreviate(name, room)[:room].rstrip(".…") + "~" + tag
        number += 1


def short_names(names: Iterable[str], width: int, chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Name -> short form of at most `width` cells; distinct names never share a form.

    Names are settled in sorted order: each takes its own abbreviation, unless an earlier name took
    it, then the next of its numbered forms not taken ("Kitsune V.~2"), so the map is injective."""
    width = max(width, MIN_WIDTH)
    chosen = chosen or {}
    distinct = sorted(set(names))
    wanted: dict[str, list[str]] = {}
    for name in distinct:
        wanted.setdefault(preferred(name, width, chosen), []).append(name)
    out: dict[str, str] = {}
    taken: set[str] = set()
    # names that keep their full text, or whose form nobody else wants, go first: they never get a number
    for form, owners in wanted.items():
        if len(owners) == 1:
            out[owners[0]] = form
            taken.add(form)
    for name in distinct:
        if name in out:
            continue
        form = preferred(name, width, chosen)
        if form in taken:
            form = next(f for f in _fallbacks(name, width) if f not in taken)
        out[name] = form
        taken.add(form)
    return out
