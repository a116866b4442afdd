"""Content: section 6, F-1, F-2, F-35, H-18, H-25 and the broken-content errors."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from mythtable.engine.errors import ContentError
from mythtable.rulesets.mythcraft.content import HeroTemplateDef
from mythtable.rulesets.mythcraft.rules import capacity, cor_bonus, hero_max_hp
from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.schema import Creature, HeroTemplate, load_content
from tests.mythcraft.fixtures import SLAG_TOAD
from tests.mythcraft.helpers import CONTENT, ENGINE, LOADED, Scene, set_attr

ASSETS = LOADED.root
F35_FIELDS = ("name", "level", "size", "tags", "attributes", "defenses", "hp", "speed_ft", "ar", "actions_intro")


def test_F_35_every_stat_block_has_the_full_layout() -> None:
    assert len(CONTENT.creatures) == 14  # issue 18: the second bestiary more than doubles the first 6
    for c in CONTENT.creatures.values():
        for f in F35_FIELDS:
            assert getattr(c, f) not in (None, "", [], {}), (c.id, f)
        for f in ("resist", "immune", "vulnerable", "dr", "dt", "senses", "traits", "skills", "features", "reactions"):
            assert hasattr(c, f)
        word = {2: "TWO", 3: "THREE"}[c.action_count]
        assert (
            c.actions_intro == f"The {c.name} can take {word} of the following actions, or take the same action twice."
        )
        assert c.actions[0].kind == "move"
        for a in c.actions:
            if a.kind == "attack":
                assert a.range and a.range_ft and a.attack_type and a.defense


def _template(**changes: object) -> dict:  # type: ignore[type-arg]
    raw = dataclasses.asdict(CONTENT.heroes["mage"])
    raw.update(changes)
    return raw


def test_F_1_eight_attributes_from_minus_3_to_12_creatures_lack_luck_and_cor() -> None:
    names = ["STR", "DEX", "END", "AWR", "INT", "CHA", "LUCK", "COR"]
    for name in names:
        for ok in (-3, 12):  # both ends of the range are accepted
            HeroTemplate.model_validate(_template(attributes={**CONTENT.heroes["mage"].attributes, name: ok}))
        for bad in (-4, 13):  # one beyond either end is refused
            with pytest.raises(ValidationError, match=r"outside -3\.\.12"):
                HeroTemplate.model_validate(_template(attributes={**CONTENT.heroes["mage"].attributes, name: bad}))
        missing = {k: v for k, v in CONTENT.heroes["mage"].attributes.items() if k != name}
        with pytest.raises(ValidationError, match="missing attributes"):
            HeroTemplate.model_validate(_template(attributes=missing))
    # creatures: the six attributes only, in the same range
    for extra in ("LUCK", "COR"):
        with pytest.raises(ValidationError):
            Creature.model_validate(dict(SLAG_TOAD, attributes={**SLAG_TOAD["attributes"], extra: 0}))
    with pytest.raises(ValidationError, match=r"outside -3\.\.12"):
        Creature.model_validate(
            dict(
                SLAG_TOAD,
                attributes={**SLAG_TOAD["attributes"], "AWR": 13},
                defenses={**SLAG_TOAD["defenses"], "ANT": 23},
            )
        )
    for c in CONTENT.creatures.values():
        assert set(c.attributes) == set(names[:6])
    s = Scene([("mage", 1, 1)], [("ash_hound", 10, 6)])
    view = RULESET.view(s.state, None)
    assert [k for k, _v in view.combatants[0].attributes] == names
    assert [k for k, _v in view.combatants[1].attributes] == names[:6]


def test_F_1_cor_only_sets_ap_and_is_never_used_for_checks() -> None:
    lines, aps, defenses = [], [], []
    for cor in (0, 12):
        s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], tweak=lambda st, c=cor: set_attr(st.units[0], "COR", c))
        w = s.active
        aps.append(w.ap)
        defenses.append([ENGINE.defense(s.state, w, d) for d in ("AR", "REF", "FORT", "ANT", "LOG", "WILL")])
        s.dice(10, 1)
        s.act("attack", "longsword", "c1")
        lines.append(next(t for t in s.log if " d20 " in t and t.startswith("Tamsin attacks")))
    assert aps == [3, 9]  # COR sets AP (C-16)
    assert lines[0] == lines[1] == "Tamsin attacks Ash Hound with longsword: d20 10 + STR 2 = 12 vs AR 12: hit"
    assert defenses[0] == defenses[1]


def test_F_2_six_defenses_ar_10_without_armor_else_the_armor() -> None:
    attrs = {"STR": 0, "DEX": 5, "END": -2, "AWR": 7, "INT": 12, "CHA": -3, "LUCK": 0, "COR": 0}
    for armor, ar, ref_fort in (("", 10, 0), ("padded_vest", 11, 0), ("leather_cuirass", 12, 1), ("chain_coat", 14, 0)):
        hero = HeroTemplateDef(**{**dataclasses.asdict(CONTENT.heroes["mage"]), "attributes": attrs, "armor": armor})
        content = dataclasses.replace(CONTENT, heroes={**CONTENT.heroes, "mage": hero})
        s = Scene([("mage", 4, 1)], [("ash_hound", 5, 1)], content=content)
        u = s.u("h1")
        got = [ENGINE.defense(s.state, u, d) for d in ("AR", "REF", "FORT", "ANT", "LOG", "WILL")]
        assert got == [ar, 15 + ref_fort, 8 + ref_fort, 17, 22, 7], armor
    # a creature attack names its defense and meets the hero's: Snap at Heels (+2 vs REF)
    s.act("end")
    s.dice(11)
    s.act("attack", "snap_at_heels", "h1")
    assert "Ash Hound attacks Orrin with Snap at Heels: d20 11 + 2 = 13 vs REF 15: miss" in s.text()


def test_H_18_templates_match_section_6() -> None:
    assert {"berzerker", "cleric"} <= set(CONTENT.heroes) and len(CONTENT.heroes) >= 4
    for t in CONTENT.heroes.values():
        a = t.attributes
        assert [hero_max_hp(lv, a["END"]) for lv in (1, 2, 3)] == t.expect_hp
        assert 3 + cor_bonus(a["COR"]) == t.expect_ap
        s = Scene([(t.id, 1, 1)], [("ash_hound", 10, 6)])
        u = s.u("h1")
        assert [ENGINE.defense(s.state, u, d) for d in ("AR", "REF", "FORT")] == t.expect_defenses
        assert ENGINE.weight(s.state, u) <= capacity(a["STR"]), t.id
        assert u.max_sp == (2 + 2 * 1 if t.spells else 0)


def test_data_maps_parse_with_a_start_per_hero_and_names_unique() -> None:
    sizes = {
        "E1": (12, 8, 1),
        "E2": (14, 9, 2),
        "E3": (16, 10, 3),
        "E4": (14, 9, 1),
        "E5": (16, 10, 2),
        "E6": (18, 10, 3),
    }
    for e in CONTENT.encounters.values():
        assert (e.width, e.height, e.level) == sizes[e.id]
        st = RULESET.new_game(CONTENT, 1, RULESET.default_setup(CONTENT))
        st = RULESET.new_state(CONTENT, st.rng, {"encounter": e.id})
        heroes = [u for u in st.units if u.side == 0]
        assert len(heroes) == 4
        assert all((u.x, u.y) not in st.board.walls for u in st.units)
        caps = sum(ch.isupper() for row in e.map for ch in row if ch in e.legend)
        assert caps == 2
        st2 = RULESET.new_state(CONTENT, st.rng, {"encounter": e.id, "hero3": "", "hero4": ""})
        assert len([u for u in st2.units if u.side == 1]) == len(st.units) - 4 - 2
    for table in (CONTENT.items, CONTENT.spells, CONTENT.creatures, CONTENT.encounters):
        names = [x.name for x in table.values()]
        assert len(names) == len(set(names))


def copy_assets(tmp_path: Path) -> Path:
    dst = tmp_path / "mythcraft"
    shutil.copytree(ASSETS, dst)
    return dst


def test_broken_content_names_file_entry_and_field(tmp_path: Path) -> None:
    root = copy_assets(tmp_path)
    p = root / "creatures.toml"
    p.write_text(p.read_text().replace("hp = 12\n", 'hp = "twelve"\n', 1))
    with pytest.raises(ContentError) as err:
        load_content(root)
    msg = str(err.value)
    assert "creatures.toml" in msg and "creature 'ash_hound' (entry 1)" in msg and "field 'hp'" in msg


def test_broken_content_wrong_defense_and_unknown_item(tmp_path: Path) -> None:
    root = copy_assets(tmp_path)
    p = root / "creatures.toml"
    p.write_text(p.read_text().replace("REF = 12, FORT = 11", "REF = 13, FORT = 11", 1))
    with pytest.raises(ContentError, match=r"creature 'ash_hound'.*REF must be 10 \+ DEX"):
        load_content(root)
    root = copy_assets(tmp_path / "b")
    p = root / "heroes.toml"
    p.write_text(p.read_text().replace('main_hand = "battle_axe"', 'main_hand = "war_pick"', 1))
    with pytest.raises(ContentError, match=r"heroes.toml: hero 'berzerker' \(entry 1\): field 'main_hand'"):
        load_content(root)


def test_H_25_maps_refuse_other_terrain(tmp_path: Path) -> None:
    root = copy_assets(tmp_path)
    p = root / "encounters.toml"
    p.write_text(p.read_text().replace('"......#..H..",', '"......D..H..",', 1))
    with pytest.raises(ContentError, match=r"encounter 'E1'.*unknown square 'D'"):
        load_content(root)


def test_H_19_riders_name_only_core_conditions(tmp_path: Path) -> None:
    root = copy_assets(tmp_path)
    p = root / "creatures.toml"
    p.write_text(p.read_text().replace('riders = [{ condition = "prone" }]', 'riders = [{ condition = "chilled" }]', 1))
    with pytest.raises(ContentError, match=r"creature 'ash_hound'.*riders\[0\]\.condition"):
        load_content(root)


def test_fixtures_are_never_shipped() -> None:
    text = "".join(p.read_text() for p in Path(ASSETS).glob("*.toml")).lower()
    assert "slag toad" not in text and "veteran soldier" not in text
