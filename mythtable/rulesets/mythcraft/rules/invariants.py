"""What must hold in every MythCraft state between actions, checked by the tests and the fuzzers."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.rules.formulas import HEROES, reactive_cap
from mythtable.rulesets.mythcraft.rules.units import active
from mythtable.rulesets.mythcraft.state import MoveFrame, State


def check_invariants(state: State) -> list[str]:
    """Every broken invariant, in words (empty when all hold): pools never negative, HP within its
    maximum, the living on free squares of their own, dying only at 0 HP, exactly one of a decision and
    a result, a turn decision only for the active participant with no frame pending."""
    problems: list[str] = []
    seen: dict[tuple[int, int], str] = {}
    passing = {f.uid for f in state.stack if isinstance(f, MoveFrame)}  # moving through an ally's square
    for u in state.units:
        for name in ("ap", "reactive", "special_ap", "hp", "dp", "sp", "acts", "move_left"):
            if getattr(u, name) < 0:
                problems.append(f"{u.name}: {name} is negative ({getattr(u, name)})")
        if u.hp > u.max_hp:
            problems.append(f"{u.name}: HP {u.hp} over max {u.max_hp}")
        if u.kept > reactive_cap(u.level):
            problems.append(f"{u.name}: kept {u.kept} Reactive AP over the cap")
        if u.dead:
            if state.units.index(u) in state.order:
                problems.append(f"{u.name} is dead but still in the Initiative order")
            continue
        if (u.x, u.y) in state.board.walls:
            problems.append(f"{u.name} stands in a wall")
        if u.uid in passing:
            continue
        if (u.x, u.y) in seen:
            problems.append(f"{u.name} shares a square with {seen[(u.x, u.y)]}")
        seen[(u.x, u.y)] = u.name
        if u.dying and (u.hp != 0 or u.side != HEROES):
            problems.append(f"{u.name}: dying with HP {u.hp}")
        if u.side == HEROES and u.hp == 0 and not u.dying:
            problems.append(f"{u.name}: 0 HP but not dying")
        if u.dp >= 8:
            problems.append(f"{u.name}: {u.dp} DP but alive")
    d = state.decision
    if (d is None) == (state.result is None):
        problems.append("exactly one of a decision and a result must exist")
    if d is not None and d.kind in ("hero_turn", "creature_turn"):
        a = active(state)
        if a.side != d.seat:
            problems.append("the turn decision is not for the active participant's seat")
        if state.stack:
            problems.append("a turn decision is open while frames are pending")
    return problems
