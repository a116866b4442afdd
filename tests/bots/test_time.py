"""Thinking time where it matters: a budget per turn, early answers to clear decisions, the
strength levels. Every timing here runs on a fake clock (one step per look at it), so the
figures are counts, the same on any machine under any load."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pytest

from mythtable.cli import main
from mythtable.engine import search_bot
from mythtable.engine.bots import LEVELS, GreedyBot, make_bot
from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision, Result
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import SearchParams, ThinkingClock, search
from mythtable.engine.search_bot import SearchBot
from mythtable.engine.simulate import play_game
from mythtable.tui.session import CONTROLLER_LABELS, Session, controller_choices
from tests.bots.helpers import RULESETS, reach

STEP = 0.001


class FakeClock:
    """Moves on by `step` seconds each time it is read."""

    def __init__(self, step: float = STEP) -> None:
        self.t = 0.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


# ----- a toy game: one pick, some options win and some lose -------------------------------------


@dataclass
class Pick:
    winners: frozenset[str]
    picked: str | None = None


class PickRuleset:
    """Seat 1 picks one of `options`; a pick in `winners` wins at once, any other loses."""

    id = "pick"

    def __init__(self, options: tuple[str, ...]) -> None:
        self.options = options

    def pending(self, s: Pick) -> Decision | None:
        if s.picked is not None:
            return None
        return Decision(0, "pick", "pick one", [(o,) for o in self.options])

    def apply(self, s: Pick, action: Action) -> list[Any]:
        s.picked = str(action[0])
        return []

    def result(self, s: Pick) -> Result | None:
        if s.picked is None:
            return None
        return Result(0 if s.picked in s.winners else 1, "picked", 1)

    def clone(self, s: Pick) -> Pick:
        return Pick(s.winners, s.picked)

    def view(self, s: Pick, seat: int | None) -> Any:
        return (s.picked,)

    def turn_number(self, s: Pick) -> int:
        return 1

    def stage(self, s: Pick) -> str:
        return "pick"


def _pick_bot(monkeypatch: pytest.MonkeyPatch, paired: bool, per_decision: float = 10.0) -> SearchBot:
    hooks = AIHooks(heuristic=lambda s, seat: 0.0, determinize=lambda s, seat, rng: Pick(s.winners, s.picked))
    monkeypatch.setattr(search_bot, "ai_hooks", lambda rid: hooks)
    clock = ThinkingClock(math.inf, per_decision, now=FakeClock())
    return SearchBot("pick", 1, workers=1, clock=clock, params=SearchParams(paired_root=paired))


@pytest.mark.parametrize("paired", [False, True], ids=["ucb", "paired"])
def test_a_clear_decision_is_answered_without_spending_its_budget(
    monkeypatch: pytest.MonkeyPatch, paired: bool
) -> None:
    ruleset = PickRuleset(("lose", "win", "lose too", "lose again"))
    state = Pick(frozenset({"win"}))
    bot = _pick_bot(monkeypatch, paired)
    d = ruleset.pending(state)
    assert d is not None
    assert bot.choose(ruleset, state, d) == ("win",)  # type: ignore[arg-type]
    assert bot.last_reason == "settled"
    # 10 s of budget is 10,000 looks at the clock: a clear winner takes a small fraction of them.
    assert bot.clock.spent < 0.02 * 10.0
    assert bot.last_iterations < 200


def test_a_close_decision_is_not_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    # The counterpart of the test above: options that win 55% and 45% of the time. The search
    # may stop once the leader cannot be overtaken, which takes at least half its budget; a
    # stop on a clear lead should be rare on such close options.
    class Close(PickRuleset):
        def result(self, s: Pick) -> Result | None:
            if s.picked is None:
                return None
            return Result(0 if self.rng.below(100) < (55 if s.picked == "good" else 45) else 1, "close", 1)

    early = 0
    for seed in range(8):
        ruleset = Close(("bad", "good"))
        ruleset.rng = Rng(seed)  # type: ignore[attr-defined]
        bot = _pick_bot(monkeypatch, False, per_decision=0.5)
        state = Pick(frozenset())
        d = ruleset.pending(state)
        assert d is not None
        bot.choose(ruleset, state, d)  # type: ignore[arg-type]
        early += bot.clock.spent < 0.25
    assert early <= 2


def test_options_that_make_no_difference_are_answered_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A pass with nothing worth answering: every option gives the same value on every sample.
    ruleset = PickRuleset(("pass", "wait", "hold"))
    state = Pick(frozenset({"pass", "wait", "hold"}))
    bot = _pick_bot(monkeypatch, True)
    d = ruleset.pending(state)
    assert d is not None
    assert d.allows(bot.choose(ruleset, state, d))  # type: ignore[arg-type]
    assert bot.last_reason == "settled"
    assert bot.last_iterations <= SearchParams().clear_rounds * 3
    assert bot.clock.spent < 0.05


def test_a_single_option_is_answered_without_looking_at_the_clock() -> None:
    game = reach("magewars", lambda g: True)
    d = game.decision
    assert d is not None
    fake = FakeClock()
    bot = SearchBot("magewars", 1, workers=1, clock=ThinkingClock(5.0, 2.0, now=fake))
    only = Decision(d.seat, d.kind, d.prompt, [d.actions[0]])
    assert bot.choose(game.ruleset, game.state, only) == d.actions[0]
    assert fake.t == 0.0 and bot.last_reason == "single" and bot.clock.spent == 0.0


# ----- the budget per turn ---------------------------------------------------------------------


def test_the_thinking_clock_shares_a_turn_and_starts_afresh_on_the_next() -> None:
    clock = ThinkingClock(1.0, 0.6, now=FakeClock(), share=0.5)
    assert clock.allot(3) == 0.5  # half of what is left, below the per-decision cap
    clock.charge(0.5)
    assert clock.allot(3) == 0.25
    clock.charge(0.5)
    assert clock.allot(3) == 0.0  # the turn's budget is spent
    assert clock.allot(4) == 0.5  # a new turn number: a fresh budget
    assert ThinkingClock(math.inf, 0.6).allot(1) == 0.6


def test_the_thinking_clock_spreads_a_turn_over_the_decisions_turns_held_before() -> None:
    clock = ThinkingClock(1.0, 1.0, now=FakeClock(), share=0.5, spread=True)
    assert clock.allot(1) == 0.5  # expects 3 decisions: 2/(3+1) of the turn, as much as `share`
    for _ in range(10):
        clock.allot(1)
    assert clock.expected == 3.0 and clock.taken == 11
    assert clock.allot(2) == pytest.approx(2 / 8)  # 11 decisions last turn: expects (3+11)/2 = 7
    clock.charge(0.5)
    assert clock.peek(2) == pytest.approx(0.5 * 2 / 7)  # one taken, six expected to come
    assert clock.peek(3) == pytest.approx(2 / (0.5 * 7 + 0.5 * 1 + 1))  # a new turn: a fresh budget


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_turn_budget_is_respected_under_a_fake_clock(ruleset_id: str) -> None:
    per_turn, per_decision = 0.3, 0.2
    fake = FakeClock()
    clock = ThinkingClock(per_turn, per_decision, now=fake, share=0.4, spread=True)
    bot = SearchBot(ruleset_id, 5, workers=1, clock=clock)
    other = GreedyBot(ruleset_id, 6)
    game = Game.new(ruleset_id, 21)
    spent: dict[int, float] = {}
    searched: dict[int, int] = {}
    kept = 0
    for _ in range(200):
        d = game.decision
        if d is None:
            break
        if d.seat == 1:
            game.apply(other.choose(game.ruleset, game.state, d))
            continue
        turn = game.ruleset.turn_number(game.state)
        before = fake.t
        given = clock.peek(turn)
        action = bot.choose(game.ruleset, game.state, d)
        took = fake.t - before
        # One decision: its share and a few looks at the clock (the first, the one that finds
        # the time up, the last to charge the turn, one for rounding), never more.
        assert took <= given + 4 * STEP + 1e-9, (turn, took, given)
        spent[turn] = spent.get(turn, 0.0) + took
        searched[turn] = searched.get(turn, 0) + (bot.last_reason in ("budget", "settled"))
        kept += bot.last_kept > 0
        game.apply(action)
    assert spent, "the bot never decided"
    if not bot.params.paired_root:
        assert kept, "no decision kept its tree: the budget of a kept search went untested"
    for turn, total in spent.items():
        assert total <= per_turn + 4 * STEP * searched[turn] + 1e-9, (turn, total)
    assert max(spent.values()) >= 0.8 * per_turn, "no turn used its budget: the test proves nothing"


def test_the_helpers_stop_when_the_main_search_has_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    game = reach("mythicarium", lambda g: g.ruleset.turn_number(g.state) >= 2)
    d = game.decision
    assert d is not None

    class Stop:
        value = 7

    monkeypatch.setitem(search_bot._WORKER, "stop", Stop())
    monkeypatch.setitem(search_bot._WORKER, "ruleset", game.ruleset)
    monkeypatch.setitem(search_bot._WORKER, "content", game.state.content)
    monkeypatch.setitem(search_bot._WORKER, "hooks", search_bot.ai_hooks("mythicarium"))
    payload = search_bot._dump_state(game.state)
    params = SearchParams()
    # A job the main search has already finished is not started at all...
    assert search_bot._work(payload, d.seat, 1, 30.0, None, params, d.actions, None, 7) == []
    # ...and a running one stops as soon as it is told: here after three looks.
    calls = {"n": 0}

    def stopped() -> bool:
        calls["n"] += 1
        return calls["n"] > 3

    info: dict[str, Any] = {}
    hooks = search_bot.ai_hooks("mythicarium")
    search(game.ruleset, game.state, d.seat, Rng(1), hooks, None, 10_000, params, stopped=stopped, info=info)
    assert info["iterations"] == 3


# ----- early stop never changes the answer of a fixed-count search -----------------------------


@pytest.mark.slow
def test_a_search_that_settles_gives_the_answer_of_the_full_search() -> None:
    game = Game.new("mythicarium", 4)
    greedy = GreedyBot("mythicarium", 2)
    compared = settled = 0
    for _ in range(300):
        d = game.decision
        if d is None or compared >= 25:
            break
        if len(d.actions) > 1:
            full = SearchBot("mythicarium", 9, workers=1, iterations=120, early_stop=False)
            quick = SearchBot("mythicarium", 9, workers=1, iterations=120, early_stop=True)
            assert quick.choose(game.ruleset, game.state, d) == full.choose(game.ruleset, game.state, d)
            compared += 1
            settled += quick.last_reason == "settled"
            assert quick.last_iterations <= full.last_iterations == 120
        game.apply(greedy.choose(game.ruleset, game.state, d))
    assert compared >= 10 and settled >= 1


# ----- strength levels ---------------------------------------------------------------------------


def test_strength_levels() -> None:
    assert isinstance(make_bot("mythicarium", "easy", 1), GreedyBot)
    for level, (per_turn, per_decision) in LEVELS.items():
        bot = make_bot("mythicarium", level, 1, workers=1)
        assert isinstance(bot, SearchBot)
        assert bot.clock.per_turn == per_turn and bot.clock.per_decision == per_decision
        assert bot.early_stop
    assert LEVELS["hard"][0] > LEVELS["normal"][0]
    old = make_bot("mythicarium", "search", 1, budget=0.3, workers=1)
    assert isinstance(old, SearchBot) and old.clock.per_decision == 0.3 and old.clock.per_turn == math.inf


def test_the_new_game_screen_offers_the_levels_first() -> None:
    for ruleset_id in RULESETS:
        choices = controller_choices(ruleset_id)
        assert choices[:4] == ["human", "easy", "normal", "hard"]
        assert {"random", "greedy", "search"} <= set(choices)
    assert CONTROLLER_LABELS["normal"] == "Computer (normal)"
    session = Session(Game.new("mythicarium", 3), controllers=["human", "normal"])
    bot = session.bots[1]
    assert isinstance(bot, SearchBot) and bot.workers == 1 and bot.clock.per_turn == LEVELS["normal"][0]
    assert isinstance(Session(Game.new("mythicarium", 3), ["easy", "human"]).bots[0], GreedyBot)


def test_cli_simulate_accepts_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mythicarium", "--games", "2", "--bots", "normal,greedy", "--iterations", "3"]) == 0
    out = capsys.readouterr().out
    assert "normal: " in out and "greedy: " in out
    assert main(["simulate", "mythicarium", "--games", "1", "--bots", "normal,expert"]) == 1
    assert "expert" in capsys.readouterr().err


def test_cli_watch_refuses_an_unknown_strength(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "mythicarium", "--bots", "normal,expert"]) == 1
    assert "expert" in capsys.readouterr().err


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_bot_whose_turn_budget_is_spent_still_finishes_its_games(ruleset_id: str) -> None:
    # Once a turn's budget is spent the answer rests on the greedy prior; with exact ties taken in
    # listing order, a Mythicarium blocker declaration went round (block, unblock, block...) for ever.
    for seed in (1, 2):
        clock = ThinkingClock(0.0, 0.0, now=FakeClock())
        bot = SearchBot(ruleset_id, 3, workers=1, clock=clock)
        outcome = play_game(ruleset_id, seed, (bot, GreedyBot(ruleset_id, 4)), max_actions=3000)
        assert outcome.error is None and outcome.result is not None, outcome.error
