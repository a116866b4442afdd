"""Lookups every rules module uses: constants, effective stats, names, the log helper, stage windows.

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.content import CardDef
from mythtable.rulesets.mythicarium.state import State, Unit

HAND_SIZE = 7
"""Cards in an opening hand (M-3)."""
WIN_VP = 20
"""Victory points that win the game (F-1)."""
ONE_STEP_BLOCK_LIMIT = 40
"""Above this many (blocker, attacker) pairs, blocking becomes two steps (choose a blocker first)."""
STAGE_LABELS = {
    "setup": "Starting Stage",
    "draw": "Draw Stage",
    "collection": "Collection Stage",
    "recovery": "Recovery Stage",
    "maintenance1": "Maintenance Stage I",
    "combat.attackers": "Combat: Declaration of Attackers",
    "combat.blockers": "Combat: Defender Declaration",
    "combat.legendary": "Combat: Legendary Battle",
    "combat.damage": "Combat: Damage Assignment",
    "combat.resolution": "Combat: Resolution",
    "maintenance2": "Maintenance Stage II",
    "ending": "Ending",
}


def cdef(state: State, uid: int) -> CardDef:
    """The card definition of card instance `uid`."""
    return state.content.cards[state.cards[uid]]


def eff_dp(state: State, u: Unit) -> int:
    """Effective DP: printed + equipment + temporary, never below 0 (H-31)."""
    cards = state.content.cards
    d = cards[u.card].dp + u.dp_mod
    for e in u.equipment:
        d += cards[state.cards[e]].dp
    return d if d > 0 else 0


def eff_hp(state: State, u: Unit) -> int:
    """Effective HP: printed + equipment + temporary, never below 0 (H-31)."""
    cards = state.content.cards
    h = cards[u.card].hp + u.hp_mod
    for e in u.equipment:
        h += cards[state.cards[e]].hp
    return h if h > 0 else 0


def round_dp(state: State, u: Unit) -> int:
    """DP in the current combat round, doubled by a Critical Hit 6 (H-10)."""
    d = eff_dp(state, u)
    c = state.combat
    if c is not None and u.uid in c.crits:
        d *= 2
    return d


def active_unit(state: State, uid: int) -> Unit | None:
    """The unit if it is on the battlefield and not downed (F-12 inactive)."""
    u = state.units.get(uid)
    if u is None or u.downed:
        return None
    return u


def can_exhaust(state: State, u: Unit) -> bool:
    """F-9, F-11, M-47, F-12: ready, not downed, and past summoning sickness unless Celerity."""
    if u.exhausted or u.downed:
        return False
    return not u.sick or state.content.cards[u.card].celerity


def name_of(state: State, uid: int) -> str:
    """The printed name of card instance `uid` (for the log)."""
    return cdef(state, uid).name


TAGS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def give_tag(state: State, u: Unit) -> None:
    """Give a unit entering play the first letter no other unit of its card in play holds (kept for its life)."""
    taken = {v.tag for v in state.units.values() if v.card == u.card and v.uid != u.uid}
    u.tag = next((t for t in TAGS if t not in taken), "")


def shown_tag(state: State, uid: int) -> str:
    """The unit's letter while another unit of the same card is in play (else "": its name says enough)."""
    u = state.units.get(uid)
    if u is None or not u.tag:
        return ""
    return u.tag if any(v.card == u.card and v.uid != uid for v in state.units.values()) else ""


def unit_name(state: State, uid: int) -> str:
    """The name of card `uid` and, for a unit in play with a look-alike, its letter: "Hound of the Wild Hunt B"."""
    tag = shown_tag(state, uid)
    return f"{name_of(state, uid)} {tag}" if tag else name_of(state, uid)


def in_combat(state: State, uid: int) -> bool:
    """Is this unit attacking or blocking in the current combat round."""
    c = state.combat
    return c is not None and (uid in c.blocks or uid in c.attackers)


def say(events: list[Event], text: str, kind: str = "info", seat: int | None = None, reveals: bool = False) -> None:
    """Append one log line (`seat` set: only that seat may read it)."""
    events.append(Event(text, seat, kind, reveals))


def open_window(state: State, stage: str) -> None:
    """Open the priority window of `stage`; the active player acts first (H-5)."""
    state.stage = stage
    state.step = "window"
    state.priority = state.active
    state.passes = 0
