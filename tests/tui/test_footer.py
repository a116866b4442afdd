"""The footer at 80 columns: how to quit is never the key cut off, and on a crowded MythCraft turn every key
the footer names is whole; a key named elsewhere on screen instead (the question, a heading, the legend line)
still works."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.mythcraft.board import GROUP_OF
from mythtable.tui.screens.legend import LegendScreen
from tests.tui.driver import game_screen
from tests.tui.test_mythcraft_tactics import can_attack, game_until, screen_of


def shown_keys(app: MythtableApp) -> dict[str, tuple[int, int]]:
    """Each key the footer shows: (first column, last column + 1) on screen."""
    out = {}
    for key in app.screen.query(FooterKey):
        region = key.region
        if region.width:
            out[key.description] = (region.x, region.right)
    return out


def cut_keys(app: MythtableApp) -> list[str]:
    """The footer's keys not shown whole: past the screen's edge, or their words missing from its last row."""
    width = app.size.width
    row = app.screen._compositor.render_strips()[-1].text
    cut = []
    for key in app.screen.query(FooterKey):
        words = f"{key.key_display} {key.description}"
        if key.region.right > width or words not in row:
            cut.append(words)
    return cut


@pytest.mark.parametrize("ruleset", ["mythicarium", "magewars"])
async def test_quit_shows_whole_at_80_columns(ruleset: str) -> None:
    app = MythtableApp(start={"game": Game.new(ruleset, 3)})
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await pilot.pause()
        keys = shown_keys(app)
        assert "Quit" in keys and keys["Quit"][1] <= 80, keys
        assert keys["Quit"][1] <= 20, keys  # among the first keys: whatever a turn adds after it, not cut


async def test_a_crowded_mythcraft_turn_still_shows_quit_and_the_map_once() -> None:
    game = game_until(3, can_attack)  # attacks offered: the Attack group's key joins the footer
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = shown_keys(app)
        assert "Attack" in keys, keys
        assert keys["Quit"][1] <= 20, keys
        # the map named once: the question says "m: move on the map." (`g` opens it too, unnamed); the footer
        # may name "m Move" as well when it has room
        assert "Map" not in keys, keys
        assert "m: move on the map." in app.screen.board.question  # type: ignore[attr-defined]
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.board.grid.has_focus  # type: ignore[attr-defined]


def attack_cast_and_take_back(game: Game) -> bool:
    """A hero's turn offering attacks and spells (with moves, maneuvers, items, the end), after a move of
    the same seat that `u` takes back: the footer's fullest turn."""
    decision = game.decision
    assert decision is not None
    groups = {GROUP_OF.get(str(a[0])) for a in decision.actions}
    return {"attack", "cast", "move", "maneuver", "item", "end"} <= groups and game.takeback_count(decision.seat) > 0


async def test_every_key_of_the_fullest_mythcraft_turn_shows_whole_at_80x24_and_the_unnamed_ones_work() -> None:
    game = game_until(2, attack_cast_and_take_back)
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, board = screen_of(app)
        keys = shown_keys(app)
        assert {"Rules", "Quit", "Take back", "Inspect", "Attack", "Cast", "Maneuver", "Item", "End"} <= set(keys)
        assert cut_keys(app) == [], keys
        for context, leave in (("a", "escape"), ("c", "escape"), ("g", "escape"), ("i", "escape")):
            await pilot.press(context)  # a group listed; the map cursor; the inspect panel
            await pilot.pause()
            assert cut_keys(app) == [], (context, shown_keys(app))
            await pilot.press(leave)
            await pilot.pause()
        # the keys the footer leaves out on this turn still work: m and g (the map), k (the legend), Esc (all)
        assert "Legend" not in shown_keys(app) and "legend" in str(board.query_one("#mc-legend").render())
        await pilot.press("m")
        await pilot.pause()
        assert board.grid.has_focus
        await pilot.press("a")  # a group key from the map cursor (its keys fill the footer): the group listed
        await pilot.pause()
        assert board.group == "attack" and not board.grid.has_focus
        assert "Esc: all options" in str(screen.prompt.query_one("#question").render())
        await pilot.press("escape")
        await pilot.pause()
        assert board.group == "" and screen.prompt.actions == [a for a, _ in board.choices]
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert board.grid.has_focus and "Legend" in shown_keys(app)  # the map cursor's footer has room for k
        assert cut_keys(app) == []


def cannot_move(game: Game) -> bool:
    return not any(a[0] == "move" for a in game.decision.actions)  # type: ignore[union-attr]


async def test_a_mythcraft_turn_without_moves_names_g_in_the_question_and_g_opens_the_map() -> None:
    game = game_until(1, cannot_move)
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _, board = screen_of(app)
        assert board.question.endswith(" g: the map.") and "m: move" not in board.question
        assert "Map" not in shown_keys(app) and cut_keys(app) == []
        await pilot.press("m")  # no moves: m does nothing
        await pilot.pause()
        assert not board.grid.has_focus
        await pilot.press("g")
        await pilot.pause()
        assert board.grid.has_focus


async def test_keys_named_elsewhere_join_the_mythcraft_footer_when_it_has_room_and_leave_when_it_narrows() -> None:
    game = game_until(2, attack_cast_and_take_back)
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert {"Move", "Legend", "Attack", "Cast", "Take back"} <= set(shown_keys(app)) and cut_keys(app) == []
        await pilot.press("a")
        await pilot.pause()
        assert "All" in shown_keys(app) and cut_keys(app) == []
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        keys = shown_keys(app)
        assert {"Attack", "Cast", "Maneuver", "Item", "End"} <= set(keys) and cut_keys(app) == [], keys
        assert not {"Move", "Legend", "All"} & set(keys), keys
