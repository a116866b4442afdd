"""Take-back, the replay viewer, resume and watch mode, through the real app."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from mythtable.engine.bots import GreedyBot, RandomBot
from mythtable.engine.game import Game
from mythtable.engine.record import write_atomic
from mythtable.engine.record_schema import read_record
from mythtable.engine.replay import ReplayCursor
from mythtable.engine.simulate import play_game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.replay import ReplayScreen
from mythtable.tui.start import OpenGame, Replay, WatchGames
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import press, settle


def game_at_declare_attackers() -> Game:
    """A Mythicarium game parked on a declare-attackers decision with a unit that can attack."""
    for seed in range(50):
        game = Game.new("mythicarium", seed)
        while game.decision is not None and game.state.turn < 6:
            d = game.decision
            if d.kind == "declare_attackers" and any(a[0] == "attack" for a in d.actions):
                return game
            quiet = [a for a in d.actions if a[0] in ("next", "pass", "done", "first")]
            game.apply(quiet[0] if quiet else d.actions[0])
    raise AssertionError("no game reached a declaration of attackers")


async def test_take_back_a_declared_attacker_with_u() -> None:
    game = game_at_declare_attackers()
    attack = next(a for a in game.decision.actions if a[0] == "attack")  # type: ignore[union-attr]
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        before = game.hash()
        await press_choice(pilot, screen, attack)
        assert game.state.combat.attackers, "the attacker is declared"
        await press(pilot, "u")
        assert game.hash() == before, "the take-back restored the state exactly"
        assert "takes back" in game.log[-1].event.text
        assert screen.prompt.actions == game.decision.actions  # type: ignore[union-attr]


async def test_replay_viewer_steps_and_jumps(tmp_path: Path) -> None:
    outcome = play_game("mythicarium", 4)
    assert outcome.game is not None
    path = tmp_path / "game.json"
    write_atomic(path, outcome.game.to_record().to_json())
    cursor = ReplayCursor(read_record(path))
    app = MythtableApp(start=Replay(cursor))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert cursor.step == 0
        await press(pilot, "right", "right", "right")
        assert cursor.step == 3
        await press(pilot, "left")
        assert cursor.step == 2
        await press(pilot, "end")
        assert cursor.step == cursor.length and cursor.ruleset.result(cursor.state) is not None
        await press(pilot, "t", "5", "enter")
        assert cursor.ruleset.turn_number(cursor.state) == 5
        assert cursor.turns[cursor.step - 1] < 5
        # the state at any step is the state a fresh replay reaches
        fresh = Game.new("mythicarium", 4)
        for action in outcome.game.actions[: cursor.step]:
            fresh.apply(action)
        assert fresh.hash() == Game.hash_of(cursor.ruleset, cursor.state)
        await press(pilot, "home")
        assert cursor.step == 0


async def test_continue_lists_a_saved_game_and_resumes_it_curtain_first(_private_data_dir: Path) -> None:
    app = MythtableApp()
    game = Game.new("mythicarium", 5)
    game.apply(game.decision.actions[0])  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(game)
        await press(pilot, "c")
        assert isinstance(app.screen, ContinueScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, CurtainScreen), "resuming shows the curtain before any hand"
        await press(pilot, "enter")
        assert app.session is not None and app.session.game.hash() == game.hash()


@pytest.mark.slow
async def test_watch_mode_plays_by_itself_and_any_key_pauses() -> None:
    app = MythtableApp(start=WatchGames("mythicarium", 40.0, ["random", "random"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.sleep(1.0)
        await settle(pilot)
        session = app.session
        assert session is not None and len(session.game.actions) > 3, "the computers are playing"
        assert not isinstance(app.screen, CurtainScreen), "no curtain between computers"
        await press(pilot, "x")
        paused_at = len(session.game.actions)
        await asyncio.sleep(0.5)
        await settle(pilot)
        assert len(session.game.actions) == paused_at, "paused"
        await press(pilot, "x")
        await asyncio.sleep(0.5)
        await settle(pilot)
        assert len(session.game.actions) > paused_at, "going again"


async def test_a_computer_move_that_arrives_while_the_app_closes_is_dropped() -> None:
    # Watch mode once failed as the app closed: a move came in while the board's widgets were being
    # taken down. Textual marks an app that is closing as no longer running before it prunes screens.
    app = MythtableApp(start=WatchGames("mythicarium", 40.0, ["random", "random"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        assert game.decision is not None
        moves = len(game.actions)
        app._running = False  # what App._shutdown does first
        try:
            screen.computer_chose(game.decision.actions[0], moves)
        finally:
            app._running = True
        assert len(game.actions) == moves


@pytest.mark.slow
async def test_every_title_menu_entry_opens_its_screen(_private_data_dir: Path) -> None:
    from mythtable.tui.screens.decks import DeckEditorScreen
    from mythtable.tui.screens.encounter_editor import EncounterEditorScreen
    from mythtable.tui.screens.new_game import NewGameScreen
    from mythtable.tui.screens.party_editor import PartyEditorScreen
    from mythtable.tui.screens.pick_rules import PickRulesScreen
    from mythtable.tui.screens.title import TitleScreen

    expected = {
        0: NewGameScreen,
        1: ContinueScreen,
        2: ContinueScreen,
        3: GameScreen,
        4: PickRulesScreen,
        5: DeckEditorScreen,
        6: PartyEditorScreen,
        7: EncounterEditorScreen,
    }
    for index, screen_type in expected.items():
        app = MythtableApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, *(["down"] * index), "enter")
            assert isinstance(app.screen, screen_type), (index, app.screen)
            if index == 2:
                assert app.screen.finished
            await press(pilot, "escape")
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, *(["down"] * 8), "enter")
        assert not app.is_running, "Quit quits"


async def test_replays_lists_finished_games_and_opens_the_viewer(_private_data_dir: Path) -> None:
    outcome = play_game("magewars", 2)
    assert outcome.game is not None
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(outcome.game)
        await press(pilot, "p")
        assert isinstance(app.screen, ContinueScreen) and app.screen.finished
        await press(pilot, "enter")
        assert isinstance(app.screen, ReplayScreen)
        await press(pilot, "end")
        assert app.screen.cursor.step == len(outcome.game.actions)


async def test_watch_mode_without_a_ruleset_takes_turns_through_all_of_them() -> None:
    from mythtable.engine.registry import available

    app = MythtableApp(start=WatchGames(None, 1.0, ["random", "random"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen = []
        for _ in range(len(available())):
            assert app.session is not None
            seen.append(app.session.game.ruleset.id)
            app.after_game("again")
            await settle(pilot)
        assert seen == available()


QUIET_SEED, QUIET_MOVES, QUIET_UNIT = 146, 125, ("unit", 26)
"""A random human against greedy (the app's own bot, seeded as the session seeds it: the game's seed + 1, fresh when
the app opens the game): after 125 moves the human chooses unit 26, the computer answers with two quiet passes (real
decisions of the computer's, not auto-passes), and the human has a Main phase to play. Found by a search over seeds
that replays the app's bot seeding (seed 27's position stopped arising when greedy stopped declaring empty combats,
seed 18's when H-22 let a card be turned face-up over a slow-cast)."""


def magewars_before_a_quiet_choice() -> Game:
    """The game before that choice, its first moves played by a random seat 0 and a greedy seat 1."""
    game = Game.new("magewars", QUIET_SEED, controllers=["human", "greedy"])
    bots = [RandomBot(QUIET_SEED), GreedyBot("magewars", QUIET_SEED + 1)]
    while len(game.actions) < QUIET_MOVES:
        decision = game.decision
        assert decision is not None
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return game


async def test_against_the_computer_u_takes_back_a_move_and_the_computers_quiet_answer() -> None:
    # Before, the take-back ended at the computer's answer (the last move was "Bram's"): against the
    # computer `u` worked at about half the human's decisions in Mage Wars (735 of 1,424 in 20 games of a
    # random human against greedy), now at three in four (1,087).
    game = magewars_before_a_quiet_choice()
    app = MythtableApp(start=OpenGame(game))
    app.computer_delay = 0.01
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        decision = game.decision
        assert decision is not None and decision.seat == 0 and QUIET_UNIT in decision.actions, decision
        before, moves = game.hash(), len(game.actions)
        await press_choice(pilot, screen, QUIET_UNIT)
        for _ in range(100):
            if len(game.actions) > moves + 1 and game.decision is not None and game.decision.seat == 0:
                break
            await pilot.pause(0.05)
        assert game.actors[moves:] == [0, 1, 1] and not any(game.auto[moves:]), "the computer answered"
        assert game.decision is not None and game.decision.kind == "main"
        assert not any(game.revealing[moves:]), "quietly"
        await press(pilot, "u")
        assert len(game.actions) == moves and game.hash() == before, "the move and the answer are taken back"
        assert "takes back" in game.log[-1].event.text
        assert screen.prompt.actions == game.decision.actions  # type: ignore[union-attr]
