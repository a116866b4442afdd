"""The Starting Stage (M-1..M-4, H-2): lanes, shuffles, opening hands, the roll for the first turn.

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythicarium.content import Content
from mythtable.rulesets.mythicarium.rules.common import HAND_SIZE, give_tag, name_of, say
from mythtable.rulesets.mythicarium.rules.flow import advance
from mythtable.rulesets.mythicarium.rules.turn import draw
from mythtable.rulesets.mythicarium.state import Player, State, Unit


def new_state(content: Content, rng: Rng, names: list[str], deck_ids: list[str]) -> State:
    """A new game through the Starting Stage, parked on the first-player choice; its log is kept in `opening`."""
    cards: dict[int, str] = {}
    players: list[Player] = []
    units: dict[int, Unit] = {}
    uid = 0
    for seat in (0, 1):
        deck = content.decks[deck_ids[seat]]
        lane = []
        for cid in deck.champions:
            cards[uid] = cid
            units[uid] = Unit(uid, cid, seat)
            lane.append(uid)
            uid += 1
        pile = []
        for cid in deck.cards:
            cards[uid] = cid
            pile.append(uid)
            uid += 1
        players.append(Player(names[seat], deck.id, pile, lane=lane))
    state = State(content, cards, players, rng, units)
    for unit in units.values():
        give_tag(state, unit)
    events: list[Event] = []
    state.stage = "setup"
    for seat in (0, 1):  # M-1
        say(
            events,
            f"{names[seat]} places {', '.join(name_of(state, u) for u in players[seat].lane)} on the defense lane.",
        )
    for seat in (0, 1):  # M-2
        rng.shuffle(players[seat].deck)
        say(events, f"{names[seat]} shuffles the deck.")
    for seat in (0, 1):  # M-3
        draw(state, seat, HAND_SIZE, events)
    while True:  # M-4, H-2
        a, b = rng.roll(6), rng.roll(6)
        say(events, f"{names[0]} rolls d6: {a}", "dice", reveals=True)
        say(events, f"{names[1]} rolls d6: {b}", "dice", reveals=True)
        if a != b:
            break
        say(events, "A tie: both players roll again.")
    state.dice_winner = 0 if a > b else 1
    say(events, f"{names[state.dice_winner]} wins the roll and chooses who goes first.")
    state.step = "first_player"
    advance(state, events)
    state.opening = events
    return state
