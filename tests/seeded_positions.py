"""Every position of seeded random games, for tests that look for a position of some kind."""

from __future__ import annotations

from collections.abc import Iterator

from mythtable.engine.game import Game
from mythtable.engine.simulate import play_game


def seeded_positions(ruleset_id: str, seeds: range) -> Iterator[Game]:
    """Each seed's game (as `play_game` plays it) at every position from the first decision to the end:
    the same Game object, one action further at each step (copy it to keep a position)."""
    for seed in seeds:
        done = play_game(ruleset_id, seed).game
        assert done is not None
        game = Game(done.loaded, done.seed, done.setup)
        yield game
        for action in done.actions:
            game.apply(action)
            yield game
