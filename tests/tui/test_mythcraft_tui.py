"""MythCraft combat through the real app, keys only: a round with moves (by the grid cursor),
attacks, a hero's reaction and ends of turn; the board's highlights, details and solo mode."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

from mythtable.engine.decision import Action, Decision
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from mythtable.rulesets.mythcraft import rules
from mythtable.rulesets.mythcraft.ai import CreatureAI
from mythtable.rulesets.mythcraft.rules import dist
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.mythcraft import (
    MapGrid,
    MythCraftBoard,
    RosterRender,
    TrackRender,
    creature_card,
    explain,
    hero_card,
    token,
)
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import press_choice
from tests.tui.keys import press, settle

HEROES, CREATURES = 0, 1
AI = CreatureAI()


def setup(encounter: str = "E1") -> Setup:
    loaded = load("mythcraft")
    base = loaded.ruleset.default_setup(loaded.content)
    return Setup(players=base.players, options={**base.options, "encounter": encounter})


def round_policy(decision: Decision, game: Game) -> Action:
    """Heroes attack when they can, else step toward the nearest creature once, else end the turn;
    they take every reaction offered. The creatures play as the solo-mode AI would."""
    if decision.seat == CREATURES:
        return AI.choose(game.ruleset, game.state, decision)
    actions = decision.actions
    if decision.kind == "reaction":
        return next(a for a in actions if a[0] == "react")
    if decision.kind != "hero_turn":
        return actions[0]
    attacks = [a for a in actions if a[0] == "attack"]
    if attacks:
        return attacks[0]
    st = game.state
    me = rules.active(st)
    foes = [o for o in st.units if o.side == CREATURES and not o.dead]
    moves = [a for a in actions if a[0] == "move"]
    if moves and foes:

        def near(x: int, y: int) -> int:
            return min(dist(x, y, o.x, o.y) for o in foes)

        best = min(moves, key=lambda a: (near(int(a[1]), int(a[2])), a[2], a[1]))
        if near(int(best[1]), int(best[2])) < near(me.x, me.y):
            return best
    return ("end",)


def play_round(seed: int) -> tuple[Game, set[Any]]:
    """Round 1 by the engine alone; which kinds of hero choices it contained."""
    game = Game.new("mythcraft", seed, setup())
    seen: set[Any] = set()
    while game.decision is not None and game.state.round == 1:
        decision = game.decision
        action = round_policy(decision, game)
        if decision.seat == HEROES:
            seen.add(("reaction", action[0]) if decision.kind == "reaction" else action[0])
        game.apply(action)
    return game, seen


def find_seed() -> int:
    """The first seed where round 1 has a hero move, attack, reaction and end of turn (engine only)."""
    for seed in range(100):
        _, seen = play_round(seed)
        if {"move", "attack", "end", ("reaction", "react")} <= seen:
            return seed
    raise AssertionError("no seed gives the scenario")


async def choose(pilot: Pilot[None], screen: GameScreen, action: Action) -> None:
    """Highlight an option with the keys (End jumps to the last one, as turn ends are) and Enter."""
    actions = screen.prompt.actions
    target = actions.index(action)
    options = screen.prompt.options
    if len(actions) - 1 - target < target - (options.highlighted or 0):
        await press(pilot, "end")
    await press_choice(pilot, screen, action)


async def move_by_grid(pilot: Pilot[None], screen: GameScreen, action: Action) -> None:
    """Pick a move on the map: "g", arrows from where the cursor starts to the square, Enter."""
    grid = screen.query_one(MapGrid)
    await press(pilot, "g")
    assert grid.has_focus and grid.cursor is not None
    x, y = int(action[1]), int(action[2])
    while grid.cursor != (x, y):
        cx, cy = grid.cursor
        await press(pilot, "right" if cx < x else "left" if cx > x else "down" if cy < y else "up")
    await settle(pilot)
    # the prompt's list follows the cursor, so its detail line explains the square
    assert screen.prompt.actions[screen.prompt.options.highlighted or 0] == action
    await press(pilot, "enter")


@pytest.mark.slow
async def test_a_round_with_moves_attacks_a_reaction_and_ends_of_turn_by_keys() -> None:
    seed = find_seed()
    app = MythtableApp(start=OpenGame(Game.new("mythcraft", seed, setup())))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        game = session.game
        reacted = False
        while game.decision is not None and game.state.round == 1:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            decision = game.decision
            action = round_policy(decision, game)
            if decision.kind == "reaction":
                assert isinstance(screen.board, MythCraftBoard)
                assert "may react" in screen.board.status(session.view())
                reacted |= decision.seat == HEROES and action[0] == "react"
            if action[0] == "move":
                await move_by_grid(pilot, screen, action)
            else:
                await choose(pilot, screen, action)
        assert reacted, "a hero reacted on someone else's turn"
        reference, seen = play_round(seed)
        assert {"move", "attack", "end", ("reaction", "react")} <= seen
        assert reference.actions == game.actions, "the keys reproduced the engine's own round"
        status = str(app.screen.query_one("#status").render())
        assert "Round 2" in status


async def test_highlighting_an_option_marks_the_map_and_explains_it() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythcraft", 7, setup())))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.board
        assert isinstance(board, MythCraftBoard)
        # the moves come after the other options (they are made on the map): highlight the first one
        first_move = next(i for i, a in enumerate(screen.prompt.actions) if a[0] == "move")
        assert all(a[0] != "move" for a in screen.prompt.actions[:first_move])
        while screen.prompt.options.highlighted != first_move:
            await press(pilot, "down")
        await settle(pilot)
        action = screen.prompt.actions[first_move]
        assert action[0] == "move"
        assert board.grid.focus_action == action
        x, y = int(action[1]), int(action[2])
        lines = board.grid.render_map(board.view).plain.splitlines()
        assert lines[1 + y][3 + 2 * x] == "◆", "the highlighted move's square is marked"
        assert f"Move to ({x}, {y})" in str(screen.prompt.query_one("#detail").render())
        # the initiative track lists everyone with d20 + AWR = total
        out = Console(width=30, file=io.StringIO(), color_system=None)
        out.print(TrackRender(board.view, ""))
        track = out.file.getvalue()  # type: ignore[attr-defined]
        assert "Round 1" in track and "19+1=20" in track
        assert board.status(board.view) == "Round 1 · Cinder Imp's turn"
        # the grid cursor starts on the highlighted square; on a combatant it tells who stands there
        await press(pilot, "g")
        assert board.grid.has_focus and board.grid.cursor == (x, y)
        imp = next(c for c in board.view.combatants if c.name == "Cinder Imp")
        while board.grid.cursor != (imp.x, imp.y):
            cx, cy = board.grid.cursor
            await press(pilot, "right" if cx < imp.x else "left" if cx > imp.x else "down" if cy < imp.y else "up")
        await settle(pilot)
        assert "Cinder Imp HP 10/10" in str(screen.prompt.query_one("#detail").render())
        await press(pilot, "enter")  # no move onto a combatant: nothing happens
        await press(pilot, "escape")
        assert screen.prompt.options.has_focus and screen.session.game.actions == []


@pytest.mark.slow
async def test_attack_detail_names_the_targets_hp_and_defenses() -> None:
    seed = find_seed()
    game = Game.new("mythcraft", seed, setup())
    while game.decision is not None and not any(a[0] == "attack" for a in game.decision.actions):
        game.apply(round_policy(game.decision, game))
    decision = game.decision
    assert decision is not None
    attack = next(a for a in decision.actions if a[0] == "attack")
    target = next(u for u in game.state.units if u.uid == attack[2])
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        actions = screen.prompt.actions
        await press(pilot, "end")
        while screen.prompt.options.highlighted != actions.index(attack):
            await press(pilot, "up")
        await settle(pilot)
        detail = str(screen.prompt.query_one("#detail").render())
        assert target.name in detail and f"HP {target.hp}/{target.max_hp}" in detail and "AR " in detail
        assert screen.board.grid.focus_action == attack  # type: ignore[attr-defined]


async def test_solo_the_game_runs_the_creatures() -> None:
    game = Game.new("mythcraft", 7, setup(), controllers=["human", "ai"])
    app = MythtableApp(start=OpenGame(game))
    app.computer_delay = 0.01
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if game.decision is not None and game.decision.seat == HEROES:
                break
        assert game.decision is not None and game.decision.seat == HEROES
        assert game.actions, "the creatures before the first hero took their turns"
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # every legal option is listed (attacks first, moves last), none added
        assert sorted(map(str, screen.prompt.actions)) == sorted(map(str, game.decision.actions))


@pytest.mark.slow
def test_the_board_draws_every_state_of_random_games() -> None:
    """Every panel, the map at both scales, the status and the detail of every option, for each
    decision of nine games (three encounters, the AI mixed with random choices); no app needed."""
    rng = random.Random(4)
    grid = MapGrid()
    board = MythCraftBoard()
    kinds: set[str] = set()
    for encounter in ("E1", "E2", "E3"):
        for seed in range(3):
            game = Game.new("mythcraft", seed, setup(encounter))
            for _ in range(400):
                decision = game.decision
                if decision is None:
                    break
                kinds.add(decision.kind)
                view = game.view(decision.seat)
                grid.subject_of = game.subject
                out = Console(width=rng.choice((18, 24, 40)), file=io.StringIO(), color_system=None)
                out.print(TrackRender(view, ""), RosterRender(view))
                c = rng.choice(view.combatants)
                out.print(hero_card(c, False) if c.side == HEROES else creature_card(c, False))
                out.print(hero_card(c, True) if c.side == HEROES else creature_card(c, True))
                wide = Console(width=60, file=io.StringIO(), color_system=None)
                wide.print(TrackRender(view, ""))
                track = wide.file.getvalue()  # type: ignore[attr-defined]
                for someone in view.combatants:  # the dead and the dying are marked on the track
                    if someone.dead:
                        assert f"✝{token(someone)} {someone.name} dead" in track
                        kinds.add("dead shown")
                    elif someone.dying:
                        assert f"✚{token(someone)} {someone.name}" in track
                        kinds.add("dying shown")
                active = next((x for x in view.combatants if x.uid == view.active_uid), None)
                if active is not None and active.side == HEROES and decision.kind == "hero_turn":
                    wide.print(hero_card(active, False))
                    card = wide.file.getvalue()  # type: ignore[attr-defined]
                    assert f"{active.fresh_ap} fresh {active.carried_reactive_ap} carried" in card
                    if active.special_ap:
                        assert ("Rage" if active.special_kind == "rage" else "Holy Support") in card
                for grid.scale in (1, 2):
                    rows = grid.render_map(view).plain.splitlines()
                    assert len(rows) == 1 + grid.scale * view.map.height
                assert board.status(view).startswith(f"Round {view.round}")
                for action in decision.actions:
                    explain(view, action, game.subject(action))
                for action in rng.sample(decision.actions, min(3, len(decision.actions))):
                    grid.focus_action = action
                    grid.render_map(view)
                if rng.random() < 0.3:
                    action = rng.choice(decision.actions)
                else:
                    action = AI.choose(game.ruleset, game.state, decision)
                game.apply(action)
            if game.decision is None:
                assert board.status(game.view(0)) == game.view(0).result
    assert {"hero_turn", "creature_turn", "reaction", "grapple_defense", "dead shown", "dying shown"} <= kinds, kinds


async def test_a_click_on_a_square_highlights_its_move_and_a_second_click_makes_it() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythcraft", 7, setup())))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        index = [i for i, a in enumerate(screen.prompt.actions) if a[0] == "move"][2]
        move = screen.prompt.actions[index]
        x, y = int(move[1]), int(move[2])
        await pilot.click(MapGrid, offset=(3 + 2 * x, 1 + y))
        await settle(pilot)
        assert screen.prompt.options.highlighted == index
        assert screen.prompt.options.has_focus, "the keyboard stays with the option list"
        assert screen.session.game.actions == []
        await pilot.click(MapGrid, offset=(3 + 2 * x, 1 + y))
        await settle(pilot)
        assert screen.session.game.actions == [move]
