"""What the search makes of its root's statistics: when it may stop early, which options it samples
at all (`narrow`), the paired rounds and the hybrid's answer, and the final pick (`best_action`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.engine.search_params import SearchParams

if TYPE_CHECKING:
    from mythtable.engine.mcts import Node

RootStats = dict[Action, tuple[float, float]]
"""Root action -> (visits, total value for the deciding seat)."""


def narrow(allowed: list[Action], priors: list[float], params: SearchParams) -> tuple[list[Action], list[float]]:
    """The root actions worth searching (see `SearchParams.root_width`), in listing order."""
    keep = params.root_keep
    rest = [i for i, a in enumerate(allowed) if keep is None or not keep(a)]
    rest.sort(key=lambda i: -priors[i])  # stable: equal priors keep listing order
    chosen = set(rest[: params.root_width])
    picked = [i for i, a in enumerate(allowed) if i in chosen or (keep is not None and keep(a))]
    return [allowed[i] for i in picked], [priors[i] for i in picked]


def answer_settled(
    root: Node, done: int, left: float, params: SearchParams, samples: dict[Node, list[float]] | None
) -> bool:
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
    lead_mean, lead_var = sample_stats(samples.get(first))
    z = params.clear_z
    for child in root.children.values():
        if child is first:
            continue
        mean, var = sample_stats(samples.get(child))
        if lead_mean - mean <= z * math.sqrt(lead_var + var):
            return False
    return True


def sample_stats(got: list[float] | None) -> tuple[float, float]:
    """(mean, variance of the mean) of a root child's values, counting two pseudo-samples, a 0
    and a 1 (a uniform prior), so that a few equal values are not taken for certainty."""
    n, total, sq = got if got else (0.0, 0.0, 0.0)
    n, total, sq = n + 2, total + 1, sq + 1
    mean = total / n
    return mean, max(0.0, sq - n * mean * mean) / (n * n)


class Pairs:
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


def hybrid(priors: list[float], pairs: Pairs, z: float) -> int:
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
