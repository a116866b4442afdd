"""Checks every ruleset must pass after every action; property tests call `check_contract`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mythtable.engine.decision import Action, Event
from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction
from mythtable.engine.game import Game
from mythtable.engine.protocol import Ruleset

BOGUS_ACTIONS = [("__bogus__",), ("pass", 10**9), ("play", -1)]


class _Sealed:
    """The game's ruleset, except that its own `apply_action` on the game's own state fails the test:
    the base class's `Ruleset.apply` (the one legality check) must refuse the action first.

    Other states go through: a computer thinking in a thread meanwhile works on clones of it."""

    def __init__(self, ruleset: Ruleset, state: Any) -> None:
        self._ruleset = ruleset
        self._state = state

    def apply(self, state: Any, action: Action) -> list[Event]:
        return Ruleset.apply(self, state, action)  # type: ignore[arg-type]  # the check, then our apply_action

    def apply_action(self, state: Any, action: Action, events: list[Event]) -> None:
        if state is self._state:
            raise AssertionError(f"the refused action {action} reached the ruleset's apply_action")
        self._ruleset.apply_action(state, action, events)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)


@contextmanager
def ruleset_sealed(game: Game) -> Iterator[None]:
    """While inside, the ruleset's own `apply_action` never sees an action for `game`'s state (the one check in
    `Ruleset.apply` must refuse it first)."""
    ruleset = game.ruleset
    game.ruleset = _Sealed(ruleset, game.state)  # type: ignore[assignment]
    try:
        yield
    finally:
        game.ruleset = ruleset


_ROUND_TRIPPED: set[str] = set()
"""The actions (by repr, which tells 1 from True and 1.0) seen to survive JSON: the same value always does."""


def assert_round_trips(action: Action) -> None:
    """`action` comes back unchanged from JSON, as a record stores it."""
    key = repr(action)
    if key not in _ROUND_TRIPPED:
        assert tuple(json.loads(json.dumps(list(action)))) == action, f"{action} changes in JSON"
        _ROUND_TRIPPED.add(key)


def snapshot_text(game: Game) -> str:
    return json.dumps(game.ruleset.snapshot(game.state), sort_keys=True)


def check_contract(game: Game, rng: Rng | None = None, deep_every: int = 7) -> None:
    """The decision protocol's promises, checked on a live game.

    - exactly one open decision for one seat, or the game is over (never both, never neither);
    - the listed actions are non-empty, distinct, and JSON round-trip unchanged;
    - the ruleset's own invariants hold;
    - an action not listed is refused and changes nothing: `Ruleset.apply` (the base class) refuses it before
      the ruleset's own `apply_action` sees it (checked, so no comparison of the whole state is needed), and
      the game's record does not grow;
    - every `deep_every` steps, each listed action is accepted by a clone of the state, and the state is unchanged.
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
        assert_round_trips(action)
    recorded = (len(game.actions), len(game.log))
    with ruleset_sealed(game):
        for bogus in BOGUS_ACTIONS:
            if bogus in decision.actions:
                continue
            try:
                game.apply(bogus)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"illegal action {bogus} was accepted")
    assert (len(game.actions), len(game.log)) == recorded, "a refused action was recorded"
    if rng is not None and len(game.actions) % deep_every == 0:
        before = snapshot_text(game)
        for action in decision.actions:
            clone = ruleset.clone(state)
            ruleset.apply(clone, action)
        assert snapshot_text(game) == before, "clone() shares state"
