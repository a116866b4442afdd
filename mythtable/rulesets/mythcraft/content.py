"""MythCraft content: items, spells, hero templates, creature stat blocks (F-35) and encounters.

Everything is data in TOML validated by pydantic; effects use a small declarative vocabulary
(conditions, dice strings, feature keys) that the engine interprets. No code in content.
This module holds the plain forms a game reads (a twin of each model, the same fields); the
pydantic models live in schema.py, imported only to validate.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from mythtable.engine.reference import RulesReference

DICE_RE = re.compile(r"^(\d+)d(\d+)([+-]\d+)?$")

ATTRS = ("STR", "DEX", "END", "AWR", "INT", "CHA", "LUCK", "COR")
DEFENSES = ("AR", "REF", "FORT", "ANT", "LOG", "WILL")
DAMAGE_TYPES = (
    "blunt",
    "sharp",
    "cold",
    "corrosive",
    "fire",
    "lightning",
    "toxic",
    "necrotic",
    "psychic",
    "radiant",
    "sonic",
)
# H-19 (settles O-1): only the core conditions are adopted; riders may name nothing else.
CONDITIONS = (
    "prone",
    "dazed",
    "stunned",
    "staggered",
    "bleeding",
    "burning",
    "frightened",
    "grappled",
    "engaged",
)
Attr = Literal["STR", "DEX", "END", "AWR", "INT", "CHA", "LUCK", "COR"]
Defense = Literal["AR", "REF", "FORT", "ANT", "LOG", "WILL"]
DamageType = Literal[
    "blunt", "sharp", "cold", "corrosive", "fire", "lightning", "toxic", "necrotic", "psychic", "radiant", "sonic"
]
Pronoun = Literal["she", "he", "it", "they"]
"""How the log refers to a hero or a creature (words.py: she ends her turn, it ends its turn)."""
Condition = Literal["prone", "dazed", "stunned", "staggered", "bleeding", "burning", "frightened", "grappled"]


def parse_dice(text: str) -> tuple[int, int, int]:
    """ "1d6+2" -> (1, 6, 2)."""
    m = DICE_RE.match(text)
    if not m:
        raise ValueError(f"not a dice expression: {text!r}")
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


# ----- the plain forms a game holds (schema.py validates the files into them) -----------


@dataclass(slots=True, frozen=True)
class RiderDef:
    """A condition an attack inflicts on a hit: `rounds` 0 means until removed."""

    condition: Condition
    value: int
    rounds: int


@dataclass(slots=True, frozen=True)
class ApcRuleDef:
    """Weapon AP cost: fixed, or max(base - attribute, minimum); two-handed use lowers it."""

    fixed: int | None
    base: int
    minus: Attr | None
    minimum: int
    two_handed_discount: int
    two_handed_minimum: int


@dataclass(slots=True, frozen=True)
class ItemDef:
    id: str
    name: str
    short_name: str
    kind: Literal["weapon", "shield", "armor", "consumable", "gear"]
    weight: int
    grip: Literal["one_hand", "two_hands", "hand_and_half", "none"]
    apc: ApcRuleDef | None
    attribute: Literal["STR", "DEX"] | None
    defense: Defense
    damage: str
    damage_type: DamageType | None
    reach_ft: int
    thrown_ft: int
    range_ft: int
    ar: int
    ar_bonus: int
    ref_bonus: int
    fort_bonus: int
    resist: dict[DamageType, int]
    use_apc: int
    heal: str
    ends: list[Condition]
    grants: Literal["", "blood_rage"]
    grant_rounds: int


@dataclass(slots=True, frozen=True)
class SpellDef:
    id: str
    name: str
    school: Literal["arcane", "divine"]
    kind: Literal["cantrip", "spell", "prayer"]
    apc: int
    spc: int
    range_ft: int
    target: Literal["hostile", "hero", "area"]
    area: int
    defense: Defense
    damage: str
    damage_type: DamageType | None
    heal: str
    heal_adds_attribute: bool
    text: str


@dataclass(slots=True, frozen=True)
class HeroTemplateDef:
    id: str
    title: str
    name: str
    attributes: dict[Attr, int]
    speed_ft: int
    armor: str
    main_hand: str
    off_hand: str
    carried: list[str]
    feature: Literal["blood_rage", "holy_support", "parry", "riposte", "ward"]
    spells: list[str]
    level: int | None
    expect_hp: list[int]
    expect_defenses: list[int]
    expect_ap: int
    pronoun: Pronoun = "they"
    raises: list[Attr] = field(default_factory=list)
    """The attribute each level after the first raises by 1 (levels 2, 3, 4, 5; H-31): a shipped hero at the
    party's level spends all the points of that level (F-40)."""
    short_name: str | None = None
    """What a narrow panel shows (None for a built hero that chose none: its name)."""


def level_attributes(attributes: Mapping[str, int], raises: Sequence[str], level: int) -> dict[str, int]:
    """A hero's attributes at `level`: its level-1 build with the raises of levels 2..level (H-31)."""
    out = dict(attributes)
    for a in raises[: max(0, level - 1)]:
        out[a] = out.get(a, 0) + 1
    return out


@dataclass(slots=True, frozen=True)
class TraitDef:
    name: str
    text: str
    effect: Literal["", "pack_hunter", "flyer"]


@dataclass(slots=True, frozen=True)
class CreatureActionDef:
    id: str
    name: str
    kind: Literal["move", "attack", "dodge", "area_attack"]
    range: Literal["", "melee", "reach", "ranged", "special"]
    range_ft: int
    attack_type: Literal["", "weapon", "natural weapon", "special"]
    bonus: int
    defense: Defense
    average: int
    damage: str
    damage_type: DamageType | None
    riders: list[RiderDef]
    once_per_encounter: bool
    text: str


@dataclass(slots=True, frozen=True)
class CreatureReactionDef:
    id: str
    name: str
    trigger: Literal["missed_by_adjacent_melee"]
    action: str
    text: str


@dataclass(slots=True, frozen=True)
class CreatureDef:
    """The full F-35 stat block."""

    id: str
    name: str
    short_name: str
    level: int
    size: Literal["tiny", "small", "medium", "large", "huge"]
    tags: list[str]
    attributes: dict[Literal["STR", "DEX", "END", "AWR", "INT", "CHA"], int]
    defenses: dict[Literal["REF", "FORT", "ANT", "LOG", "WILL"], int]
    hp: int
    speed_ft: int
    movement: dict[Literal["fly", "burrow", "climb", "swim"], int]
    ar: int
    resist: dict[DamageType, int]
    immune: list[str]
    vulnerable: dict[DamageType, int]
    dr: int
    dt: int
    senses: list[str]
    traits: list[TraitDef]
    skills: list[str]
    features: list[TraitDef]
    actions_intro: str
    action_count: int
    actions: list[CreatureActionDef]
    reactions: list[CreatureReactionDef]
    pronoun: Pronoun = "it"


@dataclass(slots=True, frozen=True)
class GroundItemDef:
    x: int
    y: int
    item: str


@dataclass(slots=True, frozen=True)
class EncounterDef:
    id: str
    name: str
    level: int
    width: int
    height: int
    legend: dict[str, str]
    map: list[str]
    ground_items: list[GroundItemDef]


@dataclass(slots=True)
class MythcraftContent:
    items: dict[str, ItemDef]
    spells: dict[str, SpellDef]
    heroes: dict[str, HeroTemplateDef]
    creatures: dict[str, CreatureDef]
    encounters: dict[str, EncounterDef]
    rules: RulesReference
    dice: dict[str, tuple[int, int, int]] = field(default_factory=dict)
