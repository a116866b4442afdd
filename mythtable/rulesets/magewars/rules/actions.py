"""Applying one legal action: a table from the open decision's kind to a small function, and for
the priority windows (Main phase, fast-cast answers) a table from the action's kind.

Only legal actions arrive here (`Ruleset.apply` checks them against the open `Decision`); afterwards
it calls `flow.advance` to run the automatic steps and open the next decision.
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Action, Event
from mythtable.rulesets.magewars.rules.combat import add_block, attack_step_done, finish_declaration
from mythtable.rulesets.magewars.rules.damage import apply_damage_choice, apply_split
from mythtable.rulesets.magewars.rules.effects import open_window, sweep
from mythtable.rulesets.magewars.rules.options import blocker_candidates
from mythtable.rulesets.magewars.rules.queries import LINE_LABEL, give_tag, name_of, needs_target, unit_targets
from mythtable.rulesets.magewars.rules.stack import play_ritual, put_on_stack, run_ritual, start_flip
from mythtable.rulesets.magewars.rules.turn import do_pass
from mythtable.rulesets.magewars.state import Attack, State, TargetReq

Handler = Callable[[State, int, Action, list[Event]], None]
"""(state, deciding seat, action, events): apply one action of one kind."""


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    """Apply one legal action of the open decision (`Ruleset.apply` then calls `advance`)."""
    d = state.decision
    assert d is not None
    handler = DECISIONS.get(d.kind)
    if handler is None:
        raise RuntimeError(f"unknown decision kind {d.kind!r}")
    handler(state, d.seat, action, events)


# ----- the decisions -------------------------------------------------------------------------


def on_target(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """The target of a half-made choice (or cancel: the choice is dropped, nothing else changes)."""
    tr = state.target_req
    assert tr is not None
    state.target_req = None
    if action[0] == "cancel":
        return
    if tr.purpose == "block":
        add_block(state, tr.uid, int(action[1]), events)
        cb = state.combat
        if cb is not None and state.step == "combat.attack":
            cb.step_passes = 0
    elif tr.purpose in ("cast", "ability"):
        put_on_stack(state, tr.seat, tr.purpose, tr.uid, action, events)
    elif tr.purpose in ("ritual", "flip"):
        state.passes = 0
        cb = state.combat
        if cb is not None and state.step == "combat.attack":
            cb.step_passes = 0
        run_ritual(state, tr.seat, tr.uid, action, events)


def on_window(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """A priority window (Main phase or a fast-cast answer): one function per action kind."""
    a0 = str(action[0])
    if a0 not in ("pass", "end", "combat"):
        state.passes = 0  # acting is not passing
    handler = WINDOW_ACTIONS.get(a0)
    if handler is None:
        raise RuntimeError(f"unknown action {action!r}")
    handler(state, seat, action, events)


def on_declare(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Declaring attackers and their targets (W-13..W-15) or counter-attackers (H-37, H-38)."""
    cb = state.combat
    assert cb is not None
    a0 = action[0]
    if a0 == "done":
        finish_declaration(state, events)
    elif a0 == "withdraw":
        cb.attacks = [a for a in cb.attacks if a.attacker != action[1]]
    else:
        uid = int(action[1])
        if action[2] == "hero":
            hero = int(action[3])
            line = state.cards[hero].zone
        else:
            hero = -1
            line = str(action[3])
        cb.attacks.append(Attack(uid, line, hero, line, hero))


def on_attack_step(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """The Attack step (W-27..W-34): block, turn cards face-up, play Rituals, or done."""
    cb = state.combat
    assert cb is not None
    if action[0] == "done":
        attack_step_done(state, events)
    else:
        cb.step_passes = 0
        block_or_flip(state, seat, action, events)


def on_counter_blockers(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Blockers against the counter-attack (H-39); done opens its Defense step, attacker first."""
    cb = state.combat
    assert cb is not None
    if action[0] == "done":
        open_window(state, "counter.defense", cb.atk)
    else:
        block_or_flip(state, seat, action, events)


def on_damage(state: State, seat: int, action: Action, events: list[Event]) -> None:
    apply_damage_choice(state, action, events)


def on_split(state: State, seat: int, action: Action, events: list[Event]) -> None:
    apply_split(state, action)


def on_discard(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """H-11: discard down to the hand limit at the End."""
    uid = int(action[1])
    c = state.cards[uid]
    state.players[seat].hand.remove(uid)
    c.zone = "grave"
    state.players[c.owner].grave.append(uid)
    events.append(Event(f"{name_of(state, seat)} discards {c.d.name}.", reveals=True))


def block_or_flip(state: State, seat: int, action: Action, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    a0 = action[0]
    uid = int(action[1])
    if a0 == "block":
        opts = blocker_candidates(state, cb, state.cards[uid])
        if len(opts) == 1:
            add_block(state, uid, int(opts[0][1]), events)
        else:
            state.target_req = TargetReq(seat, "block", uid, opts)
    elif a0 == "unblock":
        for a in cb.attacks:
            if uid in a.blockers:
                a.blockers.remove(uid)
        events.append(Event(f"{state.cards[uid].d.name} no longer blocks."))
    elif a0 == "flip":
        start_flip(state, seat, uid, events)
    elif a0 == "ritual":
        play_ritual(state, seat, uid, events)


# ----- the priority window's actions ---------------------------------------------------------


def window_pass(state: State, seat: int, action: Action, events: list[Event]) -> None:
    do_pass(state, events)


def window_intent(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """End the Main phase or declare combat (W-7): a pass that says what comes after it."""
    state.intent = str(action[0])
    do_pass(state, events)


def window_lay(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """H-9, H-21: lay a Resource or Holding (one a turn), or set a card face-down in the Tower row."""
    p = state.players[seat]
    uid = int(action[1])
    c = state.cards[uid]
    a0 = action[0]
    p.hand.remove(uid)
    c.face_down = a0 == "set"
    if c.d.type in ("resource", "holding"):
        p.laid = True
    c.zone = "row"
    c.entered = state.turn
    p.row.append(uid)
    if a0 == "lay":
        events.append(Event(f"{p.name} lays {c.d.name}.", reveals=True))
    else:
        events.append(Event(f"{p.name} sets a card face-down."))
        events.append(Event(f"You set {c.d.name} face-down.", seat=seat))


def window_deploy(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """H-9, H-20: deploy a unit on a line, face-up or face-down."""
    p = state.players[seat]
    uid = int(action[1])
    c = state.cards[uid]
    line = str(action[2])
    p.hand.remove(uid)
    c.zone = line
    c.face_down = action[0] == "deploy_down"
    c.entered = state.turn
    c.exhausted = False
    p.line(line).append(uid)
    if not c.face_down:
        give_tag(state, c)
    if c.face_down:
        events.append(Event(f"{p.name} deploys a face-down card on the {LINE_LABEL[line]}."))
        events.append(Event(f"You deploy {c.d.name} face-down.", seat=seat))
    else:
        events.append(Event(f"{p.name} deploys {c.d.name} on the {LINE_LABEL[line]}.", reveals=True))


def window_move(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """H-9: move one unit to the other line (once a turn)."""
    p = state.players[seat]
    uid = int(action[1])
    c = state.cards[uid]
    src_line = c.zone
    dst = "defensive" if src_line == "offensive" else "offensive"
    p.line(src_line).remove(uid)
    p.line(dst).append(uid)
    c.zone = dst
    p.moved = True
    events.append(Event(f"{p.name} moves {c.d.name} to the {LINE_LABEL[dst]}."))
    sweep(state, events)  # a line weave's Guard may be left behind


def window_flip(state: State, seat: int, action: Action, events: list[Event]) -> None:
    start_flip(state, seat, int(action[1]), events)


def window_ritual(state: State, seat: int, action: Action, events: list[Event]) -> None:
    play_ritual(state, seat, int(action[1]), events)


def window_cast(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Cast a spell: onto the stack at once, or first ask for its target."""
    uid = int(action[1])
    eff = state.cards[uid].d.effect
    assert eff is not None
    if needs_target(eff):
        state.target_req = TargetReq(seat, "cast", uid, unit_targets(state, seat, eff.target))
    else:
        put_on_stack(state, seat, "cast", uid, None, events)


def window_ability(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Activate a unit's ability: onto the stack at once, or first ask for its target."""
    uid = int(action[1])
    ab = state.cards[uid].d.ability
    assert ab is not None
    if needs_target(ab.effect):
        state.target_req = TargetReq(seat, "ability", uid, unit_targets(state, seat, ab.effect.target))
    else:
        put_on_stack(state, seat, "ability", uid, None, events)


WINDOW_ACTIONS: dict[str, Handler] = {
    "pass": window_pass,
    "end": window_intent,
    "combat": window_intent,
    "lay": window_lay,
    "set": window_lay,
    "deploy": window_deploy,
    "deploy_down": window_deploy,
    "move": window_move,
    "flip": window_flip,
    "ritual": window_ritual,
    "cast": window_cast,
    "ability": window_ability,
}
"""Action kind -> what it does in a priority window (Main phase or fast-cast answer)."""

DECISIONS: dict[str, Handler] = {
    "target": on_target,
    "main": on_window,
    "fast_cast": on_window,
    "declare_attackers": on_declare,
    "counter_attackers": on_declare,
    "attack_step": on_attack_step,
    "counter_blockers": on_counter_blockers,
    "damage_choice": on_damage,
    "line_damage_target": on_damage,
    "split_damage": on_split,
    "discard": on_discard,
}
"""Decision kind -> the function that applies one of its actions."""
