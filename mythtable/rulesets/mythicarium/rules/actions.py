"""`apply_action`: one legal action changes the state (the glue then calls `advance`).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml)."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.mythicarium.rules.combat import (
    finish_attackers,
    finish_blockers,
)
from mythtable.rulesets.mythicarium.rules.common import (
    cdef,
    name_of,
    say,
)
from mythtable.rulesets.mythicarium.rules.priority import (
    pass_priority,
    put_in_limbo,
)
from mythtable.rulesets.mythicarium.rules.resolution import (
    next_assignment,
    place,
)
from mythtable.rulesets.mythicarium.rules.targets import has_target, item_target_kind
from mythtable.rulesets.mythicarium.rules.turn import begin_turn
from mythtable.rulesets.mythicarium.state import NO_TARGET, Item, State


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    d = state.decision
    if d is None:
        raise IllegalAction("the game is over; no more actions are possible")
    if not d.allows(action):
        raise IllegalAction(f"{list(action)} is not a legal choice now ({d.prompt})")
    kind = action[0]
    seat = d.seat
    if kind == "play" or kind == "use":
        uid = action[1]
        assert isinstance(uid, int)
        item = Item("card" if kind == "play" else "ability", uid, seat)
        tk, heals = item_target_kind(state, item)
        if tk != "none" and not (
            kind == "play" and cdef(state, uid).is_unit and not has_target(state, tk, seat, uid, heals)
        ):
            state.choosing = item
        else:
            put_in_limbo(state, item, events)
    elif kind == "target":
        item = state.choosing
        assert item is not None
        state.choosing = None
        item.target = int(action[1])
        put_in_limbo(state, item, events)
    elif kind == "cancel":
        state.choosing = None
    elif kind == "next" or kind == "pass":
        pass_priority(state, events)
    elif kind == "attack":
        c = state.combat
        assert c is not None
        uid = int(action[1])
        if uid in c.attackers:
            c.attackers.remove(uid)
        else:
            c.attackers.append(uid)
    elif kind == "done":
        if d.kind == "declare_attackers":
            finish_attackers(state, events)
        else:
            finish_blockers(state, events)
    elif kind == "blocker":
        c = state.combat
        assert c is not None
        c.selected = int(action[1])
    elif kind == "back":
        c = state.combat
        assert c is not None
        c.selected = NO_TARGET
    elif kind == "block":
        c = state.combat
        assert c is not None
        c.blocks[int(action[1])] = int(action[2])
        c.selected = NO_TARGET
    elif kind == "unblock":
        c = state.combat
        assert c is not None
        del c.blocks[int(action[1])]
    elif kind == "wound":
        c = state.combat
        assert c is not None
        place(state, c.queue[0], int(action[1]), 1)
        c.left -= 1
        if c.left == 0:
            c.queue.pop(0)
        next_assignment(state, events)
    elif kind == "discard":
        p = state.players[seat]
        uid = int(action[1])
        p.hand.remove(uid)
        p.graveyard.append(uid)
        say(events, f"{p.name} discards {name_of(state, uid)}.", reveals=True)
    elif kind == "first":
        state.first = state.active = int(action[1])
        say(events, f"{state.players[state.first].name} takes the first turn.")
        begin_turn(state, events)
