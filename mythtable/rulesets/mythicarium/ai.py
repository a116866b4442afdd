"""Mythicarium hooks for the computer players: a scoring heuristic and honest determinization.

Both read only what `seat` may see (its own hand, counts, the public board), plus hidden
zones after `determinize` has re-dealt them at random.
"""

from __future__ import annotations

from typing import Any

from mythtable.engine.dice import Rng
from mythtable.rulesets.mythicarium.rules.common import WIN_VP, eff_dp, eff_hp
from mythtable.rulesets.mythicarium.state import State, clone

HEURISTIC_SCALE = 12.0
"""Roughly how many heuristic points make one side clearly ahead (the search's sigmoid width)."""

LEVEL_SEARCH: dict[str, dict[str, Any]] = {"hard": {"trees": 5}}
"""Hard's own settings over the plain search (`AIHooks.level_search`; Normal has none): its 1000 iterations
as a vote of five searches of 200 (`SearchParams.trees`), each Normal's size, rather than one tree of 1000
(issue 34; the figures in docs/computer.md)."""


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
