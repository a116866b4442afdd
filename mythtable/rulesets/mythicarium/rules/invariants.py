"""What must hold in every state (tests and the property checks call `check_invariants` after each action)."""

from __future__ import annotations

from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS, cdef, eff_hp
from mythtable.rulesets.mythicarium.state import State


def check_invariants(state: State) -> list[str]:
    """Every broken invariant, in words (an empty list when the state is sound)."""
    problems: list[str] = []
    seen: dict[int, str] = {}

    def put(uid: int, zone: str) -> None:
        if uid in seen:
            problems.append(f"card {uid} is in {seen[uid]} and in {zone}")
        seen[uid] = zone

    for i, p in enumerate(state.players):
        for uid in p.deck:
            put(uid, f"deck {i}")
        for uid in p.hand:
            put(uid, f"hand {i}")
        for uid in p.graveyard:
            put(uid, f"graveyard {i}")
        for uid in p.lane:
            put(uid, f"lane {i}")
            u = state.units.get(uid)
            if u is None:
                problems.append(f"lane {i} lists {uid} with no unit")
                continue
            if u.owner != i:
                problems.append(f"unit {uid} on lane {i} has owner {u.owner}")
            for e in u.equipment:
                put(e, f"equipment of {uid}")
            c = cdef(state, uid)
            if u.wounds < 0:
                problems.append(f"unit {uid} has negative wounds")
            if u.downed and not c.is_champion:
                problems.append(f"non-Champion {uid} is downed")
            if c.is_champion and u.sick:
                problems.append(f"Champion {uid} is summoning sick")
            if not u.downed and u.wounds >= eff_hp(state, u) and state.stage != "combat.damage":
                problems.append(f"unit {uid} should be dead ({u.wounds} wounds)")
        if p.xp < 0:
            problems.append(f"player {i} has negative XP")
        if p.vp < 0:
            problems.append(f"player {i} has negative VP")
        champs = sum(1 for uid in p.lane if cdef(state, uid).is_champion)
        if champs != 3:
            problems.append(f"player {i} has {champs} Champions on the lane")
    for it in state.limbo:
        if it.kind == "card":
            put(it.uid, "limbo")
    if len(seen) != len(state.cards):
        problems.append(f"{len(state.cards) - len(seen)} cards are in no zone")
    if set(state.units) != {uid for p in state.players for uid in p.lane}:
        problems.append("units and lanes disagree")
    if (state.decision is None) == (state.result is None):
        problems.append("exactly one of decision / result must be set")
    if state.stage not in STAGE_LABELS:
        problems.append(f"unknown stage {state.stage!r}")
    return problems
