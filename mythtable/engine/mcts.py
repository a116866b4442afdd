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
from dataclasses import dataclass
from typing import Any

from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.engine.lookahead import greedy_scores, win_chance
from mythtable.engine.protocol import AIHooks, Ruleset


@dataclass(frozen=True)
class SearchParams:
    exploration: float = 0.7
    """The UCB constant (rewards lie in [0, 1])."""
    rollout_actions: int = 24
    """Rollouts stop after this many choices (forced moves do not count) and are scored."""
    rollout_turns: int = 0
    """When above 0, rollouts also stop once the game has left the root's turn (1) or the turns
    after it (2: the next turn too), so that every sample is scored at the same point of the game:
    the blows of this turn landed, the next turn's not yet begun."""
    greedy_steps: float = 0.0
    """Probability that a rollout step picks by the heuristic instead of at random."""
    prior_visits: float = 3.0
    """Weight, in visits, of the greedy prior at the root."""
    paired_root: bool = False
    """Try every root action on each sample (same hidden cards, dice and rollout generator) and
    answer with the best mean value, instead of choosing root actions by UCB."""
    clear_after: int = 24
    """With a clock, a search may stop after this many iterations once the most visited root
    action leads every other in mean value (of the iterations alone, without the prior) by
    `clear_z` standard errors of the difference..."""
    clear_z: float = 3.0
    """...(each action's values count two pseudo-samples, a 0 and a 1, so that a few equal
    values are not taken for certainty)."""
    clear_rounds: int = 4
    """With a clock and paired root sampling, a search may stop after this many rounds once the
    best action's lead over every other is `clear_z` standard errors of their paired difference
    (or the two gave exactly the same value on every sample: they are as good as each other)."""
    greedy_kinds: tuple[str, ...] = ()
    """Kinds of decision (`Decision.kind`) answered by the heuristic, one step ahead, wherever
    they come below the root (in the tree's descent, as a forced move, and in rollouts): a
    choice that finishes a move (a spell's target, where damage goes) or answers it (blocks)
    taken at random makes the move look worse, or better, than it is."""
    hybrid_z: float = 0.0
    """With paired root sampling, when above 0: answer with the greedy prior's choice (the best
    one-step score; among equal scores, the best by the samples) unless another action beats it
    on the paired samples by `hybrid_z` standard errors of their difference; then the best of
    those. A search that leaves a sound base policy only when its samples are clear seldom plays
    worse than that policy."""
    horizon: Callable[[Any], Any] | None = None
    """When given, rollouts (and the tree's descent) also stop once `horizon(state)` differs from
    the root's: MythCraft's gives the round and the place in the Initiative order, so every sample
    is scored when the participant whose turn it is has ended it (issue 34)."""
    root_width: int = 0
    """When above 0, the search compares only this many root actions of those `root_keep` does not
    keep, the best by the greedy prior, and answers with one of those or a kept one: with paired
    root sampling every action is tried on each sample, so 200 iterations over a MythCraft turn's
    hundred squares left two samples per option and the greedy prior decided (issue 34)."""
    root_keep: Callable[[Action], bool] | None = None
    """Root actions always searched whatever `root_width` says (MythCraft: everything but a move)."""
    guard_keep: tuple[Action, ...] = ()
    """Actions the search bot's loop guard (lookahead.LoopGuard) never leaves out: a pass that the
    guard's one re-deal shows coming straight back (it dealt the opponent nothing to answer with)
    is a pass all the same, and leaving it out can force the bot to pay for what it does not want."""


MIN_SEARCH = 0.01
"""Seconds below which a decision is answered from the greedy prior alone (ties at random)."""

Clock = Callable[[], float]
"""Seconds from some fixed point (time.monotonic; tests inject a fake)."""


class ThinkingClock:
    """Thinking time of one seat, spent across the decisions of a turn.

    `per_turn` seconds are shared by all the decisions the seat takes while the ruleset's turn
    number stays the same (its own turn, or the response windows of the other seat's turn).
    One decision gets at most `per_decision`, at most `share` of what is left, and, when `spread`,
    about twice its fair part of what is left: the clock counts the decisions of the seat's past
    turns (a Mythicarium turn may hold thirty, blockers included), so that the last decisions
    of a long turn still get some. `now` is injectable for tests.
    """

    def __init__(
        self,
        per_turn: float,
        per_decision: float | None = None,
        now: Clock = time.monotonic,
        share: float = 1.0,
        spread: bool = False,
    ) -> None:
        self.per_turn = per_turn
        self.per_decision = per_turn if per_decision is None else per_decision
        self.share = share
        self.spread = spread
        self.now = now
        self.turn: int | None = None
        self.spent = 0.0
        """Seconds spent so far in `turn`."""
        self.taken = 0
        """Decisions allotted time so far in `turn`."""
        self.expected = 3.0
        """Decisions a turn is expected to hold (a running mean over the past turns)."""

    def peek(self, turn: int) -> float:
        """Seconds the next decision of `turn` would get (0 once the turn's budget is spent)."""
        spent, taken, expected = self.spent, self.taken, self.expected
        if turn != self.turn:
            spent, taken, expected = 0.0, 0, self._expected_after()
        left = self.per_turn - spent
        if left == math.inf:
            return self.per_decision
        part = self.share
        if self.spread:
            part = min(part, 2.0 / (max(1.0, expected - taken) + 1.0))
        return max(0.0, min(self.per_decision, left * part))

    def allot(self, turn: int) -> float:
        """Like `peek`, and counts the decision in its turn."""
        given = self.peek(turn)
        if turn != self.turn:
            self.expected = self._expected_after()
            self.turn, self.spent, self.taken = turn, 0.0, 0
        self.taken += 1
        return given

    def _expected_after(self) -> float:
        return self.expected if self.taken == 0 else 0.5 * self.expected + 0.5 * self.taken

    def charge(self, seconds: float) -> None:
        self.spent += max(0.0, seconds)


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


RootStats = dict[Action, tuple[float, float]]
"""Root action -> (visits, total value for the deciding seat)."""


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
    `early_stop` the search ends as soon as its answer cannot change (see `_settled`), or, with a
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
    root = Node(1 - seat)
    allowed = decision.actions if actions is None else actions
    if params.paired_root:
        tree = None
    samples: dict[Node, list[float]] = {}
    """Root child -> [iterations, sum, sum of squares] of its values (the prior left out)."""
    kept = 0
    priors = greedy_scores(ruleset, state, allowed, seat, hooks, rng)
    if params.root_width and len(allowed) > params.root_width:
        allowed, priors = _narrow(allowed, priors, params)
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
    pairs = _Pairs(len(allowed))
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
            if early_stop and (done or kept) and _settled(root, kept + done, left, params, samples):
                settled = True
                break
        elif (
            iterations is not None
            and early_stop
            and _settled(root, kept + done, iterations - kept - done, params, None)
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
                    answer = _hybrid(priors, pairs, params.hybrid_z) if params.hybrid_z > 0 else None
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
        pick = _hybrid(priors, pairs, params.hybrid_z)
        # The pick first; the others by mean value (helpers' answers add up to a vote).
        return {
            a: (3.0 if i == pick else 1.0 + n.value / n.visits, n.value)
            for i, ((_, a), n) in enumerate(root.children.items())
        }
    if params.paired_root:  # equal visits everywhere: rank by mean value
        return {a: (1.0 + n.value / n.visits, n.value) for (_, a), n in root.children.items()}
    return {a: (n.visits, n.value) for (_, a), n in root.children.items()}


def _narrow(allowed: list[Action], priors: list[float], params: SearchParams) -> tuple[list[Action], list[float]]:
    """The root actions worth searching (see `SearchParams.root_width`), in listing order."""
    keep = params.root_keep
    rest = [i for i, a in enumerate(allowed) if keep is None or not keep(a)]
    rest.sort(key=lambda i: -priors[i])  # stable: equal priors keep listing order
    chosen = set(rest[: params.root_width])
    picked = [i for i, a in enumerate(allowed) if i in chosen or (keep is not None and keep(a))]
    return [allowed[i] for i in picked], [priors[i] for i in picked]


def _settled(root: Node, done: int, left: float, params: SearchParams, samples: dict[Node, list[float]] | None) -> bool:
    """Whether the answer (the most visited root action) can no longer change.

    Certain: the leader is ahead of the runner-up by more visits than the `left` iterations
    could give it. With a clock (`samples` given; `left` is only an estimate there anyway) also
    clear: after `clear_after` iterations, the leader's mean value leads every other's by
    `clear_z` standard errors."""
    if params.paired_root:
        return False
    first = second = None
    for child in root.children.values():
        if first is None or child.visits > first.visits:
            first, second = child, first
        elif second is None or child.visits > second.visits:
            second = child
    if first is None or second is None:
        return True
    if first.visits - second.visits > left:
        return True
    if samples is None or done < params.clear_after:
        return False
    lead_mean, lead_var = _sample_stats(samples.get(first))
    z = params.clear_z
    for child in root.children.values():
        if child is first:
            continue
        mean, var = _sample_stats(samples.get(child))
        if lead_mean - mean <= z * math.sqrt(lead_var + var):
            return False
    return True


def _sample_stats(got: list[float] | None) -> tuple[float, float]:
    """(mean, variance of the mean) of a root child's values, counting two pseudo-samples, a 0
    and a 1 (a uniform prior), so that a few equal values are not taken for certainty."""
    n, total, sq = got if got else (0.0, 0.0, 0.0)
    n, total, sq = n + 2, total + 1, sq + 1
    mean = total / n
    return mean, max(0.0, sq - n * mean * mean) / (n * n)


class _Pairs:
    """Paired root sampling's rounds (every root action on one sample): for each action, the sum
    and sum of squares of its value minus the round's mean, to tell a clear winner early."""

    __slots__ = ("rounds", "rows", "sq", "sum")

    def __init__(self, n: int) -> None:
        self.rounds = 0
        self.sum = [0.0] * n
        self.sq = [0.0] * n
        self.rows: list[list[float]] = []
        """Every round's values (the hybrid compares two actions on their paired differences)."""

    def add(self, values: list[float]) -> None:
        mean = sum(values) / len(values)
        self.rounds += 1
        self.rows.append(values)
        for i, v in enumerate(values):
            e = v - mean
            self.sum[i] += e
            self.sq[i] += e * e

    def clear(self, params: SearchParams, root: Node, answer: int | None = None) -> bool:
        """Whether the best action by the rounds so far is clearly best, and is the answer too
        (`answer`, the hybrid's pick, or the best by mean value with the greedy prior weighed in)."""
        r = self.rounds
        if r < params.clear_rounds:
            return False
        means = [x / r for x in self.sum]
        var = [max(0.0, q / r - m * m) for q, m in zip(self.sq, means, strict=True)]
        best = max(range(len(means)), key=means.__getitem__)
        if answer is None:
            answer = max(range(len(means)), key=[n.value / n.visits for n in root.children.values()].__getitem__)
        if answer != best and means[answer] < means[best] - 1e-12:
            return False
        for i, m in enumerate(means):
            if i == best:
                continue
            lead = means[best] - m
            se = math.sqrt((var[best] + var[i]) / (r - 1))
            if se == 0.0 and lead <= 1e-12:
                continue  # the same value on every sample: as good as each other
            if lead < params.clear_z * se or lead <= 1e-12:
                return False
        return True


def _hybrid(priors: list[float], pairs: _Pairs, z: float) -> int:
    """The index of the hybrid's answer (see `SearchParams.hybrid_z`): the greedy prior's best
    (among equal one-step scores, the best mean of the rounds; the first in listing order
    before three rounds), unless another action's mean of its paired differences with it exceeds
    `z` standard errors; then, of those, the one with the largest mean difference."""
    top = max(priors)
    greedy = [i for i, p in enumerate(priors) if p >= top - 1e-9]
    r = pairs.rounds
    if r < 3:
        return greedy[0]
    means = [x / r for x in pairs.sum]
    base = max(greedy, key=means.__getitem__)
    pick, lead = base, 0.0
    for i in range(len(priors)):
        if i == base:
            continue
        diffs = [row[i] - row[base] for row in pairs.rows]
        mean = sum(diffs) / r
        var = max(0.0, sum(d * d for d in diffs) / r - mean * mean)
        if mean > lead and mean > z * math.sqrt(var / (r - 1)):
            pick, lead = i, mean
    return pick


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


def best_action(actions: list[Action], stats: RootStats, rng: Rng | None = None) -> Action:
    """The root action with the most visits (ties: the best mean value, then `rng`'s pick, or
    listing order without one).

    Ties happen when a turn's budget is spent and the answer rests on the greedy prior alone;
    a fixed order there could shuffle blockers round for ever, never reaching the last option."""

    def key(a: Action) -> tuple[float, float]:
        visits, value = stats.get(a, (0.0, 0.0))
        return (visits, value / visits if visits else 0.0)

    best = max(actions, key=key)
    if rng is None:
        return best
    top_visits, top_value = key(best)
    top = [a for a in actions if key(a)[0] == top_visits and key(a)[1] >= top_value - 1e-9]
    return top[rng.below(len(top))] if len(top) > 1 else best
