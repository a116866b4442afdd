"""The solo-mode creature player (H-24, settles O-6): one difficulty, no dice of its own.

Each creature attacks when it can (strongest attack, weakest able hero), otherwise steps toward
the nearest able hero; it always takes Engaged attacks and Grim Reprisal and defends with its
higher defense. It can also answer hero decisions, simply (attack, else close in, else end).
"""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft import rules
from mythtable.rulesets.mythcraft.rules import HEROES, dist
from mythtable.rulesets.mythcraft.state import AttackFrame, State, Unit, clone


class CreatureAI:
    name = "creature-ai"

    def choose(self, ruleset: Any, state: State, decision: Decision) -> Action:
        eng = rules
        acts = decision.actions
        kind = decision.kind
        if kind == "reaction":
            return ("react", acts[0][1]) if ("react", acts[0][1]) in acts else acts[-1]
        if kind == "grapple_defense":
            frame = state.stack[-1]
            assert isinstance(frame, AttackFrame)
            target = eng.unit(state, frame.targets[frame.target_index])
            ref, fort = eng.defense(state, target, "REF"), eng.defense(state, target, "FORT")
            return ("defend", "REF") if ref >= fort else ("defend", "FORT")
        if kind == "special_ap_choice":
            return ("keep", "holy_support")
        u = eng.active(state)
        return self.turn(eng, state, u, acts)

    def turn(self, eng: Any, st: State, u: Unit, acts: list[Action]) -> Action:
        foes = [o for o in st.units if o.side != u.side and not o.dead]
        able = [o for o in foes if not o.dying] or foes
        if not able:
            return ("end",)
        attacks = [a for a in acts if a[0] == "attack"]
        specials = [a for a in acts if a[0] == "special"]
        if specials and sum(1 for o in able if dist(o.x, o.y, u.x, u.y) <= 6) >= 2:
            return specials[0]
        uids = {o.uid for o in able}

        def score(a: Action) -> tuple[int, int, str]:
            t = eng.unit(st, str(a[2]))
            return (-self.power(eng, st, u, str(a[1])), t.hp, str(a))

        live = [a for a in attacks if a[2] in uids]
        if live:
            return min(live, key=score)
        if ("stand",) in acts:
            return ("stand",)
        moves = [a for a in acts if a[0] == "move"]
        if moves:
            here = min(dist(u.x, u.y, o.x, o.y) for o in able)

            def closeness(a: Action) -> tuple[int, int, int]:
                x, y = int(a[1]), int(a[2])
                return (min(dist(x, y, o.x, o.y) for o in able), y, x)

            best = min(moves, key=closeness)
            if closeness(best)[0] < here:
                return best
        if attacks:  # only helpless targets left in reach
            return min(attacks, key=score)
        return ("end",)

    @staticmethod
    def power(eng: Any, st: State, u: Unit, aid: str) -> int:
        if u.side == HEROES:
            return 1
        for a in st.content.creatures[u.kind].actions:
            if a.id == aid:
                return a.average + 3 * len(a.riders)
        return 0


def make_ai(seed: int) -> CreatureAI:
    """The app's hook for a computer-run seat (solo mode runs seat 1 with this). It uses no dice,
    so the seed is not needed."""
    del seed
    return CreatureAI()


# ----- hooks for the generic computer players (greedy and search, mythtable.engine.bots) -------

HEURISTIC_SCALE = 4.0
"""Roughly how many heuristic points make one side clearly ahead (the search's sigmoid width)."""

SEARCH_PARAMS = {"paired_root": True, "rollout_actions": 8, "prior_visits": 8.0}
"""Long random rollouts wander the map and drown the differences between moves: keep them short,
compare root actions on common samples, and lean on the greedy prior while samples are few
(48% against greedy with the default tree search at 50 iterations, 72% like this over 40 games)."""


# What only hurts a side, priced in hit points of that side (the HP term's unit), each worth more
# than a tick of Bleeding or Burning (1 HP; the greedy bot sees the tick when it ends its turn and
# not when it stalls with a free action, so a free action priced below the tick would look better).
PRONE_HP = 4.0
"""Lying Prone (F-26): melee attackers gain tactical advantage and standing costs 1 AP."""
HELD_HP = 3.0
"""A weapon or shield in hand: what a hero fights with (stowing or setting it down is a loss)."""
CARRIED_HP = 2.5
"""Any item a hero holds or carries: gear left on the ground is lost to it."""
ENCUMBERED_HP = 6.0
"""Encumbrance (H-6): half speed and no equipping; worth more than any one carried item."""


def _gear_hp(state: State, u: Unit) -> float:
    """What a hero's gear is worth to it, in its side's HP: weapons and shields in hand, items
    carried, less encumbrance."""
    items = state.content.items
    value = CARRIED_HP * len(u.pack)
    for iid in (u.main, u.off):
        if iid:
            value += CARRIED_HP
            if items[iid].kind in ("weapon", "shield"):
                value += HELD_HP
    if rules.encumbered(state, u):
        value -= ENCUMBERED_HP
    return value


def _side_value(state: State, side: int) -> float:
    """HP fraction and able fraction of a side (up to 6 each); able participants lying Prone cost,
    heroes' gear counts (both in HP of the side, so that they weigh as much in a small party)."""
    total_hp = 0
    hp = 0.0
    count = 0
    able = 0
    for u in state.units:
        if u.side != side:
            continue
        count += 1
        total_hp += max(u.max_hp, 1)
        if u.dead:
            continue
        hp += max(u.hp, 0)
        if not u.dying:
            able += 1
            if "prone" in u.conds:
                hp -= PRONE_HP
            if side == HEROES:
                hp += _gear_hp(state, u)
    if count == 0:
        return 0.0
    return 6.0 * hp / total_hp + 6.0 * able / count


def heuristic(state: State, seat: int) -> float:
    """Positive when `seat`'s side is ahead: the HP fractions and the living combatants of both sides."""
    r = state.result
    if r is not None:
        if r[0] is None:
            return 0.0
        return 1000.0 if r[0] == seat else -1000.0
    return _side_value(state, seat) - _side_value(state, 1 - seat)


def determinize(state: State, seat: int, rng: Rng) -> State:
    """MythCraft hides nothing but the dice to come: a clone with a generator reseeded from `rng`."""
    copy = clone(state)
    copy.rng = Rng(rng.next64())
    return copy
