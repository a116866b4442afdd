"""MythCraft as a tactics game's turn (issue 17), by keys and by mouse: the group keys, attacking an enemy
from the map cursor, an area spell with its area shown, a move with the range overlay; snapshots."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.pilot import Pilot

from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.mythcraft import MapGrid, MythCraftBoard
from mythtable.tui.boards.mythcraft.board import GROUPS
from mythtable.tui.boards.mythcraft.common import AREA_BG, MOVE_BG_NEW
from mythtable.tui.boards.mythcraft.detail import forecast_words
from mythtable.tui.boards.mythcraft.grid import overlay_for
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import OpenGame
from tests.tui.keys import press, settle
from tests.tui.test_mythcraft_tui import find_seed, round_policy


def party_setup(**heroes: str) -> Setup:
    loaded = load("mythcraft")
    base = loaded.ruleset.default_setup(loaded.content)
    return Setup(players=base.players, options={**base.options, **heroes})


def game_until(seed: int, wanted: Any, setup: Setup | None = None) -> Game:
    """A game played by the test policy until `wanted(game)` holds on a hero's turn."""
    game = Game.new("mythcraft", seed, setup or party_setup())
    for _ in range(400):
        d = game.decision
        assert d is not None, "the game ended first"
        if d.kind == "hero_turn" and wanted(game):
            return game
        game.apply(round_policy(d, game))
    raise AssertionError("never reached")


def can_attack(game: Game) -> bool:
    return any(a[0] == "attack" for a in game.decision.actions)  # type: ignore[union-attr]


def screen_of(app: MythtableApp) -> tuple[GameScreen, MythCraftBoard]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    board = screen.board
    assert isinstance(board, MythCraftBoard)
    return screen, board


async def cursor_to(pilot: Pilot[None], grid: MapGrid, x: int, y: int) -> None:
    assert grid.cursor is not None
    while grid.cursor != (x, y):
        cx, cy = grid.cursor
        await press(pilot, "right" if cx < x else "left" if cx > x else "down" if cy < y else "up")
    await settle(pilot)


def option_text(screen: GameScreen, index: int) -> str:
    """The words of option `index` as listed (each option is drawn as a grid: its number, then its label)."""
    return screen.prompt.labels[index]


def detail(screen: GameScreen) -> str:
    return str(screen.prompt.query_one("#detail").render())


@pytest.mark.slow
async def test_attacks_come_first_with_their_hit_chance_and_every_group_key_lists_its_group() -> None:
    game = game_until(find_seed(), can_attack)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        actions = screen.prompt.actions
        assert actions[0][0] == "attack" and actions[-1][0] == "move"
        label = option_text(screen, 0)
        forecast = next(f for f in board.view.forecasts if f.action == actions[0])
        assert f"{round(forecast.hit * 100)}%" in label and "~" in label
        assert "to hit" in detail(screen) and "damage" in detail(screen)
        offered = {str(a[0]) for a in game.decision.actions}  # type: ignore[union-attr]
        pressed = 0
        for key, name, _, kinds in GROUPS:
            if name == "move" or not kinds & offered:
                continue
            await press(pilot, key)
            listed = screen.prompt.actions
            assert listed and all(str(a[0]) in kinds for a in listed), (key, listed)
            assert len(listed) == sum(1 for a in game.decision.actions if str(a[0]) in kinds)  # type: ignore[union-attr]
            await press(pilot, "escape")
            assert len(screen.prompt.actions) == len(game.decision.actions)  # type: ignore[union-attr]
            pressed += 1
        assert pressed >= 3
        # the same key twice shows everything again
        await press(pilot, "x")
        await press(pilot, "x")
        assert len(screen.prompt.actions) == len(game.decision.actions)  # type: ignore[union-attr]
        # m: the moves are made on the map, with the range shaded
        await press(pilot, "m")
        assert board.grid.has_focus
        spans = board.grid.render_map(board.view).spans
        assert any(MOVE_BG_NEW in str(s.style) for s in spans), "the squares a new Move reaches are shaded"
        move = next(a for a in game.decision.actions if a[0] == "move")  # type: ignore[union-attr]
        await cursor_to(pilot, board.grid, int(move[1]), int(move[2]))
        assert "squares of movement" in detail(screen) or "square of movement" in detail(screen)
        await press(pilot, "enter")
        assert game.actions[-1] == move


async def test_enter_on_an_enemy_in_the_map_cursor_lists_what_reaches_it_and_attacks() -> None:
    game = game_until(find_seed(), can_attack)
    attack = next(a for a in game.decision.actions if a[0] == "attack")  # type: ignore[union-attr]
    target = next(u for u in game.state.units if u.uid == attack[2])
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        await press(pilot, "g")
        await cursor_to(pilot, board.grid, target.x, target.y)
        assert target.name in detail(screen)
        await press(pilot, "enter")
        listed = screen.prompt.actions
        assert listed and all(game.subject(a).target == target.uid for a in listed)
        assert attack in listed and screen.prompt.options.has_focus
        await press(pilot, str(listed.index(attack) + 1))
        assert game.actions[-1] == attack


async def test_a_click_on_an_enemy_lists_its_options_and_enter_attacks() -> None:
    game = game_until(find_seed(), can_attack)
    attack = next(a for a in game.decision.actions if a[0] == "attack")  # type: ignore[union-attr]
    target = next(u for u in game.state.units if u.uid == attack[2])
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, _board = screen_of(app)
        await pilot.click(MapGrid, offset=(3 + 2 * target.x, 1 + target.y))
        await settle(pilot)
        listed = screen.prompt.actions
        assert listed and all(game.subject(a).target == target.uid for a in listed)
        await press(pilot, "enter")
        assert game.actions[-1] == listed[0]


def mage_can_burst(game: Game) -> bool:
    return any(a[0] == "cast" and a[1] == "shock_burst" for a in game.decision.actions)  # type: ignore[union-attr]


def burst_game() -> Game:
    for seed in range(40):
        try:
            return game_until(seed, mage_can_burst, party_setup(hero2="mage"))
        except AssertionError:
            continue
    raise AssertionError("no seed lets the mage cast Shock Burst")


async def test_an_area_spell_shows_its_area_and_who_it_would_hit_before_it_is_cast() -> None:
    game = burst_game()
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        await press(pilot, "c")
        listed = screen.prompt.actions
        assert listed and all(a[0] == "cast" for a in listed)
        burst = next(a for a in listed if a[1] == "shock_burst")
        while screen.prompt.options.highlighted != listed.index(burst):
            await press(pilot, "down")
        await settle(pilot)
        about = game.subject(burst)
        over = overlay_for(board.view, burst, about)
        assert len(over.area) >= 4  # a 3x3 less walls and the map's edge
        forecast = next(f for f in board.view.forecasts if f.action == burst)
        assert over.hit >= {t.uid for t in forecast.targets}
        text = board.grid.render_map(board.view)
        assert any(AREA_BG in str(s.style) for s in text.spans), "the area is shaded on the map"
        label = option_text(screen, listed.index(burst))
        assert forecast_words(forecast, board.view) in label and re.search(r"\d (foes?|ally|allies) ~", label)
        caster = board.view.active_uid
        assert ("you too" in label) == (caster in {t.uid for t in forecast.targets})
        await press(pilot, "enter")
        assert game.actions[-1] == burst


def snapshot_game() -> Game:
    return game_until(find_seed(), can_attack)


async def open_attacks(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await press(pilot, "a")


async def cursor_on_enemy(pilot: Pilot[None]) -> None:
    await settle(pilot)
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, GameScreen)
    game = screen.session.game
    attack: Action = next(a for a in game.decision.actions if a[0] == "attack")  # type: ignore[union-attr]
    target = next(u for u in game.state.units if u.uid == attack[2])
    await press(pilot, "g")
    grid = screen.query_one(MapGrid)
    await cursor_to(pilot, grid, target.x, target.y)
    await settle(pilot)


def test_snapshot_attack_group_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(snapshot_game()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_attacks)


def test_snapshot_attack_group_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(snapshot_game()))
    assert snap_compare(app, terminal_size=(120, 40), run_before=open_attacks)


def test_snapshot_map_cursor_on_an_enemy_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(snapshot_game()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=cursor_on_enemy)


def test_snapshot_map_cursor_on_an_enemy_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(snapshot_game()))
    assert snap_compare(app, terminal_size=(120, 40), run_before=cursor_on_enemy)


async def test_r_lists_a_heros_reactions_on_someone_elses_turn() -> None:
    game = Game.new("mythcraft", find_seed(), party_setup())
    while not (game.decision is not None and game.decision.kind == "reaction" and game.decision.seat == 0):
        assert game.decision is not None
        game.apply(round_policy(game.decision, game))
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        assert board.key_enabled("group_react") and not board.key_enabled("group_attack")
        await press(pilot, "r")
        listed = screen.prompt.actions
        assert listed and {str(a[0]) for a in listed} <= {"react", "decline"}
        react = next(a for a in listed if a[0] == "react")
        await press(pilot, str(listed.index(react) + 1))
        assert game.actions[-1] == react


def heals_an_ally(game: Game) -> bool:
    me = game.state.units[game.state.order[game.state.turn_idx]].uid
    return any(a[0] == "cast" and a[2] != me for a in game.decision.actions)  # type: ignore[union-attr]


async def test_enter_on_an_ally_lists_what_can_be_done_for_it() -> None:
    game = game_until(find_seed(), heals_an_ally)
    me = game.state.units[game.state.order[game.state.turn_idx]].uid
    cast = next(a for a in game.decision.actions if a[0] == "cast" and a[2] != me)  # type: ignore[union-attr]
    ally = next(u for u in game.state.units if u.uid == cast[2])
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        await press(pilot, "g")
        await cursor_to(pilot, board.grid, ally.x, ally.y)
        await press(pilot, "enter")
        listed = screen.prompt.actions
        assert cast in listed and all(game.subject(a).target == ally.uid for a in listed)
        assert "heals" in option_text(screen, listed.index(cast))


def styled(text: Any, style: str) -> set[str]:
    """The plain text of every span of `text` drawn in `style`."""
    return {text.plain[s.start : s.end] for s in text.spans if str(s.style) == style}


async def test_point_at_and_mark_changed_show_on_the_map_and_the_legend_names_its_symbols() -> None:
    from mythtable.tui.boards.mythcraft.common import MARKED_STYLE, token
    from mythtable.tui.colours import FOCUS_STYLE

    app = MythtableApp(start=OpenGame(Game.new("mythcraft", 7, party_setup())))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _, board = screen_of(app)
        hound, hero = (next(c for c in board.view.combatants if c.side == side) for side in (1, 0))
        assert token(hound) not in styled(board.grid.render_map(board.view), MARKED_STYLE)
        board.mark_changed(frozenset({hound.uid}))
        board.point_at(hero.uid)
        await settle(pilot)
        text = board.grid.render_map(board.view)
        assert token(hound) in styled(text, MARKED_STYLE)
        assert token(hero) in styled(text, FOCUS_STYLE)
        board.point_at(None)
        assert token(hero) not in styled(board.grid.render_map(board.view), FOCUS_STYLE)
        symbols = {symbol for symbol, _ in board.legend()}
        assert {"!", "◆", "[]", "•", "▶"} <= symbols


async def test_while_the_computer_thinks_no_group_key_or_map_enter_can_act_for_it() -> None:
    game = Game.new("mythcraft", 7, party_setup(), controllers=["human", "ai"])
    app = MythtableApp(start=OpenGame(game))
    app.computer_delay = 60  # the creature (first in the order) waits: the keys are tried meanwhile
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, board = screen_of(app)
        assert game.decision is not None and game.decision.seat == 1 and screen.prompt.actions == []
        assert not any(board.key_enabled(f"group_{name}") for _, name, _, _ in GROUPS)
        for key in ("a", "c", "m", "n", "t", "r", "x", "g", "enter", "left", "enter"):
            await press(pilot, key)
        await settle(pilot)
        assert game.actions == []
