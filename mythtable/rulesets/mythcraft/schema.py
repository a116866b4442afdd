"""MythCraft's content files validated: pydantic models for items, spells, heroes, creatures
(F-35) and encounters.

Imported only when the files are validated (the first load, `mythtable validate`); what a game
holds are the plain twins in content.py (the same fields).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from mythtable.engine.built import KIND_TABLES, Built, Problem
from mythtable.engine.content import (
    REFERENCE_TWINS,
    RulesReference,
    ShortName,
    StrictModel,
    entry_problems,
    load_entries,
    load_reference,
    model_problems,
    short_name_problem,
)
from mythtable.engine.errors import ContentError
from mythtable.engine.plain import plain
from mythtable.rulesets.mythcraft import content
from mythtable.rulesets.mythcraft.attribute_points import attribute_problems
from mythtable.rulesets.mythcraft.content import (
    ATTRS,
    CONDITIONS,
    DAMAGE_TYPES,
    Attr,
    Condition,
    DamageType,
    Defense,
    EncounterDef,
    HeroTemplateDef,
    MythcraftContent,
    Pronoun,
    parse_dice,
)


def _check_dice(value: str) -> str:
    if value:
        parse_dice(value)
    return value


class Rider(StrictModel):
    """A condition an attack inflicts on a hit: `rounds` 0 means until removed."""

    condition: Condition
    value: int = Field(default=0, ge=0, le=10)
    rounds: int = Field(default=0, ge=0, le=10)


class ApcRule(StrictModel):
    """Weapon AP cost: fixed, or max(base - attribute, minimum); two-handed use lowers it."""

    fixed: int | None = Field(default=None, ge=0, le=10)
    base: int = 5
    minus: Attr | None = None
    minimum: int = Field(default=2, ge=0)
    two_handed_discount: int = Field(default=0, ge=0)
    two_handed_minimum: int = Field(default=2, ge=0)


class Item(StrictModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    short_name: ShortName
    """What a narrow panel shows (at most 14 characters): the full name wherever there is room."""
    kind: Literal["weapon", "shield", "armor", "consumable", "gear"]
    weight: int = Field(ge=0, le=20)
    grip: Literal["one_hand", "two_hands", "hand_and_half", "none"] = "none"
    apc: ApcRule | None = None
    attribute: Literal["STR", "DEX"] | None = None
    defense: Defense = "AR"
    damage: str = ""
    damage_type: DamageType | None = None
    reach_ft: int = Field(default=0, ge=0)
    thrown_ft: int = Field(default=0, ge=0)
    range_ft: int = Field(default=0, ge=0)
    ar: int = Field(default=0, ge=0)
    ar_bonus: int = 0
    ref_bonus: int = 0
    fort_bonus: int = 0
    resist: dict[DamageType, int] = {}
    use_apc: int = Field(default=2, ge=0)
    heal: str = ""
    ends: list[Condition] = []
    grants: Literal["", "blood_rage"] = ""
    grant_rounds: int = Field(default=0, ge=0)

    @field_validator("damage", "heal")
    @classmethod
    def _dice(cls, v: str) -> str:
        return _check_dice(v)

    @model_validator(mode="after")
    def _shape(self) -> Item:
        problem = short_name_problem(self.name, self.short_name)
        if problem:
            raise ValueError(problem)
        if self.kind == "weapon":
            if self.apc is None or self.attribute is None or not self.damage or self.damage_type is None:
                raise ValueError("a weapon needs apc, attribute, damage and damage_type")
            if self.grip == "none":
                raise ValueError("a weapon needs a grip")
            if not (self.reach_ft or self.range_ft):
                raise ValueError("a weapon needs reach_ft or range_ft")
        if self.kind == "armor" and self.ar < 10:
            raise ValueError("armor needs ar >= 10")
        return self


class Spell(StrictModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    school: Literal["arcane", "divine"]
    kind: Literal["cantrip", "spell", "prayer"]
    apc: int = Field(ge=0)
    spc: int = Field(ge=0)
    range_ft: int = Field(gt=0)
    target: Literal["hostile", "hero", "area"]
    area: int = Field(default=1, ge=1)
    defense: Defense = "AR"
    damage: str = ""
    damage_type: DamageType | None = None
    heal: str = ""
    heal_adds_attribute: bool = False
    text: str = ""

    @field_validator("damage", "heal")
    @classmethod
    def _dice(cls, v: str) -> str:
        return _check_dice(v)

    @model_validator(mode="after")
    def _shape(self) -> Spell:
        if self.kind in ("cantrip", "prayer") and self.spc:
            raise ValueError("cantrips and prayers cost no SP (F-18)")
        if self.target == "hero" and not self.heal:
            raise ValueError("a spell targeting a hero needs heal")
        if self.target != "hero" and (not self.damage or self.damage_type is None):
            raise ValueError("an attack spell needs damage and damage_type")
        return self


class HeroTemplate(StrictModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    title: str
    name: str
    short_name: ShortName | None = None
    """What a narrow panel shows (at most 14 characters); every shipped hero has one, a built hero may leave
    it out (its name then shows, cut where it must be)."""
    attributes: dict[Attr, int]
    speed_ft: int = 20
    armor: str = ""
    main_hand: str = ""
    off_hand: str = ""
    carried: list[str] = []
    feature: Literal["blood_rage", "holy_support", "parry", "riposte", "ward"]
    spells: list[str] = []
    level: int | None = Field(default=None, ge=1, le=5)
    """A built hero's own level (1-5); absent: the party level the game was set up with, else the encounter's."""
    expect_hp: list[int] = []
    expect_defenses: list[int] = []
    expect_ap: int = 0
    pronoun: Pronoun = "they"
    """How the log refers to the hero ("she ends her turn"); a built hero without one is "they"."""
    raises: list[Attr] = Field(default=[], max_length=4)
    """The attribute each level after the first raises by 1 (levels 2 to 5; H-31)."""

    @field_validator("attributes")
    @classmethod
    def _attrs(cls, v: dict[str, int]) -> dict[str, int]:
        missing = [a for a in ATTRS if a not in v]
        if missing:
            raise ValueError(f"missing attributes: {', '.join(missing)}")
        for k, x in v.items():
            if not -3 <= x <= 12:
                raise ValueError(f"{k} {x} outside -3..12 (F-1)")
        return v


class Trait(StrictModel):
    name: str
    text: str
    effect: Literal["", "pack_hunter", "flyer"] = ""


class CreatureAction(StrictModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    kind: Literal["move", "attack", "dodge", "area_attack"]
    range: Literal["", "melee", "reach", "ranged", "special"] = ""
    range_ft: int = Field(default=0, ge=0)
    attack_type: Literal["", "weapon", "natural weapon", "special"] = ""
    bonus: int = 0
    defense: Defense = "AR"
    average: int = Field(default=0, ge=0)
    damage: str = ""
    damage_type: DamageType | None = None
    riders: list[Rider] = []
    once_per_encounter: bool = False
    text: str = ""

    @field_validator("damage")
    @classmethod
    def _dice(cls, v: str) -> str:
        return _check_dice(v)

    @model_validator(mode="after")
    def _shape(self) -> CreatureAction:
        if self.kind in ("attack", "area_attack"):
            if not self.range or not self.range_ft:
                raise ValueError("an attack needs range and range_ft")
            if self.damage:
                if self.damage_type is None:
                    raise ValueError("damage needs damage_type")
                n, s, b = parse_dice(self.damage)
                if self.average != (n * (s + 1) + 2 * b) // 2:
                    raise ValueError(f"average {self.average} is not the rounded-down average of {self.damage}")
            elif not self.riders:
                raise ValueError("an attack needs damage or riders")
        return self


class CreatureReaction(StrictModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    trigger: Literal["missed_by_adjacent_melee"]
    action: str
    text: str = ""


class Creature(StrictModel):
    """The full F-35 stat block."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    short_name: ShortName
    """What a narrow panel shows (at most 14 characters): the full name wherever there is room."""
    level: int = Field(ge=1, le=20)
    size: Literal["tiny", "small", "medium", "large", "huge"]
    tags: list[str] = Field(min_length=1)
    attributes: dict[Literal["STR", "DEX", "END", "AWR", "INT", "CHA"], int]
    defenses: dict[Literal["REF", "FORT", "ANT", "LOG", "WILL"], int]
    hp: int = Field(gt=0)
    speed_ft: int = Field(ge=0)
    movement: dict[Literal["fly", "burrow", "climb", "swim"], int] = {}
    ar: int = Field(ge=0)
    resist: dict[DamageType, int] = {}
    immune: list[str] = []
    vulnerable: dict[DamageType, int] = {}
    dr: int = 0
    dt: int = 0
    senses: list[str] = []
    traits: list[Trait] = []
    skills: list[str] = []
    features: list[Trait] = []
    actions_intro: str
    action_count: int = Field(ge=1, le=5)
    actions: list[CreatureAction] = Field(min_length=1)
    reactions: list[CreatureReaction] = []
    pronoun: Pronoun = "it"
    """How the log refers to the creature ("it ends its turn")."""

    @model_validator(mode="after")
    def _shape(self) -> Creature:
        problem = short_name_problem(self.name, self.short_name)
        if problem:
            raise ValueError(problem)
        if set(self.attributes) != {"STR", "DEX", "END", "AWR", "INT", "CHA"}:
            raise ValueError("attributes must list STR, DEX, END, AWR, INT and CHA")
        for k, x in self.attributes.items():
            if not -3 <= x <= 12:
                raise ValueError(f"{k} {x} outside -3..12 (F-1)")
        pairs = {"REF": "DEX", "FORT": "END", "ANT": "AWR", "LOG": "INT", "WILL": "CHA"}
        for d, a in pairs.items():
            if self.defenses.get(d) != 10 + self.attributes[a]:
                raise ValueError(f"defense {d} must be 10 + {a} (F-2)")
        for name in self.immune:
            if name not in DAMAGE_TYPES and name not in CONDITIONS and name != "frightened":
                raise ValueError(f"immune: unknown damage type or condition {name!r}")
        ids = [a.id for a in self.actions]
        for r in self.reactions:
            if r.action not in ids:
                raise ValueError(f"reaction {r.id!r} names unknown action {r.action!r}")
        return self


class GroundItem(StrictModel):
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    item: str


class Encounter(StrictModel):
    id: str = Field(pattern=r"^E\d+$")
    name: str
    level: int = Field(ge=1, le=5)
    width: int = Field(ge=12, le=40)
    height: int = Field(ge=8, le=40)
    legend: dict[str, str]
    map: list[str]
    ground_items: list[GroundItem] = []

    @field_validator("map")
    @classmethod
    def _map_shape(cls, rows: list[str], info: ValidationInfo) -> list[str]:
        """The map must match width and height, use known squares and hold four start squares."""
        width, height, legend = info.data.get("width"), info.data.get("height"), info.data.get("legend", {})
        if width is None or height is None:
            return rows  # width or height already failed; that error is the one to report
        if len(rows) != height:
            raise ValueError(f"map has {len(rows)} rows, expected height {height}")
        allowed = set("#:.1234") | set(legend)
        starts: dict[str, list[tuple[int, int]]] = {hero: [] for hero in "1234"}
        for y, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"map row {y + 1} has {len(row)} squares, expected width {width}")
            for x, ch in enumerate(row):
                if ch not in allowed:
                    # H-25 (settles O-7): no terrain beyond walls, rubble and floor.
                    raise ValueError(f"map row {y + 1}: unknown square {ch!r} at ({x}, {y})")
                if ch in starts:
                    starts[ch].append((x, y))
        missing = [hero for hero, squares in starts.items() if not squares]
        wrong = [f"none for hero {', '.join(missing)}"] if missing else []
        wrong += [
            f"hero {hero} has {len(squares)}, at {', '.join(map(str, squares))}"
            for hero, squares in starts.items()
            if len(squares) > 1
        ]
        if wrong:
            raise ValueError(f"each of heroes 1-4 needs one start square: {'; '.join(wrong)}")
        return rows

    @model_validator(mode="after")
    def _items_on_floor(self) -> Encounter:
        for g in self.ground_items:
            if g.x >= self.width or g.y >= self.height or self.map[g.y][g.x] == "#":
                raise ValueError(f"ground item {g.item!r} at ({g.x}, {g.y}) is off the map or in a wall")
        return self


TWINS: dict[type, type] = {
    Rider: content.RiderDef,
    ApcRule: content.ApcRuleDef,
    Item: content.ItemDef,
    Spell: content.SpellDef,
    HeroTemplate: content.HeroTemplateDef,
    Trait: content.TraitDef,
    CreatureAction: content.CreatureActionDef,
    CreatureReaction: content.CreatureReactionDef,
    Creature: content.CreatureDef,
    GroundItem: content.GroundItemDef,
    Encounter: content.EncounterDef,
    **REFERENCE_TWINS,
}


def load_content(root: Path) -> MythcraftContent:
    items = {i.id: i for i in load_entries(root / "items.toml", "item", Item)}
    spells = {s.id: s for s in load_entries(root / "spells.toml", "spell", Spell)}
    heroes = {h.id: h for h in load_entries(root / "heroes.toml", "hero", HeroTemplate)}
    creatures = {c.id: c for c in load_entries(root / "creatures.toml", "creature", Creature)}
    encounters = {e.id: e for e in load_entries(root / "encounters.toml", "encounter", Encounter)}
    rules = load_reference(root / "rules.toml")
    for index, h in enumerate(heroes.values(), start=1):
        where = f"heroes.toml: hero {h.id!r} (entry {index})"
        for fld in ("armor", "main_hand", "off_hand"):
            ref = getattr(h, fld)
            if ref and ref not in items:
                raise ContentError(f"{where}: field '{fld}': unknown item {ref!r}")
        for k, ref in enumerate(h.carried):
            if ref not in items:
                raise ContentError(f"{where}: field 'carried[{k}]': unknown item {ref!r}")
        for k, ref in enumerate(h.spells):
            if ref not in spells:
                raise ContentError(f"{where}: field 'spells[{k}]': unknown spell {ref!r}")
        for a, message in attribute_problems(h.attributes, h.level, h.raises):
            raise ContentError(f"{where}: field 'attributes{'.' + a if a else ''}': {message} (F-40)")
    for index, e in enumerate(encounters.values(), start=1):
        for letter, ref in e.legend.items():
            if ref not in creatures:
                raise ContentError(
                    f"encounters.toml: encounter {e.id!r} (entry {index}): field 'legend.{letter}': "
                    f"unknown creature {ref!r}"
                )
        for k, g in enumerate(e.ground_items):
            if g.item not in items:
                raise ContentError(
                    f"encounters.toml: encounter {e.id!r} (entry {index}): field 'ground_items[{k}].item': "
                    f"unknown item {g.item!r}"
                )
    return MythcraftContent(*plain((items, spells, heroes, creatures, encounters, rules), TWINS))


# ----- parties and encounters a player built (engine/built.py, mythtable/userfiles.py) -------------


class Party(StrictModel):
    """A party file in the user folder: a name and 1 to 4 heroes, each a [[hero]] entry as
    heroes.toml writes them. Each hero is offered on the new-game screen as `user:<party>/<hero id>`."""

    name: str = Field(min_length=1)
    hero: list[HeroTemplate] = Field(min_length=1, max_length=4)


def _hero_ref_problems(h: HeroTemplate, items: dict[str, object], spells: dict[str, object], at: str) -> list[Problem]:
    out: list[Problem] = []
    for fld in ("armor", "main_hand", "off_hand"):
        ref = getattr(h, fld)
        if ref and ref not in items:
            out.append(Problem("", f"{at}{fld}", f"unknown item {ref!r}"))
    out += [Problem("", f"{at}carried[{k}]", f"unknown item {r!r}") for k, r in enumerate(h.carried) if r not in items]
    out += [Problem("", f"{at}spells[{k}]", f"unknown spell {r!r}") for k, r in enumerate(h.spells) if r not in spells]
    return out


def _hero_gear_problems(content: MythcraftContent, h: HeroTemplate, at: str) -> list[Problem]:
    """What a built hero wears and holds fits its slots and hands (H-18, as the game equips), and all it
    carries is within its load (H-6, the game's own weight and capacity)."""
    from mythtable.rulesets.mythcraft.rules.sheet import hero_sheet

    items = content.items
    out: list[Problem] = []
    armor, main, off = (items.get(ref) for ref in (h.armor, h.main_hand, h.off_hand))
    if armor is not None and armor.kind != "armor":
        out.append(Problem("", f"{at}armor", f"{armor.name} is not armor"))
    if main is not None and main.kind != "weapon":
        out.append(Problem("", f"{at}main_hand", f"{main.name} is not a weapon"))
    if off is not None:
        if off.kind not in ("weapon", "shield"):
            out.append(Problem("", f"{at}off_hand", f"{off.name} is neither a weapon nor a shield"))
        elif main is not None and main.grip == "two_hands":
            out.append(Problem("H-18", f"{at}off_hand", f"the {main.name} in the main hand takes both hands"))
        elif off.kind == "weapon" and (off.grip != "one_hand" or main is None or main.grip != "one_hand"):
            out.append(Problem("H-18", f"{at}off_hand", "a second weapon needs a one-handed weapon in each hand"))
    worn = (ref for ref in (h.armor, h.main_hand, h.off_hand) if ref)  # "" is an empty slot; carried has none
    if out or any(ref not in items for ref in (*worn, *h.carried)):
        return out
    sheet = hero_sheet(content, plain(h, TWINS), h.level or 1)
    if sheet.over_load:
        out.append(
            Problem("H-6", f"{at}carried", f"carries {sheet.load}, over its load of {sheet.capacity} (10 + 2 x STR)")
        )
    return out


def built_party(content: MythcraftContent, name: str, data: object) -> tuple[list[HeroTemplateDef], list[Problem]]:
    """A built party checked: its shape (Party, heroes as HeroTemplate), names, then what it names."""
    from mythtable.engine.built import built_key, label_problem

    party, problems = model_problems(Party, data)
    if party is None:
        return [], problems
    label = label_problem(party.name)
    problems = [label] if label else []
    seen: set[str] = set()
    heroes: list[HeroTemplateDef] = []
    for k, h in enumerate(party.hero):
        at = f"hero[{k}]."
        if h.id in seen:
            problems.append(Problem("", f"{at}id", f"{h.id!r} is used by another hero of the party"))
        seen.add(h.id)
        for fld in ("name", "title"):
            found = label_problem(getattr(h, fld), at + fld)
            if found:
                problems.append(found)
        problems += _hero_ref_problems(h, content.items, content.spells, at)
        problems += _hero_gear_problems(content, h, at)
        problems += [
            Problem("F-40", f"{at}attributes" + (f".{a}" if a else ""), message)
            for a, message in attribute_problems(h.attributes, h.level, h.raises)
        ]
        hero: HeroTemplateDef = plain(h, TWINS)
        heroes.append(dataclasses.replace(hero, id=built_key(f"{name}/{h.id}")))
    return ([] if problems else heroes), problems


def built_encounter(content: MythcraftContent, name: str, data: object) -> tuple[EncounterDef | None, list[Problem]]:
    """A built encounter checked: its shape (Encounter, the id from the file's name), its name, then
    the creatures and items it names."""
    from mythtable.engine.built import built_key, label_problem

    enc, problems = entry_problems(Encounter, data, "E0")
    if enc is None:
        return None, problems
    label = label_problem(enc.name)
    problems = [label] if label else []
    for letter, ref in enc.legend.items():
        if ref not in content.creatures:
            problems.append(Problem("", f"legend.{letter}", f"unknown creature {ref!r}"))
    problems += _creature_place_problems(enc)
    for k, g in enumerate(enc.ground_items):
        if g.item not in content.items:
            problems.append(Problem("", f"ground_items[{k}].item", f"unknown item {g.item!r}"))
    if problems:
        return None, problems
    encounter: EncounterDef = plain(enc, TWINS)
    return dataclasses.replace(encounter, id=built_key(name)), []


def _creature_place_problems(enc: Encounter) -> list[Problem]:
    """A built encounter needs a creature that is always there (a lower-case letter: with a party of
    two there would be no fight otherwise), and only two capitals ever join (rules/setup.py: for a
    3rd and a 4th hero), so a third one would never be seen."""
    placed = [(x, y, ch) for y, row in enumerate(enc.map) for x, ch in enumerate(row) if ch in enc.legend]
    problems = []
    if not any(not ch.isupper() for _x, _y, ch in placed):
        problems.append(Problem("", "map", "no creature is always there: place one (a lower-case letter)"))
    capitals = [(x, y) for x, y, ch in placed if ch.isupper()]
    for x, y in capitals[2:]:
        problems.append(
            Problem("", "map", f"the creature at ({x}, {y}) would never join: only two join a bigger party")
        )
    return problems


def with_built(content: MythcraftContent, built: Built) -> MythcraftContent:
    """The content with the built heroes and encounters beside the prebuilt ones."""
    heroes = dict(content.heroes)
    encounters = dict(content.encounters)
    for kind, items in built.items():
        if kind not in ("parties", "encounters"):
            raise ContentError(f"MythCraft has no built {kind}")
        for name, data in items.items():
            if kind == "parties":
                party, problems = built_party(content, name, data)
                heroes.update((h.id, h) for h in party)
            else:
                enc, problems = built_encounter(content, name, data)
                if enc is not None:
                    encounters[enc.id] = enc
            if problems:
                raise ContentError(f"{KIND_TABLES[kind]} {name!r}: {problems[0]}")
    return dataclasses.replace(content, heroes=heroes, encounters=encounters)


CONTENT_FILES: dict[str, tuple[str | None, type]] = {
    "items.toml": ("item", Item),
    "spells.toml": ("spell", Spell),
    "heroes.toml": ("hero", HeroTemplate),
    "creatures.toml": ("creature", Creature),
    "encounters.toml": ("encounter", Encounter),
    "rules.toml": (None, RulesReference),
}
"""Each shipped content file, the array of tables it holds ([[item]]; None: the whole file) and its
model, for `mythtable schema` (content_schema.py)."""
BUILT_FILES: dict[str, type] = {"parties": Party, "encounters": Encounter}
"""The model of each kind of built file (an `id` comes from the file's name, so the file leaves it out)."""
