"""Issue 19, item 3: the Mage Wars search deals hidden cards as the opponent's play suggests.

A face-down card is mostly one its owner could not turn face-up (new), and a card kept in hand is
mostly not a unit (as the dealing did before, kept on purpose); both only from what the deciding
seat sees (test_hidden.py checks that)."""

from __future__ import annotations

from mythtable.engine.bots import ai_hooks
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.rulesets.magewars import ai
from mythtable.rulesets.magewars.rules.queries import meets, sources
from tests.bots.helpers import reach


def _opp_down_line(game: Game) -> bool:
    d = game.decision
    assert d is not None
    opp = 1 - d.seat
    po = game.state.players[opp]
    cards = game.state.cards
    down = [u for u in po.offensive + po.defensive if cards[u].face_down]
    pool = [cards[u].d for u in down + po.hand + po.deck]
    met = [x for x in pool if x.type == "unit" and meets(game.state, opp, x)]
    unmet = [x for x in pool if x.type == "unit" and not meets(game.state, opp, x)]
    return bool(down) and len(met) >= 2 and len(unmet) >= 1 and len(po.hand) >= 2


def test_face_down_units_are_mostly_dealt_cards_their_owner_cannot_turn_face_up_yet() -> None:
    game = reach("magewars", _opp_down_line, seeds=range(1, 80))
    d = game.decision
    assert d is not None
    seat, opp = d.seat, 1 - d.seat
    state = game.state
    po = state.players[opp]
    down = [u for u in po.offensive + po.defensive if state.cards[u].face_down]
    src = sources(state, opp)
    unmet = dealt = 0
    for i in range(60):
        s = ai.search_determinize(state, seat, Rng(i))
        for uid in down:
            dealt += 1
            unmet += not meets(s, opp, s.cards[uid].d, src)
    # the pool holds ready units too: dealt at random, some of these would be ready
    assert unmet >= 0.8 * dealt, f"{unmet} of {dealt} face-down units dealt as not ready"


def test_the_opponents_hand_is_mostly_dealt_cards_other_than_units() -> None:
    game = reach("magewars", _opp_down_line, seeds=range(1, 80))
    d = game.decision
    assert d is not None
    seat, opp = d.seat, 1 - d.seat
    state = game.state
    po = state.players[opp]
    hidden = po.hand + po.deck
    units_in_pool = sum(state.cards[u].d.type == "unit" for u in hidden) / len(hidden)
    units = cards = 0
    for i in range(60):
        s = ai.search_determinize(state, seat, Rng(i))
        hand = s.players[opp].hand
        cards += len(hand)
        units += sum(s.cards[u].d.type == "unit" for u in hand)
    assert units / cards < 0.5 * units_in_pool, (units / cards, units_in_pool)


def test_the_searchs_deal_sees_only_the_seats_information_and_the_greedy_deal_and_scoring_are_unchanged() -> None:
    from tests.bots.test_hidden import _case, _scrambled

    game = _case("magewars")
    d = game.decision
    assert d is not None
    other = _scrambled("magewars", game)
    ruleset = game.ruleset
    assert ruleset.snapshot(other) != ruleset.snapshot(game.state)
    a = ai.search_determinize(game.state, d.seat, Rng(5))
    b = ai.search_determinize(other, d.seat, Rng(5))
    assert ruleset.snapshot(a) == ruleset.snapshot(b)
    hooks = ai_hooks("magewars")
    assert hooks.determinize is ai.determinize, "the greedy bot (and the golden games) keep the plain deal"
    assert hooks.for_search().determinize is ai.search_determinize
    assert hooks.heuristic is ai.heuristic, "the greedy bot (and the golden games) keep the plain scoring"
    assert hooks.for_search().heuristic is ai.search_heuristic
