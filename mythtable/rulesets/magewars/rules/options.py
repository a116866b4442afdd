"""The legal options of each decision: the Main phase (H-9, H-21..H-24), fast-casts (F-14, H-22, H-49),
attackers and targets (W-13..W-15), blockers (H-31, H-39) and the Attack step (W-27, W-29, W-34)."""

from __future__ import annotations

from mythtable.engine.decision import Action
from mythtable.rulesets.magewars.rules.queries import (
    DONE,
    can_block,
    is_unit_in_play,
    legal_targets,
    meets,
    needs_target,
    sources,
    unit_targets,
)
from mythtable.rulesets.magewars.state import (
    LINES,
    Card,
    Combat,
    State,
)


def fast_actions(state: State, seat: int) -> list[Action]:
    """What a seat holding priority may do at fast-cast speed (F-14, H-22, H-49)."""
    out: list[Action] = []
    p = state.players[seat]
    cards = state.cards
    src = sources(state, seat)
    for uid in p.hand:
        c = cards[uid]
        d = c.d
        if (
            d.speed == "fast"
            and meets(state, seat, d, src)
            and (
                not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
            )
        ):
            out.append(("cast", uid))
    if not state.stack:  # F-15: only fast-casts and activated abilities answer a spell (over H-22)
        flip_actions(state, seat, src, out, units=True)
    ability_actions(state, seat, out, fast_only=True)
    return out


def flip_actions(state: State, seat: int, src: tuple[bool, dict[str, int]], out: list[Action], units: bool) -> None:
    """H-22: a face-down card may be turned face-up when its requirements are met now."""
    p = state.players[seat]
    cards = state.cards
    for zone in (p.offensive, p.defensive, p.row):
        for uid in zone:
            c = cards[uid]
            if not c.face_down:
                continue
            d = c.d
            if d.type == "unit" and not units:
                continue
            if not meets(state, seat, d, src):
                continue
            if d.type == "ritual" and needs_target(d.effect) and not unit_targets(state, seat, d.effect.target):  # type: ignore[union-attr]
                continue
            out.append(("flip", uid))


def ability_actions(state: State, seat: int, out: list[Action], fast_only: bool) -> None:
    p = state.players[seat]
    cards = state.cards
    for uid in p.offensive + p.defensive:
        c = cards[uid]
        a = c.d.ability
        if a is None or c.face_down:
            continue
        if fast_only and not a.fast:
            continue
        if a.exhaust and c.exhausted:
            continue
        if needs_target(a.effect) and not unit_targets(state, seat, a.effect.target):
            continue
        out.append(("ability", uid))


def main_actions(state: State) -> list[Action]:
    """The active player's Main-phase options with an empty stack (H-9, H-21, H-22, H-23, H-24)."""
    seat = state.active
    p = state.players[seat]
    cards = state.cards
    src = sources(state, seat)
    out: list[Action] = []
    for uid in p.hand:
        d = cards[uid].d
        t = d.type
        if t == "resource" or t == "holding":
            if not p.laid:
                out.append(("lay", uid))
                out.append(("set", uid))
        elif t == "unit":
            ok = meets(state, seat, d, src)
            for ln in LINES:
                if ok:
                    out.append(("deploy", uid, ln))
                out.append(("deploy_down", uid, ln))
        elif t == "ritual":
            out.append(("set", uid))
            if meets(state, seat, d, src) and (
                not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
            ):
                out.append(("ritual", uid))
        elif meets(state, seat, d, src) and (
            not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
        ):
            out.append(("cast", uid))
    flip_actions(state, seat, src, out, units=True)
    ability_actions(state, seat, out, fast_only=False)
    if not p.moved:
        for uid in p.offensive + p.defensive:
            if not cards[uid].face_down:
                out.append(("move", uid))
    if not state.combat_done:
        out.append(("combat",))
    out.append(("end",))
    return out


def attacker_actions(state: State, cb: Combat) -> list[Action]:
    """Declaration (W-13..W-15) or counter-attack (H-37, H-38): attacker+target pairs."""
    seat = cb.atk
    cards = state.cards
    declared = {a.attacker for a in cb.attacks}
    out: list[Action] = []
    for uid in state.players[seat].offensive:
        c = cards[uid]
        if uid in declared:
            out.append(("withdraw", uid))
            continue
        if c.face_down or c.exhausted:
            continue
        if not cb.counter and c.entered == state.turn:  # H-19
            continue
        if cb.counter and uid in cb.blockers_used:  # H-37
            continue
        for ln, hero in legal_targets(state, c, cb.dfn):
            out.append(("attack", uid, "hero", hero) if hero >= 0 else ("attack", uid, "line", ln))
    out.append(DONE)
    return out


def blocker_candidates(state: State, cb: Combat, blocker: Card) -> list[Action]:
    out: list[Action] = []
    cards = state.cards
    for a in cb.attacks:
        if is_unit_in_play(state, a.attacker) and can_block(blocker, cards[a.attacker]):
            out.append(("unit", a.attacker))
    return out


def block_actions(state: State, cb: Combat) -> list[Action]:
    """H-31 / H-39: ready face-up units block; counter blockers must not have attacked."""
    out: list[Action] = []
    cards = state.cards
    blocking = {b for a in cb.attacks for b in a.blockers}
    p = state.players[cb.dfn]
    for uid in p.offensive + p.defensive:
        c = cards[uid]
        if c.face_down:
            continue
        if uid in blocking:
            out.append(("unblock", uid))
            continue
        if c.exhausted or (cb.counter and uid in cb.attacked):
            continue
        if blocker_candidates(state, cb, c):
            out.append(("block", uid))
    return out


def attack_step_actions(state: State, cb: Combat, seat: int) -> list[Action]:
    """W-27, W-29, W-34: defender blocks and flips; either side may use face-down Rituals."""
    out: list[Action] = []
    src = sources(state, seat)
    flips: list[Action] = []
    flip_actions(state, seat, src, flips, units=seat == cb.dfn)
    if seat == cb.dfn:
        out.extend(block_actions(state, cb))
        # W-29: face-down units; W-34: Rituals. Resources and Holdings wait for a priority window.
        out.extend(a for a in flips if state.cards[int(a[1])].d.type in ("unit", "ritual"))
    else:
        out.extend(a for a in flips if state.cards[int(a[1])].d.type == "ritual")
    # W-34 / H-22: a Ritual may also be played from hand, with its requirements met now
    cards = state.cards
    for uid in state.players[seat].hand:
        d = cards[uid].d
        if (
            d.type == "ritual"
            and meets(state, seat, d, src)
            and (not needs_target(d.effect) or unit_targets(state, seat, d.effect.target))  # type: ignore[union-attr]
        ):
            out.append(("ritual", uid))
    out.append(DONE)
    return out
