"""Starting Stage: M-1..M-6, H-1, H-2, H-29, H-30."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction

from .helpers import RS, Table, content, new_state, skip, table


def test_M_1_champions_start_on_the_lane_not_in_the_deck() -> None:
    s = new_state(seed=5)
    c = content()
    for seat, deck_id in ((0, "moonless-court"), (1, "wildwood-circle")):
        p = s.players[seat]
        lane_ids = [s.cards[u] for u in p.lane]
        assert lane_ids == list(c.decks[deck_id].champions)
        in_deck = {s.cards[u] for u in p.deck + p.hand}
        assert not in_deck & set(lane_ids)


def test_M_2_decks_are_shuffled_before_drawing() -> None:
    orders = set()
    for seed in range(6):
        s = new_state(seed=seed)
        orders.add(tuple(s.cards[u] for u in s.players[0].deck + s.players[0].hand))
    assert len(orders) > 1
    s = new_state(seed=3)
    texts = [e.text for e in s.opening]
    assert texts.index("Ana shuffles the deck.") < texts.index("Ana draws a card.")


def test_M_3_each_player_draws_seven() -> None:
    s = new_state(seed=9)
    for p in s.players:
        assert len(p.hand) == 7
        assert len(p.deck) == 23
    private = [e for e in s.opening if e.kind == "draw"]
    assert len(private) == 14 and all(e.reveals and e.seat in (0, 1) for e in private)


def test_M_4_H_2_higher_roll_chooses_and_ties_reroll() -> None:
    s = new_state(seed=1, rolls=[3, 3, 2, 5])
    dice = [e.text for e in s.opening if e.kind == "dice"]
    assert dice == ["Ana rolls d6: 3", "Bram rolls d6: 3", "Ana rolls d6: 2", "Bram rolls d6: 5"]
    d = s.decision
    assert d is not None and d.kind == "first_player" and d.seat == 1
    assert d.actions == [("first", 0), ("first", 1)]
    RS.apply(s, ("first", 0))
    assert s.active == 0 and s.first == 0
    s = new_state(seed=1, rolls=[6, 1])
    assert s.decision is not None and s.decision.seat == 0


def test_M_5_first_player_skips_first_draw() -> None:
    s = new_state(seed=2, rolls=[6, 1])
    RS.apply(s, ("first", 1))
    assert s.active == 1 and s.turn == 1
    assert len(s.players[1].hand) == 7 and len(s.players[1].deck) == 23
    assert s.stage == "maintenance1"
    t = Table(s)
    while t.s.active == 1:
        skip(t)
    # the second player's first turn does draw
    assert len(s.players[0].hand) == 8 and s.turn == 2


def test_M_6_first_player_cannot_attack_on_first_turn() -> None:
    s = new_state(seed=2, rolls=[6, 1])
    RS.apply(s, ("first", 0))
    t = Table(s)
    t.act("next")
    assert t.s.stage == "maintenance2" and t.kind == "main"
    assert any("cannot attack on the first turn" in x for x in t.texts())
    while t.s.turn == 1:
        skip(t)
    assert t.s.turn == 2 and t.s.active == 1
    while t.s.stage == "maintenance1":
        skip(t)
    assert t.kind == "declare_attackers"


def test_H_1_decks_hold_thirty_cards_plus_three_champions() -> None:
    c = content()
    for deck in c.decks.values():
        assert len(deck.cards) == 30
        assert len(deck.champions) == 3
        assert max(deck.cards.count(x) for x in deck.cards) <= 3
    s = new_state()
    assert len(s.cards) == 66


def test_H_29_no_mulligan_is_offered() -> None:
    s = new_state(seed=4)
    assert s.decision is not None and s.decision.kind == "first_player"
    with pytest.raises(IllegalAction):
        RS.apply(s, ("mulligan",))
    RS.apply(s, ("first", 0))
    assert len(s.players[0].hand) == 7


def test_H_30_three_different_champions() -> None:
    for deck in content().decks.values():
        assert len(set(deck.champions)) == 3
    t = table()
    assert len({t.s.cards[u] for u in t.champs(0)}) == 3
