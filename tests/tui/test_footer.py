"""The footer at 80 columns: how to quit is never the key cut off, and on a crowded MythCraft turn every key
the footer names is whole; a key named elsewhere on screen instead (the question, a heading, the legend line)
still works."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.base import Board
from mythtable.tui.boards.magewars.board import MageWarsBoard
from mythtable.tui.boards.mythcraft.board import GROUP_OF
from mythtable.tui.boards.mythicarium.board import MythicariumBoard
from mythtable.tui.screens.legend import LegendScreen
from mythtable.tui.start import OpenGame
from tests.seeded_positions import seeded_positions
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle
from tests.tui.magewars_crowd import blocking, saved_app
from tests.tui.magewars_crowd import play_until as mw_play_until
from tests.tui.mythicarium_crowd import crowded_blocks
from tests.tui.test_magewars_board import BLOCK_SEED
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
    app = MythtableApp(start=OpenGame(Game.new(ruleset, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await settle(pilot)
        keys = shown_keys(app)
        assert "Quit" in keys and keys["Quit"][1] <= 80, keys
        assert keys["Quit"][1] <= 20, keys  # among the first keys: whatever a turn adds after it, not cut


@pytest.mark.parametrize("ruleset", ["mythicarium", "magewars", "mythcraft"])
async def test_the_footer_names_r_the_recap_at_80_columns(ruleset: str) -> None:
    """`r` opens the recap: the game screen's footer names it (MythCraft's while it has room, as k)."""
    app = MythtableApp(start=OpenGame(Game.new(ruleset, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await settle(pilot)
        keys = shown_keys(app)
        assert "Recap" in keys and keys["Recap"][1] <= 80 and cut_keys(app) == [], keys


async def test_a_crowded_mythcraft_turn_still_shows_quit_and_the_map_once() -> None:
    game = game_until(3, can_attack)  # attacks offered: the Attack group's key joins the footer
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = shown_keys(app)
        assert "Attack" in keys, keys
        assert keys["Quit"][1] <= 20, keys
        # the map named once: the question says "m: move on the map." (`g` opens it too, unnamed); the footer
        # may name "m Move" as well when it has room
        assert "Map" not in keys, keys
        assert "m: move on the map." in app.screen.board.question  # type: ignore[attr-defined]
        await press(pilot, "g")
        assert app.screen.board.grid.has_focus  # type: ignore[attr-defined]


def attack_cast_and_take_back(game: Game) -> bool:
    """A hero's turn offering attacks and spells (with moves, maneuvers, items, the end), after a move of
    the same seat that `u` takes back: the footer's fullest turn."""
    decision = game.decision
    assert decision is not None
    groups = {GROUP_OF.get(str(a[0])) for a in decision.actions}
    return {"attack", "cast", "move", "maneuver", "item", "end"} <= groups and game.takeback_count(decision.seat) > 0


@pytest.mark.slow
async def test_every_key_of_the_fullest_mythcraft_turn_shows_whole_at_80x24_and_the_unnamed_ones_work() -> None:
    game = game_until(2, attack_cast_and_take_back)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        keys = shown_keys(app)
        assert {"Rules", "Quit", "Take back", "Inspect", "Attack", "Cast", "Maneuver", "Item", "End"} <= set(keys)
        assert cut_keys(app) == [], keys
        for context, leave in (("a", "escape"), ("c", "escape"), ("g", "escape"), ("i", "escape")):
            await press(pilot, context)  # a group listed; the map cursor; the inspect panel
            assert cut_keys(app) == [], (context, shown_keys(app))
            await press(pilot, leave)
        # the keys the footer leaves out on this turn still work: m and g (the map), k (the legend), Esc (all)
        assert "Legend" not in shown_keys(app) and "legend" in str(board.query_one("#mc-legend").render())
        await press(pilot, "m")
        assert board.grid.has_focus
        await press(pilot, "a")  # a group key from the map cursor (its keys fill the footer): the group listed
        assert board.group == "attack" and not board.grid.has_focus
        assert "Esc: all options" in str(screen.prompt.query_one("#question").render())
        await press(pilot, "escape")
        assert board.group == "" and screen.prompt.actions == [a for a, _ in board.choices]
        await press(pilot, "k")
        assert isinstance(app.screen, LegendScreen)
        await press(pilot, "escape")
        await press(pilot, "g")
        assert board.grid.has_focus and "Legend" in shown_keys(app)  # the map cursor's footer has room for k
        assert cut_keys(app) == []


def cannot_move(game: Game) -> bool:
    return not any(a[0] == "move" for a in game.decision.actions)  # type: ignore[union-attr]


async def test_a_mythcraft_turn_without_moves_names_g_in_the_question_and_g_opens_the_map() -> None:
    game = game_until(1, cannot_move)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _, board = screen_of(app)
        assert board.question.endswith(" g: the map.") and "m: move" not in board.question
        assert "Map" not in shown_keys(app) and cut_keys(app) == []
        await press(pilot, "m")  # no moves: m does nothing
        assert not board.grid.has_focus
        await press(pilot, "g")
        assert board.grid.has_focus


async def test_keys_named_elsewhere_join_the_mythcraft_footer_when_it_has_room_and_leave_when_it_narrows() -> None:
    game = game_until(2, attack_cast_and_take_back)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert {"Move", "Legend", "Attack", "Cast", "Take back"} <= set(shown_keys(app)) and cut_keys(app) == []
        await press(pilot, "a")
        assert "All" in shown_keys(app) and cut_keys(app) == []
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await settle(pilot)
        keys = shown_keys(app)
        assert {"Attack", "Cast", "Maneuver", "Item", "End"} <= set(keys) and cut_keys(app) == [], keys
        assert not {"Move", "Legend", "All"} & set(keys), keys


# ----- Mythicarium and Mage Wars: the scroll keys ([ and ]) leave a crowded footer and still work -------------
SCROLL_KEYS = {"mythicarium": ("Lanes up", "Lanes down"), "magewars": ("Board up", "Board down")}


def positions(ruleset: str, seeds: range, every: int) -> Iterator[Game]:
    """Every `every`-th position of seeded games that asks someone, each a Game of its own."""
    for game in seeded_positions(ruleset, seeds):
        if game.decision is not None and len(game.actions) % every == 0:
            yield copy_of(game)


def copy_of(game: Game) -> Game:
    out = Game(game.loaded, game.seed, game.setup)
    for action in game.actions:
        out.apply(action)
    return out


def can_scroll(board: Board) -> tuple[bool, bool]:
    """Whether [ and ] have something to scroll now: a lane with units hidden above / below; a Mage Wars
    side longer than its rows (both keys then)."""
    if isinstance(board, MythicariumBoard):
        return any(above for above, _ in board.hidden.values()), any(below for _, below in board.hidden.values())
    assert isinstance(board, MageWarsBoard)
    overflows = any(side.overflows() for side in board.sides)
    return overflows, overflows


def scrolled(board: Board) -> tuple[object, ...]:
    """Where the board's lanes or sides stand: what [ and ] change."""
    if isinstance(board, MythicariumBoard):
        return tuple(board.tops.values())
    assert isinstance(board, MageWarsBoard)
    return tuple(side.scroll_y for side in board.sides)


async def a_scroll_key_scrolls(pilot: Pilot[None], board: Board) -> bool:
    """Press ] and, if that went nowhere (the end already), [: True once the lanes or sides moved."""
    before = scrolled(board)
    for key in ("right_square_bracket", "left_square_bracket"):
        await press(pilot, key)
        if scrolled(board) != before:
            return True
    return False


CASES = [("mythicarium", range(1, 3), 40), ("magewars", range(1, 3), 20)]
"""Seeded positions (every n-th action of these seeds) walked by the tests below."""


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "seeds", "every"), CASES)
async def test_every_footer_key_shows_whole_at_80x24_in_inspect_mode_and_the_unnamed_scroll_keys_work(
    ruleset: str, seeds: range, every: int
) -> None:
    """Seeded positions at 80x24, before and in inspect mode: each key the footer names is whole (inspect
    mode cut "] Lanes down" / "] Board down" at columns 81-93). The scroll keys leave the inspect footer
    (the cursor scrolls to what it points at) and still scroll when pressed."""
    pressed = 0
    for game in positions(ruleset, seeds, every):
        app = MythtableApp(start=OpenGame(game))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await game_screen(pilot, app)
            await settle(pilot)
            where = (game.seed, len(game.actions))
            assert cut_keys(app) == [], (where, shown_keys(app))
            await press(pilot, "i")
            assert screen.inspecting, where
            keys = shown_keys(app)
            assert cut_keys(app) == [] and all(right <= 80 for _, right in keys.values()), (where, keys)
            assert {"Next zone", "Leave inspect", "Rules", "Quit"} <= set(keys), (where, keys)
            if not any(can_scroll(screen.board)):
                continue
            assert not set(SCROLL_KEYS[ruleset]) & set(keys), (where, keys)  # no room for them at 80 columns
            assert await a_scroll_key_scrolls(pilot, screen.board), where
            assert screen.inspecting and app.focused is screen.inspect_panel, where  # still inspecting
            pressed += 1
    assert pressed >= 2, "too few seeded positions had anything to scroll in inspect mode"


def wounds_with_a_crowded_table(game: Game) -> bool:
    """Mythicarium's wounds (the footer adds "a All here") with a move to take back and a lane too long
    for 80x24: the fullest footer outside inspect mode."""
    decision = game.decision
    if decision is None or decision.kind != "assign_wounds" or game.takeback_count(decision.seat) == 0:
        return False
    return max(len(p.lane) for p in game.ruleset.view(game.state, None).players) >= 11


async def test_wounds_with_all_here_and_take_back_keep_every_key_whole_at_80x24() -> None:
    """ "a All here" was cut at columns 72-82 after "[ Lanes up ] Lanes down": the lanes' keys give way
    (the highlighted blocker scrolls into view) and still scroll."""
    game = copy_of(next(g for g in seeded_positions("mythicarium", range(1, 40)) if wounds_with_a_crowded_table(g)))
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        await settle(pilot)
        keys = shown_keys(app)
        assert {"All here", "Take back", "Rules", "Quit", "Inspect"} <= set(keys) and cut_keys(app) == [], keys
        assert any(can_scroll(screen.board)) and not {"Lanes up", "Lanes down"} & set(keys), keys
        assert await a_scroll_key_scrolls(pilot, screen.board)


def wide_app(ruleset: str, data: Path) -> tuple[MythtableApp, tuple[int, int]]:
    """A table too long for its rows on a terminal wide enough for every key: sixteen units a lane at
    120x40; Mage Wars' crowded blocks (seven units a side or more) at 120x24 (at 120x40 they fit)."""
    if ruleset == "mythicarium":
        return MythtableApp(start=OpenGame(crowded_blocks(2, 16)), data=data), (120, 40)
    game = mw_play_until(BLOCK_SEED, blocking, "attack")
    assert game is not None
    return saved_app(game, data), (120, 24)


@pytest.mark.parametrize("ruleset", ["mythicarium", "magewars"])
async def test_a_wide_footer_still_names_the_scroll_keys(ruleset: str, tmp_path: Path) -> None:
    """The footer has the room at 120 columns: [ and ] are named, in inspect mode too, as before; narrowed
    to 80 columns while inspecting, they leave it and still work."""
    app, size = wide_app(ruleset, tmp_path)
    async with app.run_test(size=size) as pilot:
        if ruleset == "magewars":
            await press(pilot, "enter")  # the one save
        screen = await game_screen(pilot, app)
        for mode in ("normal", "inspect"):
            if mode == "inspect":
                await press(pilot, "i")
            await settle(pilot)
            await settle(pilot)
            keys = shown_keys(app)
            assert cut_keys(app) == [], (mode, keys)
            assert can_scroll(screen.board) == (True, True), mode
            assert set(SCROLL_KEYS[ruleset]) <= set(keys), (mode, keys)
        await pilot.resize_terminal(80, 24)  # narrower, still inspecting: they leave the footer, none is cut
        await settle(pilot)
        await settle(pilot)
        keys = shown_keys(app)
        assert screen.inspecting and cut_keys(app) == [] and not set(SCROLL_KEYS[ruleset]) & set(keys), keys
        assert any(can_scroll(screen.board)) and await a_scroll_key_scrolls(pilot, screen.board)
