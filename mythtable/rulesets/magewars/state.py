"""Mage Wars CCG engine state: plain slotted dataclasses, lists and ints (no pydantic)."""

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
