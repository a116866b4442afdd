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
(random, with a few heuristic-greedy steps) and scores the end with the ruleset's heuristic
through a sigmoid (a finished game scores 1, 0.5 or 0). The root starts from the greedy
one-step values as a prior, so even a tiny budget plays at least as well as the greedy bot.

Root parallelism: with `workers` > 1 the same search runs in helper processes with other seeds
and the visit counts of the root's actions are added up.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import pickle
import time
from dataclasses import dataclass
from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.lookahead import LoopGuard, greedy_scores, win_chance
from mythtable.engine.protocol import AIHooks, Ruleset
from mythtable.engine.registry import ai_hooks, get


@dataclass(frozen=True)
class SearchParams:
    exploration: float = 0.7
    """The UCB constant (rewards lie in [0, 1])."""
    rollout_actions: int = 24
    """Rollouts stop after this many choices (forced moves do not count) and are scored."""
    greedy_steps: float = 0.0
    """Probability that a rollout step picks by the heuristic instead of at random."""
    prior_visits: float = 3.0
    """Weight, in visits, of the greedy prior at the root."""
    paired_root: bool = False
    """Try every root action on each sample (same hidden cards, dice and rollout generator) and
    answer with the best mean value, instead of choosing root actions by UCB."""


class Node:
    __slots__ = ("avail", "children", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here; `value` is from its point of view."""
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0.0
        self.value = 0.0
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
) -> RootStats:
    """Run ISMCTS from `state` for `seat` until `deadline` (perf_counter) or `iterations`.

    `actions` limits the root to some of the legal actions (the loop guard's choice)."""
    decision = ruleset.pending(state)
    assert decision is not None and decision.seat == seat
    root = Node(1 - seat)
    allowed = decision.actions if actions is None else actions
    priors = greedy_scores(ruleset, state, allowed, seat, hooks, rng)
    for action, score in zip(allowed, priors, strict=True):
        child = Node(seat)
        p = _sigmoid(score / hooks.scale)
        child.visits = params.prior_visits
        child.value = p * params.prior_visits
        child.avail = params.prior_visits
        root.children[(seat, action)] = child
    root.visits = params.prior_visits * len(allowed)
    done = 0
    perf = time.perf_counter
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif deadline is not None and perf() >= deadline:
            break
        if params.paired_root:
            # Every root action meets the same hidden cards, dice and rollout generator: the
            # differences between them are measured with far less noise (common random numbers).
            sample = hooks.determinize(state, seat, rng)
            seed = rng.next64()
            for action in allowed:
                _iterate(ruleset, state, seat, Rng(seed), hooks, root, params, sample, action)
                done += 1
                if iterations is None and deadline is not None and done > len(allowed) and perf() >= deadline:
                    break
        else:
            _iterate(ruleset, state, seat, rng, hooks, root, params)
            done += 1
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
) -> None:
    """One iteration: determinize (or copy `sample`), descend, expand, roll out, back up.

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
    while True:
        d = pending(s)
        if d is None:
            break
        actions = d.actions
        if len(actions) == 1:
            apply(s, actions[0])
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
            if not untried:
                ucb = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if ucb > best_ucb:
                    best_ucb, best, best_action = ucb, child, a
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
    value = _rollout(ruleset, s, me, rng, hooks, params)
    for n in path:
        n.visits += 1
        n.value += value if n.seat == me else 1.0 - value


def _rollout(ruleset: Ruleset[Any, Any], s: Any, me: int, rng: Rng, hooks: AIHooks, params: SearchParams) -> float:
    pending, apply = ruleset.pending, ruleset.apply
    left = params.rollout_actions
    greedy = params.greedy_steps
    tried: dict[tuple[int, str, int, tuple[Action, ...], float], set[Action]] = {}
    while left > 0:
        d = pending(s)
        if d is None:
            break
        actions = d.actions
        n = len(actions)
        if n == 1:
            apply(s, actions[0])
            continue
        left -= 1
        if greedy and rng.below(1000) < greedy * 1000:
            # The heuristic policy alone can cycle (start a cast, cancel it, start it again):
            # within a rollout, the same decision met again in the same position (same turn and
            # step, same options, same value) gets a fresh choice.
            key = (ruleset.turn_number(s), ruleset.stage(s), d.seat, tuple(actions), hooks.heuristic(s, d.seat))
            used = tried.setdefault(key, set())
            fresh = [a for a in actions if a not in used] or actions
            choice = _greedy_step(ruleset, s, d.seat, fresh, hooks)
            used.add(choice)
            apply(s, choice)
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


def best_action(actions: list[Action], stats: RootStats) -> Action:
    """The root action with the most visits (ties: the best mean value, then listing order)."""

    def key(a: Action) -> tuple[float, float]:
        visits, value = stats.get(a, (0.0, 0.0))
        return (visits, value / visits if visits else 0.0)

    return max(actions, key=key)


# ----- root parallelism ------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


class _StatePickler(pickle.Pickler):
    def __init__(self, file: Any, content: Any) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.content = content

    def persistent_id(self, obj: Any) -> str | None:
        return "content" if obj is self.content else None


class _StateUnpickler(pickle.Unpickler):
    def __init__(self, file: Any, content: Any) -> None:
        super().__init__(file)
        self.content = content

    def persistent_load(self, pid: Any) -> Any:
        if pid == "content":
            return self.content
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")


def _init_worker(ruleset_id: str, content: Any) -> None:
    _WORKER["ruleset"] = get(ruleset_id)
    _WORKER["content"] = content
    _WORKER["hooks"] = ai_hooks(ruleset_id)


def _work(
    payload: bytes,
    seat: int,
    seed: int,
    budget: float,
    iterations: int | None,
    params: SearchParams,
    actions: list[Action],
) -> list[tuple[Action, float, float]]:
    import io

    state = _StateUnpickler(io.BytesIO(payload), _WORKER["content"]).load()
    deadline = time.perf_counter() + budget
    ruleset = _WORKER["ruleset"]
    stats = search(ruleset, state, seat, Rng(seed), _WORKER["hooks"], deadline, iterations, params, actions)
    return [(a, v, w) for a, (v, w) in stats.items()]


def _dump_state(state: Any) -> bytes:
    import io

    buf = io.BytesIO()
    _StatePickler(buf, getattr(state, "content", None)).dump(state)
    return buf.getvalue()


class SearchBot:
    """The search-strength computer player (see the module docstring).

    `budget` is the thinking time per decision in seconds; `iterations`, when given, replaces
    the clock with a fixed number of iterations per process (tests use it: the result is then
    reproducible). `workers` is the number of processes: None uses up to two cores.
    """

    name = "search"

    def __init__(
        self,
        ruleset_id: str,
        seed: int,
        budget: float = 1.0,
        workers: int | None = None,
        iterations: int | None = None,
        params: SearchParams | None = None,
    ) -> None:
        self.ruleset_id = ruleset_id
        self.hooks = ai_hooks(ruleset_id)
        self.rng = Rng(seed ^ 0x5EA_4C4)
        self.budget = budget
        self.iterations = iterations
        self.params = params or SearchParams(**self.hooks.search)  # type: ignore[arg-type]
        self.workers = workers if workers is not None else max(1, min(2, os.cpu_count() or 1))
        self._pool: Any = None
        self._pool_content: Any = None
        self.guard = LoopGuard()
        self.last_samples = 0.0
        """Root visits behind the last answer, helpers included (prior visits too)."""

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        deadline = start + self.budget
        key, allowed = self.guard.candidates(ruleset, state, decision)
        if len(allowed) == 1:
            self.guard.record(key, allowed[0], ruleset, state, self.hooks)
            return allowed[0]
        rng = self.rng.fork()
        pending: Any = None
        if self.workers > 1:
            pool = self._get_pool(state)
            if pool is not None:
                payload = _dump_state(state)
                left = max(0.0, deadline - time.perf_counter())
                pending = [
                    pool.apply_async(
                        _work, (payload, decision.seat, rng.next64(), left, self.iterations, self.params, allowed)
                    )
                    for _ in range(self.workers - 1)
                ]
        stats = search(ruleset, state, decision.seat, rng, self.hooks, deadline, self.iterations, self.params, allowed)
        if pending is not None:
            for job in pending:
                # A fixed iteration count waits for the helpers; a clock budget gives them a little slack.
                wait = None if self.iterations is not None else max(0.05, deadline - time.perf_counter() + 0.25)
                try:
                    extra = job.get(timeout=wait)
                except Exception:  # a slow or failed helper costs strength, never the game
                    continue
                for a, v, w in extra:
                    v0, w0 = stats.get(a, (0.0, 0.0))
                    stats[a] = (v0 + v, w0 + w)
        self.last_samples = sum(v for v, _ in stats.values())
        choice = best_action(allowed, stats)
        self.guard.record(key, choice, ruleset, state, self.hooks)
        return choice

    def _get_pool(self, state: Any) -> Any:
        content = getattr(state, "content", None)
        if self._pool is not None and content is self._pool_content:
            return self._pool
        self.close()
        try:
            ctx = multiprocessing.get_context("spawn")
            self._pool = ctx.Pool(self.workers - 1, initializer=_init_worker, initargs=(self.ruleset_id, content))
            self._pool_content = content
        except Exception:  # no helper processes on this platform: search alone
            self.workers = 1
            self._pool = None
        return self._pool

    def close(self) -> None:
        """Stop the helper processes (they also stop when this process exits)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
            self._pool_content = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
