"""Short forms of card names for narrow columns: deterministic, and never the same for two different
names on one board (so two units never look alike); the full name is in the inspect panel.

`abbreviate(names, width, chosen)` maps every name to a form at most `width` cells wide: the name itself
when it fits, else the short name its card chose (`chosen`, from the view: "Admiral Oda"), and only in a
column narrower than that the name with filler words dropped and its longest words cut ("Admir. Oda Deep."),
and when two names would still meet, a numbered form ("Rite Still#1") for all but the first of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.cells import cell_len

FILLER = frozenset({"of", "the", "a", "an", "and"})
"""Words dropped first when a name is too long ("Mara of the Black Veil" → "Mara Black Veil")."""

MIN_WIDTH = 4
"""Narrower than this, forms are only guaranteed distinct, not readable."""


def cut(word: str, keep: int) -> str:
    """A word cut to `keep` characters and a dot ("Deepcurrent", 4 → "Deep.")."""
    return word[:keep] + "."


def shorten(name: str, width: int, rightmost_first: bool = True) -> str:
    """One name in at most `width` cells: filler words dropped, then the longest word cut by one
    letter at a time (ties: the rightmost, or the leftmost), then a hard cut with "…"."""
    if cell_len(name) <= width:
        return name
    words = name.split()
    kept = [w for w in words if w.lower() not in FILLER] or words
    if len(kept) > 1 and kept[0] != words[0]:
        kept = [words[0], *kept[1:]]  # a name that starts with "The" keeps it only when it must
    full = list(kept)
    keep = [len(word) for word in full]  # letters kept of each word; a cut word ends with "."

    def form(i: int) -> str:
        return full[i] if keep[i] == len(full[i]) else cut(full[i], keep[i])

    def size() -> int:
        return sum(cell_len(form(i)) for i in range(len(full))) + len(full) - 1

    while size() > width:
        order = range(len(full) - 1, -1, -1) if rightmost_first else range(len(full))
        candidates = [i for i in order if keep[i] > 1]
        if not candidates:
            break
        i = max(candidates, key=lambda k: cell_len(form(k)))  # max keeps the first of the order on ties
        keep[i] = len(full[i]) - 2 if keep[i] == len(full[i]) else keep[i] - 1
        keep[i] = max(1, keep[i])
    forms = [form(i) for i in range(len(full))]
    text = " ".join(forms)
    if cell_len(text) > width:
        text = hard_cut(text, width)
    return text


def hard_cut(text: str, width: int) -> str:
    """The first `width` cells of `text`, the last one an ellipsis."""
    out = ""
    for char in text:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out + "…" if width >= 1 else ""


def tagged(name: str, width: int, number: int) -> str:
    """A numbered form, the last resort that keeps forms apart ("Rite Still#2")."""
    tag = f"#{number}"
    room = max(1, width - len(tag))
    base = shorten(name, room)
    if cell_len(base) > room:
        base = hard_cut(base, room)
    return base + tag


def preferred_form(name: str, width: int, chosen: Mapping[str, str]) -> str:
    """`name` when it fits `width`, else its card's chosen short name when that fits, else cut words."""
    if cell_len(name) <= width:
        return name
    short = chosen.get(name)
    base, _, letter = name.rpartition(" ")
    if short is None and len(letter) == 1 and letter.isupper() and base in chosen:
        short = f"{chosen[base]} {letter}"  # a look-alike keeps its letter ("Emberwing B")
    if short is not None and cell_len(short) <= width:
        return short
    return shorten(name, width)


def abbreviate(names: Iterable[str], width: int, chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every name to a form at most `width` cells wide (from MIN_WIDTH on), distinct names to distinct
    forms. The same set of names and width always give the same forms."""
    width = max(MIN_WIDTH, width)
    chosen = chosen or {}
    distinct = sorted(set(names))
    preferred = {name: preferred_form(name, width, chosen) for name in distinct}
    counts: dict[str, int] = {}
    for form in preferred.values():
        counts[form] = counts.get(form, 0) + 1
    out: dict[str, str] = {}
    used: set[str] = set()
    for name in distinct:  # forms nobody else wants
        if counts[preferred[name]] == 1:
            out[name] = preferred[name]
            used.add(preferred[name])
    # contested forms: names that fit keep themselves first, then the others by name
    contested = sorted((n for n in distinct if n not in out), key=lambda n: (cell_len(n) > width, n))
    for name in contested:
        candidates = [preferred[name], shorten(name, width, rightmost_first=False)]
        candidates += [tagged(name, width, number) for number in range(1, len(distinct) + 12)]
        free = [c for c in candidates if c not in used and cell_len(c) <= width]
        out[name] = free[0] if free else tagged(name, len(name) + 8, len(used) + 1)  # never on a real board
        used.add(out[name])
    return out
