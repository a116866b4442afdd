"""A new ruleset is one package and one registration (issue 31): Pig, made by following
docs/adding-a-ruleset.md and registered here with `registry.register` (as its entry point would), plays
through the real TUI by keys on the generic board, through the random, greedy and search bots, and replays
from its record as `mythtable replay --verify` checks one. Nothing in mythtable names it."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from mythtable import cli
from mythtable.engine import registry
from mythtable.engine.bots import make_bot
from mythtable.engine.decision import Action, Decision
from mythtable.engine.game import Game
from mythtable.engine.record import write_atomic
from mythtable.engine.record_schema import read_record
from mythtable.engine.simulate import play_game
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards import board_class
from mythtable.tui.boards.generic import GenericBoard
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.result import ResultScreen
from mythtable.tui.screens.title import TitleScreen
from tests.contract import check_contract
from tests.engine.test_one_shape import shape_problems
from tests.pig import ENTRY
from tests.tui.driver import press_choice
from tests.tui.keys import press

PACKAGE = Path(__file__).resolve().parents[2] / "mythtable"


@pytest.fixture(autouse=True)
def pig() -> Iterator[None]:
    """The one registration, for this test only (an installed Pig would name `tests.pig:ENTRY` in the
    `mythtable.rulesets` entry point group instead)."""
    registry.register(ENTRY)
    try:
        yield
    finally:
        registry.unregister(ENTRY.id)


def greedy_keeper(decision: Decision, app: MythtableApp) -> Action:
    """Roll until 8 points are in the pot, then hold."""
    assert app.session is not None
    return ("hold",) if app.session.game.state.pot >= 8 else ("roll",)


def test_nothing_in_mythtable_names_pig_and_it_keeps_the_one_shape() -> None:
    named = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*") if p.is_file() and b"pig" in p.read_bytes()]
    assert named == []
    assert registry.available()[-1] == "pig" and registry.entry("pig") is ENTRY
    assert shape_problems("pig") == []
    assert board_class("pig") is GenericBoard, "no board of its own: the generic one"
    assert registry.rules_reference("pig").clauses()[0].id == "P-1"


async def test_pig_plays_through_the_real_tui_by_keys_and_its_record_replays(tmp_path: Path) -> None:
    app = MythtableApp(data=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Pig" in str(app.screen.query_one("#tagline").render()), "the title screen lists it"
        await press(pilot, "n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await press(pilot, "enter")  # the ruleset list (focused), down to Pig, the last one
        for _ in registry.available()[1:]:
            await press(pilot, "down")
        await press(pilot, "enter")
        await pilot.pause()
        assert form.ruleset_id == "pig"
        for _ in range(20):  # Tab on to the seed
            if app.focused is not None and app.focused.id == "seed":
                break
            await press(pilot, "tab")
        assert app.focused is not None and app.focused.id == "seed"
        await press(pilot, "4", "2", "ctrl+s")
        await pilot.pause()
        for _ in range(400):
            screen = app.screen
            if not isinstance(screen, GameScreen):
                break
            decision = screen.session.game.decision
            assert decision is not None
            await press_choice(pilot, screen, greedy_keeper(decision, app))
            await pilot.pause()
        assert isinstance(app.screen, ResultScreen), app.screen
        assert app.session is not None
        game = app.session.game
        assert game.ruleset.id == "pig" and game.seed == 42 and game.result is not None
        assert isinstance(screen.board, GenericBoard)
        path = app.store.folder / str(game.save_name)
    assert read_record(path).result is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["replay", str(path), "--verify"]) == 0
    said = f"OK ({len(game.actions)} actions replayed; reached 20 points after {game.result.turns} turns)"
    assert said in out.getvalue()


@pytest.mark.parametrize(("first", "second"), [("random", "greedy"), ("greedy", "search"), ("search", "random")])
def test_the_bots_play_pig_and_every_game_replays(first: str, second: str, tmp_path: Path) -> None:
    for seed in range(3):
        bots = (
            make_bot("pig", first, seed * 2 + 1, workers=1, iterations=40),
            make_bot("pig", second, seed * 2 + 2, workers=1, iterations=40),
        )
        outcome = play_game("pig", seed, bots=bots, check=check_contract)
        assert outcome.error is None and outcome.result is not None and outcome.game is not None
        game = outcome.game
        assert game.ruleset.check_invariants(game.state) == []
        path = tmp_path / f"{first}-{second}-{seed}.json"
        write_atomic(path, game.to_record().to_json())
        again = Game.from_record(read_record(path), verify=True)
        assert again.hash() == game.hash() and again.result == game.result
