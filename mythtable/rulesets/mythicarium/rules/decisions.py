"""The driver: `advance` runs every step that needs no choice and parks on the next decision.

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml)."""

from __future__ import annotations

from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.mythicarium.rules.combat import (
    attack_eligible,
    block_pairs,
    finish_attackers,
    finish_blockers,
    live_blockers,
)
from mythtable.rulesets.mythicarium.rules.common import (
    ONE_STEP_BLOCK_LIMIT,
    STAGE_LABELS,
    name_of,
)
from mythtable.rulesets.mythicarium.rules.priority import (
    pass_priority,
    priority_actions,
)
from mythtable.rulesets.mythicarium.rules.targets import item_target_kind, targets
from mythtable.rulesets.mythicarium.rules.turn import end_turn
from mythtable.rulesets.mythicarium.state import NO_TARGET, State


def advance(state: State, events: list[Event]) -> None:
    """Advance through every step that needs no choice and cache the next decision."""
    while True:
        if state.result is not None:
            state.decision = None
            return
        d = find_decision(state, events)
        if d is not None:
            state.decision = d
            return


def find_decision(state: State, events: list[Event]) -> Decision | None:
    step = state.step
    if step == "window":
        ch = state.choosing
        if ch is not None:
            kind, heals = item_target_kind(state, ch)
            acts: list[Action] = [("target", t) for t in targets(state, kind, ch.owner, ch.uid, heals)]
            acts.append(("cancel",))
            what = name_of(state, ch.uid)
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
    if step == "attackers":
        c = state.combat
        assert c is not None
        acts = []
        for uid in state.players[state.active].lane:
            if uid in c.attackers or attack_eligible(state, state.units[uid]):
                acts.append(("attack", uid))
        if not acts:
            finish_attackers(state, events)
            return None
        acts.append(("done",))
        return Decision(
            state.active, "declare_attackers", f"{state.players[state.active].name}: declare attackers", acts
        )
    if step == "blockers":
        c = state.combat
        assert c is not None
        seat = 1 - state.active
        name = state.players[seat].name
        if c.selected != NO_TARGET:
            b = c.selected
            acts = [("block", b, a) for bb, a in block_pairs(state)[1] if bb == b]
            acts.append(("back",))
            return Decision(seat, "declare_blockers", f"{name}: which attacker does {name_of(state, b)} block?", acts)
        free, pairs = block_pairs(state)
        if not pairs and not c.blocks:
            finish_blockers(state, events)
            return None
        if len(pairs) <= ONE_STEP_BLOCK_LIMIT:
            acts = [("block", b, a) for b, a in pairs]
        else:
            acts = [("blocker", b) for b in free]
        acts.extend(("unblock", b) for b in c.blocks)
        acts.append(("done",))
        return Decision(seat, "declare_blockers", f"{name}: declare blockers", acts)
    if step == "assign":
        c = state.combat
        assert c is not None
        a = c.queue[0]
        acts = [("wound", b) for b in live_blockers(state, a)]
        return Decision(
            state.active,
            "assign_wounds",
            f"{state.players[state.active].name}: place {name_of(state, a)}'s wounds ({c.left} left)",
            acts,
        )
    if step == "discard":
        p = state.players[state.active]
        if len(p.hand) > p.hand_limit:  # F-5
            acts = [("discard", uid) for uid in p.hand]
            return Decision(state.active, "discard", f"{p.name}: discard down to {p.hand_limit} cards", acts)
        end_turn(state, events)
        return None
    if step == "first_player":
        w = state.dice_winner
        return Decision(
            w, "first_player", f"{state.players[w].name}: who takes the first turn?", [("first", 0), ("first", 1)]
        )
    raise AssertionError(f"unknown step {step!r}")
