"""Words and subjects for Mage Wars options: `describe` (what the prompt lists), `subject` (what an
option is about, for the board to highlight and explain without decoding the action tuple).

Subjects name cards by uid, as the view does; a line is "line:offensive" or "line:defensive" (the
form the view uses for line weaves and stack targets) and the Tower is "tower".
"""

from __future__ import annotations

from collections.abc import Hashable

from mythtable.engine.decision import NO_SUBJECT, Action, Ref, Subject
from mythtable.rulesets.magewars.rules.options import attack_problems
from mythtable.rulesets.magewars.rules.queries import LINE_LABEL, unit_name
from mythtable.rulesets.magewars.state import State

PLAIN: dict[str, str] = {
    "end": "End turn",
    "combat": "Declare combat",
    "pass": "Pass",
    "done": "Done",
    "cancel": "Cancel",
    "damage": "Damage the Tower",
}
"""Options about no card, by action kind."""

LINE_WORD = {"offensive": "Offensive", "defensive": "Defensive"}
"""A line in a deploy option: short, so "Deploy Quarry Sentinel face-down → Offensive" fits one row at 80
columns (the board's sides say "Off" and "Def")."""


def _card_name(state: State, uid: int) -> str:
    """A card's name; a face-up unit with a look-alike on the lines also its letter ("Cinder Hound B")."""
    return unit_name(state, uid)


PLACE_WORD = {"offensive": "Offensive", "defensive": "Defensive", "row": "Row"}


def _place_if_alike(state: State, uid: int) -> str:
    """ " (Offensive 2)": where card `uid` lies (its line or row, counted from the first card there), when
    another card of the same name lies in its controller's lines or row; "" else. Face-down cards carry no
    letter (their name is hidden from the other seat), so their place tells two of them apart."""
    c = state.cards[uid]
    p = state.players[c.controller]
    zones = {"offensive": p.offensive, "defensive": p.defensive, "row": p.row}
    if c.zone not in zones:
        return ""
    alike = [o for z in zones.values() for o in z if o != uid and state.cards[o].d.id == c.d.id]
    if not alike:
        return ""
    return f" ({PLACE_WORD[c.zone]} {zones[c.zone].index(uid) + 1})"


def describe(state: State, action: Action) -> str:
    """One option in words, as the prompt lists it."""
    a0 = str(action[0])
    if a0 == "combat" and attack_problems(state, state.active):
        return "Declare combat (no unit can attack)"
    plain = PLAIN.get(a0)
    if plain is not None:
        return plain
    cards = state.cards
    uid = int(action[1]) if len(action) > 1 and isinstance(action[1], int) else -1
    name = _card_name(state, uid) if uid >= 0 else ""
    if a0 == "lay":
        return f"Lay {name}"
    if a0 == "set":
        return f"Set {name} face-down"
    if a0 == "deploy":
        return f"Deploy {name} → {LINE_WORD[str(action[2])]}"
    if a0 == "deploy_down":
        return f"Deploy {name} face-down → {LINE_WORD[str(action[2])]}"
    if a0 == "move":
        return f"Move {name} to the other line"
    if a0 == "flip":
        return f"Turn {name} face-up{_place_if_alike(state, uid)}"
    if a0 == "ritual":
        return f"Perform {name}"
    if a0 == "cast":
        cost = cards[uid].d.cost
        return f"Cast {name} ({cost} Tower)" if cost else f"Cast {name}"
    if a0 == "ability":
        ab = cards[uid].d.ability
        costs = [
            c
            for c in ("exhaust" if ab and ab.exhaust else "", f"{ab.tower_cost} Tower" if ab and ab.tower_cost else "")
            if c
        ]
        return f"Use {name}'s ability ({', '.join(costs)})" if costs else f"Use {name}'s ability"
    if a0 == "attack":
        if action[2] == "hero":
            return f"{name} attacks {_card_name(state, int(action[3]))}"
        return f"{name} attacks the {LINE_LABEL[str(action[3])]}"
    if a0 == "withdraw":
        return f"Withdraw {name}"
    if a0 == "block":
        return f"Block with {name}"
    if a0 == "unblock":
        return f"Stop blocking with {name}"
    if a0 == "unit":
        c = cards[uid]
        return f"{name} ({c.wounds} damage)" if c.wounds else name
    if a0 == "line":
        return f"Your {LINE_LABEL[str(action[1])]}"
    if a0 == "assign":
        return f"{action[2]} damage to {name}"
    if a0 == "capture":
        return f"Capture {name}{_place_if_alike(state, uid)}"
    if a0 == "discard":
        return f"Discard {name}"
    return " ".join(str(x) for x in action)


ACTOR_KINDS = frozenset(
    {"lay", "set", "deploy", "deploy_down", "move", "flip", "ritual", "cast", "ability"}
    | {"withdraw", "block", "unblock", "discard"}
)
"""Action kinds whose second item is the card played or used, and that aim at nothing."""


def copies_key(state: State, action: Action) -> Hashable | None:
    """Playing or discarding one of two copies of a card in hand is one move: the key names the
    card by what it is (not its uid) and keeps the rest of the action (the line it goes to)."""
    a0 = str(action[0])
    if a0 not in ACTOR_KINDS or len(action) < 2 or not isinstance(action[1], int):
        return None
    c = state.cards[action[1]]
    if c.zone != "hand":
        return None
    return (a0, c.owner, c.d.id, c.face_down, c.wounds, c.power_mod, c.guard_mod, *action[2:])


def _chooser(state: State) -> Ref | None:
    """The card a target choice is for (a spell, an ability, a Ritual, a blocker), or the attacker
    whose damage is being placed; None when neither is open."""
    tr = state.target_req
    if tr is not None:
        return tr.uid
    cb = state.combat
    if cb is not None and cb.di < len(cb.attacks):
        return cb.attacks[cb.di].attacker
    return None


def line_ref(line: str) -> Ref:
    """A line or the Tower as a subject names it."""
    return "tower" if line == "tower" else f"line:{line}"


def subject(state: State, action: Action) -> Subject:
    """What one option of the open decision is about: the card it plays or uses (actor) and what it
    aims at (target: a unit uid, a line or the Tower). Options about nothing get NO_SUBJECT."""
    a0 = str(action[0])
    if a0 in ACTOR_KINDS:
        return Subject(actor=int(action[1]))
    if a0 == "attack":
        target = int(action[3]) if action[2] == "hero" else line_ref(str(action[3]))
        return Subject(actor=int(action[1]), target=target)
    if a0 in ("unit", "assign", "capture"):
        return Subject(actor=_chooser(state), target=int(action[1]))
    if a0 == "line":
        return Subject(actor=_chooser(state), target=line_ref(str(action[1])))
    if a0 == "damage":
        return Subject(actor=_chooser(state), target="tower")
    return NO_SUBJECT
