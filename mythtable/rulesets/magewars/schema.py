"""Mage Wars CCG content files validated: pydantic models for the card files and decks.toml.

Imported only when the files are validated (the first load, `mythtable validate`); what a game
holds are the plain forms in content.py.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

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
from mythtable.rulesets.magewars import content
from mythtable.rulesets.magewars.content import (
    RITUAL_TARGETS,
    UNIT_OPS,
    CardType,
    Content,
    Deck,
    Element,
    Info,
    Keyword,
    OpKind,
    Speed,
    TargetKind,
    deck_problems,
    deck_rule_problems,
)


class Op(StrictModel):
    """One thing an effect does. Unit ops act on the effect's target; the others on a player."""

    op: OpKind
    amount: int = Field(default=1, ge=-6, le=10)


class Effect(StrictModel):
    """What a spell, Ritual Deploy Effect or ability does: one target kind and a list of ops."""

    target: TargetKind = "none"
    ops: list[Op] = Field(min_length=1)


class Ability(StrictModel):
    """An activated ability of a unit (H-49): its costs, its speed and its effect."""

    exhaust: bool = False
    tower_cost: int = Field(default=0, ge=0, le=6)
    fast: bool = False
    effect: Effect
    text: str = Field(min_length=1)


class Requirements(StrictModel):
    holding: bool = False
    elements: dict[Element, int] = {}
    min_tower: int = Field(default=0, ge=0, le=30)
    min_tier: int = Field(default=0, ge=0, le=3)


class CardModel(StrictModel):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)
    short_name: ShortName
    """What a narrow board shows (at most 14 characters): the full name wherever there is room."""
    type: CardType
    elements: list[Element] = []
    speed: Speed | None = None
    requires: Requirements = Requirements()
    tower_cost: int = Field(default=0, ge=0, le=6)
    power: int = Field(default=0, ge=0, le=6)
    guard: int = Field(default=0, ge=0, le=8)
    keywords: list[Keyword] = []
    effect: Effect | None = None
    ability: Ability | None = None
    text: str = ""


class DeckModel(StrictModel):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    elements: list[Element] = Field(min_length=1)
    description: str = ""
    cards: dict[str, int]


TWINS: dict[type, type] = {Op: content.Op, Effect: content.Effect, Ability: content.Ability, **REFERENCE_TWINS}


def compile_card(m: CardModel) -> Info:
    req = m.requires
    return Info(
        id=m.id,
        name=m.name,
        short_name=m.short_name,
        type=m.type,
        elements=tuple(m.elements),
        speed=m.speed or "",
        req_holding=req.holding,
        req_elements=tuple(sorted(req.elements.items())),
        min_tower=req.min_tower,
        min_tier=req.min_tier,
        cost=m.tower_cost,
        power=m.power,
        guard=m.guard,
        aerial="Aerial" in m.keywords,
        hero="Hero" in m.keywords,
        keywords=tuple(m.keywords),
        effect=plain(m.effect, TWINS),
        ability=plain(m.ability, TWINS),
        text=m.text,
    )


def card_problems(m: CardModel) -> list[tuple[str, str]]:
    """Rules that span fields, as (field, message) pairs."""
    out: list[tuple[str, str]] = []
    problem = short_name_problem(m.name, m.short_name)
    if problem:
        out.append(("short_name", problem))
    if m.type == "unit":
        if not m.requires.holding:
            out.append(("requires.holding", "a unit needs a Holding to deploy (F-9)"))
        if m.guard < 1:
            out.append(("guard", "a unit needs Guard 1 or more"))
        if m.speed is not None:
            out.append(("speed", "only castings have a speed"))
        if m.effect is not None:
            out.append(("effect", "units act through 'ability', not 'effect'"))
    else:
        if m.keywords:
            out.append(("keywords", "only units carry keywords"))
        if m.ability is not None:
            out.append(("ability", "only units have activated abilities"))
        if m.power or m.guard:
            out.append(("power", "only units have Power and Guard"))
    if m.type == "casting":
        if m.speed is None:
            out.append(("speed", "a casting needs a speed: fast, slow or weave"))
        if not m.requires.elements:
            out.append(("requires.elements", "a spell needs an elemental source (F-12)"))
        if m.requires.holding:
            out.append(("requires.holding", "spells do not need a Holding"))
        if m.effect is None:
            out.append(("effect", "a casting needs an effect"))
    if m.type == "casting" and m.speed == "weave" and m.effect is not None:
        if m.effect.target not in ("enemy_unit", "own_unit", "any_unit", "own_line", "enemy_hero"):
            out.append(("effect.target", "a weave attaches to a unit or one of your lines"))
        if any(op.op not in ("power", "guard") for op in m.effect.ops):
            out.append(("effect.ops", "a weave only changes Power or Guard"))
    if m.type == "ritual":
        if m.effect is None:
            out.append(("effect", "a Ritual needs a Deploy Effect (H-44)"))
        if m.tower_cost:
            out.append(("tower_cost", "Rituals cost no Tower Levels (H-44)"))
        if m.effect is not None and m.effect.target not in RITUAL_TARGETS:
            out.append(("effect.target", "a Ritual Deploy Effect acts on one unit (H-44)"))
        if m.effect is not None and any(op.op not in UNIT_OPS for op in m.effect.ops):
            out.append(
                (
                    "effect.ops",
                    "a Ritual Deploy Effect only changes its unit: damage, heal, power, guard, ready or exhaust (H-44)",
                )
            )
    if m.type in ("resource", "holding"):
        if m.effect is not None:
            out.append(("effect", "Resources and Holdings have no effect"))
        if m.requires != Requirements():
            out.append(("requires", "Resources and Holdings have no requirements (F-8)"))
        if m.tower_cost:
            out.append(("tower_cost", "Resources and Holdings cost nothing"))
    if m.type == "resource" and not m.elements:
        out.append(("elements", "a Resource carries at least one element (F-7)"))
    if m.type == "holding" and m.elements:
        out.append(("elements", "a Holding carries no element"))
    if m.ability is not None:
        a = m.ability
        if not a.exhaust and not a.tower_cost:
            out.append(("ability", "an ability costs exhausting the unit or Tower Levels (H-49)"))
    if m.effect is not None and m.effect.target == "self":
        out.append(("effect.target", "'self' is only for abilities"))
    return out


def load_content(root: Path) -> Content:
    files = sorted((root / "cards").glob("*.toml"))
    if not files:
        raise ContentError(f"{root / 'cards'}: no card files found")
    cards: dict[str, Info] = {}
    names: dict[str, str] = {}
    where: dict[str, str] = {}
    for path in files:
        for index, m in enumerate(load_entries(path, "card", CardModel), start=1):
            label = f"{path.name}: card {m.id!r} (entry {index})"
            if m.id in cards:
                raise ContentError(f"{label}: field 'id': duplicate id {m.id!r} (also in {where[m.id]})")
            if m.name.lower() in names:
                raise ContentError(f"{label}: field 'name': name {m.name!r} is already used")
            problems = card_problems(m)
            if problems:
                fld, msg = problems[0]
                raise ContentError(f"{label}: field '{fld}': {msg}")
            cards[m.id] = compile_card(m)
            names[m.name.lower()] = m.id
            where[m.id] = path.name
    decks_path = root / "decks.toml"
    decks: dict[str, Deck] = {}
    for index, dm in enumerate(load_entries(decks_path, "deck", DeckModel), start=1):
        problems = deck_problems(dm, cards)
        if problems:
            raise ContentError(
                f"{decks_path.name}: deck {dm.id!r} (entry {index}): field 'cards': {'; '.join(problems)}"
            )
        decks[dm.id] = Deck(dm.id, dm.name, tuple(dm.elements), dm.description, tuple(dm.cards.items()))
    if len(decks) < 2:
        raise ContentError(f"{decks_path.name}: at least two decks are needed")
    rules = plain(load_reference(root / "rules.toml"), TWINS)
    return Content(cards=cards, decks=decks, rules=rules)


# ----- decks a player built (engine/built.py, mythtable/userfiles.py) ------------------------------


def built_deck(content: Content, name: str, data: object) -> tuple[Deck | None, list[Problem]]:
    """A built deck checked: its file's shape (the model of a [[deck]] entry), its name, every deck rule."""
    from mythtable.engine.built import built_key, label_problem
    from mythtable.engine.text import clean_text

    deck, problems = entry_problems(DeckModel, data, name)
    if deck is None:
        return None, problems
    label = label_problem(deck.name)
    problems = ([label] if label else []) + deck_rule_problems(deck.cards, content.cards)
    if clean_text(deck.description, newlines=False) != deck.description:
        problems.insert(0, Problem("", "description", "holds control characters"))
    if problems:
        return None, problems
    elements = tuple(dict.fromkeys(deck.elements))
    return Deck(built_key(name), deck.name, elements, deck.description, tuple(deck.cards.items())), []


def with_built(content: Content, built: Built) -> Content:
    """The content with the built decks beside the prebuilt ones, each under `user:<name>`."""
    return with_built_decks(content, built, "Mage Wars CCG", built_deck)


CONTENT_FILES: dict[str, tuple[str | None, type]] = {
    "cards/*.toml": ("card", CardModel),
    "decks.toml": ("deck", DeckModel),
    "rules.toml": (None, RulesReference),
}
"""Each shipped content file, the array of tables it holds ([[card]]; None: the whole file) and its
model, for `mythtable schema` (content_schema.py)."""
BUILT_FILES: dict[str, type] = {"decks": DeckModel}
"""The model of each kind of built file (its `id` comes from the file's name, so the file leaves it out)."""
