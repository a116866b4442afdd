"""Card and ability effects as they resolve (M-5, H-18, H-25, H-32): one small function per effect op, in `OPS`.

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.content import Effect
from mythtable.rulesets.mythicarium.rules.common import cdef, eff_hp, name_of, say
from mythtable.rulesets.mythicarium.rules.damage import heal, kill, wound
from mythtable.rulesets.mythicarium.rules.targets import valid_target
from mythtable.rulesets.mythicarium.rules.turn import draw
from mythtable.rulesets.mythicarium.state import State, Unit

Op = Callable[[State, Effect, int, Unit | None, list[Event]], None]
"""(state, effect, seat using it, its target unit or None, events)."""


def _unit(u: Unit | None) -> Unit:
    assert u is not None
    return u


def _wound(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    u = _unit(target)
    placed = wound(state, u, e.amount)
    say(events, f"{name_of(state, u.uid)} suffers {placed} wound{'s' if placed != 1 else ''}.")
    if u.wounds >= eff_hp(state, u) and kill(state, u, events) and u.owner != seat:  # H-32: effect kills pay now
        p = state.players[seat]
        gain = cdef(state, u.uid).xp // 2
        p.xp += gain
        say(events, f"{p.name} gains {gain} XP for the kill.")


def _heal(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    heal(state, _unit(target), e.amount, events)


def _dp(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    u = _unit(target)
    u.dp_mod += e.amount
    say(events, f"{name_of(state, u.uid)} gets {e.amount:+d} DP until end of turn.")


def _hp(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    u = _unit(target)
    u.hp_mod += e.amount
    say(events, f"{name_of(state, u.uid)} gets {e.amount:+d} HP until end of turn.")


def _shield(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    u = _unit(target)
    u.shield += e.amount
    say(events, f"The next {e.amount} wounds to {name_of(state, u.uid)} this turn are prevented.")


def _ready(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    u = _unit(target)
    u.exhausted = False
    say(events, f"{name_of(state, u.uid)} is readied.")


def _draw(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    if state.turn == 1 and seat == state.first:  # M-5: the effect still resolves; its draw does nothing
        p = state.players[seat]
        say(events, f"{p.name} draws no card: whoever goes first draws nothing on their first turn (M-5).")
        return
    draw(state, seat, e.amount, events)


def _gain_xp(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    p = state.players[seat]
    p.xp += e.amount
    say(events, f"{p.name} gains {e.amount} XP.")


def _gain_vp(state: State, e: Effect, seat: int, target: Unit | None, events: list[Event]) -> None:
    p = state.players[seat]
    p.vp += e.amount
    say(events, f"{p.name} gains {e.amount} VP.")


OPS: dict[str, Op] = {
    "wound": _wound,
    "heal": _heal,
    "dp": _dp,
    "hp": _hp,
    "shield": _shield,
    "ready": _ready,
    "draw": _draw,
    "gain_xp": _gain_xp,
    "gain_vp": _gain_vp,
}
"""Effect op (content.Op) -> the function that carries it out."""


def run_effects(
    state: State,
    effects: tuple[Effect, ...] | list[Effect],
    seat: int,
    target: int,
    source: int,
    heals: bool,
    events: list[Event],
) -> None:
    """Carry out the effects in order; one whose target is no longer legal fizzles (H-25)."""
    for e in effects:
        u: Unit | None = None
        if e.target != "none":
            if not valid_target(state, e.target, seat, target, source, heals):
                say(events, "The effect has no target left and fizzles (H-25).")
                continue
            u = state.units[target]
        OPS[e.op](state, e, seat, u, events)
