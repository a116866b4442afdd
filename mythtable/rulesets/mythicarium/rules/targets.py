"""Who a card or ability may target (H-18, H-25).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.rulesets.mythicarium.rules.common import cdef, in_combat
from mythtable.rulesets.mythicarium.state import Item, State


def valid_target(state: State, kind: str, seat: int, uid: int, source: int, heals: bool) -> bool:
    """May `seat` aim an effect of kind `kind` from `source` at unit `uid` (H-18: a heal needs a wounded unit)."""
    u = state.units.get(uid)
    if u is None:
        return False
    if kind == "self":
        return uid == source and not u.downed
    if kind == "own_champion":
        return u.owner == seat and not u.downed and state.content.cards[u.card].is_champion
    if heals:
        if u.wounds == 0:  # H-18: healing targets a wounded unit
            return False
    elif u.downed:
        return False
    if kind == "own_unit":
        return u.owner == seat
    if kind == "enemy_unit":
        return u.owner != seat
    if kind == "own_combat_unit":
        return u.owner == seat and in_combat(state, uid)
    if kind == "enemy_combat_unit":
        return u.owner != seat and in_combat(state, uid)
    return False


def targets(state: State, kind: str, seat: int, source: int, heals: bool) -> list[int]:
    """Every legal target, the seat's own units first, in lane order."""
    if kind == "self":
        return [source] if valid_target(state, kind, seat, source, source, heals) else []
    out = []
    for p in (seat, 1 - seat):
        for uid in state.players[p].lane:
            if valid_target(state, kind, seat, uid, source, heals):
                out.append(uid)
    return out


def has_target(state: State, kind: str, seat: int, source: int, heals: bool) -> bool:
    """Is there at least one legal target (a card or ability without one cannot be played, H-25)."""
    if kind == "self":
        return valid_target(state, kind, seat, source, source, heals)
    for p in (seat, 1 - seat):
        for uid in state.players[p].lane:
            if valid_target(state, kind, seat, uid, source, heals):
                return True
    return False


def item_target_kind(state: State, item: Item) -> tuple[str, bool]:
    """The target kind of a play or ability, and whether it only heals."""
    cd = cdef(state, item.uid)
    if item.kind == "card":
        return cd.target, cd.heals
    ab = cd.ability
    assert ab is not None
    return cd.ability_target, all(e.op == "heal" for e in ab.effects if e.target != "none")
