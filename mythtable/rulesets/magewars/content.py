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

from mythtable.engine.built import PoolCard, Problem
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
RITUAL_TARGETS = frozenset({"enemy_unit", "own_unit", "any_unit", "enemy_hero"})
"""What a Ritual Deploy Effect may aim at: one unit (H-44); its ops are all UNIT_OPS, one-shot changes to it."""
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
    short_name: str
    """What a narrow board shows instead of `name` (issue 33, item 5)."""
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


def deck_rule_problems(counts: Mapping[str, int], cards: Mapping[str, Info]) -> list[Problem]:
    """Every rule a deck breaks, named (H-1, F-16, H-50 with H-13 and H-14): [] for a legal deck.

    Beyond the counts, the house rule H-50 (stricter than H-1, which alone would allow it): a unit needs
    a Holding to deploy (F-9), so a deck with units holds a Holding; a card that needs N sources of an
    element (F-9, F-12) can only be played with N Resources of it in play at once (H-13; a combined
    Resource counts for each of its elements, H-14), so the deck holds at least N such Resources.
    Unknown cards are problems too, never an exception."""
    out: list[Problem] = []
    total = 0
    holdings = 0
    sources: dict[str, int] = {}
    for cid, n in counts.items():
        info = cards.get(cid)
        if info is None:
            out.append(Problem("", f"cards.{cid}", "unknown card"))
            continue
        total += max(n, 0)
        if n < 1:
            out.append(Problem("H-1", f"cards.{cid}", f"{info.name}: count must be at least 1, not {n}"))
        if info.hero and n > MAX_HERO_COPIES:
            out.append(Problem("F-16", f"cards.{cid}", f"{info.name}: {n} copies of a Hero; at most {MAX_HERO_COPIES}"))
        elif n > MAX_COPIES:
            out.append(Problem("H-1", f"cards.{cid}", f"{info.name}: {n} copies; at most {MAX_COPIES} of a card"))
        if info.type == "holding":
            holdings += max(n, 0)
        if info.type == "resource":
            for element in info.elements:
                sources[element] = sources.get(element, 0) + max(n, 0)
    if total != DECK_SIZE:
        out.append(Problem("H-1", "cards", f"the deck has {total} cards; it must have exactly {DECK_SIZE}"))
    for cid, n in counts.items():
        info = cards.get(cid)
        if info is None or n < 1:
            continue
        if info.req_holding and holdings == 0:
            out.append(
                Problem("H-50", f"cards.{cid}", f"{info.name} needs a Holding to deploy (F-9); the deck has none")
            )
        for element, need in info.req_elements:
            have = sources.get(element, 0)
            if have < need:
                rule = "F-12" if info.type == "casting" else "F-9"
                out.append(
                    Problem(
                        "H-50",
                        f"cards.{cid}",
                        f"{info.name} needs {need} {element} source{'s' if need > 1 else ''} ({rule}); "
                        f"the deck has {have} {element} Resource{'s' if have != 1 else ''} (H-13, H-14)",
                    )
                )
    return out


def deck_pool(content: Content) -> list[PoolCard]:
    """The cards a deck may hold, for the deck editor: by type, then cost and name."""
    order = {"resource": 0, "holding": 1, "unit": 2, "casting": 3, "ritual": 4}
    out = []
    for c in content.cards.values():
        elements = c.elements or tuple(e for e, _n in c.req_elements)
        group = "/".join(elements)
        limit = MAX_HERO_COPIES if c.hero else MAX_COPIES
        search = PoolCard.searchable(c.name, c.type, c.speed, group, f"cost{c.cost}", *c.keywords, c.text)
        out.append(PoolCard(c.id, c.name, c.type, group, c.cost, c.keywords, c.text, limit, False, search))
    out.sort(key=lambda p: (order.get(p.type, 9), p.cost, p.name))
    return out


def deck_elements(content: Content, counts: Mapping[str, int]) -> list[str]:
    """The elements a deck is shown with: those its cards need, else those its Resources carry."""
    need = {e for cid in counts if cid in content.cards for e, _n in content.cards[cid].req_elements}
    if not need:
        need = {e for cid in counts if cid in content.cards for e in content.cards[cid].elements}
    return [e for e in ELEMENTS if e in need] or [ELEMENTS[0]]
