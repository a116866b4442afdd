"""The party builder's contract for MythCraft (engine/protocol.py `hero_fields`, `hero_templates`,
`hero_data`, `hero_sheet`): the rows of a hero's form, prebuilt heroes to copy, and the sheet of
derived values, computed by the game's own code (rules/sheet.py)."""

from __future__ import annotations

from typing import Any, get_args

from mythtable.engine.built import HeroField
from mythtable.engine.plain import plain
from mythtable.rulesets.mythcraft.attribute_points import points_line
from mythtable.rulesets.mythcraft.content import ATTRS, ItemDef, MythcraftContent, Pronoun

LEVELS = (1, 2, 3, 4, 5)
"""H-8: heroes are level 1-5."""
ATTRIBUTE_RANGE = range(-3, 13)
"""F-1: an attribute is -3..12."""
ATTRIBUTE_CHOICES = tuple((n, f"{n:+d}") for n in ATTRIBUTE_RANGE)
MOST_CARRIED = 9
PRONOUNS: tuple[str, ...] = get_args(Pronoun)
ATTRIBUTE_HELP = {
    "STR": "Strength: load 10 + 2 x STR (H-6); STR weapons hit and cost with it",
    "DEX": "Dexterity: REF 10 + DEX (F-2); DEX weapons hit and cost with it",
    "END": "Endurance: FORT 10 + END (F-2); the hit die of HP (F-20)",
    "AWR": "Awareness: ANT 10 + AWR (F-2); Initiative d20 + AWR (C-6)",
    "INT": "Intellect: LOG 10 + INT (F-2); arcane spells",
    "CHA": "Charisma: WILL 10 + CHA (F-2); divine spells (H-18)",
    "LUCK": "Luck: 6 or more crits on 19-20, 12 or more on 18-20, below 0 never (F-10)",
    "COR": "Coordination: AP each turn 3 + COR / 2 rounded down (C-15, C-16)",
}
POINTS_HELP = (
    "Points (F-40, H-31): 5 at level 1, +1 a level; at most +2 at levels 1-2, +3 at 3-4, +4 at 5; below 0 buys none"
)
FEATURES = {
    "blood_rage": ("Blood rage", "1 Rage AP each turn for attacks (H-4)"),
    "holy_support": ("Holy support", "1 Support AP each turn for healing and help (H-4)"),
    "parry": ("Parry", "Reactive, 1 AP: +2 AR against one attack after its roll (H-2)"),
    "riposte": ("Riposte", "Reactive, 2 AP: strike a hostile that ends its move next to you (H-2)"),
    "ward": ("Ward", "Reactive, 1 AP: +2 ANT, LOG or WILL against one attack (H-2)"),
}


def item_help(item: ItemDef) -> str:
    """One line with an item's numbers."""
    parts = [f"{item.name}: {item.kind}, weight {item.weight}"]
    if item.kind == "weapon":
        grip = {"one_hand": "one hand", "two_hands": "two hands", "hand_and_half": "one or two hands"}
        reach = f"reach {item.reach_ft} ft" if item.reach_ft else f"range {item.range_ft} ft"
        parts.append(f"{item.damage} {item.damage_type}, {grip.get(item.grip, item.grip)}, {item.attribute}, {reach}")
    if item.kind == "armor":
        parts.append(f"AR {item.ar}" + (f", REF {item.ref_bonus:+d}" if item.ref_bonus else ""))
    if item.kind == "shield":
        parts.append(f"AR +{item.ar_bonus}")
    if item.heal:
        parts.append(f"heals {item.heal}, {item.use_apc} AP")
    return "; ".join(parts)


def hero_fields(content: MythcraftContent) -> list[HeroField]:
    items = content.items
    none = (("", "none"),)

    def slot(kinds: tuple[str, ...], one_hand_only: bool = False) -> tuple[tuple[Any, str], ...]:
        return none + tuple(
            (i.id, i.name)
            for i in items.values()
            if i.kind in kinds and not (one_hand_only and i.kind == "weapon" and i.grip != "one_hand")
        )

    fields = [
        HeroField(
            "level",
            "Level",
            "choice",
            ((None, "the party's"), *((n, str(n)) for n in LEVELS)),
            help="Level 1-5 (H-8): HP (F-20), Reactive AP cap (C-21), SP (H-18); the party's: the game's level",
        )
    ]
    fields.append(
        HeroField(
            "pronoun",
            "Pronoun",
            "choice",
            tuple((p, p) for p in PRONOUNS),
            help="How the log speaks of the hero: she, he, it or they ('Quill ends his turn')",
        )
    )
    fields += [
        HeroField(f"attributes.{a}", a, "choice", ATTRIBUTE_CHOICES, help=f"{ATTRIBUTE_HELP[a]}. {POINTS_HELP}")
        for a in ATTRS
    ]
    fields.append(
        HeroField(
            "feature",
            "Feature",
            "choice",
            tuple((k, label) for k, (label, _text) in FEATURES.items()),
            help="; ".join(f"{label}: {text}" for label, text in FEATURES.values()),
        )
    )
    fields += [
        HeroField("armor", "Armor", "choice", slot(("armor",)), help="Worn armor sets AR (F-2)"),
        HeroField("main_hand", "Main hand", "choice", slot(("weapon",)), help="The weapon in the main hand"),
        HeroField(
            "off_hand",
            "Off hand",
            "choice",
            slot(("shield", "weapon"), one_hand_only=True),
            help="A shield, or a second one-handed weapon beside a one-handed one (H-18)",
        ),
    ]
    fields += [
        HeroField(f"carried:{i.id}", f"Carry {i.name}", "count", most=MOST_CARRIED, help=item_help(i))
        for i in items.values()
    ]
    fields += [
        HeroField(
            f"spells:{s.id}",
            f"Spell {s.name}",
            "toggle",
            help=f"{s.name}: {s.kind}, {s.apc} AP" + (f" {s.spc} SP" if s.spc else "") + f"; {s.text}",
        )
        for s in content.spells.values()
    ]
    return fields


def hero_templates(content: MythcraftContent) -> list[tuple[str, str]]:
    return [(h.id, f"{h.title} ({h.name})") for h in content.heroes.values() if not h.id.startswith("user:")]


def hero_data(content: MythcraftContent, template_id: str | None) -> dict[str, Any]:
    """A hero entry as a party file holds it, at level 1 (the expect_* figures stay with the shipped file)."""
    if template_id is None:
        return {
            "id": "hero",
            "title": "Adventurer",
            "name": "Hero",
            "level": 1,
            "pronoun": "they",
            "attributes": {a: 0 for a in ATTRS},
            "feature": "parry",
        }
    t = content.heroes[template_id]
    data: dict[str, Any] = {"id": t.id, "title": t.title, "name": t.name, "level": t.level or 1}
    data["pronoun"] = t.pronoun
    data["attributes"] = {a: t.attributes[a] for a in ATTRS}
    if t.speed_ft != 20:
        data["speed_ft"] = t.speed_ft
    for key in ("armor", "main_hand", "off_hand"):
        if getattr(t, key):
            data[key] = getattr(t, key)
    data["carried"] = list(t.carried)
    data["feature"] = t.feature
    data["spells"] = list(t.spells)
    return data


def hero_sheet(content: MythcraftContent, hero: dict[str, Any]) -> list[str]:
    """The sheet lines of a hero entry, or [] if it does not validate or names unknown items."""
    from pydantic import ValidationError  # the builder validates; a game in progress never loads pydantic

    from mythtable.rulesets.mythcraft.rules.sheet import hero_sheet as sheet_of
    from mythtable.rulesets.mythcraft.schema import TWINS, HeroTemplate

    try:
        model = HeroTemplate.model_validate(hero)
    except (ValidationError, TypeError, ValueError):
        return []
    if any(ref and ref not in content.items for ref in (model.armor, model.main_hand, model.off_hand, *model.carried)):
        return []
    s = sheet_of(content, plain(model, TWINS), model.level or 1)
    d = s.defenses
    crit = "never (LUCK < 0)" if s.crit_from > 20 else ("20" if s.crit_from == 20 else f"{s.crit_from}-20")
    level = f"Level {s.level}" if model.level else "Level: the party's (1 shown)"
    lines = [
        level,
        f"HP {s.hp} · SP {s.sp} · AP/turn {s.ap}",
        f"Reactive AP cap {s.reactive_cap}",
        f"AR {d['AR']} REF {d['REF']} FORT {d['FORT']}",
        f"ANT {d['ANT']} LOG {d['LOG']} WILL {d['WILL']}",
        f"Crit on {crit}",
        f"Speed {s.squares} sq ({s.speed_ft} ft)" + (", halved" if s.over_load else ""),
        f"Load {s.load}/{s.capacity}" + (" OVER (H-6)" if s.over_load else ""),
    ]
    weapons = [(name, ap) for name, ap in s.attacks if name != "Unarmed"] or list(s.attacks)
    lines += [f"Attack: {name} {ap} AP" for name, ap in weapons[:2]]
    return [*lines, points_line(model.attributes, model.level, model.raises)]
