"""A new game (H-2, H-3, H-4): Towers at 30, seeded shuffles, a random first player, hands of 7."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.engine.dice import Rng
from mythtable.rulesets.magewars.content import Content
from mythtable.rulesets.magewars.rules.effects import draw, open_window
from mythtable.rulesets.magewars.state import OPENING_HAND, Card, Player, State


def new_state(content: Content, seed: int, names: list[str], deck_ids: list[str], events: list[Event]) -> State:
    """Shuffle both decks, pick the first player and draw the opening hands; the Main phase is open
    (the glue then calls `advance`). The opening lines are kept on the state for `opening_events`."""
    rng = Rng(seed)
    players = [Player(names[i], deck_ids[i]) for i in range(2)]
    cards: list[Card] = []
    for seat in range(2):
        ids = content.decks[deck_ids[seat]].card_list()
        rng.shuffle(ids)  # uids are given after the shuffle, so a uid never tells a card
        for cid in ids:
            uid = len(cards)
            cards.append(Card(uid, content.cards[cid], seat, seat))
            players[seat].deck.append(uid)
    first = rng.below(2)
    state = State(content=content, rng=rng, seed=seed, players=players, cards=cards)
    state.first = first
    state.active = first
    for seat in range(2):
        for _ in range(OPENING_HAND):
            draw(state, seat, events)
    state.opening = [
        f"Decks shuffled with seed {seed}.",
        f"A random draw picks {players[first].name} to go first (no draw on the first turn).",
        f"{players[0].name} plays {content.decks[deck_ids[0]].name}; "
        f"{players[1].name} plays {content.decks[deck_ids[1]].name}.",
    ]
    open_window(state, "main", first)
    return state
