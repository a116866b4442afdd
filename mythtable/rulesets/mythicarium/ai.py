"""Mythicarium hooks for the computer players: a scoring heuristic, honest determinization, and Hard's
cheap rollout policy.

All three read only what `seat` may see (its own hand, counts, the public board), plus hidden
zones after `determinize` has re-dealt them at random.
"""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythicarium.rules.common import WIN_VP, eff_dp, eff_hp
from mythtable.rulesets.mythicarium.state import State, Unit, clone

HEURISTIC_SCALE = 12.0
"""Roughly how many heuristic points make one side clearly ahead (the search's sigmoid width)."""


def _side(state: State, seat: int) -> float:
    p = state.players[seat]
    cards = state.content.cards
    units = state.units
    attacking = state.combat.attackers if state.combat is not None and state.active == seat else None
    value = 3.0 * p.vp + (8.0 if p.vp >= WIN_VP - 4 else 0.0) + 0.45 * p.xp + 0.9 * len(p.hand)
    for uid in p.lane:
        u = units[uid]
        c = cards[u.card]
        if u.downed:
            continue
        hp_left = eff_hp(state, u) - u.wounds
        dp = eff_dp(state, u)
        value += 1.6 * dp + 0.7 * max(hp_left, 0) + (7.0 if c.is_champion else 1.5)
        if attacking is not None and uid in attacking:
            value += 0.6 * dp  # an unblocked attacker turns its DP into VP
    for item in state.limbo:
        if item.owner == seat and item.kind == "card":
            value += 1.0 + 0.6 * cards[state.cards[item.uid]].xp
    if len(p.deck) < 3:
        value -= 4.0 * (3 - len(p.deck))
    return value


def heuristic(state: State, seat: int) -> float:
    """Positive when `seat` is ahead. Uses hand counts, never the opponent's hand contents."""
    r = state.result
    if r is not None:
        if r.winner is None:
            return 0.0
        return 1000.0 if r.winner == seat else -1000.0
    return _side(state, seat) - _side(state, 1 - seat)


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A clone in which everything hidden from `seat` is re-dealt at random.

    Hidden from `seat`: the opponent's hand contents and both deck orders (and, through the
    generator, every future die and shuffle). The opponent's hand and deck are pooled and
    dealt again keeping both counts; `seat`'s own deck is shuffled; the game's generator is
    reseeded from `rng`. The result depends only on what `seat` can see and on `rng`.
    """
    c = clone(state)
    c.rng = Rng(rng.next64())
    opp = c.players[1 - seat]
    mine = c.players[seat]
    pool = sorted(opp.hand + opp.deck)
    cards = [state.cards[u] for u in pool]
    cards.sort()
    rng.shuffle(pool)
    rng.shuffle(cards)
    table = dict(state.cards)
    for uid, cid in zip(pool, cards, strict=True):
        table[uid] = cid
    own = sorted(mine.deck)
    own_cards = sorted(state.cards[u] for u in own)
    rng.shuffle(own)
    rng.shuffle(own_cards)
    for uid, cid in zip(own, own_cards, strict=True):
        table[uid] = cid
    c.cards = table
    # The opponent's hand in the sample keeps the order of the original hand's uids' slots.
    k = len(opp.hand)
    opp.hand = sorted(pool[:k])
    opp.deck = pool[k:]
    mine.deck = own
    return c


ROLLOUT_EPSILON = 0.25
"""Share of Hard's rollout steps (`rollout_policy`) taken uniformly at random, so that rollouts still explore."""


def _left(state: State, u: Unit) -> int:
    """HP left once the wounds placed this combat round land."""
    c = state.combat
    placed = 0 if c is None else c.pending.get(u.uid, 0) + c.early.get(u.uid, 0)
    return eff_hp(state, u) - u.wounds - placed


def _survives(state: State, unit: Unit, hitter: Unit) -> bool:
    return _left(state, unit) > eff_dp(state, hitter)


def _sensible_block(state: State, b: Unit, a: Unit) -> bool:
    """The blocker lives through the attacker's blow, or kills it."""
    return _survives(state, b, a) or not _survives(state, a, b)


def _safe_attacker(state: State, u: Unit, seat: int) -> bool:
    """No ready enemy can block `u`, kill it and live (Magical aside: a cheap guess, not the rules)."""
    units = state.units
    for uid in state.players[1 - seat].lane:
        b = units[uid]
        if b.downed or b.exhausted:
            continue
        if not _survives(state, u, b) and _survives(state, b, u):
            return False
    return True


def _block_choice(state: State, actions: list[Action]) -> list[Action]:
    """Block the biggest attacker not yet blocked with a blocker that survives or kills it; else done/back."""
    c = state.combat
    assert c is not None
    units = state.units
    blocked = set(c.blocks.values())
    best: list[Action] = []
    best_dp = -1
    for act in actions:
        if act[0] == "block":
            b, a = units[int(act[1])], units[int(act[2])]
            if int(act[2]) in blocked or not _sensible_block(state, b, a):
                continue
            dp = eff_dp(state, a)
        elif act[0] == "blocker":
            b = units[int(act[1])]
            dps = [
                eff_dp(state, units[a])
                for a in c.attackers
                if a not in blocked and not units[a].downed and _sensible_block(state, b, units[a])
            ]
            if not dps:
                continue
            dp = max(dps)
        else:
            continue
        if dp > best_dp:
            best, best_dp = [act], dp
        elif dp == best_dp:
            best.append(act)
    return best or [a for a in actions if a[0] in ("done", "back")]


def _policy_choices(state: State, decision: Decision) -> list[Action]:
    """The sensible options of a decision, by its kind (an empty list: any option)."""
    actions = decision.actions
    kind = decision.kind
    units = state.units
    if kind == "main":
        return [a for a in actions if a[0] in ("play", "use")]
    if kind == "respond":
        return [a for a in actions if a[0] == "pass"]
    if kind == "legendary_battle":
        return [a for a in actions if a[0] == "play"]
    if kind == "choose_target":
        return [a for a in actions if a[0] == "target"]
    if kind == "heal_target":
        hurt = [(units[int(a[1])].wounds, a) for a in actions if a[0] == "target" and int(a[1]) in units]
        top = max((w for w, _ in hurt), default=0)
        return [a for w, a in hurt if w == top]
    if kind == "declare_attackers":
        c = state.combat
        assert c is not None
        return [
            a
            for a in actions
            if a[0] == "attack"
            and int(a[1]) not in c.attackers
            and _safe_attacker(state, units[int(a[1])], decision.seat)
        ] or [("done",)]
    if kind == "declare_blockers":
        return _block_choice(state, actions)
    if kind == "assign_wounds":
        left = [(_left(state, units[int(a[1])]), a) for a in actions]
        alive = [n for n, _ in left if n > 0]
        if not alive:
            return []
        low = min(alive)
        return [a for n, a in left if n == low]
    return []


def rollout_policy(state: State, decision: Decision, rng: Rng) -> Action:
    """Hard's rollout step in Mythicarium, cheap (no cloning, no look-ahead): play a card or use an ability
    rather than move on, pass responses, play a Legend in the Legendary Battle, attack with units no
    enemy blocker kills and survives, block the biggest attacker with a blocker that survives or kills
    it, place wounds to kill, heal the most wounded; one step in `ROLLOUT_EPSILON` uniformly at random.
    Reads only the state it is given (a determinization, in the search)."""
    actions = decision.actions
    if rng.below(1000) >= ROLLOUT_EPSILON * 1000:
        choices = _policy_choices(state, decision)
        if choices:
            return choices[rng.below(len(choices))]
    return actions[rng.below(len(actions))]


LEVEL_SEARCH: dict[str, dict[str, Any]] = {"hard": {"trees": 5, "rollout_policy": rollout_policy}}
"""Hard's own settings over the plain search (`AIHooks.level_search`; Normal has none): its 1000 iterations
as a vote of five searches of 200 (`SearchParams.trees`), each Normal's size, rather than one tree of 1000,
and rollouts played by `rollout_policy` rather than at random (issue 34; the figures in docs/computer.md)."""
