"""Styles and small helpers shared by the MythCraft board's parts: tokens, names, who is asked."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.view import CombatantView, ConditionView, MythcraftView, creature_mark
from mythtable.tui.colours import (
    ACTIVE_STYLE,
    AREA_BG,
    CARRIED_COLOUR,
    CREATURE_STYLE,
    CREATURE_STYLE_ALT,
    CURSOR_STYLE,
    DYING_STYLE,
    ENGAGED_STYLE,
    FLOOR_STYLE,
    FOCUS_STYLE,
    FREE_MOVE_BG,
    FRESH_COLOUR,
    HERO_STYLE,
    HERO_STYLE_ALT,
    ITEM_STYLE,
    MARKED_STYLE,
    MOVE_BG,
    MOVE_BG_NEW,
    RANGE_STYLE,
    REACH_STYLE,
    RUBBLE_STYLE,
    SPECIAL_COLOUR,
    WALL_STYLE,
)

__all__ = [
    "ACTIVE_STYLE",
    "AREA_BG",
    "CARRIED_COLOUR",
    "CREATURE_STYLE",
    "CREATURE_STYLE_ALT",
    "CURSOR_STYLE",
    "DYING_STYLE",
    "ENGAGED_STYLE",
    "FLOOR_STYLE",
    "FOCUS_STYLE",
    "FREE_MOVE_BG",
    "FRESH_COLOUR",
    "HERO_STYLE",
    "HERO_STYLE_ALT",
    "ITEM_STYLE",
    "MARKED_STYLE",
    "MOVE_BG",
    "MOVE_BG_NEW",
    "RANGE_STYLE",
    "REACH_STYLE",
    "RUBBLE_STYLE",
    "SPECIAL_COLOUR",
    "WALL_STYLE",
]


FRESH_STYLE = f"bold {FRESH_COLOUR}"


CARRIED_STYLE = f"bold {CARRIED_COLOUR}"


SPECIAL_NAME = {"rage": "Rage", "support": "Holy Support"}


CONDITION_SHORT = {"dodge": "Dodging", "stopped": "Stopped"}
"""Condition names as shown (the others are capitalized; Bleeding and Burning add their X)."""


def item_name(iid: str, name: str = "") -> str:
    """An item as shown: its name (the view's), capitalized; "—" for an empty hand."""
    if not iid:
        return "—"
    name = name or iid.replace("_", " ")
    return name[:1].upper() + name[1:]


def item_name_in(view: MythcraftView, iid: str) -> str:
    item = view.catalogue.item(iid)
    return item_name(iid, str(item.name) if item is not None else "")


def token(c: CombatantView) -> str:
    """Two characters: a hero's party number and initial, a creature's kind letter and suffix."""
    if c.side == 0:
        digits = "".join(ch for ch in c.uid if ch.isdigit()) or "?"
        return f"{digits[-1]}{str(c.name)[:1]}".ljust(2)[:2]
    kind_name = str(c.kind_name) or c.name
    suffix = c.name[len(kind_name) :].strip() if c.name.startswith(kind_name) else ""
    return creature_mark(kind_name, suffix)  # as the encounter builder's map marks it (rulesets/mythcraft/marks.py)


def token_style(c: CombatantView, alternate: bool = False) -> str:
    """A hero's or creature's colours; on the map every other square a shade lighter, so that
    neighbours read as two tokens ("hA" beside "i ", not "hAi ")."""
    if c.dying:
        return DYING_STYLE
    if alternate:
        return HERO_STYLE_ALT if c.side == 0 else CREATURE_STYLE_ALT
    return HERO_STYLE if c.side == 0 else CREATURE_STYLE


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def condition_text(cond: ConditionView) -> str:
    """A condition as a short label with its time left: "Burning 2·1t" (one more of its turns), "Dodging·n"
    (until the start of its next turn); none for a condition that lasts until removed."""
    name = CONDITION_SHORT.get(cond.name, cond.name.capitalize())
    label = f"{name} {cond.value}" if cond.value else name
    if cond.rounds > 0:
        return f"{label}·{cond.rounds}t"
    if cond.rounds == 0:
        return f"{label}·n"
    return label


def reactor(view: MythcraftView) -> CombatantView | None:
    """Who is asked in a reaction or a choice (the prompt starts with that combatant's name)."""
    if view.decision_kind in ("hero_turn", "creature_turn", ""):
        return None
    named = [c for c in view.combatants if not c.dead and view.prompt.startswith(c.name)]
    return max(named, key=lambda c: len(c.name)) if named else None


TURNS = ("hero_turn", "creature_turn")


def find(view: MythcraftView, uid: object) -> CombatantView | None:
    return next((c for c in view.combatants if c.uid == uid), None)


def round_words(view: MythcraftView) -> str:
    """The status line's stage: the round and whose turn it is, or who is asked to react; the result at the end."""
    if view.result:
        return str(view.result)
    active = find(view, view.active_uid)
    turn = f"{active.name}'s turn" if active is not None else "between turns"
    asked = reactor(view)
    if asked is not None:
        doing = "may react" if view.decision_kind == "reaction" else "chooses"
        return f"Round {view.round} · {asked.name} {doing}"
    return f"Round {view.round} · {turn}"
