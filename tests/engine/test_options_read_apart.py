"""Issue 33 item 2, in every ruleset: no two options of a decision read alike unless they are the same move
(copies of one card in hand, `Ruleset.copies_key`). Two look-alike units are told apart by a letter, a
place or their HP; random games walk every decision of all three rulesets."""

from __future__ import annotations

import pytest

from tests.inspect_checks import random_positions


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
def test_no_two_options_read_alike(ruleset_id: str) -> None:
    labels = 0
    for game in random_positions(ruleset_id, range(6), moves=250):
        decision = game.decision
        assert decision is not None
        moves: dict[str, set[object]] = {}
        for action in decision.actions:
            key = game.ruleset.copies_key(game.state, action)
            moves.setdefault(game.ruleset.describe(game.state, action), set()).add(action if key is None else key)
        alike = {label: sorted(map(str, found)) for label, found in moves.items() if len(found) > 1}
        assert not alike, (decision.kind, alike)
        labels += len(moves)
    assert labels > 1000
