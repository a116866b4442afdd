"""Mage Wars CCG engine state: plain slotted dataclasses, lists and ints (no pydantic), and the
`snapshot` (comparable plain data) and `clone` (an independent deep copy, for the search bots) of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mythtable.engine.decision import Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.magewars.content import Content, Info

LINES: tuple[str, str] = ("offensive", "defensive")
TOWER = "tower"
START_TOWER = 30
MAX_TOWER = 30
HAND_LIMIT = 7
OPENING_HAND = 7
EMPTY_DECK_PENALTY = 2
FPB_CAP = 3

# Zones a card can be in. Lines and the row are "in play".
IN_PLAY = frozenset({"offensive", "defensive", "row", "weave"})


@dataclass(slots=True)
class Card:
    uid: int
    d: Info
    owner: int
    controller: int
    zone: str = "deck"
    face_down: bool = False
    wounds: int = 0
    exhausted: bool = False
    entered: int = -1
    power_mod: int = 0
    guard_mod: int = 0
    att_unit: int = -1
    att_line: str = ""
    tag: str = ""
    """A letter telling this face-up unit from others of its card on the lines ("A", "B"), given when it
    shows face-up there and kept while it stays (rules/queries.py `give_tag`)."""

    def copy(self) -> Card:
        return Card(
            self.uid,
            self.d,
            self.owner,
            self.controller,
            self.zone,
            self.face_down,
            self.wounds,
            self.exhausted,
            self.entered,
            self.power_mod,
            self.guard_mod,
            self.att_unit,
            self.att_line,
            self.tag,
        )

    def snap(self) -> list[Any]:
        return [
            self.uid,
            self.d.id,
            self.owner,
            self.controller,
            self.zone,
            self.face_down,
            self.wounds,
            self.exhausted,
            self.entered,
            self.power_mod,
            self.guard_mod,
            self.att_unit,
            self.att_line,
            self.tag,
        ]


@dataclass(slots=True)
class Player:
    name: str
    deck_id: str
    tower: int = START_TOWER
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    grave: list[int] = field(default_factory=list)
    offensive: list[int] = field(default_factory=list)
    defensive: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)
    weaves: list[int] = field(default_factory=list)
    laid: bool = False
    moved: bool = False

    def line(self, name: str) -> list[int]:
        return self.offensive if name == "offensive" else self.defensive

    def copy(self) -> Player:
        return Player(
            self.name,
            self.deck_id,
            self.tower,
            self.deck[:],
            self.hand[:],
            self.grave[:],
            self.offensive[:],
            self.defensive[:],
            self.row[:],
            self.weaves[:],
            self.laid,
            self.moved,
        )

    def snap(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "deck_id": self.deck_id,
            "tower": self.tower,
            "deck": self.deck[:],
            "hand": self.hand[:],
            "grave": self.grave[:],
            "offensive": self.offensive[:],
            "defensive": self.defensive[:],
            "row": self.row[:],
            "weaves": self.weaves[:],
            "laid": self.laid,
            "moved": self.moved,
        }


@dataclass(slots=True)
class StackItem:
    kind: str  # "spell" or "ability"
    uid: int  # the spell card, or the unit whose ability this is
    seat: int
    target: int = -1  # a unit uid
    line: str = ""  # for own_line targets

    def snap(self) -> list[Any]:
        return [self.kind, self.uid, self.seat, self.target, self.line]


@dataclass(slots=True)
class Attack:
    attacker: int
    decl_line: str
    decl_hero: int
    line: str
    hero: int
    blockers: list[int] = field(default_factory=list)
    moved: bool = False

    def copy(self) -> Attack:
        return Attack(self.attacker, self.decl_line, self.decl_hero, self.line, self.hero, self.blockers[:], self.moved)

    def snap(self) -> list[Any]:
        return [self.attacker, self.decl_line, self.decl_hero, self.line, self.hero, self.blockers[:], self.moved]


@dataclass(slots=True)
class Combat:
    counter: bool
    atk: int  # the attacking seat of this (counter-)attack
    dfn: int
    attacks: list[Attack] = field(default_factory=list)
    declared: bool = False
    off_at_decl: bool = False
    flipped_def: list[int] = field(default_factory=list)  # units turned face-up on the Defensive Line (W-32)
    turn_seat: int = 0  # whose turn it is in the Attack step / block phase
    step_passes: int = 0
    di: int = 0  # damage cursor
    split_left: int = -1
    split: list[list[int]] = field(default_factory=list)
    attacked: list[int] = field(default_factory=list)  # units that attacked in the main combat
    blockers_used: list[int] = field(default_factory=list)  # units that blocked in the main combat
    blocks_open: bool = False  # counter-attack: the original attacker is choosing blockers

    def copy(self) -> Combat:
        return Combat(
            self.counter,
            self.atk,
            self.dfn,
            [a.copy() for a in self.attacks],
            self.declared,
            self.off_at_decl,
            self.flipped_def[:],
            self.turn_seat,
            self.step_passes,
            self.di,
            self.split_left,
            [s[:] for s in self.split],
            self.attacked[:],
            self.blockers_used[:],
            self.blocks_open,
        )

    def snap(self) -> dict[str, Any]:
        return {
            "counter": self.counter,
            "atk": self.atk,
            "dfn": self.dfn,
            "attacks": [a.snap() for a in self.attacks],
            "declared": self.declared,
            "off_at_decl": self.off_at_decl,
            "flipped_def": self.flipped_def[:],
            "turn_seat": self.turn_seat,
            "step_passes": self.step_passes,
            "di": self.di,
            "split_left": self.split_left,
            "split": [s[:] for s in self.split],
            "attacked": self.attacked[:],
            "blockers_used": self.blockers_used[:],
            "blocks_open": self.blocks_open,
        }


@dataclass(slots=True)
class TargetReq:
    """A half-made choice waiting for its target ("target" decision)."""

    seat: int
    purpose: str  # cast, ability, ritual, flip, block
    uid: int
    options: list[tuple[str | int, ...]]

    def snap(self) -> list[Any]:
        return [self.seat, self.purpose, self.uid, [list(o) for o in self.options]]


@dataclass(slots=True)
class State:
    content: Content
    rng: Rng
    seed: int
    players: list[Player]
    cards: list[Card]
    turn: int = 1
    active: int = 0
    first: int = 0
    step: str = "main"
    prio: int = 0
    passes: int = 0
    owner: int = 0
    intent: str = ""
    stack: list[StackItem] = field(default_factory=list)
    combat: Combat | None = None
    combat_done: bool = False
    target_req: TargetReq | None = None
    decision: Decision | None = None
    over: bool = False
    winner: int | None = None
    reason: str = ""
    opening: list[str] = field(default_factory=list)


def snapshot(state: State) -> dict[str, Any]:
    """The whole state as plain lists and dicts: equal snapshots mean equal games (content aside)."""
    d = state.decision
    return {
        "seed": state.seed,
        "rng": state.rng.state,
        "players": [p.snap() for p in state.players],
        "cards": [c.snap() for c in state.cards],
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "step": state.step,
        "prio": state.prio,
        "passes": state.passes,
        "owner": state.owner,
        "intent": state.intent,
        "stack": [s.snap() for s in state.stack],
        "combat": state.combat.snap() if state.combat else None,
        "combat_done": state.combat_done,
        "target_req": state.target_req.snap() if state.target_req else None,
        "decision": None if d is None else [d.seat, d.kind, [list(a) for a in d.actions]],
        "over": state.over,
        "winner": state.winner,
        "reason": state.reason,
    }


def clone(state: State) -> State:
    """An independent copy: every mutable part is copied (content and card definitions are shared,
    as nothing changes them); a search bot plays on clones without touching the real game."""
    d = state.decision
    tr = state.target_req
    return State(
        content=state.content,
        rng=state.rng.copy(),
        seed=state.seed,
        players=[p.copy() for p in state.players],
        cards=[c.copy() for c in state.cards],
        turn=state.turn,
        active=state.active,
        first=state.first,
        step=state.step,
        prio=state.prio,
        passes=state.passes,
        owner=state.owner,
        intent=state.intent,
        stack=[StackItem(s.kind, s.uid, s.seat, s.target, s.line) for s in state.stack],
        combat=state.combat.copy() if state.combat else None,
        combat_done=state.combat_done,
        target_req=None if tr is None else TargetReq(tr.seat, tr.purpose, tr.uid, list(tr.options)),
        decision=None if d is None else Decision(d.seat, d.kind, d.prompt, list(d.actions)),
        over=state.over,
        winner=state.winner,
        reason=state.reason,
        opening=state.opening[:],
    )
