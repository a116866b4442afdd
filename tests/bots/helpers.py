"""Shared helpers for the bot tests: states reached by seeded random play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mythtable.engine.bots import RandomBot
from mythtable.engine.game import Game

RULESETS = ("mythicarium", "magewars", "mythcraft")
HIDDEN = ("mythicarium", "magewars")


def reach(ruleset_id: str, want: Callable[[Game], bool], seeds: range = range(1, 40), max_actions: int = 400) -> Game:
    """A game played at random until `want(game)` holds on an open decision with two or more actions."""
    for seed in seeds:
        game = Game.new(ruleset_id, seed)
        bot = RandomBot(seed)
        for _ in range(max_actions):
            d = game.decision
            if d is None:
                break
            if len(d.actions) > 1 and want(game):
                return game
            game.apply(bot.choose(game.ruleset, game.state, d))
    raise AssertionError(f"no {ruleset_id} game reached the wanted state")


def card_multiset(ruleset_id: str, state: Any) -> list[str]:
    if ruleset_id == "mythicarium":
        return sorted(state.cards.values())
    return sorted(c.d.id for c in state.cards)
