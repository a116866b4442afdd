"""Game.options: the open decision as the prompt lists it. Copies of one card in hand played the same
way are one option (the first copy, with a count); everything else is listed as it is, in order."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from mythtable.engine.bots import RandomBot
from mythtable.engine.game import Game


def find(ruleset_id: str, wanted: Callable[[Game], bool], seeds: int = 30) -> Game:
    """The first position of a random game (seeds 300 on) where `wanted` holds."""
    for seed in range(300, 300 + seeds):
        game = Game.new(ruleset_id, seed)
        bot = RandomBot(seed)
        while (decision := game.decision) is not None:
            if wanted(game):
                return game
            game.apply(bot.choose(game.ruleset, game.state, decision))
    raise AssertionError(f"no such position in {seeds} {ruleset_id} games")


def copies_in_hand(game: Game) -> bool:
    decision = game.decision
    assert decision is not None
    keys = Counter(game.ruleset.copies_key(game.state, a) for a in decision.actions)
    return any(key is not None and n > 1 for key, n in keys.items())


LOOK_ALIKE_TAG = re.compile(r" [A-Z]\b")
"""The letter that tells two units of one name apart ("Hound A", "Hound B"; issue 33)."""


def alike_on_the_table(game: Game) -> bool:
    """Two options about alike units in play (the same words but for their letters), not copies in hand."""
    decision = game.decision
    assert decision is not None
    words = Counter(
        LOOK_ALIKE_TAG.sub("", game.describe(a))
        for a in decision.actions
        if game.ruleset.copies_key(game.state, a) is None
    )
    return any(n > 1 for n in words.values())


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_copies_of_a_card_in_hand_are_one_option_with_their_count(ruleset_id: str) -> None:
    game = find(ruleset_id, copies_in_hand)
    decision = game.decision
    assert decision is not None
    options = game.options()
    assert len(options) < len(decision.actions)
    assert sum(n for _, _, n in options) == len(decision.actions)  # nothing is lost, only counted
    key = game.ruleset.copies_key
    for action, words, n in options:
        assert action in decision.actions
        assert words == game.describe(action)
        copies = [
            a
            for a in decision.actions
            if key(game.state, action) is not None and key(game.state, a) == key(game.state, action)
        ]
        assert n == max(1, len(copies))
        if copies:
            assert action == copies[0]  # the first copy stands for the others
            assert all(game.describe(a) == words for a in copies)  # alike in words too
    listed = [a for a, _, _ in options]
    assert listed == [a for a in decision.actions if a in listed]  # the ruleset's order is kept
    game.apply(listed[0])  # the option kept is a legal move


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_alike_cards_in_play_stay_apart(ruleset_id: str) -> None:
    """Two units of one name in play may differ (where they stand, what happened to them): each stays an option."""
    game = find(ruleset_id, alike_on_the_table)
    decision = game.decision
    assert decision is not None
    listed = [a for a, _, _ in game.options()]
    for action in decision.actions:
        if game.ruleset.copies_key(game.state, action) is None:
            assert action in listed
    apart = [game.describe(a) for a in decision.actions if game.ruleset.copies_key(game.state, a) is None]
    assert len(set(apart)) == len(apart)  # and each reads apart from its look-alike


def test_a_ruleset_without_copies_lists_every_action() -> None:
    game = Game.new("mythcraft", 300)
    decision = game.decision
    assert decision is not None
    assert [a for a, _, _ in game.options()] == list(decision.actions)
    assert {n for _, _, n in game.options()} == {1}
