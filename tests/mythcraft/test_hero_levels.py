"""Heroes at levels 4 and 5 in play (issue 18): a built hero carries its own level, and the game gives
it the HP (F-20, H-8), the Reactive AP cap (C-21, C-22) and the SP (H-18) of that level."""

from __future__ import annotations

from typing import Any

import pytest

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.rulesets.mythcraft.rules.formulas import hit_die
from mythtable.rulesets.mythcraft.rules.sheet import hero_sheet
from mythtable.rulesets.mythcraft.schema import built_party, with_built
from tests.built.helpers import party_data
from tests.mythcraft.helpers import CONTENT, RULESET, Scene


def levelled_party() -> dict[str, Any]:
    """Two rogues at levels 4 and 5, each with the points of its level (F-40): Quill 8 points, at most +3 each
    (COR 3: 4 AP a turn), Wren 9 points, at most +4 (COR 4: 5 AP a turn); a cleric at level 5; a warrior at the
    party level."""
    import tomllib

    from mythtable.paths import assets_root

    quill = {"DEX": 3, "END": 1, "AWR": 1, "COR": 3}  # 8 points at level 4
    wren = {"DEX": 3, "END": 1, "AWR": 1, "COR": 4}  # 9 points at level 5

    heroes = {  # as the party builder copies them: the level-1 build, no raises (H-31)
        h["id"]: {k: v for k, v in h.items() if k != "raises"}
        for h in tomllib.loads((assets_root() / "mythcraft" / "heroes.toml").read_text(encoding="utf-8"))["hero"]
    }
    return {
        "name": "Veterans",
        "hero": [
            {**heroes["rogue"], "id": "quill", "level": 4, "attributes": {**heroes["rogue"]["attributes"], **quill}},
            {
                **heroes["rogue"],
                "id": "wren",
                "name": "Wren",
                "level": 5,
                "attributes": {**heroes["rogue"]["attributes"], **wren},
            },
            {**heroes["cleric"], "level": 5},
            dict(heroes["warrior"]),
        ],
    }


CONTENT_BUILT = with_built(CONTENT, {"parties": {"vets": levelled_party()}})


def test_C_22_level_4_and_5_heroes_in_play_keep_their_cap_and_have_their_hp() -> None:
    """A level-4 hero keeps at most 3 Reactive AP, a level-5 hero 4 (the rest is lost), whatever the
    party level; HP is 10 + level x V + level by END (F-20)."""
    s = Scene(
        [("user:vets/quill", 1, 1), ("user:vets/wren", 1, 3), ("user:vets/cleric", 1, 5), ("user:vets/warrior", 1, 7)],
        [("ash_hound", 10, 6)],
        level=1,
        content=CONTENT_BUILT,
    )
    quill, wren, cleric, warrior = (s.u(f"h{k}") for k in range(1, 5))
    assert [quill.level, wren.level, cleric.level, warrior.level] == [4, 5, 5, 1]
    end = {"quill": 1, "wren": 1, "cleric": 0, "warrior": 0}
    assert quill.max_hp == quill.hp == 10 + 4 * hit_die(end["quill"]) + 4 == 22
    assert wren.max_hp == 10 + 5 * 2 + 5 == 25
    assert cleric.max_hp == 10 + 5 * hit_die(end["cleric"]) + 5 == 25 and cleric.max_sp == cleric.sp == 2 + 2 * 5
    assert warrior.max_hp == 10 + 1 * 2 + 1 == 13  # no level of its own: the party level
    # each ends its first turn with all its AP unspent (4 and 5): Reactive AP, of which the cap is kept
    s.act("end")
    s.act("end")
    assert quill.reactive == 4 and wren.reactive == 5
    s.end_until("h1")
    assert quill.kept == 3 and quill.ap == 4 + 3
    assert "keeps 3 Reactive AP (cap 3, 1 lost)" in s.text()
    s.act("end")
    s.end_until("h2")
    assert wren.kept == 4 and wren.ap == 5 + 4
    assert "keeps 4 Reactive AP (cap 4, 1 lost)" in s.text()


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_H_27_party_level_option_reaches_5_and_a_hero_level_wins(level: int) -> None:
    field = next(f for f in RULESET.setup_fields(CONTENT) if f.key == "level")
    assert str(level) in [c.value for c in field.choices]
    setup = Setup(
        ["Ana", "Bram"], {"encounter": "E1", "hero1": "rogue", "hero2": "user:vets/quill", "level": str(level)}
    )
    setup.built = {"parties": {"vets": levelled_party()}}
    game = Game.new("mythcraft", 3, setup)
    rogue, quill = [u for u in game.state.units if u.side == 0][:2]
    assert rogue.level == level and rogue.max_hp == 10 + level * 2 + level
    assert quill.level == 4 and quill.max_hp == 22


def test_H_8_hero_level_outside_1_to_5_is_refused_naming_the_field() -> None:
    for bad in (0, 6):
        data = party_data()
        data["hero"][0] = {**data["hero"][0], "level": bad}
        heroes, problems = built_party(CONTENT, "duo", data)
        assert heroes == [] and any("hero.0.level" in str(p) or "hero[0].level" in str(p) for p in problems), problems
    data = party_data()
    data["hero"][0] = {**data["hero"][0], "level": 5}
    assert built_party(CONTENT, "duo", data)[1] == []


def test_H_6_H_18_built_hero_gear_fits_slots_hands_and_load() -> None:
    """Armor in the armor slot, weapons in hand, a two-handed weapon alone (the hands: H-18, not C-30, which is
    about equipping while encumbered), and no more than the load (H-6)."""

    def problems(**changes: Any) -> list[str]:
        data = party_data()
        data["hero"][1] = {**data["hero"][1], **changes}  # the cleric
        return [str(p) for p in built_party(CONTENT, "duo", data)[1]]

    assert problems() == []
    assert problems(armor="healing_draught") == ["field 'hero[1].armor': healing draught is not armor"]
    assert any("hero[1].main_hand" in p and "not a weapon" in p for p in problems(main_hand="shield"))
    two = next(i for i in CONTENT.items.values() if i.grip == "two_hands")
    hands = problems(main_hand=two.id)
    assert hands == [f"field 'hero[1].off_hand': the {two.name} in the main hand takes both hands (H-18)"]
    assert problems(main_hand=two.id, off_hand="") == []
    one = next(i for i in CONTENT.items.values() if i.kind == "weapon" and i.grip == "one_hand")
    half = next(i for i in CONTENT.items.values() if i.grip == "hand_and_half")
    second = problems(main_hand=half.id, off_hand=one.id)
    assert second == ["field 'hero[1].off_hand': a second weapon needs a one-handed weapon in each hand (H-18)"]
    assert problems(main_hand=one.id, off_hand=one.id, carried=[]) == []
    # the load (H-6): exactly at the capacity is fine, one over is not
    sheet = hero_sheet(CONTENT, CONTENT.heroes["cleric"], 1)
    assert (sheet.load, sheet.capacity) == (11, 12)  # STR 1
    light = next(i for i in CONTENT.items.values() if i.weight == 1)
    assert problems(carried=[*CONTENT.heroes["cleric"].carried, light.id]) == []
    over = problems(carried=[*CONTENT.heroes["cleric"].carried, light.id, light.id])
    assert over == ["field 'hero[1].carried': carries 13, over its load of 12 (10 + 2 x STR) (H-6)"]


def test_H_8_new_game_lists_a_built_hero_with_its_level_and_party() -> None:
    """A copy of a prebuilt hero is told apart from the prebuilt one on the new-game screen."""
    field = next(f for f in RULESET.setup_fields(CONTENT_BUILT) if f.key == "hero1")
    labels = {c.value: c.label for c in field.choices}
    assert labels["rogue"] == "Rogue (Quill)"
    assert labels["user:vets/quill"] == "Rogue (Quill), level 4 · vets"
    assert labels["user:vets/warrior"] == "Warrior (Tamsin) · vets"
