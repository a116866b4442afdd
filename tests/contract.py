"""Checks every ruleset must pass after every action; property tests call `check_contract`."""

from __future__ import annotations

import json

from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction
from mythtable.engine.game import Game

BOGUS_ACTIONS = [("__bogus__",), ("pass", 10**9), ("play", -1)]


def check_contract(game: Game, rng: Rng | None = None, deep_every: int = 7) -> None:
    """The decision protocol's promises, checked on a live game.

    - exactly one open decision for one seat, or the game is over (never both, never neither);
    - the listed actions are non-empty, distinct, and JSON round-trip unchanged;
    - the ruleset's own invariants hold;
    - an action not listed is refused and changes nothing;
    - every `deep_every` steps, each listed action is accepted by a clone of the state.
    """
    ruleset, state = game.ruleset, game.state
    decision = ruleset.pending(state)
    result = ruleset.result(state)
    assert (decision is None) != (result is None), "exactly one of: an open decision, a result"
    problems = ruleset.check_invariants(state)
    assert not problems, f"invariants broken after {len(game.actions)} actions: {problems}"
    if decision is None:
        return
    assert decision.seat in (0, 1)
    assert decision.actions, "an open decision must list at least one action"
    assert len(set(decision.actions)) == len(decision.actions), "duplicate actions offered"
    for action in decision.actions:
        assert tuple(json.loads(json.dumps(list(action)))) == action
    before = json.dumps(ruleset.snapshot(state), sort_keys=True)
    for bogus in BOGUS_ACTIONS:
        if bogus in decision.actions:
            continue
        try:
            game.apply(bogus)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"illegal action {bogus} was accepted")
    assert json.dumps(ruleset.snapshot(state), sort_keys=True) == before, "a refused action changed the state"
    if rng is not None and len(game.actions) % deep_every == 0:
        for action in decision.actions:
            clone = ruleset.clone(state)
            ruleset.apply(clone, action)
        assert json.dumps(ruleset.snapshot(state), sort_keys=True) == before, "clone() shares state"
