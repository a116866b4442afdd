"""The hybrid answer of a paired-root search (issue 19): the greedy prior's choice unless the
search's paired samples clearly favour another option; and a level's count of iterations, capped
by its clock."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from mythtable.engine.bots import LEVEL_ITERATIONS, LEVELS, make_bot
from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import SearchParams, best_action, search
from mythtable.engine.search_bot import SearchBot

# ----- a toy game: seat 0 picks a, b or c, then a hidden roll of 0-99 decides -------------------

CHANCE = {"a": 50, "b": 60, "c": 50}
"""Seat 0 wins when the roll is below its pick's number: b is better than a and c by ten points,
on the same roll (so the paired difference b - a is 1 on one roll in ten, else 0)."""
SCORE = {"a": 1.0, "b": 0.0, "c": 1.0}
"""The one-step heuristic prefers a and c (equal): the greedy choice is a (or c), not b."""


@dataclass
class Roll:
    rng: Rng = field(default_factory=lambda: Rng(1))
    pick: str | None = None
    roll: int | None = None


class PickThenRoll:
    id = "pick-roll"

    def pending(self, s: Roll) -> Decision | None:
        if s.pick is None:
            return Decision(0, "pick", "pick", [(o,) for o in CHANCE])
        if s.roll is None:
            return Decision(1, "roll", "roll", [("roll",)])
        return None

    def apply(self, s: Roll, action: Action) -> list[Event]:
        if s.pick is None:
            s.pick = str(action[0])
        else:
            s.roll = s.rng.below(100)
        return []

    def result(self, s: Roll) -> Result | None:
        if s.roll is None or s.pick is None:
            return None
        return Result(0 if s.roll < CHANCE[s.pick] else 1, "rolled", 1)

    def clone(self, s: Roll) -> Roll:
        return Roll(s.rng.copy(), s.pick, s.roll)


HOOKS = AIHooks(
    heuristic=lambda s, seat: SCORE[s.pick] if s.pick and seat == 0 else 0.0,
    determinize=lambda s, seat, rng: Roll(Rng(rng.next64()), s.pick, s.roll),
    scale=1.0,
)


def _answer(iterations: int, hybrid_z: float, seed: int) -> Action:
    ruleset, state = PickThenRoll(), Roll()
    d = ruleset.pending(state)
    assert d is not None
    params = SearchParams(paired_root=True, rollout_actions=0, prior_visits=1.0, hybrid_z=hybrid_z)
    stats = search(ruleset, state, 0, Rng(seed), HOOKS, None, iterations, params)  # type: ignore[arg-type]
    return best_action(d.actions, stats)


def test_the_hybrid_keeps_the_greedy_choice_when_the_samples_are_not_clear() -> None:
    # 10 rounds: b beat a on some of them (the plain paired search then answers b), but a lead of
    # a few samples in ten is not three standard errors: the hybrid keeps the greedy choice.
    seeds = [seed for seed in range(1, 40) if _answer(30, 0.0, seed) == ("b",)]
    assert len(seeds) >= 5
    for seed in seeds:
        assert _answer(30, 3.0, seed) == ("a",)


def test_the_hybrid_leaves_the_greedy_choice_when_the_samples_are_clear() -> None:
    # 400 rounds: b's lead of one roll in ten is far beyond two standard errors.
    for seed in (1, 2, 3):
        assert _answer(1200, 2.0, seed) == ("b",)


def test_among_equal_greedy_scores_the_hybrid_takes_the_better_by_the_samples() -> None:
    # a and c score the same one step ahead and win on the same rolls: either may be the answer,
    # never b on a few samples; and a c made better than a by the rolls is taken without a bar.
    CHANCE["c"] = 52
    try:
        assert _answer(30, 2.0, 1) in {("a",), ("c",)}
        picks = {_answer(300, 50.0, seed) for seed in (1, 2, 3)}
        assert picks == {("c",)}
    finally:
        CHANCE["c"] = 50


# ----- a level: a count of iterations capped by the clock ----------------------------------------


class StoppedClock:
    """A clock that jumps a second on every reading: any deadline is over at once."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def test_normal_is_a_count_of_iterations_capped_by_its_clock() -> None:
    bot = make_bot("magewars", "normal", 1, workers=1)
    assert isinstance(bot, SearchBot)
    assert bot.iterations == LEVEL_ITERATIONS["normal"] and bot.capped
    assert (bot.clock.per_turn, bot.clock.per_decision) == LEVELS["normal"]
    # Given a count (simulate --iterations, benchmarks/computer.py --by-iterations), no clock caps it.
    fixed = make_bot("magewars", "normal", 1, workers=1, iterations=LEVEL_ITERATIONS["normal"])
    assert isinstance(fixed, SearchBot) and not fixed.capped
    hard = make_bot("magewars", "hard", 1, workers=1)  # issue 34: a larger count, capped by its clock
    assert isinstance(hard, SearchBot) and hard.iterations == LEVEL_ITERATIONS["hard"] and hard.capped
    assert LEVEL_ITERATIONS["hard"] > LEVEL_ITERATIONS["normal"]


def _first_search(bot: SearchBot) -> tuple[Game, int]:
    game = Game.new("magewars", 5)
    while True:
        d = game.decision
        assert d is not None
        if len(d.actions) > 1:
            bot.choose(game.ruleset, game.state, d)
            if bot.last_reason not in ("single", "guard"):
                return game, bot.last_iterations
        game.apply(d.actions[0])


def test_a_capped_count_runs_whole_on_a_fast_clock_and_stops_on_a_slow_one() -> None:
    count = 60
    fast = SearchBot("magewars", 3, workers=1, iterations=count, capped=True, early_stop=False)
    fast.clock.now = lambda: 0.0  # time stands still: the count binds
    _, done = _first_search(fast)
    assert done >= count and fast.last_reason == "iterations"  # whole rounds of every option
    slow = SearchBot("magewars", 3, workers=1, iterations=count, capped=True, early_stop=False)
    slow.clock.now = StoppedClock()  # every reading is past the deadline: the clock binds
    _, done = _first_search(slow)
    assert done == 0 and slow.last_reason == "budget"


def test_a_capped_count_the_clock_does_not_cut_plays_as_the_count_alone() -> None:
    # Same seed, time standing still: the capped bot's answers are those of the count without a
    # clock (with the same statistical early stop), so a level's games replay anywhere the clock
    # does not bind.
    game = Game.new("magewars", 7)
    capped = SearchBot("magewars", 5, workers=1, iterations=80, capped=True)
    capped.clock.now = lambda: 0.0
    free = SearchBot("magewars", 5, workers=1, iterations=80, clear_stop=True)
    compared = settled = 0
    for _ in range(300):
        d = game.decision
        if d is None or compared >= 12:
            break
        action = d.actions[0]
        if len(d.actions) > 1:
            action = capped.choose(game.ruleset, game.state, d)
            assert free.choose(game.ruleset, game.state, d) == action
            assert capped.last_iterations == free.last_iterations
            compared += 1
            settled += free.last_reason == "settled"
        game.apply(action)
    assert compared >= 12 and settled >= 1


# ----- decision kinds answered by the heuristic below the root ------------------------------------


@dataclass
class Aim:
    rng: Rng = field(default_factory=lambda: Rng(1))
    move: str | None = None
    target: str | None = None


class MoveThenTarget:
    """Seat 0 casts (then picks a target: "good" wins, "bad" loses) or waits (a coin decides)."""

    id = "aim"

    def pending(self, s: Aim) -> Decision | None:
        if s.move is None:
            return Decision(0, "main", "move", [("cast",), ("wait",)])
        if s.move == "cast" and s.target is None:
            return Decision(0, "target", "target", [("good",), ("bad",), ("worse",)])
        return None

    def apply(self, s: Aim, action: Action) -> list[Event]:
        if s.move is None:
            s.move = str(action[0])
            if s.move == "wait":
                s.target = "good" if s.rng.below(2) else "bad"
        else:
            s.target = str(action[0])
        return []

    def result(self, s: Aim) -> Result | None:
        if s.target is None:
            return None
        return Result(0 if s.target == "good" else 1, "aimed", 1)

    def clone(self, s: Aim) -> Aim:
        return Aim(s.rng.copy(), s.move, s.target)


AIM_HOOKS = AIHooks(
    heuristic=lambda s, seat: {"good": 1.0, "bad": -1.0, "worse": -2.0}.get(s.target or "", 0.0),
    determinize=lambda s, seat, rng: Aim(Rng(rng.next64()), s.move, s.target),
    scale=1.0,
)


def _aim_values(kinds: tuple[str, ...]) -> dict[Action, float]:
    ruleset, state = MoveThenTarget(), Aim()
    params = SearchParams(paired_root=True, rollout_actions=8, prior_visits=0.001, greedy_kinds=kinds)
    stats = search(ruleset, state, 0, Rng(3), AIM_HOOKS, None, 6, params)  # type: ignore[arg-type]
    return {a: visits - 1.0 for a, (visits, _) in stats.items()}  # paired: 1 + mean value


def test_a_greedy_kind_below_the_root_is_answered_by_the_heuristic() -> None:
    # Three rounds: under a cast, the tree tries each target once (one in three wins). With
    # targets answered by the heuristic, every cast hits the good target.
    assert _aim_values(())[("cast",)] < 0.4
    assert _aim_values(("target",))[("cast",)] > 0.99


@pytest.mark.slow
def test_the_benchmark_plays_normal_by_its_count_the_same_games_twice() -> None:
    from tests.benchmark_module import load_benchmark

    computer = load_benchmark("computer")
    rows = [computer.measure("magewars", "normal", 2, 11, 1, by_iterations=True) for _ in range(2)]
    assert rows[0]["iterations"] == LEVEL_ITERATIONS["normal"]
    for key in ("wins", "finished", "ci95"):
        assert rows[0][key] == rows[1][key]
    assert rows[0]["decision"]["n"] == rows[1]["decision"]["n"] > 0
