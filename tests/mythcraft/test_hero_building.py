"""Building heroes: F-40 (attribute points by level, the most per attribute) and H-31 (what the project decides
where the sources are silent), checked where built heroes are validated: a party file and the party builder
(both through `built_party`, the check the builder runs on every change), and the shipped heroes when the
content loads."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from mythtable.engine.errors import ContentError
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.paths import assets_root
from mythtable.rulesets.mythcraft import builder
from mythtable.rulesets.mythcraft.attribute_points import attribute_problems, points_spent
from mythtable.rulesets.mythcraft.built import built_problems
from mythtable.rulesets.mythcraft.content import ATTRS, level_attributes
from mythtable.rulesets.mythcraft.schema import built_party, load_content, with_built
from tests.mythcraft.helpers import CONTENT, Scene

# F-40 written out from the rules (not from the formulas): points and the most per attribute at levels 1..5
POINTS = {1: 5, 2: 6, 3: 7, 4: 8, 5: 9}
MOST = {1: 2, 2: 2, 3: 3, 4: 3, 5: 4}


def party(attributes: dict[str, int], level: int | None = 1) -> dict[str, Any]:
    """A party file of one hero: the builder's blank hero (every attribute 0) with these attributes."""
    hero = builder.hero_data(CONTENT, None)
    hero["attributes"] = {a: 0 for a in ATTRS} | attributes
    if level is None:
        del hero["level"]
    else:
        hero["level"] = level
    return {"name": "Test", "hero": [hero]}


def problems(attributes: dict[str, int], level: int | None = 1) -> list[str]:
    """What the party builder and a party file say (`Buildable.problems`: the builder's own check)."""
    return [str(p) for p in built_problems(CONTENT, "parties", "test", party(attributes, level))]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_F_40_no_attribute_above_half_the_level_rounded_up_plus_1(level: int) -> None:
    most = MOST[level]
    assert problems({"STR": most}, level) == []
    assert problems({"COR": most, "LUCK": -3}, level) == []
    for a in ("STR", "COR", "LUCK"):
        assert problems({a: most + 1}, level) == [
            f"field 'hero[0].attributes.{a}': {a} +{most + 1} is above +{most}, "
            f"the most any attribute may have at level {level} (F-40)"
        ]


def test_F_40_the_boundaries_the_issue_names() -> None:
    assert problems({"STR": 2}, 1) == [] and problems({"STR": 3}, 1) != []
    assert problems({"STR": 4}, 5) == [] and problems({"STR": 5}, 5) != []


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_F_40_points_total_exact(level: int) -> None:
    """Exactly the level's points is allowed, one more is refused (each attribute within the most)."""
    points, most = POINTS[level], MOST[level]

    def spread(total: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for a in ATTRS:
            out[a] = min(most, total - sum(out.values()))
        return out

    assert sum(spread(points).values()) == points and max(spread(points).values()) == most
    assert problems(spread(points), level) == []
    assert problems(spread(points + 1), level) == [
        f"field 'hero[0].attributes': the attributes above 0 add up to {points + 1} points; "
        f"a hero has {points} at level {level} (F-40)"
    ]


def test_F_40_the_builder_refuses_a_level_1_hero_with_plus_12_in_five_attributes() -> None:
    """What the builder accepted before issue 30: each of the five named, and the total, in player words."""
    found = problems({a: 12 for a in ("STR", "DEX", "END", "AWR", "INT")}, 1)
    assert len(found) == 6
    assert (
        found[0]
        == "field 'hero[0].attributes.STR': STR +12 is above +2, the most any attribute may have at level 1 (F-40)"
    )
    assert found[-1].endswith("add up to 60 points; a hero has 5 at level 1 (F-40)")
    for text in found:  # no pydantic words, no raw repr
        assert "Value error" not in text and "Input should" not in text and "{" not in text
    # the same party file is refused when a game is set up with it
    with pytest.raises(ContentError, match=r"STR \+12 is above \+2"):
        with_built(CONTENT, {"parties": {"giants": party({a: 12 for a in ("STR", "DEX", "END", "AWR", "INT")})}})


def test_H_31_an_attribute_below_0_buys_no_points() -> None:
    """Lowering an attribute is allowed (down to -3, F-1) but pays for nothing."""
    assert problems({"STR": 2, "DEX": 2, "COR": 1, "INT": -3, "CHA": -3}, 1) == []
    refused = problems({"STR": 2, "DEX": 2, "COR": 2, "INT": -3, "CHA": -3}, 1)
    assert refused == [
        "field 'hero[0].attributes': the attributes above 0 add up to 6 points; a hero has 5 at level 1 (F-40)"
    ]
    assert points_spent({"STR": 2, "INT": -3}) == 2


def test_H_31_points_may_be_left_unspent() -> None:
    for level in POINTS:
        assert problems({}, level) == []
        assert problems({"STR": 1}, level) == []


def test_H_31_a_hero_at_the_party_level_must_fit_every_level_and_then_plays_at_any() -> None:
    refused = problems({"STR": 3}, None)
    assert refused == [
        "field 'hero[0].attributes.STR': STR +3 is above +2, the most any attribute may have at level 1 "
        "(a hero at the party's level) (F-40)"
    ]
    assert problems({"STR": 3}, 3) == []  # with a level of its own, its level's limits
    fits = party({"STR": 2, "DEX": 2, "COR": 1}, None)
    assert problems({"STR": 2, "DEX": 2, "COR": 1}, None) == []
    setup = Setup(["Ana", "Bram"], {"encounter": "E1", "hero1": "user:p/hero", "hero2": "rogue", "level": "5"})
    setup.built = {"parties": {"p": fits}}
    game = Game.new("mythcraft", 3, setup)
    hero = next(u for u in game.state.units if u.kind == "user:p/hero")
    assert hero.level == 5 and hero.attrs[:2] == [2, 2]


def test_F_40_H_31_every_prebuilt_hero_spends_exactly_the_points_of_each_level() -> None:
    """A shipped hero at the party's level: its level-1 build and one raise a level (H-31) spend exactly the
    level's points, none above the level's most, and so it is in play."""
    for h in CONTENT.heroes.values():
        assert len(h.raises) == 4, h.id
        assert attribute_problems(h.attributes, None, h.raises) == [], h.id
        for level in POINTS:
            attrs = level_attributes(h.attributes, h.raises, level)
            assert points_spent(attrs) == POINTS[level], (h.id, level)
            assert max(attrs.values()) <= MOST[level], (h.id, level)
            s = Scene([(h.id, 1, 1)], [("ash_hound", 10, 6)], level=level)
            assert s.u("h1").attrs == [attrs[a] for a in ATTRS], (h.id, level)
        data = builder.hero_data(CONTENT, h.id)  # a copy in the party builder: the level-1 build, legal as it is
        assert "raises" not in data and data["attributes"] == h.attributes
        assert built_party(CONTENT, "copy", {"name": "Copy", "hero": [data]})[1] == []


def test_H_31_raises_that_break_F_40_are_refused_at_the_first_level_they_do() -> None:
    data = party({"STR": 2, "COR": 2, "DEX": 1}, None)
    data["hero"][0]["raises"] = ["STR", "END"]  # STR 3 at level 2, where +2 is the most
    found = [str(p) for p in built_party(CONTENT, "raised", data)[1]]
    assert found == [
        "field 'hero[0].attributes.STR': STR +3 is above +2, the most any attribute may have at level 2 "
        "(a hero at the party's level) (F-40)"
    ]
    data["hero"][0]["raises"] = ["END", "STR", "STR"]  # STR 3 at level 3 (allowed), 4 at level 4 (not)
    found = [str(p) for p in built_party(CONTENT, "raised", data)[1]]
    assert found and "at level 4" in found[0] and "STR +4 is above +3" in found[0]
    data["hero"][0]["level"] = 3  # a level of its own: only level 3 counts, with the raises of levels 2 and 3
    assert built_party(CONTENT, "raised", data)[1] == []
    data["hero"][0]["raises"] = ["STR"]
    data["hero"][0]["level"] = 2  # its level-2 raise makes STR 3, above level 2's +2
    found = [str(p) for p in built_party(CONTENT, "raised", data)[1]]
    assert found == [
        "field 'hero[0].attributes.STR': STR +3 is above +2, the most any attribute may have at level 2 (F-40)"
    ]


def test_F_40_a_shipped_hero_that_breaks_it_is_refused_when_the_content_loads(tmp_path: Path) -> None:
    root = tmp_path / "mythcraft"
    shutil.copytree(assets_root() / "mythcraft", root)
    heroes = root / "heroes.toml"
    text = heroes.read_text(encoding="utf-8")
    broken = text.replace("STR = 2, DEX = 0, END = 1", "STR = 3, DEX = 0, END = 1", 1)
    assert broken != text
    heroes.write_text(broken, encoding="utf-8")
    with pytest.raises(ContentError, match=r"heroes.toml: hero 'berzerker' .*STR \+3 is above \+2.*\(F-40\)"):
        load_content(root)


def test_F_40_the_builder_sheet_counts_the_points() -> None:
    hero = party({"STR": 2, "DEX": 2, "COR": 1}, 1)["hero"][0]
    assert "Points 5/5, at most +2 each" in builder.hero_sheet(CONTENT, hero)
    hero["attributes"]["LUCK"] = 1
    assert "Points 6/5 OVER, at most +2 each" in builder.hero_sheet(CONTENT, hero)
    hero["level"] = 5
    assert "Points 6/9, at most +4 each" in builder.hero_sheet(CONTENT, hero)


def test_F_40_H_31_the_in_app_rules_say_what_the_builder_checks() -> None:
    text = {c.id: c.text for c in CONTENT.rules.clauses()}
    assert "5 at level 1" in text["F-40"] and "+4 at 5" in text["F-40"]
    assert "buys no points" in text["H-31"] and "unspent" in text["H-31"] and "every level" in text["H-31"]
    assert "raises by 1" in text["H-31"]


@pytest.mark.parametrize("name", ["", "no-such-item"])
def test_a_carried_item_the_content_lacks_is_named_not_raised(name: str) -> None:
    """A built hero carrying an item the content does not have (even one named "", which the fuzz of issue 29
    found raising KeyError inside the weight check) is one problem naming the field, like any unknown item."""
    data = party({})
    data["hero"][0]["carried"] = [name]
    found = [(p.field, p.message) for p in built_party(CONTENT, "test", data)[1]]
    assert found == [("hero[0].carried[0]", f"unknown item {name!r}")]
