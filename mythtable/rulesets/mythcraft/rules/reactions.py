"""Reactions: offering one (H-14), the prompts, Riposte at the end of a move (H-2), and answering an offer."""

from __future__ import annotations

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.mythcraft.rules.board import dist, melee_adjacent_ok
from mythtable.rulesets.mythcraft.rules.specs import creature_spec, engaged_spec, push_attack, weapon_spec
from mythtable.rulesets.mythcraft.rules.units import (
    can_react,
    grip_allowed,
    in_order,
    is_turn_of,
    leaves_word,
    possessive,
    unit,
)
from mythtable.rulesets.mythcraft.state import AttackFrame, OfferFrame, State, Unit


def stat_block_reaction(state: State, who: Unit) -> tuple[str, str]:
    """The creature reaction its stat block gives for a melee miss (H-2): its name and the action it strikes
    with. The offer keeps the kind "grim_reprisal" (records hold it); the words and the attack come from data."""
    r = next(r for r in state.content.creatures[who.kind].reactions if r.trigger == "missed_by_adjacent_melee")
    return r.name, r.action


def offer(state: State, who: Unit, name: str, target: Unit, events: list[Event], defense: str | None = None) -> bool:
    """Open a reaction decision unless the owner's side auto-declines (H-14)."""
    if state.auto_decline[who.side]:
        events.append(Event(f"{who.name} could react ({name.replace('_', ' ')}) but reactions are auto-declined."))
        return False
    state.stack.append(OfferFrame(who.uid, name, target.uid, defense))
    return True


def offer_prompt(state: State, f: OfferFrame, who: Unit, target: Unit, reaction: str = "Grim Reprisal") -> str:
    """The question put to the owner of a reaction (`reaction`: the stat block's name for "grim_reprisal")."""
    name = f.name
    if name == "engaged":
        reach = possessive(state, who)
        return f"{who.name} may strike {target.name}, who leaves {reach} reach (Engaged, 0 AP). Use it?"
    if name == "riposte":
        return f"{who.name} may Riposte {target.name} (2 Reactive AP). Use it?"
    if name == "grim_reprisal":
        return f"{who.name} may use {reaction} on {target.name}. Use it?"
    if name == "parry":
        return f"{who.name} may Parry {target.name}'s attack: +2 AR (1 Reactive AP). Use it?"
    if name == "ward":
        return f"{who.name} may Ward against {target.name}'s attack: +2 {f.defense} (1 Reactive AP). Use it?"
    raise KeyError(name)


def end_of_movement(state: State, u: Unit, events: list[Event]) -> None:
    """H-2 Riposte: a hostile that ends its own movement next to the rogue."""
    cands = []
    for o in state.units:
        if (
            o.feature == "riposte"
            and o.side != u.side
            and can_react(o)
            and not is_turn_of(state, o)
            and o.reactive >= 2
            and "riposte" not in o.used
            and dist(o.x, o.y, u.x, u.y) == 1
            and melee_adjacent_ok(state.board, (o.x, o.y), (u.x, u.y))
            and any(
                i
                and state.content.items[i].kind == "weapon"
                and state.content.items[i].reach_ft
                and grip_allowed(state, o, i)
                for i in (o.main, o.off)
            )
        ):
            cands.append(o)
    if cands:
        for o in reversed(in_order(state, cands)):
            offer(state, o, "riposte", u, events)


def answer_offer(state: State, action: Action, events: list[Event]) -> None:
    """Use or decline the offered reaction (H-2, H-14, F-24): an Engaged strike, a Riposte, Grim Reprisal, or +2
    to the defense (Parry, Ward)."""
    f = state.stack.pop()
    assert isinstance(f, OfferFrame)
    who, target = unit(state, f.who), unit(state, f.target)
    name = f.name
    if action[0] == "decline":
        events.append(Event(f"{who.name} does not react."))
        return
    if name == "engaged":
        who.used.append("engaged")
        events.append(Event(f"{who.name} strikes at {target.name} as {leaves_word(state, target)} (Engaged, 0 AP)."))
        push_attack(state, who, [target], engaged_spec(state, who, target), stop=True)
    elif name == "riposte":
        who.used.append("riposte")
        who.reactive -= 2
        wid = next(
            i
            for i in (who.main, who.off)
            if i
            and state.content.items[i].kind == "weapon"
            and state.content.items[i].reach_ft
            and grip_allowed(state, who, i)
        )
        events.append(Event(f"{who.name} ripostes with {state.content.items[wid].name} (2 Reactive AP)."))
        push_attack(state, who, [target], weapon_spec(state, who, wid, target))
    elif name == "grim_reprisal":
        who.used.append("grim_reprisal")
        reaction, action = stat_block_reaction(state, who)
        events.append(Event(f"{who.name} answers with {reaction}."))
        push_attack(state, who, [target], creature_spec(state, who, action))
    elif name in ("parry", "ward"):
        who.used.append(name)
        who.reactive -= 1
        parent = state.stack[-1]
        assert isinstance(parent, AttackFrame)
        parent.bonus = 2
        events.append(Event(f"{who.name} uses {name.capitalize()} (1 Reactive AP): +2 {parent.defense or 'AR'}."))
