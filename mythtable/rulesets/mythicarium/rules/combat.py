"""The Combat Stage up to the Legendary Battle (M-15..M-21, M-31, M-32, M-45, F-7, F-10, H-9, H-12, H-17, H-23).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.rules.common import can_exhaust, name_of, open_window, say
from mythtable.rulesets.mythicarium.state import Combat, State, Unit


def start_combat(state: State, events: list[Event]) -> None:
    """The Combat Stage begins (M-15); never on the very first turn of the game (M-6)."""
    state.stage = "combat.attackers"
    if state.turn == 1:  # M-6
        say(events, f"{state.players[state.active].name} cannot attack on the first turn.")
        open_window(state, "maintenance2")
        return
    state.combat = Combat(1)
    state.step = "attackers"


def attack_problem(state: State, u: Unit) -> str | None:
    """Why this unit may not attack now (a code from `PROBLEMS`), or None: ready in round 1 (F-7, F-11,
    M-47); in round 2 only a Double Assault unit that attacked once (H-12). Never a unit that arrived
    during this Combat Stage (M-45)."""
    c = state.combat
    assert c is not None
    if u.downed:
        return "downed"
    if u.uid in c.arrived:  # M-45
        return "arrived_in_combat"
    if c.round == 1:
        if can_exhaust(state, u):  # F-7, F-11, M-47
            return None
        return "exhausted" if u.exhausted else "sick"
    if not state.content.cards[u.card].double_assault:  # H-12
        return "second_round"
    return None if u.attacks == 1 else "no_second_attack"


def attack_eligible(state: State, u: Unit) -> bool:
    """May this unit attack now (see `attack_problem`)."""
    return attack_problem(state, u) is None


def block_problem(state: State, u: Unit, live_attackers: list[tuple[int, bool]]) -> str | None:
    """Why this defender may not block now (a code from `PROBLEMS`), or None (F-10, H-17, M-45)."""
    c = state.combat
    assert c is not None
    if u.uid in c.arrived:  # M-45: arrived during this Combat Stage
        return "arrived_in_combat"
    if u.downed:
        return "downed"
    if u.exhausted:
        return "exhausted_block"
    if live_attackers and not state.content.cards[u.card].magical and all(am for _, am in live_attackers):
        return "magical_attackers"  # M-31, M-32, H-17
    return None


def live_attackers(state: State) -> list[tuple[int, bool]]:
    """The attackers still standing, each with whether it deals Magical damage."""
    c = state.combat
    assert c is not None
    cards = state.content.cards
    units = state.units
    return [(a, cards[units[a].card].magical) for a in c.attackers if a in units and not units[a].downed]


def end_combat(state: State) -> None:
    """The Combat Stage ends; Maintenance Stage II opens its priority window (M-13)."""
    state.combat = None
    open_window(state, "maintenance2")


def finish_attackers(state: State, events: list[Event]) -> None:
    """Attackers exhaust and are announced (F-7, M-16, M-17, H-9); none declared ends the combat."""
    c = state.combat
    assert c is not None
    p = state.players[state.active]
    if not c.attackers:
        say(events, f"{p.name} declares no attackers.")
        end_combat(state)
        return
    for uid in c.attackers:
        u = state.units[uid]
        u.exhausted = True  # F-7
        u.attacks += 1
    names = ", ".join(name_of(state, a) for a in c.attackers)
    rnd = " (second round, Double Assault)" if c.round == 2 else ""
    say(events, f"{p.name} attacks {state.players[1 - state.active].name} with {names}{rnd}.")  # M-16, M-17, H-9
    state.stage = "combat.blockers"
    state.step = "blockers"


def block_pairs(state: State) -> tuple[list[int], list[tuple[int, int]]]:
    """Ready defenders not yet blocking, and every legal (blocker, attacker) pair (F-10, H-17, H-23, M-45)."""
    c = state.combat
    assert c is not None
    cards = state.content.cards
    units = state.units
    free: list[int] = []
    pairs: list[tuple[int, int]] = []
    attackers = live_attackers(state)
    for uid in state.players[1 - state.active].lane:
        if uid in c.blocks:
            continue
        u = units[uid]
        if block_problem(state, u, attackers) is not None:
            continue
        bm = cards[u.card].magical
        legal = [(uid, a) for a, am in attackers if bm or not am]  # M-31, M-32, H-17
        if legal:
            free.append(uid)
            pairs.extend(legal)
    return free, pairs


def finish_blockers(state: State, events: list[Event]) -> None:
    """Blocks are announced; the Legendary Battle window opens (M-21, H-6)."""
    c = state.combat
    assert c is not None
    d = state.players[1 - state.active]
    if c.blocks:
        for b, a in c.blocks.items():
            say(events, f"{d.name} blocks {name_of(state, a)} with {name_of(state, b)}.")
    else:
        say(events, f"{d.name} declares no blockers.")
    open_window(state, "combat.legendary")  # M-21, H-6


def live_blockers(state: State, attacker: int) -> list[int]:
    """The blockers of `attacker` still on the battlefield and not downed, in declaration order."""
    c = state.combat
    assert c is not None
    units = state.units
    return [b for b, a in c.blocks.items() if a == attacker and b in units and not units[b].downed]
