"""The search bot's settings (mcts.py): one frozen record per ruleset, from `AIHooks.search`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mythtable.engine.decision import Action


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
    trees: int = 1
    """When above 1, a decision's count of iterations (and its time) is split among this many searches,
    each from a fresh tree with its own generator, and their root visits are added up: a vote of several
    shallower searches instead of one deep one (a level's own setting, `AIHooks.level_search`). The tree
    is then not kept for the next decision."""
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
    heuristic: Callable[[Any, int], float] | None = None
    """When given, the scoring of this search instead of the hooks' (`AIHooks.search_heuristic`):
    a level's own, through `AIHooks.level_search`."""
    rollout_policy: Callable[[Any, Any, Any], Action] | None = None
    """When given, the rollout policy of this search instead of the hooks' (`AIHooks.rollout_policy`,
    which it also stands for in growing the tree): a level's own, through `AIHooks.level_search`
    (Mythicarium's Hard, whose plain rollouts are uniformly random)."""
    guard_keep: tuple[Action, ...] = ()
    """Actions the search bot's loop guard (lookahead.LoopGuard) never leaves out: a pass that the
    guard's one re-deal shows coming straight back (it dealt the opponent nothing to answer with)
    is a pass all the same, and leaving it out can force the bot to pay for what it does not want."""
