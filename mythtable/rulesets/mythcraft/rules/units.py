"""Questions about one participant (what it carries, its defenses, reach, costs) and paying AP (H-1, H-4, H-5)."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.rules.board import in_reach
from mythtable.rulesets.mythcraft.rules.formulas import ATTR_INDEX, DEF_INDEX, HEROES, capacity
from mythtable.rulesets.mythcraft.state import Pos, State, Unit

PRONOUN_FORMS: dict[str, tuple[str, str, str, str]] = {
    "she": ("she", "her", "her", "herself"),
    "he": ("he", "him", "his", "himself"),
    "it": ("it", "it", "its", "itself"),
    "they": ("they", "them", "their", "themselves"),
}
"""A pronoun -> its forms: subject, object, possessive, reflexive."""


def pronoun(state: State, u: Unit) -> str:
    """How the log speaks of a participant, as its content says: a hero's template, a creature's stat block
    ("they" for a hero, "it" for a creature, should the content be gone)."""
    if u.side == HEROES:
        h = state.content.heroes.get(u.kind)
        return h.pronoun if h is not None else "they"
    c = state.content.creatures.get(u.kind)
    return c.pronoun if c is not None else "it"


def subject_word(state: State, u: Unit) -> str:
    """she / he / it / they (the verb after "they" takes no -s: see leaves_word)."""
    return PRONOUN_FORMS[pronoun(state, u)][0]


def object_word(state: State, u: Unit) -> str:
    """her / him / it / them."""
    return PRONOUN_FORMS[pronoun(state, u)][1]


def possessive(state: State, u: Unit) -> str:
    """her / his / its / their ("Hrodna ends her turn")."""
    return PRONOUN_FORMS[pronoun(state, u)][2]


def reflexive(state: State, u: Unit) -> str:
    """herself / himself / itself / themselves."""
    return PRONOUN_FORMS[pronoun(state, u)][3]


def leaves_word(state: State, u: Unit) -> str:
    """The participant as the subject of "leave(s)": "she leaves", "they leave"."""
    word = subject_word(state, u)
    return f"{word} leave" if word == "they" else f"{word} leaves"


def able(u: Unit) -> bool:
    """Can act and react (not dead, not dying)."""
    return not u.dead and not u.dying


def can_react(u: Unit) -> bool:
    """Can take a reaction: able, and neither Dazed nor Stunned."""
    return not u.dead and not u.dying and "dazed" not in u.conds and "stunned" not in u.conds


def weight(state: State, u: Unit) -> int:
    """What a hero carries and holds (H-6)."""
    items = state.content.items
    w = 0
    for i in u.pack:
        w += items[i].weight
    for i in (u.main, u.off, u.armor):
        if i:
            w += items[i].weight
    return w


def encumbered(state: State, u: Unit) -> bool:
    """H-6: a hero carrying more than its capacity."""
    return u.side == HEROES and weight(state, u) > capacity(u.attrs[0])


def speed_squares(state: State, u: Unit, enc: bool | None = None) -> int:
    """Squares per Move; 0 when Grappled or stopped by an Engaged hit (F-24, F-33).
    `enc`: whether it is encumbered, if already known."""
    if "grappled" in u.conds or "stopped" in u.conds:
        return 0
    ft = u.speed_ft
    if encumbered(state, u) if enc is None else enc:
        ft = -(-ft // 2)  # H-6: halve, round the feet up, count whole squares
    return ft // 5


def defense(state: State, u: Unit, name: str) -> int:
    """A defense now: a shield adds to AR, Dodge adds 2 to AR, REF and FORT (F-25)."""
    i = DEF_INDEX[name]
    v = u.defs[i]
    if i == 0 and u.off and state.content.items[u.off].kind == "shield":
        v += state.content.items[u.off].ar_bonus
    if i <= 2 and "dodge" in u.conds:
        v += 2  # F-25
    return v


def two_handed(state: State, u: Unit) -> bool:
    """Whether a hand-and-a-half weapon is held in both hands (a free off hand, not Prone or Grappled)."""
    return not u.off and "prone" not in u.conds and "grappled" not in u.conds


def grip_allowed(state: State, u: Unit, wid: str) -> bool:
    """F-26, F-33: no two-handed weapon while Prone or Grappled, on every attack path
    (own turn, Engaged strike, Riposte)."""
    if wid == "unarmed" or state.content.items[wid].grip != "two_hands":
        return True
    return "prone" not in u.conds and "grappled" not in u.conds


def weapon_apc(state: State, u: Unit, wid: str) -> int:
    """A weapon's attack cost in AP (its APC rule; a hand-and-a-half weapon held in both hands costs less); an
    unarmed strike costs 2."""
    if wid == "unarmed":
        return 2
    item = state.content.items[wid]
    r = item.apc
    assert r is not None
    cost = r.fixed if r.fixed is not None else max(r.base - (u.attrs[ATTR_INDEX[r.minus]] if r.minus else 0), r.minimum)
    if item.grip == "hand_and_half" and r.two_handed_discount and two_handed(state, u):
        cost = max(cost - r.two_handed_discount, r.two_handed_minimum)
    return cost


def hero_reach(state: State, u: Unit) -> int:
    """A hero's melee reach in squares."""
    return 1


def creature_reach(state: State, u: Unit) -> int:
    """A creature's melee reach in squares: its longest melee or reach attack (cached per creature kind)."""
    cache = state.content.dice
    key = "reach:" + u.kind
    got = cache.get(key)
    if got is None:
        best = 0
        for a in state.content.creatures[u.kind].actions:
            if a.kind == "attack" and a.range in ("melee", "reach"):
                best = max(best, a.range_ft // 5)
        got = cache[key] = (best, 0, 0)
    return got[0]


def melee_reach(state: State, u: Unit) -> int:
    """Melee reach in squares, hero or creature."""
    return hero_reach(state, u) if u.side == HEROES else creature_reach(state, u)


def in_melee(state: State, a: Unit, pos: Pos, reach: int) -> bool:
    """Whether `pos` is within `a`'s melee reach: adjacent without cutting a wall corner, farther in sight (H-16)."""
    return in_reach(state.board, a.x, a.y, reach, pos[0], pos[1])


def occupant(state: State, x: int, y: int) -> Unit | None:
    """Who stands on a square (the dead leave the battlefield)."""
    for u in state.units:
        if not u.dead and u.x == x and u.y == y:
            return u
    return None


def unit(state: State, uid: str) -> Unit:
    """A participant by uid."""
    for u in state.units:
        if u.uid == uid:
            return u
    raise KeyError(uid)


def active(state: State) -> Unit:
    """The participant whose turn it is."""
    return state.units[state.order[state.turn_idx]]


def is_turn_of(state: State, u: Unit) -> bool:
    """Whether it is `u`'s turn now."""
    return bool(state.order) and not state.active_gone and state.units[state.order[state.turn_idx]] is u


def roll(state: State, n: int, s: int) -> list[int]:
    """n dice of s sides."""
    return [state.rng.roll(s) for _ in range(n)]


def pay(u: Unit, cost: int, kind: str) -> str:
    """Special AP first (H-5), normal AP for the rest; spending AP ends a Move (F-14)."""
    if cost <= 0:
        return "0 AP"
    s = 0
    if (u.special == "rage" and kind == "attack") or (u.special == "support" and kind == "support"):
        s = min(u.special_ap, cost)
        u.special_ap -= s
    u.ap -= cost - s
    u.move_left = 0
    if s:
        label = "Rage" if u.special == "rage" else "Support"
        return f"{s} {label} AP + {cost - s} AP" if cost - s else f"{s} {label} AP"
    return f"{cost} AP"


def hostiles(state: State, u: Unit) -> list[Unit]:
    """The living participants of the other side."""
    return [o for o in state.units if o.side != u.side and not o.dead]


def in_order(state: State, units: list[Unit]) -> list[Unit]:
    """Participants sorted by the Initiative order (who is asked first, H-14)."""
    pos = {state.units[i].uid: k for k, i in enumerate(state.order)}
    return sorted(units, key=lambda o: pos.get(o.uid, 999))


def held_weapons(state: State, u: Unit) -> list[str]:
    """The weapons in hand, then an unarmed strike."""
    out = []
    for i in (u.main, u.off):
        if i and state.content.items[i].kind == "weapon" and i not in out:
            out.append(i)
    out.append("unarmed")
    return out
