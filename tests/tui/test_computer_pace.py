"""A computer you can follow (issue 33, item 7): it thinks while the pace runs, each of its moves shows as it
happens, numbered, and the player sets the pace (`--computer-pace`, and the settings screen, key s).

Seen: the 0.4 s pace was spent before the computer began to think, so every wait was the pace plus the
thinking; the thinking line stayed at "is thinking..." and two passes in a row looked like one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable.cli import main as cli_main
from mythtable.engine.autopass import PACES, SeatSettings
from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.stops import StopsScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen
from tests.tui.keys import press
from tests.tui.test_thinking import HeldBot, held, question  # noqa: F401 (the fixture)


def new_app(pace: float | None = None) -> MythtableApp:
    game = Game.new("mythicarium", 7, controllers=["greedy", "human"])
    return MythtableApp(start=OpenGame(game), pace=pace)


async def test_the_computer_thinks_at_once_while_the_pace_runs(held: HeldBot) -> None:  # noqa: F811
    """The pace is long here (5 s): the computer has begun to think long before it is over."""
    app = new_app(pace=5.0)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await game_screen(pilot, app)
        for _ in range(40):
            await pilot.pause(0.05)
            if held.started.is_set():
                break
        assert held.started.is_set(), "the computer waited for the pace before it began to think"
        assert screen.computer_delay == 5.0
        held.go.set()


async def test_each_computer_move_shows_numbered_as_it_happens() -> None:
    app = new_app(pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        seen: set[str] = set()
        for _ in range(200):
            await pilot.pause(0.05)
            text = question(screen)
            seen.update(line for line in text.splitlines() if "(computer), move " in line)
            if screen.link.decision is not None and screen.link.decision.seat == 1 and screen.prompt.actions:
                break
        moves = screen.link.computer_moves
        assert len(moves) >= 2, "the computer made its moves before the person is asked"
        assert [m.split(", move ")[1].split(":")[0] for m in moves] == [str(n) for n in range(1, len(moves) + 1)]
        assert any("move 1:" in line for line in seen) or len(moves) > GameScreen.MOVES_SHOWN


async def test_the_settings_screen_sets_the_computers_pace(tmp_path: Path) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await game_screen(pilot, app)
        for _ in range(200):
            await pilot.pause(0.05)
            if screen.link.decision is not None and screen.link.decision.seat == 1 and screen.prompt.actions:
                break
        before = screen.computer_delay
        await press(pilot, "s")
        stops = app.screen
        assert isinstance(stops, StopsScreen) and stops.rows[-1] == "pace"
        stops.flip(len(stops.rows) - 1)
        chosen = stops.settings.pace
        assert chosen is not None and chosen != before and chosen in PACES
        await press(pilot, "escape")
        assert screen.computer_delay == chosen
        assert screen.session.autopass[1].pace == chosen, "kept with the player's settings (saved, remembered)"


def test_a_pace_survives_the_settings_file_and_a_bad_one_is_dropped() -> None:
    assert SeatSettings.from_json(SeatSettings(pace=0.8).to_json()).pace == 0.8
    for bad in (-1, 99, "fast", True, float("nan")):
        assert SeatSettings.from_json({"pace": bad}).pace is None


@pytest.mark.parametrize("value", ["-1", "99", "nan"])
def test_a_bad_computer_pace_is_refused_in_one_line(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["play", "mythicarium", "--p2-computer", "normal", "--computer-pace", value])
    err = capsys.readouterr().err.strip()
    assert code != 0 and len(err.splitlines()) == 1 and "--computer-pace" in err, err


def test_the_computer_pace_reaches_the_game_screen() -> None:
    app = MythtableApp(pace=1.5)
    assert app.computer_delay == 1.5 and app.pace == 1.5
