"""The search tree kept from one decision to the next (issue 19): only where the new decision
follows from the last search with nothing revealed, with the statistics it had, and to the
same answer as a fresh search of as many iterations."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pytest

from mythtable.engine import search_bot
from mythtable.engine.bots import GreedyBot
from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import SearchParams, ThinkingClock, search
from mythtable.engine.search_bot import SearchBot
from tests.bots.helpers import reach

# ----- a toy game: seat 0 picks twice; some first picks are followed by chance or the other seat --

FIRST = ("a", "b", "roll", "peek", "wait", "nudge")
"""a, b: nothing happens. roll: a visible coin is flipped with the game's generator. peek: an
event reveals something. wait: seat 1 picks p or q. nudge: seat 1 has one option (ok)."""
SECOND = ("x", "y", "z")


@dataclass
class Two:
    winners: frozenset[tuple[str, str]]
    rng: Rng = field(default_factory=lambda: Rng(1))
    first: str | None = None
    coin: int | None = None
    other: str | None = None
    second: str | None = None


class TwoPicks:
    """Seat 0 wins if (first pick, second pick) is one of `winners`, else seat 1 wins."""

    id = "two"

    def pending(self, s: Two) -> Decision | None:
        if s.first is None:
            return Decision(0, "first", "first pick", [(o,) for o in FIRST])
        if s.first == "wait" and s.other is None:
            return Decision(1, "other", "other seat", [("p",), ("q",)])
        if s.first == "nudge" and s.other is None:
            return Decision(1, "other", "other seat", [("ok",)])
        if s.second is None:
            return Decision(0, "second", "second pick", [(o,) for o in SECOND])
        return None

    def apply(self, s: Two, action: Action) -> list[Event]:
        pick = str(action[0])
        if s.first is None:
            s.first = pick
            if pick == "roll":
                s.coin = s.rng.below(2)
            if pick == "peek":
                return [Event("something comes to light", reveals=True)]
        elif s.first in ("wait", "nudge") and s.other is None:
            s.other = pick
        else:
            s.second = pick
        return []

    def result(self, s: Two) -> Result | None:
        if s.second is None:
            return None
        assert s.first is not None
        return Result(0 if (s.first, s.second) in s.winners else 1, "picked", 1)

    def clone(self, s: Two) -> Two:
        return Two(s.winners, s.rng.copy(), s.first, s.coin, s.other, s.second)

    def view(self, s: Two, seat: int | None) -> Any:
        return (s.first, s.coin, s.other, s.second)

    def turn_number(self, s: Two) -> int:
        return 1

    def stage(self, s: Two) -> str:
        return "pick"


def _hooks() -> AIHooks:
    return AIHooks(
        heuristic=lambda s, seat: 0.0,
        determinize=lambda s, seat, rng: Two(s.winners, Rng(rng.next64()), s.first, s.coin, s.other, s.second),
    )


@pytest.fixture
def two_hooks(monkeypatch: pytest.MonkeyPatch) -> AIHooks:
    hooks = _hooks()
    monkeypatch.setattr(search_bot, "ai_hooks", lambda rid: hooks)
    return hooks


def _two_bot(
    iterations: int | None = 200, clock: ThinkingClock | None = None, seed: int = 1, early_stop: bool = True
) -> SearchBot:
    return SearchBot(
        "two", seed, workers=1, iterations=iterations, clock=clock, params=SearchParams(), early_stop=early_stop
    )


def _play_first(bot: SearchBot, winners: set[tuple[str, str]]) -> tuple[TwoPicks, Two]:
    """The bot's first pick (asserted to be one that can win), then the other seat's answer if
    any; the game is left at seat 0's second pick."""
    ruleset, state = TwoPicks(), Two(frozenset(winners))
    d = ruleset.pending(state)
    assert d is not None
    first = bot.choose(ruleset, state, d)  # type: ignore[arg-type]
    assert first in {(f,) for f, _ in winners}
    ruleset.apply(state, first)
    d = ruleset.pending(state)
    if d is not None and d.seat == 1:
        ruleset.apply(state, d.actions[0])
    return ruleset, state


@pytest.mark.parametrize(
    ("first", "kept"),
    [("a", True), ("nudge", True), ("roll", False), ("peek", False), ("wait", False)],
    ids=["own-deterministic", "other-seat-forced", "chance", "reveal", "other-seat-choice"],
)
def test_the_tree_is_kept_only_when_the_decision_follows_with_nothing_revealed(
    two_hooks: AIHooks, first: str, kept: bool
) -> None:
    bot = _two_bot()
    ruleset, state = _play_first(bot, {(first, "y")})
    d = ruleset.pending(state)
    assert d is not None and d.kind == "second"
    assert bot.choose(ruleset, state, d) == ("y",)  # type: ignore[arg-type]
    assert (bot.last_kept > 0) is kept
    if not kept:
        assert bot.last_iterations > 0


def test_the_kept_root_starts_with_the_last_searchs_statistics(two_hooks: AIHooks) -> None:
    # The node of the chosen first pick, grafted as the root of the second decision: every root
    # child has the previous search's visits, value and spread under that pick, plus the prior a
    # fresh search gives it, exactly, and no iteration is run beyond the kept ones.
    ruleset, state = TwoPicks(), Two(frozenset({("a", "y")}))
    params = SearchParams()
    info: dict[str, Any] = {}
    search(ruleset, state, 0, Rng(3), two_hooks, None, 300, params, info=info)  # type: ignore[arg-type]
    node = info["root"].children[(0, ("a",))]
    before = {a: (n.visits, n.value, n.sq) for (_, a), n in node.children.items()}
    # The root's children start from the prior, so every iteration through "a" went on below it.
    assert sum(v for v, _, _ in before.values()) == node.visits - params.prior_visits
    assert len(before) == 3
    ruleset.apply(state, ("a",))
    kept_info: dict[str, Any] = {}
    kept = search(ruleset, state, 0, Rng(4), two_hooks, None, 1, params, info=kept_info, tree=node)  # type: ignore[arg-type]
    fresh = search(ruleset, state, 0, Rng(4), two_hooks, None, 0, params)  # type: ignore[arg-type]
    assert kept_info["iterations"] == 0 and kept_info["kept"] == sum(v for v, _, _ in before.values())
    assert kept == {a: (before[a][0] + fresh[a][0], before[a][1] + fresh[a][1]) for a in fresh}
    root = kept_info["root"]
    assert {a: n.sq for (_, a), n in root.children.items()} == {a: sq for a, (_, _, sq) in before.items()}


@pytest.mark.parametrize("winner", ["x", "y", "z"])
def test_a_search_that_reuses_its_tree_chooses_as_a_fresh_one_of_as_many_iterations(
    two_hooks: AIHooks, winner: str
) -> None:
    # One winning second pick under "a", another under "b": a wrongly grafted subtree points to
    # the other. The reusing bot runs only what the kept iterations leave of its count; a fresh
    # bot runs all of it; both find the winner. With as many iterations as were kept, the reusing
    # bot answers from the kept statistics alone, and still the same.
    trap = {"x": "z", "y": "x", "z": "y"}[winner]
    winners = {("a", winner), ("b", trap)}
    for seed, total in ((1, 200), (2, 200), (1, None), (3, None)):
        reuse = _two_bot(seed=seed, early_stop=False)  # every iteration of the count is run
        ruleset, state = _play_first(reuse, winners)
        expected = (dict(winners)[str(state.first)],)
        d = ruleset.pending(state)
        assert d is not None
        if total is None:  # exactly the kept iterations: none run now
            kept_node = reuse._kept
            assert kept_node is not None
            total = int(sum(n.visits for n in kept_node.node.children.values()))
            reuse.iterations = total
        choice = reuse.choose(ruleset, state, d)  # type: ignore[arg-type]
        assert reuse.last_kept > 0
        assert reuse.last_iterations == max(0, total - reuse.last_kept)
        fresh = _two_bot(total, seed=seed + 10, early_stop=False)
        assert fresh.choose(ruleset, state, d) == choice == expected  # type: ignore[arg-type]
        assert fresh.last_kept == 0 and fresh.last_iterations == total


def test_a_kept_tree_with_a_clear_leader_answers_at_once(two_hooks: AIHooks) -> None:
    # On a clock (one millisecond each look), the second pick's kept statistics already show the
    # winner clearly: no iteration is run for it, where a fresh search has to run some.
    def clock() -> ThinkingClock:
        t = [0.0]

        def now() -> float:
            t[0] += 0.001
            return t[0]

        return ThinkingClock(math.inf, 1.0, now=now)

    bot = _two_bot(None, clock())
    ruleset, state = _play_first(bot, {("a", "y")})
    d = ruleset.pending(state)
    assert d is not None
    assert bot.choose(ruleset, state, d) == ("y",)  # type: ignore[arg-type]
    assert bot.last_reason == "settled" and bot.last_kept > 0 and bot.last_iterations == 0
    fresh = _two_bot(None, clock())
    assert fresh.choose(ruleset, state, d) == ("y",)  # type: ignore[arg-type]
    assert fresh.last_reason == "settled" and fresh.last_iterations > 0


def test_paired_root_sampling_starts_afresh(two_hooks: AIHooks) -> None:
    bot = SearchBot("two", 1, workers=1, iterations=60, params=SearchParams(paired_root=True))
    ruleset, state = _play_first(bot, {("a", "y")})
    d = ruleset.pending(state)
    assert d is not None
    assert bot.choose(ruleset, state, d) == ("y",)  # type: ignore[arg-type]
    assert bot.last_kept == 0 and bot._kept is None


# ----- Mythicarium: attackers declared one by one --------------------------------------------------


def _attackers(game: Game) -> bool:
    d = game.decision
    assert d is not None
    return (
        d.kind == "declare_attackers"
        and game.ruleset.turn_number(game.state) >= 3
        and sum(a[0] == "attack" for a in d.actions) >= 2
    )


@pytest.mark.slow
def test_mythicarium_keeps_the_tree_while_declaring_attackers_and_not_after_the_other_seat() -> None:
    # Declaring an attacker reveals nothing and the same seat declares again: the tree is kept.
    # It is never kept after the other seat chose or something came to light (the test reads the
    # game's events and generator, which the bot never sees), e.g. once the declaration is done
    # and the other seat blocks.
    game = reach("mythicarium", _attackers)
    ruleset = game.ruleset
    me = game.decision.seat  # type: ignore[union-attr]
    turn = ruleset.turn_number(game.state)
    kept_attacks = fresh_after_other = 0
    for seed in range(1, 6):
        state = ruleset.clone(game.state)
        bot = SearchBot("mythicarium", seed, workers=1, iterations=80)
        other = GreedyBot("mythicarium", seed)
        searched = other_chose = revealed = False
        for _ in range(300):
            d = ruleset.pending(state)
            if d is None or ruleset.turn_number(state) > turn + 1:
                break
            if d.seat == me:
                action = bot.choose(ruleset, state, d)
                if len(d.actions) > 1:
                    if bot.last_kept:
                        assert searched and not other_chose and not revealed, d
                        kept_attacks += d.kind == "declare_attackers"
                    elif searched and other_chose:
                        fresh_after_other += 1
                    searched, other_chose, revealed = bot.last_reason != "guard", False, False
            else:
                other_chose = other_chose or len(d.actions) > 1
                action = other.choose(ruleset, state, d)
            before = state.rng.state
            events = ruleset.apply(state, action)
            revealed = revealed or any(e.reveals for e in events) or state.rng.state != before
    assert kept_attacks >= 3
    assert fresh_after_other >= 1
