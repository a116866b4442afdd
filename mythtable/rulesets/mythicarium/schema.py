"""Mythicarium's content files validated: pydantic models for cards.toml and decks.toml.

Imported only when the files are validated (the first load, `mythtable validate`); what a game
holds are the plain forms in content.py.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ConfigDict, Field, model_validator

from mythtable.engine.built import Built, Problem, with_built_decks
from mythtable.engine.content import (
    REFERENCE_TWINS,
    RulesReference,
    ShortName,
    StrictModel,
    entry_problems,
    load_entries,
    load_reference,
    short_name_problem,
)
from mythtable.engine.errors import ContentError
from mythtable.engine.plain import plain
from mythtable.rulesets.mythicarium import content
from mythtable.rulesets.mythicarium.content import (
    DECK_SIZE,
    MAX_COPIES,
    TARGETED_OPS,
    UNIT_TYPES,
    CardDef,
    CardType,
    ClassName,
    Content,
    DamageType,
    DeckDef,
    Keyword,
    Op,
    Target,
    deck_problems,
    effects_text,
)


class Effect(StrictModel):
    """One step of an effect: `op` with an `amount`, applied to `target` (if it needs one)."""

    op: Op
    amount: int = Field(default=1, ge=-9, le=9)
    target: Target = "none"

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.op in TARGETED_OPS and self.target == "none":
            raise ValueError(f"op '{self.op}' needs a target")
        if self.op not in TARGETED_OPS and self.target != "none":
            raise ValueError(f"op '{self.op}' takes no target")
        if self.op not in ("dp",) and self.amount < 1 and self.op != "ready":
            raise ValueError(f"op '{self.op}' needs a positive amount")
        return self


class Ability(StrictModel):
    """An activated ability: exhaust the unit (F-8) and pay `xp`. `response` abilities may be
    used whenever their controller holds priority (H-22), others only like a normal play."""

    xp: int = Field(default=0, ge=0, le=9)
    response: bool = False
    effects: list[Effect] = Field(min_length=1)


class Card(StrictModel):
    """One card record (rules section 6)."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1, max_length=40)
    short_name: ShortName
    """What a narrow board shows (at most 14 characters): the full name wherever there is room."""
    type: CardType
    klass: ClassName | None = Field(default=None, alias="class")
    race: str = Field(min_length=1)
    xp: int = Field(ge=0, le=9)
    """XP cost, or a Champion's XP yield (H-3)."""
    dp: int = Field(default=0, ge=0, le=9)
    hp: int = Field(default=0, ge=0, le=20)
    damage: DamageType | None = None
    keywords: list[Keyword] = []
    text: str
    flavour: str = Field(min_length=1)
    on_play: list[Effect] = []
    ability: Ability | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _check(self) -> Card:
        problem = short_name_problem(self.name, self.short_name)
        if problem:
            raise ValueError(problem)
        if self.type in ("Realm", "Campaign"):
            rule = "H-19" if self.type == "Campaign" else "H-20"
            raise ValueError(f"{self.type} cards are not shipped in this version ({rule})")
        unit = self.type in UNIT_TYPES
        if unit:
            if self.damage is None:
                raise ValueError("a unit needs a damage type (M-30)")
            if self.hp < 1:
                raise ValueError("a unit needs at least 1 HP")
        else:
            if self.damage is not None:
                raise ValueError("only units have a damage type")
            if self.keywords:
                raise ValueError("only units carry keywords")
            if self.ability is not None:
                raise ValueError("only units have activated abilities")
        if self.type == "Champion":
            if self.xp not in (1, 2):
                raise ValueError("a Champion yields 1 or 2 XP (H-3)")
            if self.klass is None:
                raise ValueError("a Champion has a class")
        if self.type == "Equipment":
            if self.klass is not None:
                raise ValueError("Equipment is classless (F-19)")
            if self.on_play:
                raise ValueError("Equipment has no on_play effects; it gives DP/HP (H-13)")
        if self.type == "Legend":
            if self.klass is None:
                raise ValueError("a Legend has a class (F-18)")
            if not self.on_play or self.dp or self.hp:
                raise ValueError("a Legend has on_play effects and no DP/HP")
        if self.type == "Champion" and self.on_play:
            raise ValueError("Champions are never played, so they have no on_play effects")
        for group, effects in (("on_play", self.on_play), ("ability", self.ability.effects if self.ability else [])):
            targeted = [e for e in effects if e.target != "none"]
            if len({e.target for e in targeted}) > 1:
                raise ValueError(f"{group}: all targeted effects of a card share one target")
            if group == "on_play" and any(e.target == "self" for e in effects) and self.type == "Legend":
                raise ValueError("on_play: a Legend has no 'self'")
        if len(set(self.keywords)) != len(self.keywords):
            raise ValueError("keywords: listed twice")
        return self


class Deck(StrictModel):
    """A prebuilt deck: 3 Champions outside the deck, then card id -> copies (H-1)."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    champions: list[str]
    cards: dict[str, int]


TWINS: dict[type, type] = {Effect: content.Effect, Ability: content.Ability, **REFERENCE_TWINS}


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


def make_def(c: Card) -> CardDef:
    target = next((e.target for e in c.on_play if e.target != "none"), "none")
    ab_target = "none"
    if c.ability is not None:
        ab_target = next((e.target for e in c.ability.effects if e.target != "none"), "none")
    if c.type == "Equipment":
        target = "own_champion"
    return CardDef(
        id=c.id,
        name=c.name,
        short_name=c.short_name,
        type=c.type,
        klass=c.klass,
        race=c.race,
        xp=c.xp,
        dp=c.dp,
        hp=c.hp,
        magical=c.damage == "Magical",
        damage=c.damage,
        keywords=tuple(c.keywords),
        berserk="Berserk" in c.keywords,
        double_assault="Double Assault" in c.keywords,
        lightning="Lightning" in c.keywords,
        critical="Critical Hit" in c.keywords,
        celerity="Celerity" in c.keywords,
        is_unit=c.type in UNIT_TYPES,
        is_champion=c.type == "Champion",
        on_play=plain(tuple(c.on_play), TWINS),
        target=target,
        heals=any(e.op == "heal" for e in c.on_play),
        ability=plain(c.ability, TWINS),
        ability_target=ab_target,
        text=c.text,
        flavour=c.flavour,
    )


def load_content(folder: Path) -> Content:
    """Load cards.toml, decks.toml and rules.toml; every error names file, entry and field."""
    cards_path = folder / "cards.toml"
    raw_cards = load_entries(cards_path, "card", Card)
    cards: dict[str, CardDef] = {}
    names: dict[str, str] = {}
    for index, card in enumerate(raw_cards, start=1):
        where = f"{cards_path.name}: card {card.id!r} (entry {index})"
        expected = render_text(card)
        if card.text != expected:
            raise ContentError(f"{where}: field 'text': does not say what the card does; expected {expected!r}")
        if card.name in names:
            raise ContentError(f"{where}: field 'name': {card.name!r} is already used by {names[card.name]!r}")
        names[card.name] = card.id
        cards[card.id] = make_def(card)
    decks_path = folder / "decks.toml"
    decks: dict[str, DeckDef] = {}
    for index, deck in enumerate(load_entries(decks_path, "deck", Deck), start=1):
        try:
            decks[deck.id] = check_deck(deck, cards)
        except ValueError as exc:
            raise ContentError(f"{decks_path.name}: deck {deck.id!r} (entry {index}): {exc}") from None
    if len(decks) < 2:
        raise ContentError(f"{decks_path.name}: at least two decks are needed")
    rules = plain(load_reference(folder / "rules.toml"), TWINS)
    return Content(cards, decks, rules)


# ----- decks a player built (engine/built.py, mythtable/userfiles.py) ------------------------------


def built_deck(content: Content, name: str, data: object) -> tuple[DeckDef | None, list[Problem]]:
    """A built deck checked: its file's shape (the model of a [[deck]] entry), its name, every deck rule."""
    from mythtable.engine.built import built_key, label_problem

    deck, problems = entry_problems(Deck, data, name)
    if deck is None:
        return None, problems
    label = label_problem(deck.name)
    problems = ([label] if label else []) + deck_problems(deck.champions, deck.cards, content.cards)
    if problems:
        return None, problems
    expanded = tuple(cid for cid, count in deck.cards.items() for _ in range(count))
    return DeckDef(built_key(name), deck.name, tuple(deck.champions), expanded), []


def with_built(content: Content, built: Built) -> Content:
    """The content with the built decks beside the prebuilt ones, each under `user:<name>`."""
    return with_built_decks(content, built, "Mythicarium", built_deck)


CONTENT_FILES: dict[str, tuple[str | None, type]] = {
    "cards.toml": ("card", Card),
    "decks.toml": ("deck", Deck),
    "rules.toml": (None, RulesReference),
}
"""Each shipped content file, the array of tables it holds ([[card]]; None: the whole file) and its
model, for `mythtable schema` (content_schema.py)."""
BUILT_FILES: dict[str, type] = {"decks": Deck}
"""The model of each kind of built file (its `id` comes from the file's name, so the file leaves it out)."""
