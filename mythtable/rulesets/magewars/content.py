"""Mage Wars CCG content as a game holds it: the compiled card table, decks, effects.

Cards live in assets/magewars/cards/*.toml ([[card]]), decks in decks.toml ([[deck]]), the
in-app reference in rules.toml. Effects use a small declarative vocabulary (see `Op` and
`Effect`) that the engine interprets; content files never hold code. The pydantic models that
validate the files live in schema.py, imported only to validate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from mythtable.engine.reference import RulesReference

Element = Literal["Earth", "Fire", "Wind", "Water"]
ELEMENTS: tuple[str, ...] = ("Earth", "Fire", "Wind", "Water")
CardType = Literal["unit", "casting", "resource", "holding", "ritual"]
Speed = Literal["fast", "slow", "weave"]
Keyword = Literal["Aerial", "Hero"]
TargetKind = Literal["none", "self", "enemy_unit", "own_unit", "any_unit", "enemy_hero", "own_line"]
OpKind = Literal[
    "damage", "heal", "power", "guard", "ready", "exhaust", "draw", "tower_damage", "tower_heal", "tower_damage_all"
]

UNIT_OPS = frozenset({"damage", "heal", "power", "guard", "ready", "exhaust"})
DECK_SIZE = 40
MAX_COPIES = 4
MAX_HERO_COPIES = 1


@dataclass(slots=True, frozen=True)
class Op:
    """One thing an effect does. Unit ops act on the effect's target; the others on a player."""

    op: OpKind
    amount: int


@dataclass(slots=True, frozen=True)
class Effect:
    """What a spell, Ritual Deploy Effect or ability does: one target kind and a list of ops."""

    target: TargetKind
    ops: list[Op]


@dataclass(slots=True, frozen=True)
class Ability:
    """An activated ability of a unit (H-49): its costs, its speed and its effect."""

    exhaust: bool
    tower_cost: int
    fast: bool
    effect: Effect
    text: str


@dataclass(slots=True, frozen=True)
class Info:
    """A card definition compiled for the engine's hot paths (plain attributes, tuples)."""

    id: str
    name: str
    type: str
    elements: tuple[str, ...]
    speed: str
    req_holding: bool
    req_elements: tuple[tuple[str, int], ...]
    min_tower: int
    min_tier: int
    cost: int
    power: int
    guard: int
    aerial: bool
    hero: bool
    keywords: tuple[str, ...]
    effect: Effect | None
    ability: Ability | None
    text: str

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"


@dataclass(slots=True, frozen=True)
class Deck:
    id: str
    name: str
    elements: tuple[str, ...]
    description: str
    cards: tuple[tuple[str, int], ...]

    def card_list(self) -> list[str]:
        out: list[str] = []
        for cid, n in self.cards:
            out.extend([cid] * n)
        return out


@dataclass(slots=True, frozen=True)
class Content:
    cards: dict[str, Info]
    decks: dict[str, Deck]
    rules: RulesReference


class DeckFile(Protocol):
    """A deck as decks.toml writes it (schema.DeckModel): card id -> copies."""

    @property
    def cards(self) -> Mapping[str, int]: ...


def deck_problems(deck: DeckFile | Deck, cards: dict[str, Info]) -> list[str]:
    """Why a deck breaks H-1 (40 cards, at most 4 copies, at most 1 of each Hero)."""
    items = deck.cards if isinstance(deck, Deck) else deck.cards.items()
    out: list[str] = []
    total = 0
    for cid, n in items:
        info = cards.get(cid)
        if info is None:
            out.append(f"unknown card {cid!r}")
            continue
        total += n
        if n < 1:
            out.append(f"{cid}: count must be at least 1")
        limit = MAX_HERO_COPIES if info.hero else MAX_COPIES
        if n > limit:
            kind = "Hero" if info.hero else "card"
            out.append(f"{cid}: {n} copies, a deck may hold at most {limit} of a {kind}")
    if total != DECK_SIZE:
        out.append(f"the deck has {total} cards, it must have exactly {DECK_SIZE}")
    return out
