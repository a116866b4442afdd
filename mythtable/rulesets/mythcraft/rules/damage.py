"""Damage (H-9), dying (F-22), death and healing."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythcraft.rules.formulas import CREATURES, DEATH_DP, HEROES
from mythtable.rulesets.mythcraft.state import INDEFINITE, State, Unit


def damage(state: State, u: Unit, amount: int, dtype: str, events: list[Event], attack: bool = True) -> int:
    """H-9: Immune and DR first (Vulnerable overrides both); massive damage before clamping."""
    if u.dead:
        return 0
    if dtype not in u.vuln:
        if dtype in u.immune:
            events.append(Event(f"{u.name} is immune to {dtype} damage."))
            return 0
        amount = max(0, amount - u.dr)
    if amount <= 0:
        return 0
    before = u.hp
    if u.side == HEROES:
        massive = before - amount <= -u.max_hp
        if before == 0:
            u.dp += 2 + (4 if massive else 0)
            events.append(
                Event(f"{u.name} takes {amount} {dtype} damage while dying: +{2 + (4 if massive else 0)} DP ({u.dp}).")
            )
        else:
            u.hp = max(0, before - amount)
            events.append(Event(f"{u.name} takes {amount} {dtype} damage (HP {before} -> {u.hp})."))
            if massive:
                u.dp += 4
                events.append(Event(f"Massive damage: {u.name} gains 4 DP ({u.dp})."))
            if u.hp == 0:
                fall_dying(state, u, events)
        if u.dp >= DEATH_DP:
            kill(state, u, events)
    else:
        u.hp = max(0, before - amount)
        events.append(Event(f"{u.name} takes {amount} {dtype} damage (HP {before} -> {u.hp})."))
        if u.hp == 0:
            kill(state, u, events)
    return amount


def fall_dying(state: State, u: Unit, events: list[Event]) -> None:
    """A hero at 0 HP falls Prone and is dying (F-22): no AP, no move, its grapples end."""
    state.casualties += 1
    u.dying = True
    u.ap = u.reactive = u.special_ap = 0
    u.move_left = 0
    u.conds["prone"] = [0, INDEFINITE, ""]
    for o in state.units:
        g = o.conds.get("grappled")
        if g and g[2] == u.uid:
            del o.conds["grappled"]
    events.append(Event(f"{u.name} drops to 0 HP, falls Prone and is dying.", kind="death"))


def kill(state: State, u: Unit, events: list[Event]) -> None:
    """Death: out of the Initiative order (its turn ends if it was the active one), its grapples end."""
    state.casualties += 1
    state.moved += 1
    u.dead = True
    u.dying = False
    u.hp = 0
    u.ap = u.reactive = u.special_ap = 0
    i = state.units.index(u)
    if i in state.order:
        pos = state.order.index(i)
        state.order.pop(pos)
        if pos < state.turn_idx:
            state.turn_idx -= 1
        elif pos == state.turn_idx and not state.active_gone and state.result is None:
            state.active_gone = True
    for o in state.units:
        g = o.conds.get("grappled")
        if g and g[2] == u.uid:
            del o.conds["grappled"]
    u.conds.clear()
    if u.side == CREATURES:
        events.append(Event(f"{u.name} dies and leaves the battlefield.", kind="death"))
    else:
        events.append(Event(f"{u.name} dies.", kind="death"))


def heal(state: State, u: Unit, amount: int, events: list[Event]) -> None:
    """Regain HP up to the maximum; a dying hero above 0 HP is no longer dying; healing stops Bleeding."""
    before = u.hp
    u.hp = min(u.max_hp, u.hp + amount)
    events.append(Event(f"{u.name} regains {u.hp - before} HP (HP {before} -> {u.hp})."))
    if u.dying and u.hp > 0:
        u.dying = False
        events.append(Event(f"{u.name} is no longer dying (stays Prone, keeps {u.dp} DP)."))
    if "bleeding" in u.conds:
        del u.conds["bleeding"]
        events.append(Event(f"{u.name} stops bleeding."))
