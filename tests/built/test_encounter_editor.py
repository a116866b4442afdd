"""The encounter builder by keys (Pilot): build an encounter with a wall and a creature, save it,
start a MythCraft game with it and play a round; an illegal map shows its problem, is saved only as
work in progress and is listed with that problem instead of offered; a snapshot at 80x24."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from mythtable import userfiles
from mythtable.engine.registry import load
from mythtable.rulesets.mythcraft.rules.board import line_of_sight
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.encounter_editor import EncounterEditorScreen, InspectEntryScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.start import EncounterEditor
from mythtable.tui.widgets.card_list import CardList
from mythtable.tui.widgets.map_editor import MapEditor
from tests.built.editing import data_root, editing, game_started, save_as
from tests.tui.keys import press, settle
from tests.tui.test_mythcraft_tui import choose, move_by_grid, round_policy

HEROES = 0


async def go_to(pilot: Pilot[None], screen: EncounterEditorScreen, x: int, y: int) -> None:
    """Move the map's cursor with h j k l, as a player would."""
    grid = screen.query_one("#map", MapEditor)
    grid.focus()
    while grid.cursor != (x, y):
        cx, cy = grid.cursor
        await press(pilot, "l" if cx < x else "h" if cx > x else "j" if cy < y else "k")


async def pick(pilot: Pilot[None], screen: EncounterEditorScreen, words: str) -> None:
    """Search the list (/ and the words), then Tab to it: the first match is highlighted (Enter in the box
    would put it on the map at once)."""
    await press(pilot, "slash", "ctrl+u", *words, "tab")
    assert screen.focused is screen.query_one("#entries", CardList)


async def build_walled_encounter(pilot: Pilot[None], screen: EncounterEditorScreen) -> None:
    """Start squares 1-4 down the left edge, a wall at x=4 from the top to y=5 (painted with Shift+j),
    an Ash Hound at (8, 1) placed from the list by Enter."""
    for hero in "1234":
        await go_to(pilot, screen, 0, int(hero) - 1)
        await press(pilot, hero)
    await go_to(pilot, screen, 4, 0)
    await press(pilot, "w", *["J"] * 5)
    await go_to(pilot, screen, 8, 1)
    await pick(pilot, screen, "ash hound")
    await press(pilot, "enter")  # puts it on the cursor's square and goes back to the map


@pytest.mark.slow
async def test_build_an_encounter_with_a_wall_save_it_and_play_a_round() -> None:
    async with editing(EncounterEditorScreen, from_title=True) as (app, pilot, screen):
        assert any("none for hero 1, 2, 3, 4" in p for p in screen.problems), screen.problems
        await build_walled_encounter(pilot, screen)
        assert screen.focused is screen.query_one("#map", MapEditor)
        assert [screen.draft.square((4, y)) for y in range(8)] == ["#"] * 6 + ["."] * 2
        assert screen.problems == [], screen.problems
        assert "legal encounter" in str(screen.query_one("#problems", Static).render())
        saved = await save_as(pilot, screen, "Walled Yard", "walled-yard")
        assert saved.name == "walled-yard" and saved.ok and saved.label == "Walled Yard"
        assert saved.data is not None and saved.data["legend"] == {"a": "ash_hound"}
        assert saved.data["map"][1] == "2...#...a..."
        await press(pilot, "ctrl+g")  # play it: the new-game form with this encounter chosen
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#field-encounter", Select).value == "user:walled-yard"
        form.query_one("#seed", Input).value = "1"  # a seed where the hound lives through round 1 (seed 7: not)
        await press(pilot, "ctrl+s")
        game = await game_started(pilot, app)
        assert game.setup.options["encounter"] == "user:walled-yard"
        assert game.setup.built["encounters"]["walled-yard"] == saved.data
        state = game.state
        assert {(4, y) for y in range(6)} == set(state.board.walls)
        hound = next(u for u in state.units if u.kind == "ash_hound")
        assert (hound.x, hound.y) == (8, 1)
        assert {(u.x, u.y) for u in state.units if u.side == HEROES} == {(0, 0), (0, 1), (0, 2), (0, 3)}
        assert not line_of_sight(state.board, (0, 1), (8, 1)), "the wall blocks the line"
        assert line_of_sight(state.board, (0, 7), (8, 7)), "below the wall the line is open"
        # a round by keys: moves picked on the game's map, every other choice from the list
        offered_moves: set[tuple[int, int]] = set()
        while game.decision is not None and game.state.round == 1:
            gs = app.screen
            assert isinstance(gs, GameScreen)
            decision = game.decision
            offered_moves |= {(int(a[1]), int(a[2])) for a in decision.actions if a[0] == "move"}
            action = round_policy(decision, game)
            if action[0] == "move":
                await move_by_grid(pilot, gs, action)
            else:
                await choose(pilot, gs, action)
        assert game.state.round == 2, "a whole round was played"
        assert offered_moves, "heroes and creatures were offered moves"
        assert not offered_moves & set(state.board.walls), "no move ends in a wall square"
        assert game.ruleset.check_invariants(game.state) == []


@pytest.mark.slow
async def test_an_illegal_map_shows_its_problem_and_is_listed_with_it_not_offered() -> None:
    root = data_root()
    async with editing(EncounterEditorScreen) as (app, pilot, screen):
        await build_walled_encounter(pilot, screen)
        assert screen.problems == []
        await go_to(pilot, screen, 0, 3)
        await press(pilot, "w")  # a wall over hero 4's start square
        (problem,) = screen.problems
        assert problem == "field 'map': each of heroes 1-4 needs one start square: none for hero 4"
        assert "none for hero 4" in str(screen.query_one("#problems", Static).render())
        await press(pilot, "ctrl+g")  # refused: nothing saved, no form
        assert isinstance(app.screen, EncounterEditorScreen) and "not legal yet" in screen.message
        assert userfiles.library("mythcraft", root, "encounters") == []
        await press(pilot, "ctrl+s")  # work in progress may be saved: listed with its problem, never offered
        assert "not legal yet" in screen.message
        (saved,) = userfiles.library("mythcraft", root, "encounters")
        assert not saved.ok and "none for hero 4" in saved.problems[0]
        await press(pilot, "escape", "escape")
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#ruleset", Select).value = "mythcraft"
        await settle(pilot)
        values = [value for _label, value in form.query_one("#field-encounter", Select)._options]
        assert "user:my-encounter" not in values and "E1" in values
        note = str(form.query_one("#built-problems", Static).render())
        assert "my-encounter" in note and "none for hero 4" in note


@pytest.mark.slow
async def test_copy_a_shipped_encounter_extras_items_resize_and_inspect() -> None:
    root = data_root()
    encounters = load("mythcraft").entry.encounters
    assert encounters is not None
    kit = encounters.kit(load("mythcraft").content)
    assert kit is not None
    shipped = {eid: data for eid, _n, data in kit.prebuilt}
    async with editing(EncounterEditorScreen) as (app, pilot, screen):
        screen.query_one("#start-from", Select).value = "pre:E3"
        await settle(pilot)
        assert screen.problems == []
        assert screen.data == {**shipped["E3"], "name": "Copy of Thane's Barrow"}
        assert screen.query_one("#file-name", Input).value == "copy-of-thane-s-barrow"
        # E3 has its two extra creatures already: a third is refused, and says why
        await go_to(pilot, screen, 14, 4)  # the Barrow Thane ("t")
        await press(pilot, "o")
        assert "Only 2" in screen.message and not screen.draft.creatures[(14, 4)].extra
        await press(pilot, "i")  # its stat block, in full
        assert isinstance(app.screen, InspectEntryScreen) and app.screen.inspection.title == "Barrow Thane"
        await press(pilot, "escape")
        # an item in a wall: named with its square; taking it away mends it
        await go_to(pilot, screen, 0, 0)
        await pick(pilot, screen, "healing draught")
        await press(pilot, "enter")
        assert (0, 0, "healing_draught") in screen.draft.items
        assert any("ground item 'healing_draught' at (0, 0)" in p for p in screen.problems), screen.problems
        await press(pilot, "g")  # the list still highlights the draught: g takes it away again
        assert screen.problems == []
        # shrinking cuts rows off the bottom: the wall row goes and a creature too; growing adds floor
        before = len(screen.draft.creatures)
        await press(pilot, "left_curly_bracket", "left_curly_bracket")
        assert (screen.draft.width, screen.draft.height) == (16, 8)
        assert len(screen.draft.creatures) == before - 1  # the sentry on row 8
        await press(pilot, *["right_square_bracket"] * 30)
        assert screen.draft.width == 40
        assert "12-40 squares wide" in screen.message
        grid = screen.query_one("#map", MapEditor)
        await go_to(pilot, screen, 39, 7)  # the map scrolls to keep the cursor in view
        assert grid.left > 0 and "[]" in "".join(s.text for s in grid.render_line(8))
        assert screen.problems == []
        await press(pilot, "ctrl+s")
        (saved,) = userfiles.library("mythcraft", root, "encounters")
        assert saved.ok and saved.data is not None and len(saved.data["map"][0]) == 40


async def test_a_hostile_file_opens_as_data_and_painting_mends_it() -> None:
    root = data_root()
    folder = root / "encounters"
    folder.mkdir(parents=True)
    rows = ["1" + "." * 11, "2" + "." * 11, "3" + "." * 10 + "Z", "4" + "." * 10 + "g"] + ["." * 12] * 4
    text = userfiles.to_toml(
        {
            "name": "[b]x[/b] \x1b]0;t\x07",
            "level": 99,
            "width": 12,
            "height": 8,
            "legend": {"g": "ghost"},
            "map": rows,
        }
    )
    (folder / "odd.toml").write_text(text, encoding="utf-8")
    async with editing(EncounterEditorScreen, name="odd") as (app, pilot, screen):
        assert screen.loaded_from == "odd"
        assert "\x1b" not in screen.query_one("#enc-name", Input).value
        assert screen.query_one("#level", Select).value == "5"
        assert any("unknown square 'Z' at (11, 2)" in p for p in screen.problems), screen.problems
        await go_to(pilot, screen, 11, 2)
        assert "unknown mark 'Z'" in str(screen.query_one("#detail", Static).render())
        await press(pilot, "f")
        assert any("unknown creature 'ghost'" in p for p in screen.problems), screen.problems
        await go_to(pilot, screen, 11, 3)
        await press(pilot, "x")
        assert any("no creature is always there" in p for p in screen.problems), screen.problems
        await pick(pilot, screen, "cinder imp")
        await press(pilot, "enter")
        assert screen.problems == []
        await press(pilot, "escape")  # changes not saved: leaving asks first
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.screen is screen
        await press(pilot, "ctrl+s")  # the file it came from: written over
        (saved,) = userfiles.library("mythcraft", root, "encounters")
        assert saved.ok and saved.name == "odd"
        await press(pilot, "escape")  # all saved: straight back
        assert isinstance(app.screen, TitleScreen)


def test_encounter_editor_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def build(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, EncounterEditorScreen)
        screen.query_one("#start-from", Select).value = "pre:E5"
        await settle(pilot)
        await go_to(pilot, screen, 3, 4)
        await press(pilot, "w")

    assert snap_compare(MythtableApp(start=EncounterEditor()), run_before=build, terminal_size=(80, 24))


async def test_the_tools_panel_keeps_its_three_lines_with_every_brush() -> None:
    """Seen at 80x24: "Brush difficult ground (Shift+arrow)" wrapped in the 30 columns of the panel
    and pushed the counts line (creatures, extra, items) out of sight."""
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        tools = screen.query_one("#tools", Static)
        for brush in "wdf":
            await press(pilot, brush)
            lines = str(tools.render()).splitlines()
            assert len(lines) == 3 and all(len(line) <= tools.size.width for line in lines), lines
            assert lines[2].startswith("0 creatures")
