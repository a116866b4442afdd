"""Limbo and the priority loop (M-33..M-36, H-5, H-6, H-21, H-22, H-25).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.mythicarium.rules.abilities import run_effects
from mythtable.rulesets.mythicarium.rules.combat import start_combat
from mythtable.rulesets.mythicarium.rules.common import can_exhaust, cdef, give_tag, name_of, say
from mythtable.rulesets.mythicarium.rules.resolution import start_damage
from mythtable.rulesets.mythicarium.rules.targets import has_target, valid_target
from mythtable.rulesets.mythicarium.rules.victory import check_win
from mythtable.rulesets.mythicarium.state import NO_TARGET, Item, State, Unit

COMBAT_TARGETS = frozenset({"own_combat_unit", "enemy_combat_unit"})
"""Target kinds that exist only while a combat runs: a card aimed at one is played in that combat's
Legendary Battle, where its text ("in this combat") has an effect (M-21, H-6)."""


MAIN_STAGES = frozenset({"maintenance1", "maintenance2"})
"""The stages whose window is a Maintenance window (any card may be played there by the active player)."""


def holds_priority(state: State, seat: int) -> bool:
    """Is `seat` the one to act in an open priority window (no target being chosen, no game over)?"""
    return state.step == "window" and state.choosing is None and state.result is None and state.priority == seat


def main_window(state: State, seat: int) -> tuple[bool, bool]:
    """(own Maintenance window with limbo empty, Legendary Battle open), whoever holds priority now."""
    main = seat == state.active and not state.limbo and state.stage in MAIN_STAGES
    return main, state.stage == "combat.legendary"


def _affords_card(state: State, seat: int, uid: int) -> bool:
    return state.content.cards[state.cards[uid]].xp <= state.players[seat].xp


def _card_timing(state: State, seat: int, uid: int) -> bool:
    """H-6: any card in the active player's Maintenance with limbo empty (M-12, M-13); a Legend also in the
    Legendary Battle (M-21; H-21: no limit per battle); Lightning whenever its player holds priority."""
    cd = state.content.cards[state.cards[uid]]
    main, legendary = main_window(state, seat)
    return cd.lightning or main or (legendary and cd.type == "Legend")


def _card_target(state: State, seat: int, uid: int) -> bool:
    """H-25: a non-unit card that needs a target has at least one."""
    cd = state.content.cards[state.cards[uid]]
    return cd.target == "none" or cd.is_unit or has_target(state, cd.target, seat, uid, cd.heals)


def _card_combat(state: State, seat: int, uid: int) -> bool:
    """A card aimed at a unit "in this combat" waits for a combat (M-21, H-6)."""
    cd = state.content.cards[state.cards[uid]]
    return not (cd.target in COMBAT_TARGETS and state.combat is None)


def _card_in_window(state: State, seat: int, uid: int) -> bool:
    return holds_priority(state, seat)


PlayCheck = tuple[str, Callable[[State, int, int], bool]]
PLAY_CHECKS: tuple[PlayCheck, ...] = (
    ("xp", _affords_card),
    ("not_main", _card_timing),
    ("combat_only", _card_combat),
    ("no_target", _card_target),
    ("not_priority_step", _card_in_window),
)
"""Every check a hand card must pass to be played now, in the order the first failing one is reported.
The option list (`priority_actions`) and the inspect panel both read this one list (`play_problem`)."""


def play_problem(state: State, seat: int, uid: int) -> str | None:
    """Why `seat` may not play hand card `uid` now (the code of the first failing check), or None."""
    for code, passes in PLAY_CHECKS:
        if not passes(state, seat, uid):
            return code
    return None


def _has_ability(state: State, seat: int, u: Unit) -> bool:
    return state.content.cards[u.card].ability is not None


def _affords_ability(state: State, seat: int, u: Unit) -> bool:
    ab = state.content.cards[u.card].ability
    return ab is not None and ab.xp <= state.players[seat].xp


def _not_downed(state: State, seat: int, u: Unit) -> bool:
    return not u.downed


def _ready(state: State, seat: int, u: Unit) -> bool:
    return not u.exhausted


def _not_sick(state: State, seat: int, u: Unit) -> bool:
    return can_exhaust(state, u)


def _ability_timing(state: State, seat: int, u: Unit) -> bool:
    """H-22: an ability that is not a Response is used only where a normal card could be played."""
    ab = state.content.cards[u.card].ability
    return ab is not None and (ab.response or main_window(state, seat)[0])


def _ability_target(state: State, seat: int, u: Unit) -> bool:
    cd = state.content.cards[u.card]
    ab = cd.ability
    if ab is None or cd.ability_target == "none":
        return True
    heals = all(e.op == "heal" for e in ab.effects if e.target != "none")
    return has_target(state, cd.ability_target, seat, u.uid, heals)


def _unit_in_window(state: State, seat: int, u: Unit) -> bool:
    return holds_priority(state, seat)


UseCheck = tuple[str, Callable[[State, int, Unit], bool]]
USE_CHECKS: tuple[UseCheck, ...] = (
    ("no_ability", _has_ability),
    ("xp", _affords_ability),
    ("downed", _not_downed),
    ("exhausted", _ready),
    ("sick", _not_sick),
    ("not_response", _ability_timing),
    ("no_target", _ability_target),
    ("not_priority_step", _unit_in_window),
)
"""Every check a unit's ability must pass to be used now (F-8, H-22, H-25), first failing reported."""


def use_problem(state: State, seat: int, u: Unit) -> str | None:
    """Why `seat` may not use unit `u`'s ability now (the code of the first failing check), or None."""
    for code, passes in USE_CHECKS:
        if not passes(state, seat, u):
            return code
    return None


def priority_actions(state: State) -> tuple[str, list[Action]] | None:
    """The kind of decision and the options of the seat with priority, or None when it can only pass (H-5)."""
    seat = state.priority
    p = state.players[seat]
    main, legendary = main_window(state, seat)
    acts: list[Action] = [("play", uid) for uid in p.hand if play_problem(state, seat, uid) is None]
    units = state.units
    acts.extend(("use", uid) for uid in p.lane if use_problem(state, seat, units[uid]) is None)
    if main:
        acts.append(("next",))
        return "main", acts
    if not acts:
        return None
    acts.append(("pass",))
    if state.limbo:
        return "respond", acts
    return ("legendary_battle" if legendary else "respond"), acts


def put_in_limbo(state: State, item: Item, events: list[Event]) -> None:
    """M-33: the card or ability goes face up into limbo; costs are paid now (H-25)."""
    p = state.players[item.owner]
    cd = cdef(state, item.uid)
    tgt = f" targeting {name_of(state, item.target)}" if item.target != NO_TARGET else ""
    if item.kind == "card":
        p.hand.remove(item.uid)
        p.xp -= cd.xp
        say(events, f"{p.name} plays {cd.name} ({cd.xp} XP){tgt}.", "play", reveals=True)
    else:
        ab = cd.ability
        assert ab is not None
        state.units[item.uid].exhausted = True  # F-8
        p.xp -= ab.xp
        say(events, f"{p.name} uses {cd.name}'s ability{tgt}.", "play")
    state.limbo.append(item)
    state.passes = 0
    state.priority = 1 - item.owner  # H-5 (a)


def pass_priority(state: State, events: list[Event]) -> None:
    """A pass: two in a row resolve limbo's top item (H-5 c) or close an empty window (H-5 d)."""
    state.passes += 1
    if state.passes >= 2:
        if state.limbo:  # H-5 (c)
            resolve_top(state, events)
            state.passes = 0
            state.priority = state.active
        else:  # H-5 (d)
            end_window(state, events)
    else:
        state.priority = 1 - state.priority


def end_window(state: State, events: list[Event]) -> None:
    """An empty window closed by two passes: on to combat, to damage, or to the Ending."""
    if state.stage == "maintenance1":
        start_combat(state, events)
    elif state.stage == "combat.legendary":
        start_damage(state, events)
    else:
        state.stage = "ending"
        state.step = "discard"


def resolve_top(state: State, events: list[Event]) -> None:
    """M-35: one item resolves, the last one in first (H-5)."""
    item = state.limbo.pop()
    seat = item.owner
    p = state.players[seat]
    cd = cdef(state, item.uid)
    if item.kind == "card":
        if cd.is_unit:
            u = Unit(item.uid, cd.id, seat, sick=True)  # F-11, H-24
            state.units[item.uid] = u
            give_tag(state, u)
            p.lane.append(item.uid)
            if state.combat is not None:  # M-45: played during the Combat Stage, it stays out of this combat
                state.combat.arrived.append(item.uid)
            say(events, f"{cd.name} enters {p.name}'s defense lane.")
            if cd.on_play:
                run_effects(state, cd.on_play, seat, item.target, item.uid, cd.heals, events)
        elif cd.type == "Equipment":  # H-13, H-28
            if valid_target(state, "own_champion", seat, item.target, item.uid, False):
                state.units[item.target].equipment.append(item.uid)
                state.equipped[item.uid] = item.target
                say(events, f"{cd.name} is attached to {name_of(state, item.target)}.")
            else:
                p.graveyard.append(item.uid)
                say(events, f"{cd.name} has no target left and goes to the graveyard (H-25).")
        else:  # Legend (H-21): its effect, then the graveyard
            run_effects(state, cd.on_play, seat, item.target, item.uid, cd.heals, events)
            p.graveyard.append(item.uid)
    else:
        ab = cd.ability
        assert ab is not None
        heals = all(e.op == "heal" for e in ab.effects if e.target != "none")
        run_effects(state, ab.effects, seat, item.target, item.uid, heals, events)
    check_win(state, events)
