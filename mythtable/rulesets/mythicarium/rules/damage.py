"""Wounds, kills and healing (F-12, F-13, H-18, H-32).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.rules.common import eff_hp, name_of, say
from mythtable.rulesets.mythicarium.state import State, Unit


def wound(state: State, u: Unit, n: int) -> int:
    """Put n wounds on u, minus prevention shields; returns the wounds actually placed."""
    if u.shield:
        stop = min(u.shield, n)
        u.shield -= stop
        n -= stop
    u.wounds += n
    return n


def kill(state: State, u: Unit, events: list[Event]) -> bool:
    """Kill a unit at 0 remaining HP: a Champion is downed (F-12), others destroyed (F-13).

    Returns True when kill XP may be due (an Ally or Minion, M-29; H-27 for Champions)."""
    cd = state.content.cards[u.card]
    if cd.is_champion:
        u.downed = True
        u.wounds = eff_hp(state, u)
        say(events, f"{cd.name} is knocked down.")
        return False
    p = state.players[u.owner]
    p.lane.remove(u.uid)
    del state.units[u.uid]
    p.graveyard.append(u.uid)
    say(events, f"{cd.name} is destroyed.")
    return True


def heal(state: State, u: Unit, n: int, events: list[Event]) -> None:
    """H-18: remove up to n wounds; a downed Champion below its HP again returns exhausted."""
    n = min(n, u.wounds)
    u.wounds -= n
    say(events, f"{name_of(state, u.uid)} heals {n} wound{'s' if n != 1 else ''}.")
    if u.downed and u.wounds < eff_hp(state, u):
        u.downed = False
        u.exhausted = True
        say(events, f"{name_of(state, u.uid)} gets back up, exhausted.")
