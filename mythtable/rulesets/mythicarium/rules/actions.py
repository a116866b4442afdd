"""`apply_action`: one legal action changes the state (`Ruleset.apply` checks it first, then calls `advance`).

One small function per action kind, in `HANDLERS`. Clause IDs refer to the in-app rules reference
(assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.mythicarium.rules.combat import finish_attackers, finish_blockers
from mythtable.rulesets.mythicarium.rules.common import cdef, name_of, say
from mythtable.rulesets.mythicarium.rules.priority import pass_priority, put_in_limbo
from mythtable.rulesets.mythicarium.rules.resolution import next_assignment, place
from mythtable.rulesets.mythicarium.rules.targets import has_target, item_target_kind
from mythtable.rulesets.mythicarium.rules.turn import begin_turn
from mythtable.rulesets.mythicarium.state import NO_TARGET, Combat, Item, State

Handler = Callable[[State, Action, Decision, list[Event]], None]


def _uid(action: Action, index: int = 1) -> int:
    return int(action[index])


def _combat(state: State) -> Combat:
    combat = state.combat
    assert combat is not None
    return combat


def _play_or_use(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """M-33: a card or ability with a target waits for it; one without goes to limbo at once.

    A unit card whose on-play effect has no target is still played (its effect fizzles, H-25)."""
    kind = action[0]
    uid = _uid(action)
    seat = decision.seat
    item = Item("card" if kind == "play" else "ability", uid, seat)
    tk, heals = item_target_kind(state, item)
    if tk != "none" and not (
        kind == "play" and cdef(state, uid).is_unit and not has_target(state, tk, seat, uid, heals)
    ):
        state.choosing = item
    else:
        put_in_limbo(state, item, events)


def _target(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    item = state.choosing
    assert item is not None
    state.choosing = None
    item.target = _uid(action)
    put_in_limbo(state, item, events)


def _cancel(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    state.choosing = None


def _pass(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    pass_priority(state, events)


def _attack(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """Declare an attacker, or withdraw one declared (the declaration ends with "done")."""
    combat = _combat(state)
    uid = _uid(action)
    if uid in combat.attackers:
        combat.attackers.remove(uid)
    else:
        combat.attackers.append(uid)


def _done(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    if decision.kind == "declare_attackers":
        finish_attackers(state, events)
    else:
        finish_blockers(state, events)


def _blocker(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """The first step of a two-step block (many pairs): choose the blocker."""
    _combat(state).selected = _uid(action)


def _back(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    _combat(state).selected = NO_TARGET


def _block(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    combat = _combat(state)
    combat.blocks[_uid(action)] = _uid(action, 2)
    combat.selected = NO_TARGET


def _unblock(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    del _combat(state).blocks[_uid(action)]


def _wound(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """H-7: one wound of the current attacker onto one of its blockers."""
    combat = _combat(state)
    place(state, combat.queue[0], _uid(action), 1)
    combat.left -= 1
    if combat.left == 0:
        combat.queue.pop(0)
    next_assignment(state, events)


def _discard(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """F-5: down to the hand limit at the end of the turn."""
    p = state.players[decision.seat]
    uid = _uid(action)
    p.hand.remove(uid)
    p.graveyard.append(uid)
    say(events, f"{p.name} discards {name_of(state, uid)}.", reveals=True)


def _first(state: State, action: Action, decision: Decision, events: list[Event]) -> None:
    """M-4: the winner of the roll names the first player."""
    state.first = state.active = _uid(action)
    say(events, f"{state.players[state.first].name} takes the first turn.")
    begin_turn(state, events)


HANDLERS: dict[str, Handler] = {
    "play": _play_or_use,
    "use": _play_or_use,
    "target": _target,
    "cancel": _cancel,
    "next": _pass,
    "pass": _pass,
    "attack": _attack,
    "done": _done,
    "blocker": _blocker,
    "back": _back,
    "block": _block,
    "unblock": _unblock,
    "wound": _wound,
    "discard": _discard,
    "first": _first,
}
"""Action kind -> the function that applies it."""


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    """Apply one action of the open decision (`Ruleset.apply` checked that it is one)."""
    decision = state.decision
    assert decision is not None, "only a legal action gets here"
    HANDLERS[str(action[0])](state, action, decision, events)
