"""Initiative (C-6..C-12), rounds, the start and end of a turn (H-12) and victory (H-17)."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythcraft.rules.damage import damage, kill
from mythtable.rulesets.mythcraft.rules.formulas import (
    CREATURES,
    DEATH_DP,
    HEROES,
    ROUND_SECONDS,
    reactive_cap,
    turn_ap,
)
from mythtable.rulesets.mythcraft.rules.units import possessive
from mythtable.rulesets.mythcraft.state import UNTIL_START, State, Unit


def roll_initiative(state: State, events: list[Event]) -> None:
    """C-6..C-12: d20 + AWR (and LUCK below 0, F-10), higher AWR first on a tie, then roll-offs; the order stays
    for the whole combat."""
    events.append(Event("Combat begins: everyone rolls Initiative (d20 + AWR).", kind="round"))
    for u in state.units:
        d = state.rng.roll(20)
        penalty = min(u.attrs[6], 0) if u.side == HEROES else 0  # F-10: LUCK below 0 counts against every d20
        u.init = [d, d + u.attrs[3] + penalty, []]
        luck = f" - LUCK {-penalty}" if penalty else ""
        events.append(
            Event(
                f"{u.name} rolls Initiative: d20 {d} + AWR {u.attrs[3]}{luck} = {u.init[1]}",
                kind="dice",
                reveals=True,
            )
        )
    idx = list(range(len(state.units)))
    idx.sort(key=lambda i: (-state.units[i].init[1], -state.units[i].attrs[3]))
    order: list[int] = []
    k = 0
    while k < len(idx):
        j = k
        key = (state.units[idx[k]].init[1], state.units[idx[k]].attrs[3])
        while j < len(idx) and (state.units[idx[j]].init[1], state.units[idx[j]].attrs[3]) == key:
            j += 1
        order.extend(roll_off(state, idx[k:j], events))
        k = j
    state.order = order
    names = ", ".join(state.units[i].name for i in order)
    events.append(Event(f"Initiative order: {names}.", kind="round"))
    events.append(Event("Round 1 begins (0:00 of fight time).", kind="round"))


def roll_off(state: State, group: list[int], events: list[Event]) -> list[int]:
    """C-11/C-12: unmodified d20s among those tied, repeated among those still tied."""
    if len(group) == 1:
        return group
    rolls = {}
    for i in group:
        r = state.rng.roll(20)
        state.units[i].init[2].append(r)
        rolls[i] = r
        events.append(Event(f"{state.units[i].name} rolls off for the tie: d20 {r}", kind="dice", reveals=True))
    ordered = sorted(group, key=lambda i: -rolls[i])
    out: list[int] = []
    k = 0
    while k < len(ordered):
        j = k
        while j < len(ordered) and rolls[ordered[j]] == rolls[ordered[k]]:
            j += 1
        out.extend(roll_off(state, ordered[k:j], events))
        k = j
    return out


def check_over(state: State, events: list[Event]) -> None:
    """H-17: the heroes win when every creature is dead; the creatures when every hero is dead or dying (a
    simultaneous wipe-out too)."""
    heroes_up = creatures_up = False
    for u in state.units:
        if not u.dead:
            if u.side == CREATURES:
                creatures_up = True
            elif not u.dying:
                heroes_up = True
            if heroes_up and creatures_up:
                return  # the fight goes on
    if not heroes_up:  # H-17: a simultaneous wipe-out goes to the creatures
        state.result = [CREATURES, "every hero is dead or dying"]
    elif not creatures_up:
        state.result = [HEROES, "every creature is dead"]
    else:
        return
    events.append(Event(f"The game is over: {state.result[1]}.", kind="result"))


def next_turn(state: State, events: list[Event]) -> None:
    """The next participant in the order; after the last, a new round (C-1, C-2), or a draw by time at the round
    limit (H-28)."""
    if state.active_gone:
        state.active_gone = False
    else:
        state.turn_idx += 1
    state.turns += 1
    if state.turn_idx >= len(state.order):
        state.turn_idx = 0
        if state.round_limit and state.round >= state.round_limit:  # H-28: a draw by time, only when set up
            state.result = [None, f"round {state.round_limit} ended with both sides still standing: a draw by time"]
            events.append(
                Event(f"Round {state.round_limit} is over: the game is a draw by time (H-28).", kind="result")
            )
            return
        state.round += 1
        for u in state.units:
            u.used.clear()
        secs = (state.round - 1) * ROUND_SECONDS
        events.append(Event(f"Round {state.round} begins ({secs // 60}:{secs % 60:02d} of fight time).", kind="round"))
    state.phase = "start"


def start_turn(state: State, u: Unit, events: list[Event]) -> None:
    """H-12 start of turn: conditions that end now end, Bleeding and Burning deal damage; a creature's actions, a
    hero's AP (C-15, C-16, C-21, H-11)."""
    for k in [k for k, v in u.conds.items() if v[1] == UNTIL_START]:
        del u.conds[k]
    u.help_target = ""
    u.move_left = 0
    b = u.conds.get("bleeding")
    if b:
        events.append(Event(f"{u.name} bleeds."))
        damage(state, u, b[0], "physical", events, attack=False)
    b = u.conds.get("burning")
    if b and not u.dead:
        events.append(Event(f"{u.name} burns."))
        damage(state, u, b[0], "fire", events, attack=False)
    if u.dead:
        return
    if u.side == CREATURES:
        n = u.action_count
        if "stunned" in u.conds:
            n = 1
        if "dazed" in u.conds:
            n = min(n, 2)
        if "staggered" in u.conds:
            n = min(n, -(-u.action_count // 2))
        u.acts = n
        events.append(Event(f"Round {state.round}: {u.name}'s turn ({n} actions).", kind="turn"))
        return
    if u.dying:
        u.ap = u.reactive = u.special_ap = u.fresh = u.kept = 0
        events.append(Event(f"Round {state.round}: {u.name} is dying ({u.dp} DP) and cannot act.", kind="turn"))
        return
    base = turn_ap(u.attrs[7])
    gain = base
    blocked = False
    if "stunned" in u.conds:
        gain, blocked = min(gain, 1), True
    if "dazed" in u.conds:
        gain, blocked = min(gain, min(base, 3)), True
    if "staggered" in u.conds:
        gain = min(gain, -(-base // 2))
    cap = reactive_cap(u.level)
    kept = 0 if blocked else min(u.reactive, cap)
    lost = u.reactive - kept
    u.fresh, u.kept = gain, kept
    u.ap = gain + kept
    u.reactive = 0
    u.special_ap = 1 if u.special else 0
    text = f"Round {state.round}: {u.name}'s turn: gains {gain} AP"
    if kept or lost:
        text += f" + keeps {kept} Reactive AP (cap {cap}"
        text += f", {lost} lost)" if lost else ")"
    text += f" = {u.ap} AP"
    if u.special_ap:
        text += f", {u.special_ap} {'Rage AP' if u.special == 'rage' else 'Holy Support AP (Support AP)'}"
    events.append(Event(text + ".", kind="turn"))


def end_turn(state: State, u: Unit, events: list[Event]) -> None:
    """End of turn: a dying hero gains 1 DP (F-22), timed conditions count down, unspent AP become Reactive AP
    (C-18), but not for a hero Dazed when the turn ends, even by a Dazed that ends with it (F-27, H-12)."""
    if u.dead:
        return
    dazed = "dazed" in u.conds  # before "1 round" effects end: F-27 whichever order H-12 gives the steps
    if u.side == HEROES and u.dying:
        u.dp += 1
        events.append(Event(f"{u.name} ends {possessive(state, u)} turn at 0 HP: +1 DP ({u.dp})."))
        if u.dp >= DEATH_DP:
            kill(state, u, events)
            return
    for k in list(u.conds):
        v = u.conds[k]
        if v[1] >= 1:
            v[1] -= 1
            if v[1] == 0:
                del u.conds[k]
                events.append(Event(f"{u.name} is no longer {k.capitalize()}."))
    if u.fury > 0:
        u.fury -= 1
        if u.fury == 0:
            u.special = u.base_special
            u.special_ap = 0
            events.append(Event(f"{u.name}'s fury draught wears off."))
    if u.side == HEROES and not u.dying and dazed:
        u.reactive = 0  # F-27: no Reactive AP and no carry-over
        its = possessive(state, u)
        lost = f" Dazed: {its} {u.ap} unspent AP are lost (F-27)" if u.ap else ""
        events.append(Event(f"{u.name} ends {its} turn{lost}."))
    elif u.side == HEROES and not u.dying:
        u.reactive = u.ap
        if u.ap:
            events.append(Event(f"{u.name} ends {possessive(state, u)} turn; {u.ap} unspent AP become Reactive AP."))
        else:
            events.append(Event(f"{u.name} ends {possessive(state, u)} turn."))
    else:
        events.append(Event(f"{u.name} ends {possessive(state, u)} turn."))
    u.ap = 0
    u.special_ap = 0
    u.acts = 0
    u.move_left = 0
