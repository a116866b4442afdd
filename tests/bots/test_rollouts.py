"""The rollout's options (issue 19, item 3): a ruleset's own cheap rollout policy and rollouts that
stop at the end of the root's turn.
Without them (every ruleset but Mage Wars) a rollout step is uniformly random, as before."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from mythtable.engine.bots import ai_hooks
from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.mcts import Node, SearchParams, _iterate, _rollout
from tests.bots.test_hybrid import AIM_HOOKS, Aim, MoveThenTarget


def _cast() -> tuple[MoveThenTarget, Aim]:
    ruleset, state = MoveThenTarget(), Aim()
    ruleset.apply(state, ("cast",))
    return ruleset, state


def _values(hooks: AIHooks, params: SearchParams) -> list[float]:
    out = []
    for seed in range(30):
        ruleset, state = _cast()
        out.append(_rollout(ruleset, state, 0, Rng(seed), hooks, params))  # type: ignore[arg-type]
    return out


def test_without_a_policy_a_rollout_step_is_random_and_with_one_the_policy_chooses() -> None:
    params = SearchParams(rollout_actions=8)
    assert AIM_HOOKS.rollout_policy is None
    random = _values(AIM_HOOKS, params)
    assert 0.0 in random and 1.0 in random
    seen: list[str] = []

    def aim_well(state: Aim, decision: Decision, rng: Rng) -> Action:
        seen.append(decision.kind)
        return ("good",)

    assert _values(replace(AIM_HOOKS, rollout_policy=aim_well), params) == [1.0] * 30
    assert seen == ["target"] * 30


# ----- a toy of turns: each turn the active seat may add a point or end the turn ----------------


@dataclass
class Count:
    rng: Rng = field(default_factory=lambda: Rng(1))
    turn: int = 1
    points: list[int] = field(default_factory=lambda: [0, 0])


class Turns:
    id = "turns"

    def pending(self, s: Count) -> Decision | None:
        if s.turn > 6:
            return None
        return Decision((s.turn - 1) % 2, "main", "add or end", [("add",), ("end",)])

    def apply(self, s: Count, action: Action) -> list[Event]:
        if action == ("add",):
            s.points[(s.turn - 1) % 2] += 1
        else:
            s.turn += 1
        return []

    def result(self, s: Count) -> Result | None:
        return None

    def turn_number(self, s: Count) -> int:
        return s.turn

    def clone(self, s: Count) -> Count:
        return Count(s.rng.copy(), s.turn, s.points[:])


def test_a_rollout_stops_at_the_end_of_the_given_turn() -> None:
    hooks = AIHooks(heuristic=lambda s, seat: float(s.turn), determinize=lambda s, seat, rng: s, scale=1e9)
    params = SearchParams(rollout_actions=40, rollout_turns=1)
    for seed in range(10):
        s = Count()
        _rollout(Turns(), s, 0, Rng(seed), hooks, params, turn=1)  # type: ignore[arg-type]
        assert s.turn == 2  # the first "end" ended it
        s = Count()
        _rollout(Turns(), s, 0, Rng(seed), hooks, replace(params, rollout_turns=0))  # type: ignore[arg-type]
        assert s.turn > 2 or s.points[0] >= 5  # without it the rollout plays on into later turns


def _scored_turns(turns: int) -> list[int]:
    """The turn of the state each of 20 iterations scores, from a fresh root, first action "add"."""
    scored: list[int] = []

    def heuristic(s: Count, seat: int) -> float:
        scored.append(s.turn)
        return float(s.points[seat] - s.points[1 - seat])

    hooks = AIHooks(heuristic=heuristic, determinize=lambda s, seat, rng: Turns().clone(s), scale=10.0)
    params = SearchParams(rollout_actions=30, rollout_turns=turns)
    for seed in range(20):
        root = Node(1)
        root.children[(0, ("add",))] = Node(0)
        _iterate(Turns(), Count(), 0, Rng(seed), hooks, root, params, Count(), ("add",))  # type: ignore[arg-type]
    return scored


def test_the_search_scores_every_rollout_once_the_roots_turn_is_over() -> None:
    assert _scored_turns(1) == [2] * 20, "every sample is scored at the start of the next turn"
    assert _scored_turns(2) == [3] * 20, "or once the next turn is over too"
    assert max(_scored_turns(0)) > 3, "without it the rollouts run on into later turns"


def test_the_rollout_options_are_off_by_default_and_set_for_mage_wars_and_mythcraft() -> None:
    default = SearchParams()
    assert default.rollout_turns == 0 and default.horizon is None
    assert ai_hooks("magewars").search["rollout_turns"] == 1
    hooks = ai_hooks("mythicarium")
    assert "rollout_turns" not in hooks.search and hooks.rollout_policy is None
    mythcraft = ai_hooks("mythcraft")  # issue 34: to the end of a participant's turn, with a policy
    assert mythcraft.search["horizon"] is not None and mythcraft.rollout_policy is not None
