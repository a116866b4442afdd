"""The stack (H-25, H-26): casting and activating onto it, resolving its top; Rituals and turning
cards face-up (H-22, H-44, W-32), which happen at once instead."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.magewars.rules.effects import apply_effect, remove_from_zone, sweep
from mythtable.rulesets.magewars.rules.queries import (
    LINE_LABEL,
    give_tag,
    is_unit_in_play,
    name_of,
    needs_target,
    unit_targets,
)
from mythtable.rulesets.magewars.state import (
    StackItem,
    State,
    TargetReq,
)


def resolve_top(state: State, events: list[Event]) -> None:
    """H-25: the top item resolves (last in, first out)."""
    item = state.stack.pop()
    c = state.cards[item.uid]
    if item.kind == "ability":
        a = c.d.ability
        assert a is not None
        events.append(Event(f"{c.d.name}'s ability resolves."))
        apply_effect(state, item.seat, a.effect, item.target, item.line, item.uid, False, events)
        return
    eff = c.d.effect
    assert eff is not None
    events.append(Event(f"{c.d.name} resolves."))
    if c.d.speed == "weave":
        if eff.target == "own_line" or is_unit_in_play(state, item.target):
            c.zone = "weave"
            c.controller = item.seat
            c.att_unit = item.target if eff.target != "own_line" else -1
            c.att_line = item.line if eff.target == "own_line" else ""
            state.players[item.seat].weaves.append(c.uid)
            sweep(state, events)
        else:
            events.append(Event(f"{c.d.name} has nothing to attach to."))
            c.zone = "grave"
            state.players[c.owner].grave.append(c.uid)
        return
    c.zone = "grave"
    state.players[c.owner].grave.append(c.uid)
    apply_effect(state, item.seat, eff, item.target, item.line, item.uid, False, events)


def put_on_stack(state: State, seat: int, purpose: str, uid: int, target: Action | None, events: list[Event]) -> None:
    c = state.cards[uid]
    tgt = -1
    line = ""
    if target is not None:
        if target[0] == "line":
            line = str(target[1])
        else:
            tgt = int(target[1])
    tname = ""
    if tgt >= 0:
        tname = f" on {state.cards[tgt].d.name}"
    elif line:
        tname = f" on the {LINE_LABEL[line]}"
    p = state.players[seat]
    if purpose == "cast":
        p.hand.remove(uid)
        c.zone = "stack"
        p.tower -= c.d.cost
        cost = f" paying {c.d.cost} Tower" if c.d.cost else ""
        events.append(Event(f"{p.name} casts {c.d.name}{tname}{cost}.", reveals=True))
        state.stack.append(StackItem("spell", uid, seat, tgt, line))
    else:
        a = c.d.ability
        assert a is not None
        if a.exhaust:
            c.exhausted = True
        p.tower -= a.tower_cost
        cost = f" paying {a.tower_cost} Tower" if a.tower_cost else ""  # the log says where a Tower Level went
        events.append(Event(f"{p.name} activates {c.d.name}{tname}{cost}."))
        state.stack.append(StackItem("ability", uid, seat, tgt, line))
    state.passes = 0
    if state.intent != "combat":  # W-7: a declared combat stands; a planned end of the Main phase does not
        state.intent = ""
    state.prio = 1 - seat  # H-26


def run_ritual(state: State, seat: int, uid: int, target: Action | None, events: list[Event]) -> None:
    """H-22, H-44: a Ritual's Deploy Effect happens at once, then the Ritual goes to the graveyard."""
    c = state.cards[uid]
    p = state.players[seat]
    remove_from_zone(state, c)
    c.zone = "grave"
    c.face_down = False
    p.grave.append(uid)
    p.tower -= c.d.cost
    tgt = int(target[1]) if target is not None else -1
    tname = f" on {state.cards[tgt].d.name}" if tgt >= 0 else ""
    events.append(Event(f"{p.name} performs {c.d.name}{tname}.", reveals=True))
    eff = c.d.effect
    assert eff is not None
    apply_effect(state, seat, eff, tgt, "", uid, False, events)


def flip(state: State, seat: int, uid: int, events: list[Event]) -> None:
    """H-22: turn a face-down card face-up (not a deployment, no lay, stays in place)."""
    c = state.cards[uid]
    c.face_down = False
    c.entered = state.turn
    if c.zone in LINE_LABEL:
        give_tag(state, c)
    where = f" on the {LINE_LABEL[c.zone]}" if c.zone in LINE_LABEL else ""
    events.append(Event(f"{name_of(state, seat)} turns {c.d.name} face-up{where}.", reveals=True))
    cb = state.combat
    if (
        cb is not None
        and not cb.counter
        and cb.declared
        and state.step in ("combat.declaration", "combat.attack")
        and seat == cb.dfn
        and c.zone == "defensive"
        and c.d.type == "unit"  # W-32: any unit, Aerial or not
    ):
        cb.flipped_def.append(uid)  # W-32, judged when targets are fixed (W-30)


def play_ritual(state: State, seat: int, uid: int, events: list[Event]) -> None:
    """A Ritual played face-up from hand: its Deploy Effect, with a target if it needs one (H-22, W-34)."""
    eff = state.cards[uid].d.effect
    assert eff is not None
    if needs_target(eff):
        state.target_req = TargetReq(seat, "ritual", uid, unit_targets(state, seat, eff.target))
    else:
        run_ritual(state, seat, uid, None, events)


def start_flip(state: State, seat: int, uid: int, events: list[Event]) -> None:
    c = state.cards[uid]
    eff = c.d.effect
    if c.d.type == "ritual" and needs_target(eff):
        assert eff is not None
        state.target_req = TargetReq(seat, "flip", uid, unit_targets(state, seat, eff.target))
        return
    if c.d.type == "ritual":
        run_ritual(state, seat, uid, None, events)
    else:
        flip(state, seat, uid, events)
