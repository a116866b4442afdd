"""Mythicarium content as a game holds it: plain cards and decks, rules-text rendering.

Cards describe their effects with a small declarative vocabulary (`Effect`); the engine
interprets it and `render_text` turns it into the printed rules text, so the text on a card
is always exactly what the engine does (the loader rejects a card whose text differs).
The pydantic models that validate the files live in schema.py, imported only to validate.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from mythtable.engine.reference import RulesReference

if TYPE_CHECKING:
    from mythtable.rulesets.mythicarium.schema import Card, Deck

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


def render_text(card: Card) -> str:
    """The exact rules text of a card, derived from its data."""
    parts: list[str] = [f"{k}." for k in card.keywords]
    if card.type == "Equipment":
        bonus = " and ".join(x for x in (f"+{card.dp} DP" if card.dp else "", f"+{card.hp} HP" if card.hp else "") if x)
        parts.append(f"Attach to one of your active Champions: it gets {bonus}.")
    elif card.type == "Legend" and card.on_play:
        parts.append(effects_text(card.on_play))
    elif card.on_play:
        parts.append("When this enters play: " + effects_text(card.on_play)[0].lower() + effects_text(card.on_play)[1:])
    if card.ability is not None:
        cost = "Exhaust" + (f", pay {card.ability.xp} XP" if card.ability.xp else "")
        tail = " Response." if card.ability.response else ""
        body = effects_text(card.ability.effects)
        parts.append(f"{cost}: {body[0].lower()}{body[1:]}{tail}")
    return " ".join(parts)


# ----- the engine's compact view of a card ---------------------------------------------


@dataclass(slots=True, frozen=True)
class CardDef:
    """A card as the engine uses it: plain attributes, keyword flags precomputed."""

    id: str
    name: str
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


def check_deck(deck: Deck, cards: dict[str, CardDef]) -> DeckDef:
    """Deck legality (H-1, F-17, F-18, F-19, H-16, O-13 via H-30); raises ValueError naming the field."""
    if len(deck.champions) != 3:
        raise ValueError(f"field 'champions': a deck has exactly 3 Champions (F-17), not {len(deck.champions)}")
    for cid in deck.champions:
        if cid not in cards:
            raise ValueError(f"field 'champions': unknown card {cid!r}")
        if not cards[cid].is_champion:
            raise ValueError(f"field 'champions': {cid!r} is not a Champion")
    if len(set(deck.champions)) != 3:
        raise ValueError("field 'champions': the 3 Champions must be 3 different cards (H-30)")
    classes = {cards[c].klass for c in deck.champions}
    total = 0
    expanded: list[str] = []
    for cid, count in deck.cards.items():
        if cid not in cards:
            raise ValueError(f"field 'cards.{cid}': unknown card")
        card = cards[cid]
        if card.is_champion:
            raise ValueError(f"field 'cards.{cid}': Champions stay outside the deck (M-1, H-1)")
        if not 1 <= count <= MAX_COPIES:
            raise ValueError(f"field 'cards.{cid}': 1 to {MAX_COPIES} copies allowed (H-1), not {count}")
        if card.klass is not None and card.klass not in classes:
            raise ValueError(
                f"field 'cards.{cid}': class {card.klass} shares no class with the deck's Champions (F-18)"
            )
        total += count
        expanded.extend([cid] * count)
    if total != DECK_SIZE:
        raise ValueError(f"field 'cards': a deck holds exactly {DECK_SIZE} cards (H-1), not {total}")
    return DeckDef(deck.id, deck.name, tuple(deck.champions), tuple(expanded))


def load_content(folder: Path) -> Content:
    """Load cards.toml, decks.toml and rules.toml; every error names file, entry and field."""
    from mythtable.rulesets.mythicarium import schema

    return schema.load_content(folder)


def __getattr__(name: str) -> Any:
    """The pydantic models (Card, Deck), imported only when asked for: a game needs none of them."""
    if name in ("Card", "Deck"):
        from mythtable.rulesets.mythicarium import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
