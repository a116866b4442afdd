"""Mythicarium content as a game holds it: plain cards and decks, rules-text rendering.

Cards describe their effects with a small declarative vocabulary (`Effect`); the engine
interprets it and `effects_text` turns it into printed rules text (schema.render_text builds a
card's whole text from it, so the text on a card is always exactly what the engine does: the
loader rejects a card whose text differs). The pydantic models that validate the files, and the
checks that read them, live in schema.py, imported only to validate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from mythtable.engine.built import PoolCard, Problem
from mythtable.engine.reference import RulesReference

CardType = Literal["Champion", "Ally", "Minion", "Legend", "Equipment", "Realm", "Campaign"]
ClassName = Literal["Assassin", "Druid", "Monk", "Wizard"]
DamageType = Literal["Physical", "Magical"]
Keyword = Literal["Berserk", "Double Assault", "Lightning", "Critical Hit", "Celerity"]
KEYWORDS: tuple[str, ...] = ("Berserk", "Double Assault", "Lightning", "Critical Hit", "Celerity")
UNIT_TYPES = frozenset({"Champion", "Ally", "Minion"})
Op = Literal["heal", "wound", "gain_xp", "draw", "dp", "hp", "shield", "ready", "gain_vp"]
Target = Literal["none", "self", "own_unit", "enemy_unit", "own_combat_unit", "enemy_combat_unit"]
TARGETED_OPS = frozenset({"heal", "wound", "dp", "hp", "shield", "ready"})


@dataclass(slots=True, frozen=True)
class Effect:
    """One step of an effect: `op` with an `amount`, applied to `target` (if it needs one)."""

    op: Op
    amount: int
    target: Target


@dataclass(slots=True, frozen=True)
class Ability:
    """An activated ability: exhaust the unit (F-8) and pay `xp`. `response` abilities may be
    used whenever their controller holds priority (H-22), others only like a normal play."""

    xp: int
    response: bool
    effects: list[Effect]


# ----- rules text ---------------------------------------------------------------------

TARGET_WORDS = {
    "self": "this unit",
    "own_unit": "a unit of yours",
    "enemy_unit": "an enemy unit",
    "own_combat_unit": "a unit of yours in this combat",
    "enemy_combat_unit": "an enemy unit in this combat",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def effect_text(e: Effect) -> str:
    t = TARGET_WORDS.get(e.target, "")
    if e.op == "heal":
        return f"remove up to {_plural(e.amount, 'wound')} from {t.replace('a unit', 'a wounded unit')}"
    if e.op == "wound":
        return f"deal {_plural(e.amount, 'wound')} to {t}"
    if e.op == "gain_xp":
        return f"gain {e.amount} XP"
    if e.op == "gain_vp":
        return f"gain {e.amount} VP"
    if e.op == "draw":
        return f"draw {_plural(e.amount, 'card')}"
    if e.op == "dp":
        return f"{t} gets {e.amount:+d} DP until end of turn"
    if e.op == "hp":
        return f"{t} gets {e.amount:+d} HP until end of turn"
    if e.op == "shield":
        return f"prevent the next {_plural(e.amount, 'wound')} to {t} this turn"
    return f"ready {t}"


def effects_text(effects: list[Effect]) -> str:
    parts = [effect_text(e) for e in effects]
    text = ", then ".join(parts)
    return text[0].upper() + text[1:] + "."


# ----- the engine's compact view of a card ---------------------------------------------


@dataclass(slots=True, frozen=True)
class CardDef:
    """A card as the engine uses it: plain attributes, keyword flags precomputed."""

    id: str
    name: str
    short_name: str
    """What a narrow board shows instead of `name` (issue 33, item 5)."""
    type: str
    klass: str | None
    race: str
    xp: int
    dp: int
    hp: int
    magical: bool
    damage: str | None
    keywords: tuple[str, ...]
    berserk: bool
    double_assault: bool
    lightning: bool
    critical: bool
    celerity: bool
    is_unit: bool
    is_champion: bool
    on_play: tuple[Effect, ...]
    target: str
    """The target kind of on_play ("none" when it needs no target)."""
    heals: bool
    ability: Ability | None
    ability_target: str
    text: str
    flavour: str


@dataclass(slots=True, frozen=True)
class DeckDef:
    id: str
    name: str
    champions: tuple[str, ...]
    cards: tuple[str, ...]
    """The 30 card ids, copies expanded, in file order."""


@dataclass(slots=True, frozen=True)
class Content:
    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]
    rules: RulesReference


DECK_SIZE = 30
MAX_COPIES = 3


# ----- deck legality, every broken rule at once (the loader, built decks, the deck editor) -------


def deck_problems(champions: Sequence[str], counts: Mapping[str, int], cards: Mapping[str, CardDef]) -> list[Problem]:
    """Every rule a deck breaks (F-17, F-18, F-19 via F-18, H-1, H-16, H-30): [] for a legal deck.

    `champions` are the 3 Champions kept outside the deck, `counts` card id -> copies. Unknown
    cards are problems too (a built deck after an update), never an exception."""
    out: list[Problem] = []
    if len(champions) != 3:
        out.append(Problem("F-17", "champions", f"a deck has exactly 3 Champions, not {len(champions)}"))
    known: list[str] = []
    for cid in champions:
        card = cards.get(cid)
        if card is None:
            out.append(Problem("", "champions", f"unknown card {cid!r}"))
        elif not card.is_champion:
            out.append(Problem("F-17", "champions", f"{card.name} is not a Champion"))
        else:
            known.append(cid)
    if len(set(champions)) != len(champions):
        out.append(Problem("H-30", "champions", "the 3 Champions must be 3 different cards"))
    classes = {cards[c].klass for c in known}
    total = 0
    for cid, count in counts.items():
        card = cards.get(cid)
        if card is None:
            out.append(Problem("", f"cards.{cid}", "unknown card"))
            continue
        total += max(count, 0)
        if card.is_champion:
            out.append(Problem("H-1", f"cards.{cid}", f"{card.name}: Champions stay outside the deck"))
        if not 1 <= count <= MAX_COPIES:
            out.append(Problem("H-1", f"cards.{cid}", f"{card.name}: 1 to {MAX_COPIES} copies allowed, not {count}"))
        if card.klass is not None and not card.is_champion and known and card.klass not in classes:
            out.append(
                Problem("F-18", f"cards.{cid}", f"{card.name}: class {card.klass} shares no class with the Champions")
            )
    if total != DECK_SIZE:
        out.append(Problem("H-1", "cards", f"a deck holds exactly {DECK_SIZE} cards, not {total}"))
    return out


def deck_pool(content: Content) -> list[PoolCard]:
    """The cards a deck may hold, for the deck editor: Champions first, then by XP and name."""
    out = []
    for c in content.cards.values():
        group = c.klass or "classless"
        limit = 1 if c.is_champion else MAX_COPIES
        search = PoolCard.searchable(c.name, c.type, group, c.race, f"xp{c.xp}", *c.keywords, c.text)
        out.append(PoolCard(c.id, c.name, c.type, group, c.xp, c.keywords, c.text, limit, c.is_champion, search))
    out.sort(key=lambda p: (not p.outside, p.cost, p.name))
    return out


def deck_data(content: Content, label: str, counts: Mapping[str, int]) -> dict[str, object]:
    """A deck file's data: Champions (kept outside the deck) apart from the cards."""
    champions = [
        cid for cid, n in counts.items() if cid in content.cards and content.cards[cid].is_champion for _ in range(n)
    ]
    cards = {cid: n for cid, n in counts.items() if not (cid in content.cards and content.cards[cid].is_champion)}
    return {"name": label, "champions": champions, "cards": cards}


def deck_counts(data: Mapping[str, object]) -> dict[str, int]:
    counts: dict[str, int] = {}
    champions = data.get("champions")
    if isinstance(champions, list):
        for cid in champions:
            if isinstance(cid, str):
                counts[cid] = counts.get(cid, 0) + 1
    cards = data.get("cards")
    if isinstance(cards, dict):
        counts.update({str(k): v for k, v in cards.items() if isinstance(v, int) and not isinstance(v, bool)})
    return counts
