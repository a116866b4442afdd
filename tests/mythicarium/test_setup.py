"""Starting Stage: M-1..M-6, H-1, H-2, H-29, H-30."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from mythtable.engine.dice import Rng
from mythtable.engine.protocol import Setup

from .helpers import RS, Table, content, finish_turn, hand_uid, lane_uid, new_state, skip, table


def test_M_1_champions_start_on_the_lane_not_in_the_deck() -> None:
    s = new_state(seed=5)
    c = content()
    for seat, deck_id in ((0, "moonless-court"), (1, "wildwood-circle")):
        p = s.players[seat]
        lane_ids = [s.cards[u] for u in p.lane]
        assert lane_ids == list(c.decks[deck_id].champions)
        in_deck = {s.cards[u] for u in p.deck + p.hand}
        assert not in_deck & set(lane_ids)


T = TypeVar("T")


class _RecordingRng(Rng):
    """The game's generator, keeping a copy of every list it shuffles, as it stands after the shuffle."""

    __slots__ = ("shuffled",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffled: list[list[int]] = []

    def shuffle(self, items: MutableSequence[T]) -> None:
        super().shuffle(items)
        self.shuffled.append(list(items))  # type: ignore[arg-type]


def test_M_2_decks_are_shuffled_before_drawing() -> None:
    """Each deck is shuffled whole (30 cards, nothing drawn yet), and the opening hand is the top of the
    shuffled deck: an engine that drew first and shuffled after would deal hands that no shuffle made."""
    setup = Setup(["Ana", "Bram"], {"deck1": "moonless-court", "deck2": "wildwood-circle"})
    for seed in range(4):
        rng = _RecordingRng(seed)
        s = RS.new_game_with_rng(content(), rng, setup)
        assert len(rng.shuffled) == 2
        for p, order in zip(s.players, rng.shuffled, strict=True):
            assert len(order) == 30 and sorted(order) == sorted(p.hand + p.deck)
            assert p.hand == order[::-1][:7] and p.deck == order[:-7]  # drawn from the top, after the shuffle
    hands = {tuple(sorted(new_state(seed=x).players[0].hand)) for x in range(6)}
    assert len(hands) > 1  # the shuffle depends on the seed
    texts = [e.text for e in new_state(seed=3).opening]
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


def test_M_5_no_effect_of_the_first_player_draws_on_the_first_turn() -> None:
    """Issue 30: the seed says whoever goes first cannot draw a card on the first turn, not only in the
    Draw Stage. Simurgh's ability, Seidr, Raven, Alkonost, the Mirror and Spring Thaw may all be played on
    that turn: costs are paid, everything else they do happens, their draws do nothing and the log says
    why. The next turns draw again, the other player's too."""
    drawers = ["seidr-apprentice", "raven-messenger", "alkonost-dawn-singer", "mirror-of-many-fates", "spring-thaw"]
    t = table(
        champions=(("simurgh-oracle", "bereginya-riverwarden", "runesinger-kaleva"), None),
        hand=(drawers, ["mirror-of-many-fates"]),
        lane=(["moss-troll"], []),
        xp=(20, 5),
        turn=1,
    )
    s = t.s
    ana = s.players[0]
    simurgh = lane_uid(t, 0, "simurgh-oracle")
    troll = lane_uid(t, 0, "moss-troll")
    t.unit(troll).wounds = 2
    deck = list(ana.deck)
    assert s.first == 0 and s.turn == 1
    assert ("use", simurgh) in t.d.actions  # the ability may still be used
    t.play(simurgh)
    assert t.unit(simurgh).exhausted and ana.xp == 19  # its cost is paid
    for cid in drawers:
        uid = hand_uid(t, 0, cid)
        assert ("play", uid) in t.d.actions
        t.play(uid, troll if cid == "spring-thaw" else None)
    assert ana.hand == [] and ana.deck == deck  # six draw effects, no card drawn
    assert t.unit(troll).wounds == 0  # Spring Thaw's heal still happened
    assert {"seidr-apprentice", "raven-messenger", "alkonost-dawn-singer"} <= {s.cards[u] for u in ana.lane}
    texts = t.texts()
    assert not any(x == "Ana draws a card." for x in texts)
    why = "Ana draws no card: whoever goes first draws nothing on their first turn (M-5)."
    assert texts.count(why) == 6
    finish_turn(t)
    assert s.turn == 2 and s.active == 1
    bram = s.players[1]
    hand = len(bram.hand)
    t.play(hand_uid(t, 1, "mirror-of-many-fates"))
    assert len(bram.hand) == hand  # the second player's effects draw on their first turn
    finish_turn(t)
    assert s.turn == 3 and s.active == 0 and len(ana.hand) == 1  # the Draw Stage is back
    t.play(simurgh)
    assert len(ana.hand) == 2  # and so are the draw effects


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
    """After the deal the only question is who goes first (M-4), and the first turn begins with the very
    cards dealt: no redraw, no shuffle back, whoever goes first."""
    for seed, first in ((4, 0), (5, 1), (6, 0)):
        s = new_state(seed=seed)
        dealt = [list(p.hand) for p in s.players]
        decks = [list(p.deck) for p in s.players]
        assert s.decision is not None and s.decision.kind == "first_player"
        assert s.decision.actions == [("first", 0), ("first", 1)]
        RS.apply(s, ("first", first))
        assert s.decision is not None and s.decision.kind == "main" and s.decision.seat == first
        assert [p.hand for p in s.players] == dealt and [p.deck for p in s.players] == decks
        assert sum("shuffles" in e.text for e in s.opening) == 2


def test_H_30_three_different_champions() -> None:
    for deck in content().decks.values():
        assert len(set(deck.champions)) == 3
    t = table()
    assert len({t.s.cards[u] for u in t.champs(0)}) == 3
