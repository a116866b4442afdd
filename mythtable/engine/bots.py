"""Computer players that speak only the decision protocol, so they play any ruleset."""

from __future__ import annotations

from typing import Any, Protocol

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import Ruleset


class Bot(Protocol):
    name: str

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own generator (never the game's)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed ^ 0x5EED_B07)

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        return decision.actions[self.rng.below(len(decision.actions))]
