"""The search-strength computer player: the search of mcts.py, run on a thinking clock, with
the loop guard, with helper processes (root parallelism: the same search with other seeds,
their root visit counts added up), and with the tree kept from one decision to the next where
the new decision follows from the last search (see `SearchBot._follows`)."""

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
from mythtable.engine.lookahead import LoopGuard
from mythtable.engine.mcts import MIN_SEARCH, Node, RootStats, SearchParams, ThinkingClock, best_action, search
from mythtable.engine.protocol import Ruleset
from mythtable.engine.registry import ai_hooks, get

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


def _init_worker(ruleset_id: str, content: Any, stop: Any) -> None:
    _WORKER["ruleset"] = get(ruleset_id)
    _WORKER["content"] = content
    _WORKER["hooks"] = ai_hooks(ruleset_id).for_search()
    _WORKER["stop"] = stop


def _work(
    payload: bytes,
    seat: int,
    seed: int,
    budget: float,
    iterations: int | None,
    params: SearchParams,
    actions: list[Action],
    deadline: float | None = None,
    job: int = 0,
) -> list[tuple[Action, float, float]]:
    """A helper process's share of a search. It stops at `deadline` (time.monotonic is one clock
    for all processes of a machine), after `budget` seconds of its own if it started late, or as
    soon as the main search has stopped job number `job`. A fixed count of `iterations` with no
    `deadline` runs whole (reproducible)."""
    import io

    stop = _WORKER.get("stop")

    def stopped() -> bool:
        return stop is not None and stop.value >= job

    if stopped():
        return []
    state = _StateUnpickler(io.BytesIO(payload), _WORKER["content"]).load()
    if iterations is None or deadline is not None:
        own = time.monotonic() + budget
        deadline = own if deadline is None else min(deadline, own)
    ruleset = _WORKER["ruleset"]
    stats = search(
        ruleset, state, seat, Rng(seed), _WORKER["hooks"], deadline, iterations, params, actions, stopped=stopped
    )
    return [(a, v, w) for a, (v, w) in stats.items()]


def _dump_state(state: Any) -> bytes:
    import io

    buf = io.BytesIO()
    _StatePickler(buf, getattr(state, "content", None)).dump(state)
    return buf.getvalue()


FOLLOW_CHECKS = 3
"""Determinizations on which the bot replays its last action before it keeps that action's subtree."""
FORCED_LIMIT = 200
"""Forced moves (one legal option) replayed after that action at most, before giving up on keeping."""


@dataclass(slots=True)
class _Kept:
    """What a decision keeps for the next: the state it was taken in (only ever re-dealt through
    `determinize`, never read as it is), the seat, its action and that action's node of the tree."""

    state: Any
    seat: int
    action: Action
    node: Node


def _replay(ruleset: Ruleset[Any, Any], s: Any, action: Action) -> Decision | None:
    """Apply `action` to `s` and the forced moves after it; the next decision with options, or None
    if any of them revealed something (see `SearchBot._follows`) or the game ended."""
    for _ in range(FORCED_LIMIT):
        before = getattr(getattr(s, "rng", None), "state", None)
        events = ruleset.apply(s, action)
        if any(e.reveals for e in events) or getattr(getattr(s, "rng", None), "state", None) != before:
            return None
        d = ruleset.pending(s)
        if d is None or len(d.actions) > 1:
            return d
        action = d.actions[0]
    return None


class SearchBot:
    """The search-strength computer player (see the module docstring).

    `budget` is the thinking time per decision in seconds; `turn_budget`, when given, is the
    thinking time per turn, shared by the decisions of that turn (each still at most `budget`).
    `clock` replaces both with a clock of the caller's (tests inject a fake `now`).
    `iterations`, when given, replaces the clock with a fixed number of iterations per process
    (tests use it: the result is then reproducible); with `capped` too, the clock still caps them
    (a level: the count on a machine fast enough, the clock on a slower one), and with
    `clear_stop` (or `capped`) a search also ends once its answer is clear by its statistics
    alone (`mcts.search`'s early stop with a clock; deterministic, so a level's count played
    without the clock gives the games it gives on a fast machine). `workers` is the number of processes: None
    uses up to two cores. `early_stop` answers as soon as the search's statistics settle.
    `reuse` keeps the tree from one decision to the next where the new one follows from the last
    (the main process's tree only; helpers always search afresh). `level` (normal, hard) adds that
    level's own settings, if the ruleset has any (`AIHooks.level_search`).
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
        turn_budget: float | None = None,
        clock: ThinkingClock | None = None,
        early_stop: bool = True,
        reuse: bool = True,
        capped: bool = False,
        clear_stop: bool = False,
        level: str | None = None,
    ) -> None:
        self.ruleset_id = ruleset_id
        self.hooks = ai_hooks(ruleset_id).for_search()
        self.rng = Rng(seed ^ 0x5EA_4C4)
        self.follow_rng = Rng(seed ^ 0xF0_110)
        """The re-deals of `_follows`: their own generator, so that keeping a tree or not leaves
        the searches' own stream as it was."""
        self.reuse = reuse
        self._kept: _Kept | None = None
        self.budget = budget
        self.iterations = iterations
        self.capped = capped and iterations is not None
        """Whether the clock caps the fixed count of `iterations`."""
        self.clear_stop = clear_stop
        if clock is None:
            per_turn = math.inf if turn_budget is None else turn_budget
            clock = ThinkingClock(per_turn, budget, share=0.4, spread=turn_budget is not None)
        self.clock = clock
        self.early_stop = early_stop
        self.params = params or SearchParams(**{**self.hooks.search, **self.hooks.level_search.get(level or "", {})})
        self.workers = workers if workers is not None else max(1, min(2, os.cpu_count() or 1))
        self._pool: Any = None
        self._pool_content: Any = None
        self._stop: Any = None
        self._job = 0
        self.guard = LoopGuard(self.params.guard_keep)
        self.last_samples = 0.0
        """Root visits behind the last answer, helpers included (prior visits too)."""
        self.last_iterations = 0
        """Iterations the main process ran for the last answer (helpers not included)."""
        self.last_reason = ""
        """Why the last search ended: single (one option), guard (the loop guard left one),
        settled (its answer could no longer change), budget (the clock) or iterations."""
        self.last_kept = 0
        """Iterations the last search took over from the one before (0: it started afresh)."""

    def choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        if len(actions) == 1:
            self.last_iterations = 0
            self.last_reason = "single"
            return actions[0]
        clock = self.clock
        now = clock.now
        start = now()
        try:
            return self._choose(ruleset, state, decision, start)
        finally:
            clock.charge(now() - start)

    def _choose(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision, start: float) -> Action:
        self.last_iterations = 0
        self.last_kept = 0
        self.last_reason = "guard"
        allot = self.clock.allot(ruleset.turn_number(state))
        if allot < MIN_SEARCH:
            allot = 0.0  # a sliver of time buys a search of one or two iterations: trust the prior
        timed = self.iterations is None or self.capped
        # A count with the statistical early stop but no clock: a deadline that never comes.
        deadline = start + allot if timed else math.inf if self.clear_stop and self.early_stop else None
        key, allowed = self.guard.candidates(ruleset, state, decision, self.hooks)
        if len(allowed) == 1:
            self._kept = None  # the guard's answer, not a search's: nothing to keep after it
            self.guard.record(key, allowed[0], ruleset, state, self.hooks)
            return allowed[0]
        tree = self._follows(ruleset, state, decision)
        rng = self.rng.fork()
        pending: Any = None
        self._job += 1
        job = self._job
        if self.workers > 1 and (not timed or allot > 0.05):
            pool = self._get_pool(state)
            if pool is not None:
                payload = _dump_state(state)
                left = max(0.0, deadline - self.clock.now()) if deadline is not None else math.inf
                wall = time.monotonic() + left if deadline is not None else None
                pending = [
                    pool.apply_async(
                        _work,
                        (payload, decision.seat, rng.next64(), left, self.iterations, self.params, allowed, wall, job),
                    )
                    for _ in range(self.workers - 1)
                ]
        info: dict[str, Any] = {}
        if self.params.trees > 1:
            stats = self._vote(ruleset, state, decision.seat, rng, deadline, allowed, info)
        else:
            stats = search(
                ruleset,
                state,
                decision.seat,
                rng,
                self.hooks,
                deadline,
                self.iterations,
                self.params,
                allowed,
                now=self.clock.now,
                early_stop=self.early_stop,
                info=info,
                tree=tree,
            )
        self.last_iterations = info["iterations"]
        self.last_kept = info["kept"]
        short = self.iterations is None or info["iterations"] + info["kept"] < self.iterations
        self.last_reason = "settled" if info["settled"] else "budget" if short else "iterations"
        if pending is not None:
            if self._stop is not None and self.iterations is None:
                self._stop.value = job  # the helpers stop with the main search
            for job_result in pending:
                # A fixed iteration count waits for the helpers; a clock gives them a frame or two.
                wait = None if self.iterations is not None else 0.05
                try:
                    extra = job_result.get(timeout=wait)
                except Exception:  # a slow or failed helper costs strength, never the game
                    continue
                for a, v, w in extra:
                    v0, w0 = stats.get(a, (0.0, 0.0))
                    stats[a] = (v0 + v, w0 + w)
        self.last_samples = sum(v for v, _ in stats.values())
        # Exact ties are broken at random with a clock alone, or when the clock cut a count short;
        # a fixed count keeps listing order, so that its games stay those it always played.
        random_ties = self.iterations is None or self.last_reason == "budget"
        choice = best_action(allowed, stats, rng if random_ties else None)
        self.guard.record(key, choice, ruleset, state, self.hooks)
        if self.reuse and not self.params.paired_root and "root" in info:
            node = info["root"].children[(decision.seat, choice)]
            self._kept = _Kept(ruleset.clone(state), decision.seat, choice, node)
        return choice

    def _vote(
        self,
        ruleset: Ruleset[Any, Any],
        state: Any,
        seat: int,
        rng: Rng,
        deadline: float | None,
        allowed: list[Action],
        info: dict[str, Any],
    ) -> RootStats:
        """`SearchParams.trees` searches, each from a fresh tree with a generator of its own, sharing the
        count of iterations (and the time up to `deadline`) evenly; their root visits added up. `info`
        gets the iterations run, whether the searches settled early (none cut by the clock), and no tree
        to keep."""
        trees = self.params.trees
        total: RootStats = {}
        done = 0
        cut = False
        start = self.clock.now()
        for i in range(trees):
            count = None if self.iterations is None else self.iterations // trees + (i < self.iterations % trees)
            # Each search's share of the time left, so that a late one is not starved.
            until = deadline
            if deadline is not None and math.isfinite(deadline):
                until = start + (deadline - start) * (i + 1) / trees
            own: dict[str, Any] = {}
            stats = search(
                ruleset,
                state,
                seat,
                rng.fork(),
                self.hooks,
                until,
                count,
                self.params,
                allowed,
                now=self.clock.now,
                early_stop=self.early_stop,
                info=own,
            )
            done += own["iterations"]
            cut = cut or (not own["settled"] and (count is None or own["iterations"] < count))
            for a, (v, w) in stats.items():
                v0, w0 = total.get(a, (0.0, 0.0))
                total[a] = (v0 + v, w0 + w)
        # Settled: no search was cut short by the clock, and some stopped before their count.
        info.update(iterations=done, kept=0, settled=not cut and self.iterations is not None and done < self.iterations)
        return total

    def _follows(self, ruleset: Ruleset[Any, Any], state: Any, decision: Decision) -> Node | None:
        """The kept node of the last search's action, if this decision follows from it; else None.

        It does when the last action and the forced moves after it (one legal option each, such
        as the other seat's pass when it has nothing to answer) reveal nothing and lead to a
        decision of the same seat, with the same options, that looks from that seat exactly like
        this one. "Reveal nothing" is the take-back's criterion (engine/game.py): no event marked
        `reveals` and the game's generator untouched. The bot does not see the moves, so it
        replays them on a few re-deals of the state it searched (`determinize`, the seat's own
        information only) and compares views: two states that differ only in what the seat
        cannot see get the same answer here. The kept subtree's iterations then sampled exactly
        what the seat may still believe: its action changed nothing the re-deals disagreed on."""
        kept, self._kept = self._kept, None
        if kept is None or kept.seat != decision.seat:
            return None
        seen = ruleset.view(state, decision.seat)
        for _ in range(FOLLOW_CHECKS):
            s = self.hooks.determinize(kept.state, kept.seat, self.follow_rng)
            d = _replay(ruleset, s, kept.action)
            if d is None or d.seat != decision.seat or d.actions != decision.actions:
                return None
            if ruleset.view(s, d.seat) != seen:
                return None
        return kept.node

    def _get_pool(self, state: Any) -> Any:
        content = getattr(state, "content", None)
        if self._pool is not None and content is self._pool_content:
            return self._pool
        self.close()
        try:
            ctx = multiprocessing.get_context("spawn")
            self._stop = ctx.RawValue("q", 0)
            self._pool = ctx.Pool(
                self.workers - 1, initializer=_init_worker, initargs=(self.ruleset_id, content, self._stop)
            )
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
