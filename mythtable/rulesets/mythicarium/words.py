"""Words for the options (`describe`) and what each option is about (`subject`), for the prompt and the board."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from mythtable.engine.decision import NO_SUBJECT, Action, Subject
from mythtable.rulesets.mythicarium.rules.common import can_exhaust, cdef, eff_hp, name_of, unit_name
from mythtable.rulesets.mythicarium.state import NO_TARGET, State


def _name(state: State, x: object) -> str:
    """A card's name; a unit in play with a look-alike also gets its letter ("Hound of the Wild Hunt B")."""
    if not isinstance(x, int) or x not in state.cards:
        return "?"
    return unit_name(state, x) if x in state.units else name_of(state, x)


def _hp_left(state: State, uid: int) -> str:
    """ "1/3♥" for a wounded unit, "" for an unwounded one (as the board's rows draw HP)."""
    u = state.units.get(uid)
    if u is None or not u.wounds:
        return ""
    hp = eff_hp(state, u)
    return f"{max(hp - u.wounds, 0)}/{hp}♥"


def _play(state: State, action: Action) -> str:
    c = cdef(state, _arg(action))
    return f"Play {c.name} ({c.xp} XP)"


def _use(state: State, action: Action) -> str:
    c = cdef(state, _arg(action))
    cost = f", {c.ability.xp} XP" if c.ability is not None and c.ability.xp else ""
    return f"Use {_name(state, action[1])} (exhaust{cost})"


def _target_words(state: State, action: Action) -> str:
    arg = action[1]
    u = state.units.get(arg) if isinstance(arg, int) else None
    chooser = state.choosing
    if u is None:
        return f"Target {_name(state, arg)}"
    whose = "yours" if chooser is not None and u.owner == chooser.owner else "enemy"
    hp = _hp_left(state, u.uid)
    return f"Target {_name(state, arg)} ({whose}{', ' + hp if hp else ''})"


def _attack_words(state: State, action: Action) -> str:
    c = state.combat
    if c is not None and action[1] in c.attackers:
        return f"Withdraw {_name(state, action[1])}"
    return f"Attack with {_name(state, action[1])}"


def _next_words(state: State) -> str:
    """Moving on: to the combat, which says beforehand when no unit of the seat can attack in it (M-6, F-7,
    F-11), or to the end of the turn."""
    if state.stage != "maintenance1":
        return "End the turn"
    if state.turn == 1:
        return "Go to combat (no attack on the first turn)"
    lane = state.players[state.active].lane
    if not any(can_exhaust(state, state.units[uid]) for uid in lane):
        return "Go to combat (no unit can attack)"
    return "Go to combat"


WORDS: dict[str, Callable[[State, Action], str]] = {
    "play": _play,
    "use": _use,
    "target": _target_words,
    "cancel": lambda state, action: "Cancel",
    "next": lambda state, action: _next_words(state),
    "pass": lambda state, action: "Pass",
    "attack": _attack_words,
    "done": lambda state, action: "Done",
    "blocker": lambda state, action: f"Block with {_name(state, action[1])}...",
    "block": lambda state, action: f"{_name(state, action[1])} blocks {_name(state, action[2])}",
    "unblock": lambda state, action: f"Take back {_name(state, action[1])}'s block",
    "back": lambda state, action: "Back",
    "wound": lambda state, action: f"Wound {_name(state, action[1])}",
    "discard": lambda state, action: f"Discard {_name(state, action[1])}",
    "first": lambda state, action: f"{state.players[_arg(action)].name} goes first",
}
"""Action kind -> the words for such an option."""


def describe(state: State, action: Action) -> str:
    """One option in at most 60 characters, as the prompt lists it."""
    words = WORDS.get(str(action[0]))
    return (words(state, action) if words is not None else " ".join(str(a) for a in action))[:60]


FROM_HAND = frozenset({"play", "discard"})
"""Action kinds whose second item may be a card in hand."""


def copies_key(state: State, action: Action) -> Hashable | None:
    """Playing or discarding one of two copies of a card in hand is one move: the key names the
    card by what it is (not its uid). Cards in hand carry nothing but what they are."""
    a0 = str(action[0])
    if a0 not in FROM_HAND or len(action) != 2 or not isinstance(action[1], int):
        return None
    uid = action[1]
    for seat, player in enumerate(state.players):
        if uid in player.hand:
            return (a0, seat, state.cards[uid])
    return None


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
