"""The turn and the decision loop: `advance` runs every step that needs no choice and parks the
next open `Decision` on the state; priority passes (H-26, H-27); the end of turn (H-11) and the
next turn's Ready and Draw (H-6..H-8)."""

from __future__ import annotations

from mythtable.engine.decision import Decision, Event
from mythtable.rulesets.magewars.rules.combat import attack_step_done, begin_combat, end_combat
from mythtable.rulesets.magewars.rules.damage import damage_decision
from mythtable.rulesets.magewars.rules.effects import check_towers, draw, open_window, sweep
from mythtable.rulesets.magewars.rules.options import (
    attack_step_actions,
    attacker_actions,
    block_actions,
    fast_actions,
    main_actions,
)
from mythtable.rulesets.magewars.rules.queries import CANCEL, DONE, PASS, WINDOW_STEPS
from mythtable.rulesets.magewars.rules.stack import resolve_top
from mythtable.rulesets.magewars.state import (
    HAND_LIMIT,
    State,
)


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is open (cached on the state) or the game is over."""
    guard_count = 0
    while True:
        guard_count += 1
        if guard_count > 10_000:
            raise RuntimeError("the Mage Wars state machine did not settle")
        if state.over or check_towers(state, events):
            state.decision = None
            return
        d = find_decision(state, events)
        if d is not None:
            state.decision = d
            return


def find_decision(state: State, events: list[Event]) -> Decision | None:
    """The open decision, or None after making one automatic transition."""
    tr = state.target_req
    if tr is not None:
        name = state.cards[tr.uid].d.name
        prompt = f"Which attacker does {name} block?" if tr.purpose == "block" else f"Choose a target for {name}"
        return Decision(tr.seat, "target", prompt, [*tr.options, CANCEL])
    step = state.step
    if step in WINDOW_STEPS:
        cb = state.combat
        if step == "combat.declaration" and cb is not None and not cb.declared:
            return Decision(cb.atk, "declare_attackers", "Declare attackers and targets", attacker_actions(state, cb))
        seat = state.prio
        # W-7..W-11: once combat is declared, the attacker never gets the Main phase back
        if step == "main" and seat == state.active and not state.stack and state.intent != "combat":
            return Decision(seat, "main", "Main phase", main_actions(state))
        acts = fast_actions(state, seat)
        if not acts:
            do_pass(state, events)  # auto-pass: nothing castable
            return None
        acts.append(PASS)
        return Decision(seat, "fast_cast", "Respond with a fast-cast, or pass", acts)
    if step == "combat.attack":
        cb = state.combat
        assert cb is not None
        acts = attack_step_actions(state, cb, cb.turn_seat)
        if len(acts) == 1:
            attack_step_done(state, events)
            return None
        return Decision(cb.turn_seat, "attack_step", "Attack step: block, turn cards face-up, or done", acts)
    if step == "combat.damage" or step == "counter.damage":
        return damage_decision(state, events)
    if step == "counter.attack":
        cb = state.combat
        assert cb is not None
        if not cb.declared:
            acts = attacker_actions(state, cb)
            if len(acts) == 1:
                end_combat(state, events, "No unit can counter-attack.")
                return None
            return Decision(cb.atk, "counter_attackers", "Choose counter-attackers and targets", acts)
        acts = block_actions(state, cb)
        if not acts:
            open_window(state, "counter.defense", cb.atk)
            return None
        acts.append(DONE)
        return Decision(cb.dfn, "counter_blockers", "Choose blockers against the counter-attack", acts)
    if step == "end":
        p = state.players[state.active]
        if len(p.hand) > HAND_LIMIT:
            return Decision(state.active, "discard", f"Discard down to {HAND_LIMIT}", [("discard", u) for u in p.hand])
        next_turn(state, events)
        return None
    raise RuntimeError(f"unknown step {step!r}")


def do_pass(state: State, events: list[Event]) -> None:
    """H-26 / H-27: two passes in a row resolve the top item, or close the window."""
    state.passes += 1
    if state.passes < 2:
        state.prio = 1 - state.prio
        return
    state.passes = 0
    if state.stack:
        resolve_top(state, events)
        state.prio = state.owner
        return
    close_window(state, events)


def close_window(state: State, events: list[Event]) -> None:
    step = state.step
    cb = state.combat
    if step == "main":
        if state.intent == "combat":
            begin_combat(state, events)
        else:
            state.step = "end"
    elif step == "combat.declaration":
        assert cb is not None
        state.step = "combat.attack"
        cb.turn_seat = cb.dfn
        cb.step_passes = 0
    elif step == "combat.defense" or step == "counter.defense":
        assert cb is not None
        state.step = "combat.damage" if step == "combat.defense" else "counter.damage"
        cb.di = 0
        cb.split_left = -1
        cb.split = []


def next_turn(state: State, events: list[Event]) -> None:
    """H-11 end of turn, then H-6..H-8 Ready and Draw for the next player."""
    for c in state.cards:
        c.power_mod = 0
        c.guard_mod = 0
    sweep(state, events)
    state.active = 1 - state.active
    state.turn += 1
    state.combat = None
    state.combat_done = False
    p = state.players[state.active]
    p.laid = False
    p.moved = False
    state.step = "ready"
    for uid in p.offensive + p.defensive:
        state.cards[uid].exhausted = False  # H-7
    events.append(Event(f"Turn {state.turn}: {p.name}."))
    state.step = "draw"
    draw(state, state.active, events)
    open_window(state, "main", state.active)
