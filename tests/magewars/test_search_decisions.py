"""The Mage Wars search's own decisions (issue 19, item 3): what made it lose games it was winning.
Traced losses: its loop guard leaving out a pass and so making it pay its Tower down for an ability
it did not want; the opponent's replies in its tree expanded at random, paying their last Tower
Level, so that attacking with nothing looked better than turning an Aerial unit face-up."""

from __future__ import annotations

from typing import Any

from mythtable.engine.bots import LoopGuard, ai_hooks
from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.engine.mcts import Node, SearchParams, search
from mythtable.engine.search_bot import SearchBot
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from tests.magewars.helpers import Board, declare

PASS = ("pass",)


def _bram_may_pass_back_to_himself() -> State:
    """Ana's Boulderback Ox attacks Bram's Offensive Line; in the Declaration step Bram may use his
    Cinder Hound's ability or pass. Ana has nothing to answer with (an empty hand, a deck of
    Resources, no ability), so his pass comes straight back to him: the Attack step, where he blocks."""
    b = Board()
    b.basics(0, "bedrock-shard")
    attacker = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "ember-hearth")
    b.add(1, "cinder-hound", "offensive")
    st = b.start()
    declare(st, (attacker, "line", "offensive"))
    d = st.decision
    assert d is not None and d.seat == 1 and d.kind == "fast_cast" and PASS in d.actions
    assert any(a[0] == "ability" for a in d.actions)
    return st


def test_the_search_bots_loop_guard_never_leaves_out_a_pass() -> None:
    st = _bram_may_pass_back_to_himself()
    d = st.decision
    assert d is not None
    hooks = ai_hooks("magewars").for_search()
    # The greedy bot's guard takes the pass for a cycle of Bram's own: the re-deal shows it coming
    # back to him. Met again in the same view (Ana casts a spell and cancels it, say), it would leave
    # only the ability: 1 Tower Level each time round, down to 0 in a traced game.
    plain = LoopGuard()
    key, _ = plain.candidates(RULESET, st, d, hooks)
    plain.record(key, PASS, RULESET, st, hooks)
    assert PASS not in plain.candidates(RULESET, st, d, hooks)[1]
    bot = SearchBot("magewars", 1, workers=1, iterations=4)
    key, _ = bot.guard.candidates(RULESET, st, d, bot.hooks)
    bot.guard.record(key, PASS, RULESET, st, bot.hooks)
    _, allowed = bot.guard.candidates(RULESET, st, d, bot.hooks)
    assert PASS in allowed
    # The guard still ends a cycle of the bot's own: a use of the ability it has met here before is left out.
    ability = next(a for a in d.actions if a[0] == "ability")
    bot.guard.record(key, ability, RULESET, st, bot.hooks)
    assert ability in allowed and ability not in bot.guard.candidates(RULESET, st, d, bot.hooks)[1]


def _edges(node: Node) -> set[tuple[int, Action]]:
    found: set[tuple[int, Action]] = set()
    for key, child in node.children.items():
        found.add(key)
        found |= _edges(child)
    return found


def test_the_tree_grows_the_opponents_replies_as_the_rollouts_play_them() -> None:
    # Bram is at Tower 1 with a Cinder Hound (pay 1 Tower: +1 Power), which he may use whenever he
    # holds priority: paying would lose him the game, and the rollout policy never does. Expanded at
    # random, the tree below Ana's options tried it as often as his pass, and every such sample was a
    # win for Ana after whatever she did (a traced game: she attacked with nothing, turn after turn).
    b = Board(towers=(30, 1))
    b.basics(0, "ember-hearth")
    b.add(0, "cinder-hound", "offensive")
    b.add(0, "flash-scorch")
    b.basics(1, "ember-hearth")
    hound = b.add(1, "cinder-hound", "offensive")
    st = b.start()
    d = st.decision
    assert d is not None and d.seat == 0 and d.kind == "main"
    hooks = ai_hooks("magewars").for_search()
    info: dict[str, Any] = {}
    search(RULESET, st, 0, Rng(3), hooks, None, 300, SearchParams(**hooks.search), info=info)
    edges = _edges(info["root"])
    assert (1, PASS) in edges, "the tree reaches Bram's answers"
    assert (1, ("ability", hound)) not in edges


def test_the_tree_stops_where_the_rollouts_stop() -> None:
    # Ana may end her turn, or pay 1 Tower Level for a Cinder Hound's +1 Power until end of turn with
    # no combat to come: worth nothing. Rollouts stop when her turn ends; the tree went on, one of
    # Bram's moves of the next turn past the horizon, so the move that ends her turn at once was
    # scored after Bram's deploy and the one that puts it off (the ability) before it: pumping the
    # Hound looked better, a Tower Level at a time (a traced game paid 13).
    b = Board()
    b.basics(0, "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    b.basics(1, "ember-hearth")
    for _ in range(6):
        b.add(1, "cinder-hound")
    st = b.start()
    d = st.decision
    pump, end = ("ability", hound), ("end",)
    assert d is not None and d.seat == 0 and {pump, end} <= set(d.actions)
    hooks = ai_hooks("magewars").for_search()
    info: dict[str, Any] = {}
    search(RULESET, st, 0, Rng(5), hooks, None, 400, SearchParams(**hooks.search), [pump, end], info=info)
    value = {a: n.value / n.visits for (_, a), n in info["root"].children.items()}
    assert value[end] > value[pump]
