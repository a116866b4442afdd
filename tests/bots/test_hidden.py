"""The greedy and search bots never read information hidden from their seat."""

from __future__ import annotations

from typing import Any

import pytest

from mythtable.engine.bots import GreedyBot, ai_hooks
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import ThinkingClock
from mythtable.engine.registry import get
from mythtable.engine.search_bot import SearchBot
from tests.bots.helpers import HIDDEN, RULESETS, card_multiset, reach


def _opp_face_down(game: Game) -> bool:
    d = game.decision
    assert d is not None
    opp = game.state.players[1 - d.seat]
    cards = game.state.cards
    return any(cards[u].face_down and cards[u].owner == 1 - d.seat for u in opp.row + opp.offensive + opp.defensive)


def _scrambled(ruleset_id: str, game: Game) -> Any:
    """A copy that differs only in what the deciding seat cannot see."""
    d = game.decision
    assert d is not None
    seat, opp = d.seat, 1 - d.seat
    s = game.ruleset.clone(game.state)
    s.rng = Rng(987654321)
    po, pm = s.players[opp], s.players[seat]
    if ruleset_id == "mythicarium":
        hand_uid = po.hand[0]
        deck_uid = next(u for u in po.deck if s.cards[u] != s.cards[hand_uid])
        po.hand[0] = deck_uid
        po.deck[po.deck.index(deck_uid)] = hand_uid
        po.deck.reverse()
        pm.deck.reverse()
        return s
    cards = s.cards
    hidden = po.hand + po.deck
    a = po.hand[0]
    b = next(u for u in po.deck if cards[u].d.id != cards[a].d.id)
    cards[a].d, cards[b].d = cards[b].d, cards[a].d
    for uid in po.row + po.offensive + po.defensive:
        c = cards[uid]
        if c.face_down and c.owner == opp:
            other = next((u for u in hidden if cards[u].d.type == c.d.type and cards[u].d.id != c.d.id), None)
            if other is not None:
                c.d, cards[other].d = cards[other].d, c.d
    po.deck.reverse()
    own = [cards[u].d for u in pm.deck]
    for uid, info in zip(pm.deck, reversed(own), strict=True):
        cards[uid].d = info
    return s


def _case(ruleset_id: str) -> Game:
    if ruleset_id == "magewars":
        return reach(ruleset_id, _opp_face_down)
    return reach(ruleset_id, lambda g: g.ruleset.turn_number(g.state) >= 3)


@pytest.mark.parametrize("ruleset_id", HIDDEN)
def test_determinize_sees_only_the_seats_information(ruleset_id: str) -> None:
    game = _case(ruleset_id)
    d = game.decision
    assert d is not None
    other = _scrambled(ruleset_id, game)
    ruleset = game.ruleset
    assert ruleset.snapshot(other) != ruleset.snapshot(game.state)
    assert ruleset.view(other, d.seat) == ruleset.view(game.state, d.seat)
    hooks = ai_hooks(ruleset_id)
    a = hooks.determinize(game.state, d.seat, Rng(5))
    b = hooks.determinize(other, d.seat, Rng(5))
    assert ruleset.snapshot(a) == ruleset.snapshot(b)


@pytest.mark.parametrize("ruleset_id", HIDDEN)
def test_the_search_only_hooks_see_only_the_seats_information(ruleset_id: str) -> None:
    # The search bot's own scoring and re-deal (AIHooks.for_search: Mage Wars has both) give the
    # same on two states that differ only in what the seat cannot see, before and after a re-deal.
    game = _case(ruleset_id)
    d = game.decision
    assert d is not None
    other = _scrambled(ruleset_id, game)
    ruleset = game.ruleset
    hooks = ai_hooks(ruleset_id).for_search()
    assert hooks.heuristic(game.state, d.seat) == hooks.heuristic(other, d.seat)
    for seed in range(4):
        a = hooks.determinize(game.state, d.seat, Rng(seed))
        b = hooks.determinize(other, d.seat, Rng(seed))
        assert ruleset.snapshot(a) == ruleset.snapshot(b)
        assert hooks.heuristic(a, d.seat) == hooks.heuristic(b, d.seat)


@pytest.mark.parametrize("ruleset_id", HIDDEN)
def test_search_and_greedy_choose_the_same_when_only_hidden_information_differs(ruleset_id: str) -> None:
    game = _case(ruleset_id)
    d = game.decision
    assert d is not None
    other = _scrambled(ruleset_id, game)
    for seed in (1, 2, 3):
        mine = SearchBot(ruleset_id, seed, workers=1, iterations=60).choose(game.ruleset, game.state, d)
        theirs = SearchBot(ruleset_id, seed, workers=1, iterations=60).choose(game.ruleset, other, d)
        assert mine == theirs
        g1 = GreedyBot(ruleset_id, seed).choose(game.ruleset, game.state, d)
        g2 = GreedyBot(ruleset_id, seed).choose(game.ruleset, other, d)
        assert g1 == g2


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_determinize_keeps_counts_and_the_seats_own_information(ruleset_id: str) -> None:
    game = _case(ruleset_id)
    d = game.decision
    assert d is not None
    ruleset, seat = game.ruleset, d.seat
    hooks = ai_hooks(ruleset_id)
    before = ruleset.snapshot(game.state)
    for seed in range(5):
        s = hooks.determinize(game.state, seat, Rng(seed))
        assert ruleset.snapshot(game.state) == before, "determinize must not touch the real state"
        assert ruleset.view(s, seat) == ruleset.view(game.state, seat)
        assert ruleset.check_invariants(s) == []
        assert ruleset.pending(s).actions == d.actions  # type: ignore[union-attr]
        if ruleset_id == "mythcraft":
            continue
        assert card_multiset(ruleset_id, s) == card_multiset(ruleset_id, game.state)
        for side in (0, 1):
            p, q = s.players[side], game.state.players[side]
            assert len(p.hand) == len(q.hand) and len(p.deck) == len(q.deck)
        assert s.players[seat].hand == game.state.players[seat].hand


def test_determinize_deals_different_hidden_cards() -> None:
    game = _case("mythicarium")
    d = game.decision
    assert d is not None
    hooks = ai_hooks("mythicarium")
    opp = 1 - d.seat
    hands = {
        tuple(sorted(s.cards[u] for u in s.players[opp].hand))
        for s in (hooks.determinize(game.state, d.seat, Rng(i)) for i in range(10))
    }
    assert len(hands) > 1


class _Steps:
    """A fake clock: one millisecond each time it is read, so a search's length is a count."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 0.001
        return self.t


@pytest.mark.parametrize("ruleset_id", HIDDEN)
def test_the_turn_budget_and_the_early_stop_read_no_hidden_information(ruleset_id: str) -> None:
    # The per-turn share, the early stop and the paired rounds all decide from the search's own
    # statistics: two states that look the same from the seat give the same answer after the
    # same number of iterations, for the same reason, at every point of a turn's budget.
    game = _case(ruleset_id)
    d = game.decision
    assert d is not None
    other = _scrambled(ruleset_id, game)
    turn = game.ruleset.turn_number(game.state)
    reasons = set()
    for seed, spent in ((1, 0.0), (2, 0.5), (3, 1.1)):
        answers = []
        for state in (game.state, other):
            clock = ThinkingClock(1.2, 0.6, now=_Steps(), share=0.4)
            clock.allot(turn)
            clock.charge(spent)  # part of this turn's budget already spent on earlier decisions
            bot = SearchBot(ruleset_id, seed, workers=1, clock=clock)
            answers.append((bot.choose(game.ruleset, state, d), bot.last_iterations, bot.last_reason, clock.spent))
        assert answers[0] == answers[1]
        reasons.add(answers[0][2])
    assert reasons & {"settled", "budget"}


def _attackers(game: Game) -> bool:
    d = game.decision
    assert d is not None
    return d.kind == "declare_attackers" and game.ruleset.turn_number(game.state) >= 3 and len(d.actions) >= 3


def _own_run(ruleset_id: str, state: Any, seat: int, bot: SearchBot) -> list[tuple[Any, ...]]:
    """The bot's decisions from `state` while the other seat has nothing to choose: what it saw,
    what it answered, and how (iterations kept, run, why it stopped)."""
    ruleset = get(ruleset_id)
    state = ruleset.clone(state)
    run: list[tuple[Any, ...]] = []
    for _ in range(100):
        d = ruleset.pending(state)
        if d is None or len(run) >= 8:
            break
        if d.seat != seat:
            if len(d.actions) > 1:
                break
            ruleset.apply(state, d.actions[0])
            continue
        action = bot.choose(ruleset, state, d)
        run.append((ruleset.view(state, seat), d.actions, action, bot.last_kept, bot.last_iterations, bot.last_reason))
        ruleset.apply(state, action)
    return run


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", HIDDEN)
@pytest.mark.parametrize("timed", [False, True], ids=["iterations", "clock"])
def test_keeping_the_tree_reads_no_hidden_information(ruleset_id: str, timed: bool) -> None:
    # The bot decides whether its next decision follows from its last search on re-deals of what
    # its seat saw, and compares views: two states that differ only in what the seat cannot see
    # keep the same trees and give the same answers, decision after decision (Mythicarium's
    # attackers declared one by one keep their tree; Mage Wars' paired search never keeps one).
    game = reach(ruleset_id, _attackers) if ruleset_id == "mythicarium" else _case(ruleset_id)
    d = game.decision
    assert d is not None
    other = _scrambled(ruleset_id, game)
    kept = 0
    for seed in (1, 2, 3):
        runs = []
        for state in (game.state, other):
            clock = ThinkingClock(1.2, 0.3, now=_Steps(), share=0.4) if timed else None
            bot = SearchBot(ruleset_id, seed, workers=1, iterations=None if timed else 60, clock=clock)
            runs.append(_own_run(ruleset_id, state, d.seat, bot))
        mine, theirs = runs
        same = 0
        while same < min(len(mine), len(theirs)) and mine[same][:2] == theirs[same][:2]:
            same += 1  # the two games may part where hidden cards differ (the other seat gets to answer)
        assert same >= 1
        assert mine[:same] == theirs[:same]
        kept += sum(step[3] > 0 for step in mine[:same])
    if ruleset_id == "mythicarium":
        assert kept >= 2
    else:
        assert kept == 0
