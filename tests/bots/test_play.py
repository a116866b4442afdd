"""Greedy and search bots: legal answers, the time budget, strength, and `simulate --bots`."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable

import pytest

from mythtable.cli import main
from mythtable.engine.bots import Bot, GreedyBot, LoopGuard, RandomBot, ai_hooks, make_bot
from mythtable.engine.decision import Decision
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import SearchParams, _rollout
from mythtable.engine.search_bot import SearchBot
from mythtable.engine.simulate import play_game, simulate, wilson
from tests.bots.helpers import RULESETS, reach


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_greedy_and_search_always_answer_legally(ruleset_id: str) -> None:
    game = Game.new(ruleset_id, 11)
    bots = (GreedyBot(ruleset_id, 1), SearchBot(ruleset_id, 2, workers=1, iterations=6))
    for _ in range(150):
        d = game.decision
        if d is None:
            break
        action = bots[d.seat].choose(game.ruleset, game.state, d)
        assert d.allows(action), (d.kind, action)
        game.apply(action)


def test_make_bot_strengths() -> None:
    assert isinstance(make_bot("mythicarium", "random", 1), RandomBot)
    assert isinstance(make_bot("mythicarium", "greedy", 1), GreedyBot)
    bot = make_bot("mythicarium", "search", 1, budget=0.3, workers=1)
    assert isinstance(bot, SearchBot) and bot.budget == 0.3
    with pytest.raises(ValueError):
        make_bot("mythicarium", "expert", 1)


def _timed(bot: SearchBot, game: Game) -> float:
    d = game.decision
    assert d is not None
    start = time.perf_counter()
    action = bot.choose(game.ruleset, game.state, d)
    assert d.allows(action)
    return time.perf_counter() - start


def test_search_respects_its_time_budget() -> None:
    game = reach("mythicarium", lambda g: g.ruleset.turn_number(g.state) >= 2)
    short = min(_timed(SearchBot("mythicarium", 1, budget=0.05, workers=1), game) for _ in range(3))
    long = min(_timed(SearchBot("mythicarium", 1, budget=0.2, workers=1), game) for _ in range(2))
    # Four times the budget takes about four times as long: the clock, not the work, ends a search.
    assert 2.0 < long / short < 6.0
    assert long < 0.2 * 1.5 + short


def test_a_single_legal_action_is_answered_at_once() -> None:
    game = reach("mythicarium", lambda g: True)
    d = game.decision
    assert d is not None
    only = Decision(d.seat, d.kind, d.prompt, [d.actions[0]])
    quick = SearchBot("mythicarium", 1, budget=0.05, workers=1)
    slow = SearchBot("mythicarium", 1, budget=30.0, workers=1)
    start = time.perf_counter()
    quick.choose(game.ruleset, game.state, d)
    several = time.perf_counter() - start
    start = time.perf_counter()
    assert slow.choose(game.ruleset, game.state, only) == d.actions[0]
    single = time.perf_counter() - start
    assert single < several  # far below its 30 s budget, and below even a 0.05 s search


def test_search_adds_up_the_helper_processes_samples() -> None:
    game = reach("mythicarium", lambda g: g.ruleset.turn_number(g.state) >= 2)
    d = game.decision
    assert d is not None
    solo = SearchBot("mythicarium", 3, workers=1, iterations=20)
    pair = SearchBot("mythicarium", 3, workers=2, iterations=20)
    try:
        assert d.allows(solo.choose(game.ruleset, game.state, d))
        assert d.allows(pair.choose(game.ruleset, game.state, d))
    finally:
        pair.close()
    assert pair.last_samples == 2 * solo.last_samples


class _StuckHelpers:
    """A process pool whose helpers never answer: records how long the bot waits for each."""

    def __init__(self) -> None:
        self.waits: list[float | None] = []

    def apply_async(self, fn: object, args: object) -> _StuckHelpers:
        return self

    def get(self, timeout: float | None = None) -> object:
        self.waits.append(timeout)
        raise multiprocessing.TimeoutError


def test_a_stuck_helper_process_cannot_hold_up_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever the machine's load, the bot waits for a helper at most its budget plus 0.25 s,
    # then answers from its own samples.
    game = reach("magewars", lambda g: g.ruleset.turn_number(g.state) >= 2)
    d = game.decision
    assert d is not None
    bot = SearchBot("magewars", 3, budget=0.2, workers=2)
    stuck = _StuckHelpers()
    monkeypatch.setattr(bot, "_get_pool", lambda state: stuck)
    assert d.allows(bot.choose(game.ruleset, game.state, d))
    assert len(stuck.waits) == 1
    wait = stuck.waits[0]
    assert wait is not None and 0 < wait <= 0.2 + 0.25
    assert bot.last_samples > 0


def _wins(ruleset_id: str, make: Callable[[int], Bot], games: int) -> int:
    wins = 0
    for i in range(games):
        seed = 100 + i
        me = make(seed)
        other = RandomBot(seed + 7)
        seat = i % 2
        bots = (me, other) if seat == 0 else (other, me)
        outcome = play_game(ruleset_id, seed, bots)
        assert outcome.error is None and outcome.result is not None
        wins += outcome.result.winner == seat
    return wins


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_greedy_beats_random(ruleset_id: str) -> None:
    assert _wins(ruleset_id, lambda seed: GreedyBot(ruleset_id, seed), 20) >= 14


@pytest.mark.slow
def test_search_with_a_tiny_budget_beats_random() -> None:
    # A fixed, tiny budget of 15 iterations per decision keeps the result reproducible.
    assert _wins("mythicarium", lambda seed: SearchBot("mythicarium", seed, workers=1, iterations=15), 6) >= 5


def test_greedy_rollouts_do_not_go_round_in_circles() -> None:
    # The heuristic alone would start a cast, cancel it and start it again for ever; a rollout
    # that meets the same decision in the same position again must choose something new.
    ruleset = Game.new("magewars", 1).ruleset
    hooks = ai_hooks("magewars")
    params = SearchParams(greedy_steps=1.0, rollout_actions=3000)
    for seed in range(1, 6):
        state = ruleset.clone(Game.new("magewars", seed).state)
        _rollout(ruleset, state, 0, Rng(seed), hooks, params)
        assert ruleset.result(state) is not None, f"seed {seed}: the rollout ran out of steps"


def test_the_loop_guard_leaves_out_a_cycle_of_its_own_but_never_a_pass() -> None:
    def casting(game: Game) -> bool:
        d = game.decision
        return d is not None and d.kind == "fast_cast" and any(a[0] == "cast" for a in d.actions)

    game = reach("magewars", casting)
    ruleset, state, d = game.ruleset, game.state, game.decision
    assert d is not None
    cast = next(a for a in d.actions if a[0] == "cast")
    guard = LoopGuard()
    key, allowed = guard.candidates(ruleset, state, d)
    assert allowed == d.actions
    # A pass hands the decision over; a cast asks the same seat for a target (it can be cancelled).
    hooks = ai_hooks("magewars")
    guard.record(key, ("pass",), ruleset, state, hooks)
    guard.record(key, cast, ruleset, state, hooks)
    _, allowed = guard.candidates(ruleset, state, d)
    assert ("pass",) in allowed and cast not in allowed


def test_wilson_interval() -> None:
    low, high = wilson(9, 10)
    assert 0.59 < low < 0.6 and 0.98 < high < 0.99
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_swaps_seats_and_counts_wins_per_bot() -> None:
    summary = simulate("mythicarium", 4, 1, bots=("greedy", "random"))
    assert summary.finished == 4
    assert sum(summary.bot_wins) + summary.draws == 4
    data = summary.as_dict()
    assert set(data["bot_wins"]) == {"greedy", "random"}


def test_cli_simulate_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mythicarium", "--games", "2", "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "games finished" in out and "greedy:" in out and "95% CI" in out
    assert main(["simulate", "mythicarium", "--games", "2", "--bots", "greedy"]) == 1
    assert "--bots" in capsys.readouterr().err
    assert main(["simulate", "mythicarium", "--games", "1", "--bots", "search,random", "--budget", "0"]) == 1


def test_cli_simulate_default_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mythicarium", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "games finished" in out and "bots" not in out


@pytest.mark.slow
def test_simulate_with_fixed_iterations_is_the_same_in_parallel() -> None:
    # A fixed iteration count makes a search run reproducible, so two processes must give the very
    # games one process gives (seat order, winners, action counts).
    one = simulate("magewars", 4, 11, bots=("search", "greedy"), iterations=8)
    two = simulate("magewars", 4, 11, bots=("search", "greedy"), iterations=8, jobs=2)
    assert one.finished == two.finished == 4
    assert (one.bot_wins, one.wins, one.total_actions) == (two.bot_wins, two.wins, two.total_actions)
    assert one.as_dict()["iterations"] == 8 and one.as_dict()["budget"] is None


def test_cli_simulate_refuses_bad_iterations_and_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mythicarium", "--games", "1", "--bots", "search,random", "--iterations", "0"]) == 1
    assert "--iterations" in capsys.readouterr().err
    assert main(["simulate", "mythicarium", "--games", "1", "--jobs", "0"]) == 1
    assert "--jobs" in capsys.readouterr().err


def test_greedy_bots_do_not_wander_through_blocks_forever() -> None:
    """Seed 31: with many blockers, greedy against greedy blocked, took blocks back and blocked
    elsewhere until the game was cut off at the action limit; the loop guard's run limit ends it."""
    from mythtable.engine.bots import make_bot
    from mythtable.engine.simulate import play_game

    bots = (make_bot("mythicarium", "greedy", 63), make_bot("mythicarium", "greedy", 64))
    out = play_game("mythicarium", 31, bots=bots)
    assert out.result is not None, "the game did not end"
