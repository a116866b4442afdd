"""The decision loop: `advance` runs every step that needs no choice and parks the next open
`Decision` on the state; `find_decision` is one step of it (turn.py has the passes and the turn's end)."""

from __future__ import annotations

from mythtable.engine.decision import Decision, Event
from mythtable.rulesets.magewars.rules.combat import attack_step_done, end_combat
from mythtable.rulesets.magewars.rules.damage import damage_decision
from mythtable.rulesets.magewars.rules.effects import check_towers, open_window
from mythtable.rulesets.magewars.rules.options import (
    attack_step_actions,
    attacker_actions,
    block_actions,
    fast_actions,
    main_actions,
)
from mythtable.rulesets.magewars.rules.queries import CANCEL, DONE, PASS, WINDOW_STEPS
from mythtable.rulesets.magewars.rules.turn import do_pass, next_turn
from mythtable.rulesets.magewars.state import HAND_LIMIT, State


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
