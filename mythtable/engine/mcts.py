"""The search bot: information-set Monte Carlo tree search over the decision protocol.

Hidden information is handled honestly by determinization (single-observer ISMCTS, Cowling,
Powley & Whitehouse 2012): every iteration starts from `determinize(state, seat, rng)`, a copy
of the game in which everything the bot's seat cannot see (the opponent's hand and face-down
cards, both deck orders, the generator behind future dice and shuffles) is re-dealt at random
from what that seat can see. The bot therefore never reads hidden information: two states that
look the same from its seat give the same choice for the same seed and iteration count.

One tree is shared by all determinizations. Its edges are keyed by (seat, action); an action
that is legal in only some determinizations is selected with UCB over its availability count.
Each iteration descends the tree, expands one action, plays a short rollout with a cheap policy
(random, with a few heuristic-greedy steps, or the ruleset's own `AIHooks.rollout_policy`; up to
a count of choices, or the end of the root's turn with `SearchParams.rollout_turns`) and scores
the end with the ruleset's heuristic through a sigmoid (a finished game scores 1, 0.5 or 0). With a
rollout policy the tree grows the policy's picks first (what it never plays is never expanded while
another action is on offer), and with `rollout_turns` the descent stops where the rollouts stop. The
root starts from the greedy one-step values as a prior, so even a tiny budget plays at least as
well as the greedy bot.

With paired root sampling the answer may be a hybrid (`SearchParams.hybrid_z`): the greedy prior's
choice unless another option beats it on the paired samples by that many standard errors of their
difference, a search that leaves a sound base policy only when its samples are clear. Decision kinds
in `SearchParams.greedy_kinds` (a spell's target, say) are answered by the heuristic below the root.

A level may give both a count of iterations and a deadline: the search stops at whichever comes
first, and its statistical early stop (below) needs only the statistics, so a count the clock does
not cut short gives the same answer on any machine.

Root parallelism: with `workers` > 1 the same search runs in helper processes with other seeds
and the visit counts of the root's actions are added up.

Time is spent where it matters: a `ThinkingClock` owned by the bot gives each of its turns (and
the response windows it answers within one turn number) a budget, spent across that turn's
decisions; a single decision takes at most a share of it. A search stops early once its own
statistics show the answer cannot change any more (the most visited root action leads by more
visits than the iterations left could give another), or, with a clock, once it is clear (the
leader's mean value leads every other's by three standard errors; with paired root sampling, on
the paired differences, or every option gives the same value on every sample). The clock is
checked inside the iteration loop and the helper processes stop when the main search does, so a
decision overshoots its share by at most one iteration, plus the greedy prior it always computes
(the answer when no time is left).

The tree is reused from one decision to the next where that is sound: `search` can start from
the subtree under the seat's own action of the last search (`tree`), whose children are the
next decision's options with the statistics of every iteration that went that way. The tree's
edges record neither chance (dice, draws) nor which hidden cards the determinizations dealt,
so the bot (search_bot.py) keeps a subtree only when the new decision is the same seat's and
follows from its action with nothing revealed in between; otherwise the search starts fresh.
A kept subtree counts as iterations already run: a fixed count runs only the rest, and the
early stop weighs them, so a decision whose kept statistics already settle it is answered at
once. Paired root sampling never starts from a kept tree: its answer compares the options on
the same samples, which the kept visits were not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mythtable.engine.capabilities import AIHooks
from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.engine.lookahead import greedy_scores, win_chance
from mythtable.engine.protocol import Ruleset
from mythtable.engine.root_stats import Pairs, RootStats, answer_settled, best_action, hybrid, narrow
from mythtable.engine.search_params import SearchParams
from mythtable.engine.thinking_clock import Clock, ThinkingClock

__all__ = ["MIN_SEARCH", "Clock", "Node", "RootStats", "SearchParams", "ThinkingClock", "best_action", "search"]


MIN_SEARCH = 0.01
"""Seconds below which a decision is answered from the greedy prior alone (ties at random)."""


class Node:
    __slots__ = ("avail", "children", "seat", "sq", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here; `value` is from its point of view."""
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0.0
        self.value = 0.0
        self.sq = 0.0
        """Sum of the squared values backed up here (the early stop's spread, on a kept tree too)."""
        self.avail = 0.0


def search(
    ruleset: Ruleset[Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    hooks: AIHooks,
    deadline: float | None,
    iterations: int | None,
    params: SearchParams,
    actions: list[Action] | None = None,
    now: Clock = time.monotonic,
    early_stop: bool = False,
    stopped: Callable[[], bool] | None = None,
    info: dict[str, Any] | None = None,
    tree: Node | None = None,
) -> RootStats:
    """Run ISMCTS from `state` for `seat` until `deadline` (on the `now` clock) or `iterations`,
    whichever comes first when both are given (a level: the count, capped by the clock).

    `actions` limits the root to some of the legal actions (the loop guard's choice). With
    `early_stop` the search ends as soon as its answer cannot change (see `settled`), or, with a
    `deadline`, once it is clear by the statistics alone (deterministic with a count that the
    clock does not cut short);
    `stopped()` returning true ends it too (helper processes: the main search has finished).
    `tree`, when given, is the node of the seat's action in the last search, kept because this
    decision follows from it (the caller checks that): its children for this seat's `actions`
    start as the root's, with their statistics and subtrees, and their iterations count toward
    `iterations` (ignored with paired root sampling).
    `info`, when given, receives "iterations" (run), "kept" (iterations the kept tree brought),
    "settled" (whether it stopped early) and "root" (the tree, to keep a subtree of)."""
    decision = ruleset.pending(state)
    assert decision is not None and decision.seat == seat
    if params.heuristic is not None:
        hooks = replace(hooks, heuristic=params.heuristic)
    if params.rollout_policy is not None:
        hooks = replace(hooks, rollout_policy=params.rollout_policy)
    root = Node(1 - seat)
    allowed = decision.actions if actions is None else actions
    if params.paired_root:
        tree = None
    samples: dict[Node, list[float]] = {}
    """Root child -> [iterations, sum, sum of squares] of its values (the prior left out)."""
    kept = 0
    priors = greedy_scores(ruleset, state, allowed, seat, hooks, rng)
    if params.root_width and len(allowed) > params.root_width:
        allowed, priors = narrow(allowed, priors, params)
    for action, score in zip(allowed, priors, strict=True):
        child = tree.children.get((seat, action)) if tree is not None else None
        if child is None:
            child = Node(seat)
        elif child.visits > 0:
            kept += int(child.visits)
            samples[child] = [child.visits, child.value, child.sq]
        p = _sigmoid(score / hooks.scale)
        child.visits += params.prior_visits
        child.value += p * params.prior_visits
        child.avail += params.prior_visits
        root.children[(seat, action)] = child
    root.visits = sum(child.visits for child in root.children.values())
    done = 0
    settled = False
    pairs = Pairs(len(allowed))
    start = now()
    while True:
        if iterations is not None and kept + done >= iterations:
            break
        if deadline is not None:
            t = now()
            if t >= deadline:
                break
            # The iterations left: those of the count, else estimated from this search's pace
            # (unknown before its first).
            if iterations is not None:
                left: float = iterations - kept - done
            else:
                left = done * (deadline - t) / max(t - start, 1e-9) if done else math.inf
            if early_stop and (done or kept) and answer_settled(root, kept + done, left, params, samples):
                settled = True
                break
        elif (
            iterations is not None
            and early_stop
            and answer_settled(root, kept + done, iterations - kept - done, params, None)
        ):
            settled = True
            break
        if stopped is not None and stopped():
            break
        if params.paired_root:
            # Every root action meets the same hidden cards, dice and rollout generator: the
            # differences between them are measured with far less noise (common random numbers).
            sample = hooks.determinize(state, seat, rng)
            seed = rng.next64()
            values = []
            for action in allowed:
                values.append(_iterate(ruleset, state, seat, Rng(seed), hooks, root, params, sample, action)[0])
                done += 1
                if deadline is not None and done > len(allowed) and now() >= deadline:
                    break
            if len(values) == len(allowed):
                pairs.add(values)
                if early_stop and deadline is not None:
                    answer = hybrid(priors, pairs, params.hybrid_z) if params.hybrid_z > 0 else None
                    if pairs.clear(params, root, answer):
                        settled = True
                        break
        else:
            value, child = _iterate(ruleset, state, seat, rng, hooks, root, params)
            done += 1
            if child is not None:
                got = samples.setdefault(child, [0.0, 0.0, 0.0])
                got[0] += 1
                got[1] += value
                got[2] += value * value
    if info is not None:
        info["iterations"] = done
        info["kept"] = kept
        info["settled"] = settled
        info["root"] = root
    if params.paired_root and params.hybrid_z > 0:
        pick = hybrid(priors, pairs, params.hybrid_z)
        # The pick first; the others by mean value (helpers' answers add up to a vote).
        return {
            a: (3.0 if i == pick else 1.0 + n.value / n.visits, n.value)
            for i, ((_, a), n) in enumerate(root.children.items())
        }
    if params.paired_root:  # equal visits everywhere: rank by mean value
        return {a: (1.0 + n.value / n.visits, n.value) for (_, a), n in root.children.items()}
    return {a: (n.visits, n.value) for (_, a), n in root.children.items()}


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _iterate(
    ruleset: Ruleset[Any, Any],
    state: Any,
    me: int,
    rng: Rng,
    hooks: AIHooks,
    root: Node,
    params: SearchParams,
    sample: Any = None,
    first: Action | None = None,
) -> tuple[float, Node | None]:
    """One iteration: determinize (or copy `sample`), descend, expand, roll out, back up; the
    rollout's value for `me`, and the root's child it went through.

    With `first`, the root's action is given instead of chosen (paired root sampling)."""
    s = hooks.determinize(state, me, rng) if sample is None else ruleset.clone(sample)
    pending, apply = ruleset.pending, ruleset.apply
    node = root
    path = [root]
    c = params.exploration
    if first is not None:
        apply(s, first)
        node = root.children[(me, first)]
        node.avail += 1
        path.append(node)
    greedy_kinds = params.greedy_kinds
    policy = hooks.rollout_policy
    turn = ruleset.turn_number(state) + params.rollout_turns - 1 if params.rollout_turns > 0 else None
    horizon = params.horizon
    mark = horizon(state) if horizon is not None else None
    while True:
        d = pending(s)
        if d is None:
            break
        if (turn is not None and ruleset.turn_number(s) > turn) or (horizon is not None and horizon(s) != mark):
            # The rollouts' horizon holds in the tree too: a root action that reaches it sooner
            # (a pass that ends the turn) must not be scored after one more move of the next
            # turn than an action that puts it off (an ability that keeps the window open).
            break
        actions = d.actions
        if len(actions) == 1:
            apply(s, actions[0])
            continue
        if greedy_kinds and node is not root and d.kind in greedy_kinds:
            apply(s, _greedy_step(ruleset, s, d.seat, actions, hooks))
            continue
        seat = d.seat
        children = node.children
        if node is root:
            actions = [a for a in actions if (seat, a) in children]
        untried = []
        best: Node | None = None
        best_action: Action | None = None
        best_ucb = -1.0
        for a in actions:
            child = children.get((seat, a))
            if child is None:
                untried.append(a)
                continue
            child.avail += 1
            if policy is not None or not untried:  # without a policy an untried action is expanded anyway
                ucb = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if ucb > best_ucb:
                    best_ucb, best, best_action = ucb, child, a
        if untried and policy is not None and node is not root:
            # Grow the node as the rollouts would play: expand the policy's pick if it is new,
            # else choose among the tried by UCB. An action the policy never plays (paying the
            # last Tower Level) is never expanded while another is on offer, so the opponent's
            # replies in the tree are not a random walk into its own defeat.
            pick = policy(s, d, rng)
            if pick in untried:
                untried = [pick]
            elif best is not None:
                untried = []
        if untried:
            a = untried[rng.below(len(untried))]
            child = Node(seat)
            child.avail = 1
            children[(seat, a)] = child
            apply(s, a)
            path.append(child)
            break
        assert best is not None and best_action is not None
        apply(s, best_action)
        path.append(best)
        node = best
    value = _rollout(ruleset, s, me, rng, hooks, params, turn, mark)
    for n in path:
        v = value if n.seat == me else 1.0 - value
        n.visits += 1
        n.value += v
        n.sq += v * v
    return value, path[1] if len(path) > 1 else None


def _rollout(
    ruleset: Ruleset[Any, Any],
    s: Any,
    me: int,
    rng: Rng,
    hooks: AIHooks,
    params: SearchParams,
    turn: int | None = None,
    mark: Any = None,
) -> float:
    """Play on with the rollout policy and score the end; with `turn` (the last turn number of the
    `rollout_turns`), stop once the game has gone past that turn; with `params.horizon`, once it
    differs from `mark` (the root's)."""
    pending, apply = ruleset.pending, ruleset.apply
    left = params.rollout_actions
    greedy = params.greedy_steps
    policy = hooks.rollout_policy
    tried: dict[tuple[int, str, int, tuple[Action, ...], float], set[Action]] = {}
    horizon = params.horizon
    while left > 0:
        d = pending(s)
        if d is None:
            break
        if turn is not None and ruleset.turn_number(s) > turn:
            break
        if horizon is not None and horizon(s) != mark:
            break
        actions = d.actions
        n = len(actions)
        if n == 1:
            apply(s, actions[0])
            continue
        left -= 1
        if params.greedy_kinds and d.kind in params.greedy_kinds:
            apply(s, _greedy_step(ruleset, s, d.seat, actions, hooks))
        elif greedy and rng.below(1000) < greedy * 1000:
            # The heuristic policy alone can cycle (start a cast, cancel it, start it again):
            # within a rollout, the same decision met again in the same position (same turn and
            # step, same options, same value) gets a fresh choice.
            key = (ruleset.turn_number(s), ruleset.stage(s), d.seat, tuple(actions), hooks.heuristic(s, d.seat))
            used = tried.setdefault(key, set())
            fresh = [a for a in actions if a not in used] or actions
            choice = _greedy_step(ruleset, s, d.seat, fresh, hooks)
            used.add(choice)
            apply(s, choice)
        elif policy is not None:
            apply(s, policy(s, d, rng))
        else:
            apply(s, actions[rng.below(n)])
    return win_chance(ruleset, s, me, hooks)


def _greedy_step(ruleset: Ruleset[Any, Any], s: Any, seat: int, actions: list[Action], hooks: AIHooks) -> Action:
    best, best_score = actions[0], -math.inf
    for a in actions:
        after = ruleset.clone(s)
        ruleset.apply(after, a)
        score = hooks.heuristic(after, seat)
        if score > best_score:
            best, best_score = a, score
    return best
