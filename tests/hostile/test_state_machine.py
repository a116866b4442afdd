"""A hypothesis state machine per ruleset: legal actions, take-backs, saves and resumes in any order.

After every step the live game equals a fresh, verified replay of its own record (same state
hash, same actions, same take-back rights), and its invariants hold.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction
from mythtable.engine.game import Game
from mythtable.saves import SaveStore
from tests.contract import check_contract
from tests.hostile.bases import rulesets

SETTINGS = settings(
    max_examples=8,
    stateful_step_count=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
STATS: dict[str, Counter[str]] = {}


class GameMachine(RuleBasedStateMachine):
    ruleset_id = ""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mythtable-sm-"))
        self.store = SaveStore(self.folder)
        self.game: Game | None = None
        self.saved_hash: str | None = None

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def count(self, what: str) -> None:
        STATS.setdefault(self.ruleset_id, Counter())[what] += 1

    @property
    def live(self) -> Game:
        assert self.game is not None
        return self.game

    @initialize(seed=st.integers(0, 2**31 - 1))
    def start(self, seed: int) -> None:
        self.game = Game.new(self.ruleset_id, seed)

    @precondition(lambda self: self.game is not None and self.game.decision is not None)
    @rule(picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
    def play(self, picks: list[int]) -> None:
        """Up to 40 legal actions in a row (long stretches reach late game states)."""
        game = self.live
        for pick in picks:
            decision = game.decision
            if decision is None:
                break
            game.apply(decision.actions[pick % len(decision.actions)])
            self.count("actions")

    @precondition(lambda self: self.game is not None and bool(self.game.actors))
    @rule()
    def take_back(self) -> None:
        game = self.live
        seat = game.actors[-1]
        other = 1 - seat
        before = game.hash()
        assert game.takeback_count(other) == 0, "only the seat that just acted may take back"
        with pytest.raises(IllegalAction):
            game.take_back(other)
        assert game.hash() == before
        if game.takeback_count(seat) == 0:
            with pytest.raises(IllegalAction):
                game.take_back(seat)
            assert game.hash() == before
            self.count("take-backs refused")
            return
        count = len(game.actions)
        game.take_back(seat)
        assert len(game.actions) == count - 1
        self.count("take-backs")

    @precondition(lambda self: self.game is not None)
    @rule()
    def save(self) -> None:
        self.store.save(self.live)
        self.saved_hash = self.live.hash()
        self.count("saves")

    @precondition(lambda self: self.saved_hash is not None)
    @rule()
    def resume(self) -> None:
        """Back to the last save, through the saved-games list, as the Continue screen does."""
        saves, problems = self.store.list()
        assert not problems
        assert [s.path.name for s in saves] == [self.live.save_name]
        game = self.store.resume(saves[0])
        assert game.hash() == self.saved_hash
        self.game = game
        self.count("resumes")

    @invariant()
    def equals_a_fresh_replay(self) -> None:
        if self.game is None:
            return
        game = self.game
        self.count("steps checked against a fresh replay")
        fresh = Game.from_record(game.to_record(), verify=True)
        assert fresh.hash() == game.hash()
        assert fresh.actions == game.actions
        assert [fresh.takeback_count(s) for s in (0, 1)] == [game.takeback_count(s) for s in (0, 1)]
        check_contract(game, Rng(len(game.actions)))


def machine_for(ruleset_id: str) -> type[GameMachine]:
    return type(f"{ruleset_id.title()}Machine", (GameMachine,), {"ruleset_id": ruleset_id})


@pytest.mark.parametrize("ruleset_id", rulesets())
def test_state_machine(ruleset_id: str) -> None:
    run_state_machine_as_test(machine_for(ruleset_id), settings=SETTINGS)
    stats = STATS.get(ruleset_id, Counter())
    print(f"\nstate machine, {ruleset_id}: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items())))
