"""Content: section 6, F-1, F-2, F-35, H-18, H-25 and the broken-content errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mythtable.engine.errors import ContentError
from mythtable.rulesets.mythcraft import RULESET
from mythtable.rulesets.mythcraft.rules import capacity, cor_bonus, hero_max_hp
from mythtable.rulesets.mythcraft.schema import load_content
from tests.mythcraft.helpers import CONTENT, ENGINE, LOADED, Scene

ASSETS = LOADED.root
F35_FIELDS = ("name", "level", "size", "tags", "attributes", "defenses", "hp", "speed_ft", "ar", "actions_intro")


def test_F_35_every_stat_block_has_the_full_layout() -> None:
    assert len(CONTENT.creatures) == 6
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


def test_F_1_F_2_attributes_and_defenses() -> None:
    for c in CONTENT.creatures.values():
        assert set(c.attributes) == {"STR", "DEX", "END", "AWR", "INT", "CHA"}  # no LUCK, no COR
        for d, a in (("REF", "DEX"), ("FORT", "END"), ("ANT", "AWR"), ("LOG", "INT"), ("WILL", "CHA")):
            assert c.defenses[d] == 10 + c.attributes[a]
    s = Scene([("mage", 1, 1)], [("ash_hound", 10, 6)], tweak=lambda st: setattr(st.units[0], "armor", ""))
    mage = s.u("h1")
    assert [ENGINE.defense(s.state, mage, d) for d in ("ANT", "LOG", "WILL")] == [12, 13, 10]
    view = RULESET.view(s.state, None)
    assert [k for k, _v in view.combatants[1].attributes] == ["STR", "DEX", "END", "AWR", "INT", "CHA"]
    assert [k for k, _v in view.combatants[0].attributes][-2:] == ["LUCK", "COR"]


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
    sizes = {"E1": (12, 8, 1), "E2": (14, 9, 2), "E3": (16, 10, 3)}
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
