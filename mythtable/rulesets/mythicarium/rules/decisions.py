"""The decision of each step: `STEPS` (the driver, `advance`, is in flow.py) and the auto-pass window.

Each step of the state machine (`state.step`) has one function in `STEPS` that either returns the
decision to park on or, when nobody has a choice, takes the step itself and returns None (H-5:
a seat with no legal response passes automatically). Clause IDs refer to the in-app rules reference
(assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.autopass import Window
from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.mythicarium.rules.combat import (
    attack_eligible,
    block_pairs,
    finish_attackers,
    finish_blockers,
    live_blockers,
)
from mythtable.rulesets.mythicarium.rules.common import ONE_STEP_BLOCK_LIMIT, STAGE_LABELS, name_of, unit_name
from mythtable.rulesets.mythicarium.rules.priority import pass_priority, priority_actions
from mythtable.rulesets.mythicarium.rules.targets import item_target_kind, targets
from mythtable.rulesets.mythicarium.rules.turn import end_turn
from mythtable.rulesets.mythicarium.state import NO_TARGET, State

Step = Callable[[State, list[Event]], Decision | None]


def _window(state: State, events: list[Event]) -> Decision | None:
    """A priority window (M-33..M-36, H-5, H-6), or the target of a card or ability being played."""
    ch = state.choosing
    if ch is not None:
        kind, heals = item_target_kind(state, ch)
        acts: list[Action] = [("target", t) for t in targets(state, kind, ch.owner, ch.uid, heals)]
        acts.append(("cancel",))
        what = unit_name(state, ch.uid)
        dk = "heal_target" if heals else "choose_target"
        return Decision(ch.owner, dk, f"Choose a target for {what}", acts)
    pa = priority_actions(state)
    if pa is None:
        pass_priority(state, events)
        return None
    kind, acts = pa
    p = state.players[state.priority]
    if kind == "main":
        label = STAGE_LABELS[state.stage]
        prompt = f"{p.name}, {label}: play a card, use an ability, or move on"
    elif kind == "legendary_battle":
        prompt = f"{p.name}: play a Legend or pass"
    else:
        top = f" to {name_of(state, state.limbo[-1].uid)}" if state.limbo else ""
        prompt = f"{p.name}: respond{top} or pass"
    return Decision(state.priority, kind, prompt, acts)


def _attackers(state: State, events: list[Event]) -> Decision | None:
    """Declaration of Attackers (M-16, M-17); nothing can attack: the declaration is empty."""
    c = state.combat
    assert c is not None
    acts: list[Action] = []
    for uid in state.players[state.active].lane:
        if uid in c.attackers or attack_eligible(state, state.units[uid]):
            acts.append(("attack", uid))
    if not acts:
        finish_attackers(state, events)
        return None
    acts.append(("done",))
    return Decision(state.active, "declare_attackers", f"{state.players[state.active].name}: declare attackers", acts)


def _blockers(state: State, events: list[Event]) -> Decision | None:
    """Defender Declaration (M-18..M-20): one step per (blocker, attacker) pair, or two when there are many."""
    c = state.combat
    assert c is not None
    seat = 1 - state.active
    name = state.players[seat].name
    acts: list[Action]
    if c.selected != NO_TARGET:
        b = c.selected
        acts = [("block", b, a) for bb, a in block_pairs(state)[1] if bb == b]
        acts.append(("back",))
        return Decision(seat, "declare_blockers", f"{name}: which attacker does {unit_name(state, b)} block?", acts)
    free, pairs = block_pairs(state)
    if not pairs and not c.blocks:
        finish_blockers(state, events)
        return None
    one_step = len(pairs) <= ONE_STEP_BLOCK_LIMIT
    acts = [("block", b, a) for b, a in pairs] if one_step else [("blocker", b) for b in free]
    acts.extend(("unblock", b) for b in c.blocks)
    acts.append(("done",))
    return Decision(seat, "declare_blockers", f"{name}: declare blockers", acts)


def _assign(state: State, events: list[Event]) -> Decision | None:
    """H-7: the attacking player places a blocked attacker's wounds one at a time."""
    c = state.combat
    assert c is not None
    a = c.queue[0]
    acts: list[Action] = [("wound", b) for b in live_blockers(state, a)]
    return Decision(
        state.active,
        "assign_wounds",
        f"{state.players[state.active].name}: place {unit_name(state, a)}'s wounds ({c.left} left)",
        acts,
    )


def _discard(state: State, events: list[Event]) -> Decision | None:
    """F-5: discard down to the hand limit, then the turn ends."""
    p = state.players[state.active]
    if len(p.hand) > p.hand_limit:
        acts: list[Action] = [("discard", uid) for uid in p.hand]
        return Decision(state.active, "discard", f"{p.name}: discard down to {p.hand_limit} cards", acts)
    end_turn(state, events)
    return None


def _first_player(state: State, events: list[Event]) -> Decision | None:
    """M-4: the winner of the roll chooses who goes first."""
    w = state.dice_winner
    return Decision(
        w, "first_player", f"{state.players[w].name}: who takes the first turn?", [("first", 0), ("first", 1)]
    )


STEPS: dict[str, Step] = {
    "window": _window,
    "attackers": _attackers,
    "blockers": _blockers,
    "assign": _assign,
    "discard": _discard,
    "first_player": _first_player,
}
"""`state.step` -> the function that finds its decision."""


OWN_ONLY_KINDS = frozenset(
    {
        "main",
        "legendary_battle",
        "declare_attackers",
        "declare_blockers",
        "assign_wounds",
        "discard",
        "first_player",
        "choose_target",
        "heal_target",
    }
)
"""Decisions only the deciding seat can make (its own turn, blocks, the Legendary Battle, wounds, ...)."""


def decision_window(state: State) -> Window | None:
    """The open decision as an auto-pass window (engine/autopass.py), from public information only."""
    d = state.decision
    if d is None:
        return None
    seat = d.seat
    top = state.limbo[-1] if state.limbo else None
    targeted = False
    if top is not None and top.owner != seat and top.target != NO_TARGET:
        unit = state.units.get(top.target)
        targeted = unit is not None and unit.owner == seat
    return Window(
        seat=seat,
        active=state.active,
        stage=state.stage,
        pass_action=("pass",) if d.kind == "respond" else None,
        waiting=None if top is None else top.owner,
        waiting_name="" if top is None else name_of(state, top.uid),
        own_only=d.kind in OWN_ONLY_KINDS,
        in_combat=state.combat is not None or state.stage.startswith("combat."),
        targeted=targeted,
    )
