"""Words for the options (`describe`) and what each option is about (`subject`), for the prompt and the board."""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import NO_SUBJECT, Action, Subject
from mythtable.rulesets.mythicarium.rules.common import cdef, name_of
from mythtable.rulesets.mythicarium.state import NO_TARGET, State


def describe(state: State, action: Action) -> str:
    """One option in at most 60 characters, as the prompt lists it."""
    kind = action[0]
    arg = action[1] if len(action) > 1 else None

    def nm(x: object) -> str:
        return name_of(state, int(x)) if isinstance(x, int) and x in state.cards else "?"

    if kind == "play" and isinstance(arg, int):
        c = cdef(state, arg)
        return f"Play {c.name} ({c.xp} XP)"[:60]
    if kind == "use" and isinstance(arg, int):
        c = cdef(state, arg)
        cost = f", {c.ability.xp} XP" if c.ability is not None and c.ability.xp else ""
        return f"Use {c.name} (exhaust{cost})"[:60]
    if kind == "target":
        u = state.units.get(int(arg)) if isinstance(arg, int) else None
        whose = (
            ""
            if u is None
            else (" (yours)" if state.choosing is not None and u.owner == state.choosing.owner else " (enemy)")
        )
        return f"Target {nm(arg)}{whose}"[:60]
    if kind == "cancel":
        return "Cancel"
    if kind == "next":
        return "Go to combat" if state.stage == "maintenance1" else "End the turn"
    if kind == "pass":
        return "Pass"
    if kind == "attack":
        c = state.combat
        if c is not None and arg in c.attackers:
            return f"Withdraw {nm(arg)}"[:60]
        return f"Attack with {nm(arg)}"[:60]
    if kind == "done":
        return "Done"
    if kind == "blocker":
        return f"Block with {nm(arg)}..."[:60]
    if kind == "block":
        return f"{nm(arg)} blocks {nm(action[2])}"[:60]
    if kind == "unblock":
        return f"Take back {nm(arg)}'s block"[:60]
    if kind == "back":
        return "Back"
    if kind == "wound":
        return f"Wound {nm(arg)}"[:60]
    if kind == "discard":
        return f"Discard {nm(arg)}"[:60]
    if kind == "first" and isinstance(arg, int):
        return f"{state.players[arg].name} goes first"[:60]
    return " ".join(str(a) for a in action)[:60]


def _arg(action: Action, index: int = 1) -> int:
    value = action[index]
    assert isinstance(value, int)
    return value


def _card(state: State, action: Action) -> Subject:
    """play / use / attack / blocker / discard: the card or unit named by the action."""
    return Subject(actor=_arg(action))


def _target(state: State, action: Action) -> Subject:
    """The card or unit waiting for its target, and the target."""
    choosing = state.choosing
    return Subject(actor=choosing.uid if choosing is not None else None, target=_arg(action))


def _cancel(state: State, action: Action) -> Subject:
    choosing = state.choosing
    return Subject(actor=choosing.uid) if choosing is not None else NO_SUBJECT


def _block(state: State, action: Action) -> Subject:
    return Subject(actor=_arg(action), target=_arg(action, 2))


def _unblock(state: State, action: Action) -> Subject:
    combat = state.combat
    blocker = _arg(action)
    attacker = combat.blocks.get(blocker) if combat is not None else None
    return Subject(actor=blocker, target=attacker)


def _back(state: State, action: Action) -> Subject:
    combat = state.combat
    if combat is None or combat.selected == NO_TARGET:
        return NO_SUBJECT
    return Subject(actor=combat.selected)


def _wound(state: State, action: Action) -> Subject:
    """A wound of the attacker whose damage is being placed, onto one of its blockers."""
    combat = state.combat
    attacker = combat.queue[0] if combat is not None and combat.queue else None
    return Subject(actor=attacker, target=_arg(action))


def _nothing(state: State, action: Action) -> Subject:
    return NO_SUBJECT


SUBJECTS: dict[str, Callable[[State, Action], Subject]] = {
    "play": _card,
    "use": _card,
    "target": _target,
    "cancel": _cancel,
    "next": _nothing,
    "pass": _nothing,
    "attack": _card,
    "done": _nothing,
    "blocker": _card,
    "block": _block,
    "unblock": _unblock,
    "back": _back,
    "wound": _wound,
    "discard": _card,
    "first": _nothing,
}
"""Action kind -> what such an option is about (ids are card uids, as the view names them)."""


def subject(state: State, action: Action) -> Subject:
    """What one option of the open decision is about: the card or unit it plays or uses, and its target."""
    return SUBJECTS[str(action[0])](state, action)
