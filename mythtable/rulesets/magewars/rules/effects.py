"""Small state changes the other rules modules share: drawing (H-8), leaving play (H-24, H-35),
destruction (H-17), the Tower check (H-15), card effects, and opening a priority window."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.magewars.content import UNIT_OPS, Effect
from mythtable.rulesets.magewars.rules.queries import guard, is_unit_in_play, name_of
from mythtable.rulesets.magewars.state import (
    EMPTY_DECK_PENALTY,
    MAX_TOWER,
    Card,
    State,
)


def draw(state: State, seat: int, events: list[Event]) -> None:
    """H-8 / H-5: draw one card, or lose 2 Tower Levels when the deck is empty."""
    p = state.players[seat]
    if not p.deck:
        p.tower -= EMPTY_DECK_PENALTY
        events.append(Event(f"{p.name} has no card to draw and loses {EMPTY_DECK_PENALTY} Tower Levels."))
        return
    uid = p.deck.pop()
    p.hand.append(uid)
    c = state.cards[uid]
    c.zone = "hand"
    events.append(Event(f"{p.name} draws a card."))
    events.append(Event(f"You draw {c.d.name}.", seat=seat, kind="draw", reveals=True))


def remove_from_zone(state: State, c: Card) -> None:
    p = state.players[c.controller]
    z = c.zone
    if z == "hand":
        state.players[c.owner].hand.remove(c.uid)
    elif z == "offensive":
        p.offensive.remove(c.uid)
    elif z == "defensive":
        p.defensive.remove(c.uid)
    elif z == "row":
        p.row.remove(c.uid)
    elif z == "weave":
        p.weaves.remove(c.uid)
    elif z == "deck":
        state.players[c.owner].deck.remove(c.uid)
    elif z == "grave":
        state.players[c.owner].grave.remove(c.uid)


def to_grave(state: State, c: Card) -> None:
    """A card leaves play for its owner's graveyard (H-35); weaves on a unit follow it (H-24)."""
    was_unit = c.zone in ("offensive", "defensive")
    remove_from_zone(state, c)
    c.zone = "grave"
    c.controller = c.owner
    c.face_down = False
    c.wounds = 0
    c.exhausted = False
    c.power_mod = 0
    c.guard_mod = 0
    c.att_unit = -1
    c.att_line = ""
    state.players[c.owner].grave.append(c.uid)
    if was_unit:
        for p in state.players:
            for wid in p.weaves[:]:
                if state.cards[wid].att_unit == c.uid:
                    to_grave(state, state.cards[wid])


def sweep(state: State, events: list[Event]) -> None:
    """Destroy every unit whose damage reached its Guard (H-17)."""
    dead: list[Card] = []
    cards = state.cards
    for p in state.players:
        for uid in p.offensive + p.defensive:
            c = cards[uid]
            if not c.face_down and c.wounds >= guard(state, c):
                dead.append(c)
    for c in dead:
        events.append(Event(f"{c.d.name} ({name_of(state, c.controller)}) is destroyed."))
        to_grave(state, c)


def check_towers(state: State, events: list[Event]) -> bool:
    """H-15: a Tower at 0 or below loses; both at once is a draw."""
    t0 = state.players[0].tower <= 0
    t1 = state.players[1].tower <= 0
    if not (t0 or t1):
        return False
    state.over = True
    state.decision = None
    if t0 and t1:
        state.winner = None
        state.reason = "Both Towers fell at once: a draw"
    else:
        loser = 0 if t0 else 1
        state.winner = 1 - loser
        state.reason = f"{name_of(state, loser)}'s Tower fell"
    events.append(Event(state.reason + "."))
    return True


def drop_exhausted_blocker(state: State, c: Card, events: list[Event]) -> None:
    """H-18: an exhausted unit cannot block; while blocks are open (the Attack step) its block ends."""
    cb = state.combat
    if cb is None or state.step != "combat.attack":
        return
    for a in cb.attacks:
        if c.uid in a.blockers:
            a.blockers.remove(c.uid)
            events.append(Event(f"{c.d.name} is exhausted and no longer blocks."))


def apply_effect(
    state: State, seat: int, eff: Effect, target: int, line: str, src: int, lasting: bool, events: list[Event]
) -> None:
    """Interpret an effect's ops. Until-end-of-turn changes go to the unit's modifiers."""
    cards = state.cards
    units: list[Card] = []
    if eff.target == "self":
        if is_unit_in_play(state, src):
            units = [cards[src]]
    elif eff.target == "own_line":
        units = [cards[u] for u in state.players[seat].line(line) if not cards[u].face_down]
    elif target >= 0 and is_unit_in_play(state, target):
        units = [cards[target]]
    fizzled = eff.target != "none" and not units and eff.target != "own_line"
    for op in eff.ops:
        k = op.op
        n = op.amount
        if k in UNIT_OPS:
            for c in units:
                if k == "damage":
                    c.wounds += n
                    events.append(Event(f"{c.d.name} takes {n} damage."))
                elif k == "heal":
                    c.wounds = max(0, c.wounds - n)
                elif k == "power":
                    c.power_mod += n
                elif k == "guard":
                    c.guard_mod += n
                elif k == "ready":
                    c.exhausted = False
                elif k == "exhaust":
                    c.exhausted = True
                    drop_exhausted_blocker(state, c, events)
        elif k == "draw":
            for _ in range(n):
                draw(state, seat, events)
        elif k == "tower_damage":
            state.players[1 - seat].tower -= n
            events.append(Event(f"{name_of(state, 1 - seat)}'s Tower loses {n} Tower Levels."))
        elif k == "tower_damage_all":
            for pl in state.players:
                pl.tower -= n
            events.append(Event(f"Both Towers lose {n} Tower Levels."))
        elif k == "tower_heal":
            p = state.players[seat]
            p.tower = min(MAX_TOWER, p.tower + n)  # H-48: never above 30
            events.append(Event(f"{p.name}'s Tower rises to {p.tower}."))
    if fizzled:
        events.append(Event("The target is gone; the effect has no target."))
    sweep(state, events)


def open_window(state: State, step: str, owner: int) -> None:
    state.step = step
    state.owner = owner
    state.prio = owner
    state.passes = 0
    state.intent = ""
