"""The driver: step the frame on top of the stack, else run the turn order, until a decision is needed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mythtable.engine.decision import Decision, Event
from mythtable.rulesets.mythcraft.rules.attacks import step_attack
from mythtable.rulesets.mythcraft.rules.decisions import creature_decision, hero_decision
from mythtable.rulesets.mythcraft.rules.formulas import HEROES
from mythtable.rulesets.mythcraft.rules.movement import step_move
from mythtable.rulesets.mythcraft.rules.reactions import offer_prompt, stat_block_reaction
from mythtable.rulesets.mythcraft.rules.turns import check_over, end_turn, next_turn, start_turn
from mythtable.rulesets.mythcraft.rules.units import able, active, can_react, unit
from mythtable.rulesets.mythcraft.state import AttackFrame, ChoiceFrame, Frame, MoveFrame, OfferFrame, State


def advance(state: State, events: list[Event]) -> None:
    """Advance until a decision is needed (cached in state.decision) or the game is over."""
    seen = -1
    while True:
        if state.stack and state.result is None:
            # H-17: victory is judged once the whole action (an area attack too) has resolved,
            # or before anyone is asked to react
            d = step_frame(state, state.stack[-1], events)
            if d is None:
                continue
            if seen != state.casualties:
                seen = state.casualties
                check_over(state, events)
            if state.result is None:
                state.decision = d
                return
        if state.result is None and seen != state.casualties:
            seen = state.casualties
            check_over(state, events)
        if state.result is not None:
            state.decision = None
            state.stack.clear()
            return
        if state.active_gone:
            next_turn(state, events)
            continue
        u = active(state)
        if state.phase == "start":
            state.phase = "act"
            start_turn(state, u, events)
            continue
        if not able(u):
            end_turn(state, u, events)
            next_turn(state, events)
            continue
        d = hero_decision(state, u) if u.side == HEROES else creature_decision(state, u)
        if len(d.actions) == 1:
            events.append(Event(f"{u.name} has nothing left to do."))  # end_turn says "... ends its turn."
            end_turn(state, u, events)
            next_turn(state, events)
            continue
        state.decision = d
        return


def step_offer(state: State, f: OfferFrame, events: list[Event]) -> Decision | None:
    """A reaction offer: the decision to react or decline, unless the moment passed."""
    who = unit(state, f.who)
    target = unit(state, f.target)
    if target.dead or not can_react(who):
        state.stack.pop()  # the moment passed (say, an earlier reaction felled the target)
        return None
    reaction = stat_block_reaction(state, who)[0] if f.name == "grim_reprisal" else ""
    prompt = offer_prompt(state, f, who, target, reaction)
    return Decision(who.side, "reaction", prompt, [("react", f.name), ("decline",)])


def step_choice(state: State, f: ChoiceFrame, events: list[Event]) -> Decision | None:
    """H-7: the cleric given the fury draught keeps one source of special AP."""
    u = unit(state, f.uid)
    return Decision(
        u.side,
        "special_ap_choice",
        f"{u.name} can hold only one source of special AP: keep Holy Support or switch to Blood Rage?",
        [("keep", "holy_support"), ("keep", "blood_rage")],
    )


FRAME_STEPS: dict[type, Callable[[State, Any, list[Event]], Decision | None]] = {
    MoveFrame: step_move,
    AttackFrame: step_attack,
    OfferFrame: step_offer,
    ChoiceFrame: step_choice,
}
"""Each kind of frame -> the function that steps it (None: step again; a decision: wait for it)."""


def step_frame(state: State, f: Frame, events: list[Event]) -> Decision | None:
    """Step the frame on top of the stack (FRAME_STEPS)."""
    return FRAME_STEPS[type(f)](state, f, events)


def stage(state: State) -> str:
    """Where the game is parked, for the view and the UI: initiative (before the first turn), hero_turn,
    creature_turn, reaction (any other decision) or round_end (the game is over)."""
    d = state.decision
    if d is None:
        return "round_end"
    if d.kind in ("hero_turn", "creature_turn"):
        if state.turns == 0 and state.round == 1:
            return "initiative"
        return d.kind
    return "reaction"
