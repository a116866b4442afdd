"""benchmarks/deal_decides.py (issue 34): its clairvoyant search must see the true hidden cards, or its
finding (the losing seat of a Mage Wars deal cannot be won back) would prove nothing."""

from __future__ import annotations

from mythtable.engine.bots import make_bot
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.search_bot import SearchBot
from tests.benchmark_module import load_benchmark


def test_the_clairvoyant_search_sees_the_other_hand_and_the_deck_order_that_an_honest_one_redeals() -> None:
    deals = load_benchmark("deal_decides")
    game = Game.new("magewars", 9000)
    honest = make_bot("magewars", "hard", 1, workers=1, iterations=10)
    assert isinstance(honest, SearchBot)
    seen = deals.clairvoyant(make_bot("magewars", "hard", 1, workers=1, iterations=10), game.ruleset)
    truth = game.state.players[1]
    redealt = honest.hooks.determinize(game.state, 0, Rng(3)).players[1]
    assert (redealt.hand, redealt.deck) != (truth.hand, truth.deck)  # an honest re-deal guesses
    known = seen.hooks.determinize(game.state, 0, Rng(3)).players[1]
    assert (known.hand, known.deck) == (truth.hand, truth.deck)
    assert known is not truth  # a copy: the search may change it


def test_a_finished_game_names_its_winner_and_a_drawn_one_none() -> None:
    deals = load_benchmark("deal_decides")
    game = Game.new("magewars", 9000)
    state = game.ruleset.clone(game.state)
    state.players[1].tower = 0
    state.over, state.winner = True, 0
    assert deals.winner(game.ruleset, state) == 0
    state.winner = None
    assert deals.winner(game.ruleset, state) is None
