"""What MythCraft's search bot alone knows of tactics (issue 34): a rollout policy that plays like a
sensible player, a scoring that values what wins, and where a rollout stops.

The greedy bot and the golden games keep `ai.heuristic`; these reach the search through
`AIHooks.search_heuristic`, `AIHooks.rollout_policy` and `SearchParams.horizon`.

Why each part (traced losses of issue 34, before these): the plain heuristic sees HP and the able
count only, so every move of a creature scored the same and the search's creatures wandered while
random rollouts of eight actions (a step of some other participant, a Prone, a Dodge) drowned
the little an attack was worth; the search then picked among near-equal values by noise, ending a
turn with an attack on offer.
"""

from __future__ import annotations

import re
from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft import ai
from mythtable.rulesets.mythcraft.rules import HEROES
from mythtable.rulesets.mythcraft.state import State, Unit

HIT_CHANCE = 0.5
"""About how often an attack hits (a d20 against a defense near 11)."""
THREAT_WEIGHT = 0.5
"""Share of the damage the adjacent hostiles may deal that is counted as lost already: they may
act before it moves away, or it may strike first."""
APPROACH_HP = 1.0
"""HP of its side a participant's every square beyond striking distance of the nearest able
hostile costs: a side that holds back while the other closes in only postpones the fight, and a
30-round game ends in a draw."""
SPREAD_BLOWS = True
"""Hard's threats (`engaging_heuristic`): a participant's blow is shared among the hostiles next to
it, as it strikes one of them, not each. Counted against each (Normal's `search_heuristic`), a lone
hero between two creatures threatened twice its blow and scored better than next to one of them:
Hard's participants walked into the other side one at a time (issue 34, fifth slice)."""
REAR_TIE_HP = 1.0
"""Hard's approach (`engaging_heuristic`): HP of its side each participant beyond the first at the
rear's distance costs. Priced by the rear alone, a step of one of several participants equally far
from the fight changed nothing, so none took it: in E1's opening every participant of a side is
eight squares away, and two creatures stood at the start for four rounds while their side fought
(issue 34, fifth slice). A step out of a tie at the rear now pays this much; a step ahead of the
rear still pays nothing."""
BLOODIED_HEAL = True
"""Rollouts heal a Bloodied ally (at most half its HP) when the hero can."""


def _dice_average(text: str) -> float:
    """The average of a damage string such as "1d8+2" or "2d6" (0 for anything else)."""
    m = _DICE.fullmatch(text.strip())
    if m is None:
        return 0.0
    n, sides, bonus = m.groups()
    return int(n or 1) * (int(sides) + 1) / 2 + int(bonus or 0)


_DICE = re.compile(r"(\d*)d(\d+)([+-]\d+)?")
_DAMAGE: dict[tuple[int, str, str, str], float] = {}


def damage(state: State, u: Unit) -> float:
    """About what one attack of `u` deals: its strongest stat-block attack's average, or for a hero
    the better weapon in hand (unarmed 1). Cached per content, kind and hands."""
    key = (id(state.content), u.kind, u.main, u.off)
    got = _DAMAGE.get(key)
    if got is not None:
        return got
    if u.side == HEROES:
        items = state.content.items
        best = 1.0
        for iid in (u.main, u.off):
            if iid and items[iid].kind == "weapon":
                best = max(best, _dice_average(items[iid].damage) + 2.0)
        got = best
    else:
        got = max(
            (float(a.average) for a in state.content.creatures[u.kind].actions if a.kind == "attack"),
            default=1.0,
        )
    _DAMAGE[key] = got
    return got


def _losses(state: State, approach: int | None = None, spread: bool = False) -> list[float]:
    """What `ai._side_value` leaves out, for each side in HP of that side: the blows the adjacent
    hostiles may land (a lone creature among three heroes is worth less than its HP say; a pack
    round one hero is worth more), and distance from the fight: each participant's own, for both
    sides, or with `approach` for that side alone, by its participant farthest from the fight
    (see `engaging_heuristic`; a tie at the rear costs `REAR_TIE_HP` more). With `spread`, a
    participant's blow is shared among the hostiles next to it (see `SPREAD_BLOWS`); without,
    each of them counts all of it. One pass over the pairs of able hostiles (the hottest function
    of a search after the rules)."""
    units = state.units
    able = [u for u in units if not u.dead and not u.dying]
    heroes = [u for u in able if u.side == HEROES]
    others = [u for u in able if u.side != HEROES]
    near_h = [99] * len(heroes)
    near_c = [99] * len(others)
    inc_h = [0.0] * len(heroes)
    inc_c = [0.0] * len(others)
    pairs: list[tuple[int, int]] = []
    for i, h in enumerate(heroes):
        hx, hy = h.x, h.y
        for j, c in enumerate(others):
            dx = c.x - hx
            dy = c.y - hy
            dx = dx if dx >= 0 else -dx
            dy = dy if dy >= 0 else -dy
            d = dx if dx >= dy else dy
            if d < near_h[i]:
                near_h[i] = d
            if d < near_c[j]:
                near_c[j] = d
            if d == 1:
                if spread:
                    pairs.append((i, j))
                else:
                    inc_h[i] += damage(state, c)
                    inc_c[j] += damage(state, h)
    if pairs:
        adj_h = [0] * len(heroes)
        adj_c = [0] * len(others)
        for i, j in pairs:
            adj_h[i] += 1
            adj_c[j] += 1
        for i, j in pairs:
            inc_h[i] += damage(state, others[j]) / adj_c[j]
            inc_c[j] += damage(state, heroes[i]) / adj_h[i]
    lost = [0.0, 0.0]
    for group, near, inc in ((heroes, near_h, inc_h), (others, near_c, inc_c)):
        far = 1
        tied = 0
        for u, n, incoming in zip(group, near, inc, strict=True):
            side_lost = 0.0
            if incoming:
                side_lost += THREAT_WEIGHT * HIT_CHANCE * min(incoming, float(max(u.hp, 0)))
            if 1 < n < 99:
                if approach is None:
                    side_lost += APPROACH_HP * (n - 1)
                elif u.side == approach:
                    if n > far:
                        far, tied = n, 1
                    elif n == far:
                        tied += 1
            lost[u.side] += side_lost
        if far > 1 and approach is not None:
            lost[approach] += APPROACH_HP * len(group) * (far - 1)
            lost[approach] += REAR_TIE_HP * (tied - 1)
    return lost


def _side_value(state: State, side: int, lost: float) -> float:
    """`ai._side_value` less `lost` (HP of the side, see `_losses`) as a fraction of the side's HP."""
    total_hp = 0
    for u in state.units:
        if u.side == side:
            total_hp += max(u.max_hp, 1)
    if total_hp == 0:
        return 0.0
    return ai._side_value(state, side) - 6.0 * lost / total_hp


def search_heuristic(state: State, seat: int) -> float:
    """The search's scoring: `ai.heuristic` with threats and approach (see `_losses`)."""
    r = state.result
    if r is not None:
        if r[0] is None:
            return 0.0
        return 1000.0 if r[0] == seat else -1000.0
    lost = _losses(state)
    return _side_value(state, seat, lost[seat]) - _side_value(state, 1 - seat, lost[1 - seat])


def engaging_heuristic(state: State, seat: int) -> float:
    """Hard's scoring: `search_heuristic` with only `seat`'s own distance from the fight priced,
    and that by its participant farthest from it, as if every one of them stood there.

    Why (issue 34, Hard against Normal): with both sides' distance priced, a step toward the other
    side brings its participants nearer the fight too, without their moving; where a side has
    more participants, or less HP, than the other, every step toward it scored worse than ending
    the turn, and two searching sides stood apart for 30 rounds (every game a draw). Priced for
    the seat alone, per participant, closing in paid, but for each participant alone: the first
    to act ran ahead of its side into the other's reach and was cut down (a cleric alone against
    two creatures in round 1). Priced by the laggard, only bringing up the rear pays: a side
    closes in together and meets the other all at once. Its threats share each blow among the
    hostiles next to the striker (`SPREAD_BLOWS`), so that standing alone among several pays less."""
    r = state.result
    if r is not None:
        if r[0] is None:
            return 0.0
        return 1000.0 if r[0] == seat else -1000.0
    lost = _losses(state, seat, SPREAD_BLOWS)
    return _side_value(state, seat, lost[seat]) - _side_value(state, 1 - seat, lost[1 - seat])


def horizon(state: State) -> tuple[int, int]:
    """Where rollouts stop: once the participant whose turn it is has ended it (the round and the
    place in the Initiative order change). A sample is then scored with this participant's blows
    landed and the next one's not begun, the same point for every root action."""
    return (state.round, state.turn_idx)


def _able_foes(state: State, u: Unit) -> list[Unit]:
    return [o for o in state.units if o.side != u.side and not o.dead and not o.dying]


def rollout_policy(state: State, decision: Decision, rng: Rng) -> Action:
    """A cheap sensible player (no cloning): take every reaction; attack when it can, the most
    wounded able hostile first with the strongest attack (focus fire); a hero heals a Bloodied
    ally first; stand up if Prone; else step toward the nearest able hostile (never away from
    one it stands next to: that invites an Engaged strike); else end the turn."""
    acts = decision.actions
    kind = decision.kind
    if kind == "reaction":
        for a in acts:
            if a[0] == "react":
                return a
        return acts[-1]
    if kind == "grapple_defense":
        return acts[rng.below(len(acts))]
    if kind not in ("hero_turn", "creature_turn"):
        return acts[0] if kind == "special_ap_choice" else acts[rng.below(len(acts))]
    u = state.units[state.order[state.turn_idx]]
    foes = _able_foes(state, u)
    if not foes:
        return acts[-1]
    hp = {o.uid: o.hp for o in foes}
    best: Action | None = None
    best_key: tuple[float, float] | None = None
    heal: Action | None = None
    spells = state.content.spells
    creature = state.content.creatures.get(u.kind) if u.side != HEROES else None
    power: dict[str, float] = {}
    if creature is not None:
        for ca in creature.actions:
            power[ca.id] = ca.average + 3 * len(ca.riders)
    special: Action | None = None
    moves: list[Action] = []
    stand = False
    for a in acts:
        k = a[0]
        if k == "attack" or (k == "cast" and spells[str(a[1])].target != "hero"):
            t = hp.get(str(a[2]))
            if t is None:
                continue
            key = (-float(t), power.get(str(a[1]), 0.0))
            if best_key is None or key > best_key:
                best, best_key = a, key
        elif k == "cast":
            if heal is None:
                for o in state.units:
                    if o.uid == a[2] and not o.dead and 2 * o.hp <= o.max_hp:
                        heal = a
                        break
        elif k == "move":
            moves.append(a)
        elif k == "special":
            special = a
        elif k == "stand":
            stand = True
    if heal is not None and BLOODIED_HEAL:
        return heal
    if special is not None and sum(1 for o in foes if max(abs(o.x - u.x), abs(o.y - u.y)) <= 6) >= 2:
        return special
    if best is not None:
        return best
    if stand:
        return ("stand",)
    spots = [(o.x, o.y) for o in foes]
    here = _gap(u.x, u.y, spots)
    if moves and here > 1:
        top: list[Action] = []
        top_d = here
        for a in moves:
            d = _gap(int(a[1]), int(a[2]), spots)
            if d < top_d:
                top, top_d = [a], d
            elif d == top_d and top:
                top.append(a)
        if top:
            return top[rng.below(len(top))]
    return acts[-1]


def _gap(x: int, y: int, spots: list[tuple[int, int]]) -> int:
    """Squares from (x, y) to the nearest of `spots` (Chebyshev distance, inlined)."""
    best = 99
    for ox, oy in spots:
        dx = ox - x
        dy = oy - y
        dx = dx if dx >= 0 else -dx
        dy = dy if dy >= 0 else -dy
        d = dx if dx >= dy else dy
        if d < best:
            best = d
    return best


ALWAYS_COMPARED = frozenset({"attack", "cast", "special", "use", "end"})
"""Kinds of root action the search always compares (`SearchParams.root_keep`); moves, maneuvers,
Dodge, Prone and the handling of items go through `root_width`, the best by the greedy prior."""


def always_compared(action: Action) -> bool:
    """Whether the search compares `action` whatever its greedy prior (see `ALWAYS_COMPARED`)."""
    return action[0] in ALWAYS_COMPARED


SEARCH_PARAMS: dict[str, Any] = {
    **ai.SEARCH_PARAMS,
    "rollout_actions": 40,
    "horizon": horizon,
    "root_width": 6,
    "root_keep": always_compared,
}
"""The search's settings: paired root sampling as before, rollouts with the policy above to the
end of the participant's turn (`horizon`; 40 choices at most), and of a turn's many squares only the
six best by the greedy prior compared on the samples (`root_width`)."""

LEVEL_SEARCH: dict[str, dict[str, Any]] = {
    "hard": {"heuristic": engaging_heuristic},
}
"""Hard's own settings over `SEARCH_PARAMS` (`AIHooks.level_search`); Normal has none."""
