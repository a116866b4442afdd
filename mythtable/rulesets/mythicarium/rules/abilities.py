"""Card and ability effects as they resolve (H-18, H-25, H-32).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml)."""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.content import Effect
from mythtable.rulesets.mythicarium.rules.common import (
    cdef,
    eff_hp,
    name_of,
    say,
)
from mythtable.rulesets.mythicarium.rules.damage import heal, kill, wound
from mythtable.rulesets.mythicarium.rules.targets import valid_target
from mythtable.rulesets.mythicarium.rules.turn import draw
from mythtable.rulesets.mythicarium.state import State, Unit


def run_effects(
    state: State,
    effects: tuple[Effect, ...] | list[Effect],
    seat: int,
    target: int,
    source: int,
    heals: bool,
    events: list[Event],
) -> None:
    p = state.players[seat]
    for e in effects:
        u: Unit | None = None
        if e.target != "none":
            if not valid_target(state, e.target, seat, target, source, heals):
                say(events, "The effect has no target left and fizzles (H-25).")
                continue
            u = state.units[target]
        op = e.op
        if op == "wound":
            assert u is not None
            placed = wound(state, u, e.amount)
            say(events, f"{name_of(state, u.uid)} suffers {placed} wound{'s' if placed != 1 else ''}.")
            if (
                u.wounds >= eff_hp(state, u) and kill(state, u, events) and u.owner != seat
            ):  # H-32: effect kills pay now
                gain = cdef(state, u.uid).xp // 2
                p.xp += gain
                say(events, f"{p.name} gains {gain} XP for the kill.")
        elif op == "heal":
            assert u is not None
            heal(state, u, e.amount, events)
        elif op == "dp":
            assert u is not None
            u.dp_mod += e.amount
            say(events, f"{name_of(state, u.uid)} gets {e.amount:+d} DP until end of turn.")
        elif op == "hp":
            assert u is not None
            u.hp_mod += e.amount
            say(events, f"{name_of(state, u.uid)} gets {e.amount:+d} HP until end of turn.")
        elif op == "shield":
            assert u is not None
            u.shield += e.amount
            say(events, f"The next {e.amount} wounds to {name_of(state, u.uid)} this turn are prevented.")
        elif op == "ready":
            assert u is not None
            u.exhausted = False
            say(events, f"{name_of(state, u.uid)} is readied.")
        elif op == "draw":
            draw(state, seat, e.amount, events)
        elif op == "gain_xp":
            p.xp += e.amount
            say(events, f"{p.name} gains {e.amount} XP.")
        elif op == "gain_vp":
            p.vp += e.amount
            say(events, f"{p.name} gains {e.amount} VP.")
