"""The encounter builder's side of MythCraft (engine/encounter_kit.py): the creatures and items an
encounter is built from, and an encounter file's data as a draft and back.

An encounter file's map holds one mark a square: '#' wall, ':' rubble (difficult ground), '.' floor,
'1'-'4' the heroes' start squares, and a letter the legend names for a creature standing on floor.
A lower-case letter is always there; a capital joins only for a bigger party (rules/setup.py: the
first capital in reading order for a 3rd hero, the second for a 4th). The draft keeps creatures apart
from the squares, and `encounter_data` gives each kind its letters again.
"""

from __future__ import annotations

import string
from typing import Any

from mythtable.engine.encounter_kit import STARTS, TERRAIN, EncounterDraft, EncounterKit, KitEntry
from mythtable.engine.inspect import Inspection
from mythtable.rulesets.mythcraft.content import MythcraftContent
from mythtable.rulesets.mythcraft.inspect import item_words
from mythtable.rulesets.mythcraft.marks import creature_marks

MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT = 12, 40, 8, 40
"""The map's limits (schema.Encounter: width 12-40, height 8-40)."""
SQUARE_FT = 5


def creature_lines(content: MythcraftContent, cid: str) -> list[str]:
    """A creature's stat block (F-35) as the builder shows it: what a game's inspect panel says of it
    before the fight, from the content alone."""
    d = content.creatures[cid]
    fly = d.movement.get("fly", 0)
    speed = max(d.speed_ft, fly)
    lines = [
        f"Level {d.level} {d.size} {', '.join(d.tags)}. HP {d.hp}. Speed {speed} ft ({speed // SQUARE_FT} squares)"
        + (", flies" if fly else "")
        + ".",
        "Defenses: " + ", ".join([f"AR {d.ar}", *(f"{k} {v}" for k, v in d.defenses.items())]) + ".",
        "Attributes: " + ", ".join(f"{k} {v:+d}" for k, v in d.attributes.items()) + ".",
        f"{d.action_count} action{'s' if d.action_count > 1 else ''} a turn. {d.actions_intro}".strip(),
    ]
    for a in d.actions:
        if a.kind == "move":
            continue
        once = " (once per encounter)" if a.once_per_encounter else ""
        if a.kind == "dodge":
            lines.append(f"{a.name}{once}. {a.text}".strip())
            continue
        dmg = f", {a.damage} {a.damage_type or ''}".rstrip() if a.damage else ""
        lines.append(
            f"{a.name}{once}: +{a.bonus} vs {a.defense}, {a.range or 'special'} {a.range_ft} ft{dmg}. {a.text}".strip()
        )
    lines += [f"{t.name}: {t.text}" for t in (*d.traits, *d.features)]
    lines += [f"Reaction {r.name}: {r.text}" for r in d.reactions]
    if d.resist:
        lines.append("Resists: " + ", ".join(f"{k} {v}" for k, v in d.resist.items()) + ".")
    if d.vulnerable:
        lines.append("Vulnerable: " + ", ".join(f"{k} {v}" for k, v in d.vulnerable.items()) + ".")
    if d.immune:
        lines.append("Immune: " + ", ".join(d.immune) + ".")
    return lines


def encounter_kit(content: MythcraftContent) -> EncounterKit:
    creatures = []
    for cid, d in sorted(content.creatures.items(), key=lambda kv: (kv[1].level, kv[1].name)):
        lines = creature_lines(content, cid)
        summary = f"level {d.level} {d.size} · HP {d.hp} · AR {d.ar}"
        search = " ".join((d.name, cid, f"l{d.level}", d.size, *d.tags, *lines)).lower()
        inspection = Inspection(cid, d.name, tuple(lines))
        creatures.append(KitEntry(cid, d.name, "creature", summary, inspection, search, f"L{d.level}"))
    items = []
    for iid, it in sorted(content.items.items(), key=lambda kv: kv[1].name):
        lines = item_words(content, iid)
        name = it.name[:1].upper() + it.name[1:]
        search = " ".join((it.name, iid, it.kind, *lines)).lower()
        items.append(
            KitEntry(iid, name, "item", f"{it.kind}, weight {it.weight}", Inspection(iid, name, tuple(lines)), search)
        )
    prebuilt = tuple(
        (eid, e.name, prebuilt_data(content, eid))
        for eid, e in content.encounters.items()
        if not eid.startswith("user:")
    )
    return EncounterKit(tuple(creatures), tuple(items), prebuilt, MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT)


def prebuilt_data(content: MythcraftContent, eid: str) -> dict[str, Any]:
    """A shipped encounter as an encounter file's data (its id left out: a file's name names it)."""
    e = content.encounters[eid]
    return {
        "name": e.name,
        "level": e.level,
        "width": e.width,
        "height": e.height,
        "legend": dict(e.legend),
        "map": list(e.map),
        "ground_items": [{"x": g.x, "y": g.y, "item": g.item} for g in e.ground_items],
    }


def _int(value: Any, low: int, high: int, default: int) -> int:
    return min(max(value, low), high) if isinstance(value, int) and not isinstance(value, bool) else default


def encounter_draft(data: Any) -> EncounterDraft:
    """A file's data as a draft, whatever it holds: a mark the map cannot use stays in its square
    (the check names it), rows are cut or filled with floor to a rectangle within the limits."""
    data = data if isinstance(data, dict) else {}
    rows = data.get("map")
    rows = [r for r in rows if isinstance(r, str)] if isinstance(rows, list) else []
    legend = data.get("legend")
    legend = (
        {k: v for k, v in legend.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(legend, dict)
        else {}
    )
    widest = max((len(r) for r in rows), default=MIN_WIDTH)
    width = _int(data.get("width"), MIN_WIDTH, MAX_WIDTH, min(max(widest, MIN_WIDTH), MAX_WIDTH))
    height = _int(data.get("height"), MIN_HEIGHT, MAX_HEIGHT, min(max(len(rows), MIN_HEIGHT), MAX_HEIGHT))
    name = data.get("name")
    draft = EncounterDraft.empty(width, height, name if isinstance(name, str) else "", _int(data.get("level"), 1, 5, 1))
    for y, row in enumerate(rows[:height]):
        for x, mark in enumerate(row[:width]):
            if mark in TERRAIN or mark in STARTS:
                draft.squares[y][x] = mark
            elif mark in legend:
                draft.place_creature((x, y), legend[mark], extra=mark.isupper())
                draft.letters.setdefault((legend[mark], mark.isupper()), mark)
            else:
                draft.squares[y][x] = mark  # unknown: the check says "unknown square" until painted over
    ground = data.get("ground_items")
    for g in ground if isinstance(ground, list) else []:
        if isinstance(g, dict) and isinstance(g.get("item"), str):
            x, y = g.get("x"), g.get("y")
            if isinstance(x, int) and isinstance(y, int) and draft.on_map((x, y)):
                draft.items.append((x, y, g["item"]))
    return draft


def draft_marks(content: MythcraftContent, draft: EncounterDraft) -> dict[tuple[int, int], str]:
    """The marks the game's map gives the draft's creatures (marks.py, one function for both)."""
    placed = {pos: (c.id, c.extra) for pos, c in draft.creatures.items()}
    return creature_marks(placed, {cid: d.name for cid, d in content.creatures.items()})


def letters_for(draft: EncounterDraft) -> dict[tuple[str, bool], str]:
    """A letter for each kind of creature on the map: lower-case for those always there, a capital
    for those that join a bigger party; the kind's own initial when it is free."""
    taken = {m for row in draft.squares for m in row if m not in TERRAIN and m not in STARTS}  # odd marks stay odd
    out: dict[tuple[str, bool], str] = {}
    for pos in sorted(draft.creatures, key=lambda p: (p[1], p[0])):
        c = draft.creatures[pos]
        key = (c.id, c.extra)
        if key in out:
            continue
        pool = string.ascii_uppercase if c.extra else string.ascii_lowercase
        wished = [draft.letters.get(key, ""), c.id[:1].upper() if c.extra else c.id[:1].lower(), *pool]
        letter = next((a for a in wished if a and a in pool and a not in taken), "?")
        taken.add(letter)
        out[key] = letter
    return out


def encounter_data(draft: EncounterDraft) -> dict[str, Any]:
    """The file data of a draft, in the order the shipped encounters.toml writes an entry."""
    letters = letters_for(draft)
    rows = []
    for y, row in enumerate(draft.squares):
        marks = list(row)
        for x in range(len(marks)):
            placed = draft.creatures.get((x, y))
            if placed is not None:
                marks[x] = letters[(placed.id, placed.extra)]
        rows.append("".join(marks))
    legend = {letter: cid for (cid, _extra), letter in letters.items()}
    return {
        "name": draft.name,
        "level": draft.level,
        "width": draft.width,
        "height": draft.height,
        "legend": legend,
        "map": rows,
        "ground_items": [{"x": x, "y": y, "item": item} for x, y, item in draft.items],
    }
