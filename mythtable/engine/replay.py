"""Stepping through a finished or saved game, forward and back, for the replay viewer.

The whole game is replayed once; a clone of the state is kept every few steps, so any step
is reached by cloning the nearest earlier one and applying at most that many actions.
"""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Result
from mythtable.engine.errors import RecordError
from mythtable.engine.game import Game, LogLine
from mythtable.engine.record_schema import GameRecord

KEEP_EVERY = 16


class ReplayCursor:
    """A record, replayed, with a position from 0 (the setup) to the number of actions."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        game = Game.from_record(record.model_copy(update={"actions": []}))
        self.ruleset = game.ruleset
        self.names = list(game.setup.players)
        self.actions = record.action_tuples()
        self.labels: list[str] = []
        self.kept: dict[int, Any] = {0: self.ruleset.clone(game.state)}
        self.turns: list[int] = [self.ruleset.turn_number(game.state)]
        for step, action in enumerate(self.actions, start=1):
            decision = game.decision
            if decision is None or not decision.allows(action):  # describe() expects a legal action
                raise RecordError(f"diverged at action {step}: {list(action)} is not a legal choice there")
            self.labels.append(game.describe(action))
            game.apply(action)
            self.turns.append(self.ruleset.turn_number(game.state))
            if step % KEEP_EVERY == 0:
                self.kept[step] = self.ruleset.clone(game.state)
        self.log: list[LogLine] = game.log
        self.final_result = game.result
        self.step = len(self.actions)
        self.state = game.state

    @property
    def length(self) -> int:
        return len(self.actions)

    def go(self, step: int) -> None:
        """Move to `step` (clamped to the game)."""
        step = max(0, min(step, self.length))
        base = max(k for k in self.kept if k <= step)
        state = self.ruleset.clone(self.kept[base])
        for action in self.actions[base:step]:
            self.ruleset.apply(state, action)
        self.state, self.step = state, step

    def step_of_turn(self, turn: int) -> int:
        """The first step at which the game has reached `turn` (or the end)."""
        for step, reached in enumerate(self.turns):
            if reached >= turn:
                return step
        return self.length

    def log_until_now(self) -> list[LogLine]:
        return [line for line in self.log if line.step <= self.step]

    def view(self) -> Any:
        return self.ruleset.view(self.state, None)

    def stage(self) -> str:
        """The stage of the turn at this step, as the status line names it."""
        return self.ruleset.stage(self.state)

    def turn_number(self) -> int:
        return self.ruleset.turn_number(self.state)

    def result(self) -> Result | None:
        """How the game stands at this step: None until its last move ended it."""
        return self.ruleset.result(self.state)
