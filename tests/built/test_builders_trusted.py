"""Issue 33 item 8: builders a player trusts.

The party builder says what is wrong in words (no "field 'hero': List should have at least 1 item"),
refuses what MythCraft's character-building limits refuse (F-40, H-31), and asks before Ctrl+R removes
a hero. The encounter builder's Enter in the search box puts the creature on the map (as the README
says), and `c` on a square that holds that creature says that it took it off.
"""

from __future__ import annotations

from textual.widgets import Select

from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.encounter_editor import EncounterEditorScreen
from mythtable.tui.screens.party_editor import PartyEditorScreen
from mythtable.tui.widgets.map_editor import MapEditor
from tests.built.editing import editing
from tests.tui.keys import press, settle

RAW = ("field '", "List should", "after validation", "hero[")


def in_words(problems: list[str]) -> None:
    for problem in problems:
        assert not any(raw in problem for raw in RAW), problem


async def test_an_empty_party_says_so_in_words() -> None:
    async with editing(PartyEditorScreen) as (_app, _pilot, screen):
        assert screen.heroes == []
        assert screen.problems == ["The party has no hero yet: Ctrl+N adds one"]


async def test_a_level_1_hero_with_12_in_five_attributes_is_refused_in_words() -> None:
    async with editing(PartyEditorScreen) as (_app, pilot, screen):
        await press(pilot, "ctrl+n")
        hero = screen.heroes[0]
        hero["level"] = 1
        hero["attributes"].update({"STR": 12, "DEX": 12, "END": 12, "AWR": 12, "CHA": 12, "INT": 11})
        screen.show_hero()
        await settle(pilot)
        assert screen.problems, "not a legal party"
        in_words(screen.problems)
        name = hero["name"]
        assert (
            f"Hero 1 ({name}): STR +12 is above +2, the most any attribute may have at level 1 (F-40)"
            in screen.problems
        )
        assert any("points; a hero has 5 at level 1 (F-40)" in p for p in screen.problems), screen.problems


async def test_ctrl_r_asks_before_it_removes_a_hero() -> None:
    async with editing(PartyEditorScreen) as (app, pilot, screen):
        await press(pilot, "ctrl+n")
        screen.query_one("#add-from", Select).value = "cleric"
        await settle(pilot)
        await press(pilot, "ctrl+n")
        assert len(screen.heroes) == 2
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, ConfirmScreen) and "Remove" in str(app.screen.question)
        await press(pilot, "n")
        assert len(screen.heroes) == 2 and app.screen is screen
        await press(pilot, "ctrl+r", "y")
        assert len(screen.heroes) == 1 and "Removed" in screen.message


async def test_enter_in_the_search_box_puts_the_creature_on_the_map() -> None:
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        await press(pilot, "slash", *"ash hound", "enter")
        await settle(pilot)
        assert {pos: c.id for pos, c in screen.draft.creatures.items()} == {(0, 0): "ash_hound"}
        assert screen.focused is screen.query_one("#map", MapEditor)


async def test_c_on_a_square_holding_that_creature_says_it_took_it_off() -> None:
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        await press(pilot, "slash", *"ash hound", "enter")
        await settle(pilot)
        await press(pilot, "c")
        assert screen.draft.creatures == {}
        assert "Took Ash Hound off this square" in screen.message
