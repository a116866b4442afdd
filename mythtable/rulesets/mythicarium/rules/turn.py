"""The turn (M-5..M-14): draw, collection, recovery, the ending; drawing cards (F-3).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.rules.common import eff_hp, name_of, open_window, say
from mythtable.rulesets.mythicarium.rules.damage import kill
from mythtable.rulesets.mythicarium.rules.victory import check_win
from mythtable.rulesets.mythicarium.state import State


def draw(state: State, seat: int, n: int, events: list[Event]) -> None:
    """Draw n cards; an empty deck marks the player as decked (F-3)."""
    p = state.players[seat]
    for _ in range(n):
        if not p.deck:
            p.decked = True
            say(events, f"{p.name} must draw from an empty deck.")
            return
        uid = p.deck.pop()
        p.hand.append(uid)
        say(events, f"{p.name} draws a card.")
        say(events, f"You draw {name_of(state, uid)}.", "draw", seat, True)


def begin_turn(state: State, events: list[Event]) -> None:
    """The turn begins: summoning sickness ends (H-24), Draw (M-5, M-8), Collection (M-9, M-10),
    Recovery (M-11), then Maintenance I opens."""
    state.turn += 1
    seat = state.active
    p = state.players[seat]
    say(events, f"Turn {state.turn}: {p.name}.", "turn")
    units = state.units
    for uid in p.lane:  # H-24: units in play as this turn begins lose summoning sickness
        units[uid].sick = False
    state.stage = "draw"
    if state.turn == 1:  # M-5
        say(events, f"{p.name} goes first and skips the Draw Stage.")
    else:  # M-8
        draw(state, seat, 1, events)
        if check_win(state, events):
            return
    state.stage = "collection"  # M-9, M-10
    cards = state.content.cards
    gain = 1
    for uid in p.lane:
        u = units[uid]
        cd = cards[u.card]
        if cd.is_champion and not u.downed:
            gain += cd.xp
    p.xp += gain
    say(events, f"{p.name} collects {gain} XP (now {p.xp}).")
    state.stage = "recovery"  # M-11
    for uid in p.lane:
        units[uid].exhausted = False
    open_window(state, "maintenance1")


def end_turn(state: State, events: list[Event]) -> None:
    """Ending (M-14): temporary modifiers lapse (H-32), then the opponent's turn begins."""
    units = state.units
    for u in units.values():
        u.dp_mod = 0
        u.hp_mod = 0
        u.shield = 0
        u.attacks = 0
    for p in (state.active, 1 - state.active):  # H-32: a unit whose wounds now reach its HP dies, no XP
        for uid in list(state.players[p].lane):
            u = units[uid]
            hp = eff_hp(state, u)
            if u.downed:
                u.wounds = min(u.wounds, hp)
            elif u.wounds >= hp:
                kill(state, u, events)
    if check_win(state, events):
        return
    say(events, f"{state.players[state.active].name} ends the turn.")
    state.active = 1 - state.active
    begin_turn(state, events)
