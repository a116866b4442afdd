"""The Damage-or-Capture step and the counter-attack's damage (H-32..H-36, H-40): attacks in order,
split damage between blockers, Tower damage or a captured Holding."""

from __future__ import annotations

from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.magewars.rules.combat import end_combat, start_counter
from mythtable.rulesets.magewars.rules.effects import check_towers, sweep
from mythtable.rulesets.magewars.rules.queries import LINE_LABEL, face_up_holdings, is_unit_in_play, name_of, power
from mythtable.rulesets.magewars.state import (
    TOWER,
    Card,
    Combat,
    State,
)


def damage_decision(state: State, events: list[Event]) -> Decision | None:
    """Walk the attacks in order; open a decision when one needs a choice (H-32..H-34, H-40)."""
    cb = state.combat
    assert cb is not None
    cards = state.cards
    while cb.di < len(cb.attacks):
        a = cb.attacks[cb.di]
        if not is_unit_in_play(state, a.attacker):
            cb.di += 1
            continue
        att = cards[a.attacker]
        pw = power(state, att)
        if a.blockers:
            live = [b for b in a.blockers if is_unit_in_play(state, b)]
            if len(live) >= 2 and pw > 0:
                if cb.split_left < 0:
                    cb.split_left = pw
                    cb.split = []
                if cb.split_left > 0:
                    acts: list[Action] = []
                    for b in live:
                        for n in range(1, cb.split_left + 1):
                            acts.append(("assign", b, n))
                    return Decision(cb.atk, "split_damage", f"Split {att.d.name}'s {pw} damage", acts)
                for b, n in cb.split:
                    deal(state, cards[b], n, events)
            elif len(live) == 1:
                deal(state, cards[live[0]], pw, events)
            for b in live:
                deal(state, att, power(state, cards[b]), events)
            next_attack(cb)
            continue
        if a.hero >= 0:
            if is_unit_in_play(state, a.hero) and cards[a.hero].controller == cb.dfn:
                deal(state, cards[a.hero], pw, events)
            next_attack(cb)
            continue
        if a.line == TOWER:
            holdings = face_up_holdings(state, cb.dfn)
            if cb.counter or not holdings:  # H-34 / H-40; Power 0 still may capture
                tower_damage(state, cb, att, pw, events)
                next_attack(cb)
                if state.players[cb.dfn].tower <= 0:
                    return None  # H-15: the Tower check ends the game at once
                continue
            acts = [("damage",)] + [("capture", h) for h in holdings]
            return Decision(cb.atk, "damage_choice", f"{att.d.name} reaches the Tower: damage or capture", acts)
        units = [u for u in state.players[cb.dfn].line(a.line) if not cards[u].face_down]
        if not units or pw <= 0:
            next_attack(cb)
            continue
        if len(units) == 1:
            deal(state, cards[units[0]], pw, events)
            next_attack(cb)
            continue
        return Decision(
            cb.dfn,
            "line_damage_target",
            f"Which unit on your {LINE_LABEL[a.line]} takes {pw} from {att.d.name}?",
            [("unit", u) for u in units],
        )
    finish_damage(state, events)
    return None


def next_attack(cb: Combat) -> None:
    cb.di += 1
    cb.split_left = -1
    cb.split = []


def deal(state: State, c: Card, n: int, events: list[Event]) -> None:
    if n <= 0:
        return
    c.wounds += n
    events.append(Event(f"{c.d.name} takes {n} damage."))


def tower_damage(state: State, cb: Combat, att: Card, pw: int, events: list[Event]) -> None:
    p = state.players[cb.dfn]
    p.tower -= pw
    events.append(Event(f"{att.d.name} hits {p.name}'s Tower for {pw} (Tower Level {p.tower})."))


def finish_damage(state: State, events: list[Event]) -> None:
    """H-36: destruction after all damage; then the Tower check; then the counter-attack."""
    cb = state.combat
    assert cb is not None
    sweep(state, events)
    if check_towers(state, events):
        return
    if cb.counter:
        end_combat(state, events, "Combat ends.")
    else:
        start_counter(state, events)


def apply_damage_choice(state: State, action: Action, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    a = cb.attacks[cb.di]
    att = state.cards[a.attacker]
    pw = power(state, att)
    kind = action[0]
    if kind == "damage":
        tower_damage(state, cb, att, pw, events)
    elif kind == "capture":
        h = state.cards[int(action[1])]
        dp = state.players[cb.dfn]
        dp.row.remove(h.uid)
        state.players[cb.atk].row.append(h.uid)
        h.controller = cb.atk
        events.append(Event(f"{att.d.name} captures {h.d.name} for {name_of(state, cb.atk)}."))
    elif kind == "unit":
        deal(state, state.cards[int(action[1])], pw, events)
    next_attack(cb)


def apply_split(state: State, action: Action) -> None:
    cb = state.combat
    assert cb is not None
    b, n = int(action[1]), int(action[2])
    for entry in cb.split:
        if entry[0] == b:
            entry[1] += n
            break
    else:
        cb.split.append([b, n])
    cb.split_left -= n
