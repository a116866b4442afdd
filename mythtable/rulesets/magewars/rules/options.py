"""The legal options of each decision: the Main phase (H-9, H-21..H-24), fast-casts (F-14, H-22, H-49),
attackers and targets (W-13..W-15), blockers (H-31, H-39) and the Attack step (W-27, W-29, W-34)."""

from __future__ import annotations

from mythtable.engine.decision import Action
from mythtable.rulesets.magewars.content import Info
from mythtable.rulesets.magewars.rules.queries import (
    DONE,
    can_block,
    fast_cast_on_top,
    is_unit_in_play,
    legal_targets,
    needs_target,
    sources,
    unit_targets,
    unmet,
)
from mythtable.rulesets.magewars.state import (
    LINES,
    Card,
    Combat,
    State,
)


def cast_problem(state: State, seat: int, d: Info, src: tuple[bool, dict[str, int]]) -> str | None:
    """Why `seat` may not cast (or perform, or turn face-up) card `d` now, speed and window aside:
    an unmet requirement (`unmet`, H-13) or no target for its effect ("no_target"); None when it may."""
    code = unmet(state, seat, d, src)
    if code is not None:
        return code
    if needs_target(d.effect) and not unit_targets(state, seat, d.effect.target):  # type: ignore[union-attr]
        return "no_target"
    return None


def fast_actions(state: State, seat: int) -> list[Action]:
    """What a seat holding priority may do at fast-cast speed (F-14, H-22, H-49)."""
    out: list[Action] = []
    p = state.players[seat]
    cards = state.cards
    src = sources(state, seat)
    for uid in p.hand:
        d = cards[uid].d
        if d.speed == "fast" and cast_problem(state, seat, d, src) is None:
            out.append(("cast", uid))
    if not fast_cast_on_top(state):  # H-22, but F-15: a fast-cast is answered by a fast-cast or an ability
        flip_actions(state, seat, src, out, units=True)
    ability_actions(state, seat, out, fast_only=True)
    return out


def flip_problem(state: State, seat: int, c: Card, src: tuple[bool, dict[str, int]], units: bool) -> str | None:
    """Why face-down card `c` may not be turned face-up now (H-22, W-29, W-34), or None."""
    d = c.d
    if d.type == "unit" and not units:
        return "flip_units_defender"
    code = unmet(state, seat, d, src)
    if code is not None:
        return code
    if d.type == "ritual" and needs_target(d.effect) and not unit_targets(state, seat, d.effect.target):  # type: ignore[union-attr]
        return "no_target"
    return None


def flip_actions(state: State, seat: int, src: tuple[bool, dict[str, int]], out: list[Action], units: bool) -> None:
    """H-22: a face-down card may be turned face-up when its requirements are met now."""
    p = state.players[seat]
    cards = state.cards
    for zone in (p.offensive, p.defensive, p.row):
        for uid in zone:
            c = cards[uid]
            if c.face_down and flip_problem(state, seat, c, src, units) is None:
                out.append(("flip", uid))


def ability_problem(state: State, seat: int, c: Card, fast_only: bool) -> str | None:
    """Why unit `c`'s ability may not be activated now (H-49, F-15), or None (also "no_ability")."""
    a = c.d.ability
    if a is None:
        return "no_ability"
    if c.face_down:
        return "face_down"
    if fast_only and not a.fast:
        return "ability_not_fast"
    if a.exhaust and c.exhausted:
        return "exhausted"
    if needs_target(a.effect) and not unit_targets(state, seat, a.effect.target):
        return "no_target"
    return None


def ability_actions(state: State, seat: int, out: list[Action], fast_only: bool) -> None:
    p = state.players[seat]
    cards = state.cards
    for uid in p.offensive + p.defensive:
        if ability_problem(state, seat, cards[uid], fast_only) is None:
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
            ok = unmet(state, seat, d, src) is None
            for ln in LINES:
                if ok:
                    out.append(("deploy", uid, ln))
                out.append(("deploy_down", uid, ln))
        elif t == "ritual":
            out.append(("set", uid))
            if cast_problem(state, seat, d, src) is None:
                out.append(("ritual", uid))
        elif cast_problem(state, seat, d, src) is None:
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


def attack_problem(state: State, cb: Combat, c: Card) -> str | None:
    """Why unit `c` on the attacker's Offensive Line may not attack (or counter-attack) now, or None
    (H-18, H-19, H-20, H-37); it then attacks any line or Hero `legal_targets` allows (W-18..W-26)."""
    if c.face_down:
        return "face_down"
    if c.exhausted:
        return "exhausted"
    if not cb.counter and c.entered == state.turn:  # H-19
        return "new_this_turn"
    if cb.counter and c.uid in cb.blockers_used:  # H-37
        return "blocked_no_counter"
    return None


def attack_problems(state: State, seat: int) -> dict[str, int]:
    """Why no unit of `seat` could attack in a combat declared now: reason code -> how many units it
    holds back ("no_unit": none in play); empty when one could (`attack_problem` on a fresh combat). A
    combat declared with this non-empty finds no attacker: "Declare combat" then says why (W-13, W-15)."""
    p = state.players[seat]
    probe = Combat(counter=False, atk=seat, dfn=1 - seat)
    reasons: dict[str, int] = {}
    for uid in p.offensive:
        code = attack_problem(state, probe, state.cards[uid])
        if code is None:
            return {}
        reasons[code] = reasons.get(code, 0) + 1
    defensive_reasons(state, seat, reasons)
    return reasons or {"no_unit": 0}


def defensive_reasons(state: State, seat: int, reasons: dict[str, int]) -> None:
    """Adds the Defensive Line's cards to `reasons`: a face-up unit there may not attack (W-15); a face-down
    card is no unit at all (H-20), wherever it lies."""
    for uid in state.players[seat].defensive:
        code = "face_down" if state.cards[uid].face_down else "defensive_line"
        reasons[code] = reasons.get(code, 0) + 1


def counter_attackers(state: State, seat: int) -> int:
    """How many units of the other side could counter-attack a combat `seat` declared now (W-3, H-37):
    its ready face-up units on its Offensive Line (none of them has blocked yet)."""
    other = 1 - seat
    return sum(
        1
        for uid in state.players[other].offensive
        if attack_problem(state, _counter_probe(seat), state.cards[uid]) is None
    )


def _counter_probe(seat: int) -> Combat:
    return Combat(counter=True, atk=1 - seat, dfn=seat)


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
        if attack_problem(state, cb, c) is not None:
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


def block_problem(state: State, cb: Combat, c: Card) -> str | None:
    """Why face-up unit `c` of the defender may not block now (H-18, H-31, H-39, H-45), or None."""
    if c.face_down:
        return "face_down"
    if cb.counter and c.uid in cb.attacked:  # H-39 (checked first: attacking also exhausted it)
        return "attacked_no_block"
    if c.exhausted:
        return "exhausted"
    if not blocker_candidates(state, cb, c):
        return "aerial_attackers"  # H-45 (O-3)
    return None


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
        if block_problem(state, cb, c) is None:
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
        if d.type == "ritual" and cast_problem(state, seat, d, src) is None:
            out.append(("ritual", uid))
    out.append(DONE)
    return out
