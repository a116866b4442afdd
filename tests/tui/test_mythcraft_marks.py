"""One creature marking (issue 33, items 8 and 2 of its rest): the encounter builder's map and the game's map mark
the same creature with the same two characters ("hA" for Ash Hound A, "i " for the one Cinder Imp), both from
rulesets/mythcraft/marks.py. Before, the builder drew the file's letter ("a", "c") and the game "hA" / "i"."""

from __future__ import annotations

import pytest

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.mythcraft.common import token
from mythtable.tui.screens.encounter_editor import EncounterEditorScreen
from mythtable.tui.widgets.map_editor import MapEditor
from tests.tui.keys import settle


def builder_marks(encounter_id: str) -> dict[tuple[int, int], str]:
    loaded = load("mythcraft")
    encounters = loaded.entry.encounters
    assert encounters is not None and encounters.marks is not None
    kit = encounters.kit(loaded.content)
    data = next(d for eid, _name, d in kit.prebuilt if eid == encounter_id)
    return encounters.marks(loaded.content, encounters.draft(data))


def game_marks(encounter_id: str) -> dict[tuple[int, int], str]:
    """The marks on the game's map of a party of four (every creature that can join is there)."""
    probe = Game.new("mythcraft", 1)
    options = {**probe.setup.options, "encounter": encounter_id, "hero3": "warrior", "hero4": "rogue"}
    game = Game.new("mythcraft", 1, Setup(players=list(probe.setup.players), options=options))
    view = game.view(None)
    return {(c.x, c.y): token(c) for c in view.combatants if c.side == 1}


@pytest.mark.parametrize("encounter_id", ["E1", "E2", "E3", "E4", "E5", "E6"])
def test_the_builder_marks_each_creature_as_the_game_does(encounter_id: str) -> None:
    in_game = game_marks(encounter_id)
    built = builder_marks(encounter_id)
    assert in_game and {pos: built[pos] for pos in in_game} == in_game


async def test_the_builders_map_draws_the_games_marks() -> None:
    app = MythtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EncounterEditorScreen("mythcraft")
        await app.push_screen(screen)
        await settle(pilot)
        loaded = load("mythcraft")
        encounters = loaded.entry.encounters
        assert encounters is not None
        data = next(d for eid, _n, d in encounters.kit(loaded.content).prebuilt if eid == "E1")
        screen.draft = encounters.draft(data)
        screen.changed()
        await settle(pilot)
        grid = screen.query_one("#map", MapEditor)
        drawn = "\n".join(grid.render_line(y).text for y in range(grid.size.height))
        for mark in set(game_marks("E1").values()):
            assert mark.strip() in drawn, (mark, drawn)
        assert "hA" in drawn  # the Ash Hounds, lettered as in the game
