"""Issue 33 item 9: the new-game form and the rules screen in a player's words.

The focused field stands out; labels say what they ask without clause IDs or jargon; the rules screen
says where each rule comes from in words and keeps clause IDs behind `c`; a save of a ruleset this
mythtable does not have is listed as unreadable, with why; two players may not share a name; a
watcher is nobody's "you" in the log.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from mythtable.engine.errors import MythtableError
from mythtable.engine.game import Game
from mythtable.engine.registry import rules_reference
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.rules import RulesScreen, reference_markdown
from mythtable.tui.session import Session
from mythtable.tui.start import SavedGames
from mythtable.tui.widgets.log import GameLog
from tests.engine.locking import saved_game
from tests.tui.keys import press, settle


def shown_background(widget: Widget) -> Color:
    """The colour the widget's background shows as, over everything under it."""
    _base, background = widget.background_colors
    return background


def distance(a: Color, b: Color) -> int:
    return sum(abs(x - y) for x, y in zip(a.rgb, b.rgb, strict=True))


async def open_form(pilot, app: MythtableApp, ruleset_id: str) -> NewGameScreen:  # type: ignore[no-untyped-def]
    app.push_screen(NewGameScreen(ruleset_id))
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_the_focused_field_of_the_new_game_form_stands_out() -> None:
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, app, "mythcraft")
        name = screen.query_one("#p1", Input)
        name.focus()
        await settle(pilot)
        focused_row = name.parent
        other_row = screen.query_one("#p2", Input).parent
        assert isinstance(focused_row, Widget) and isinstance(other_row, Widget)
        # the whole row changes, label included: on main only the box went one grey step lighter (234 to 235)
        assert distance(shown_background(focused_row), shown_background(other_row)) >= 60
        assert distance(shown_background(name), shown_background(screen.query_one("#p2", Input))) >= 30


async def test_the_form_labels_are_in_a_players_words() -> None:
    app = MythtableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        for ruleset_id in ("mythcraft", "mythicarium", "magewars"):
            screen = await open_form(pilot, app, ruleset_id)
            labels = [str(label.render()).strip() for label in screen.query(Label)]
            choices = [str(prompt) for select in screen.query(Select) for prompt, _value in select._options]
            for text in labels + choices:
                assert not re.search(r"\b[A-Z]-\d+\b", text), f"a clause ID in {text!r}"
                assert "Auto-decline" not in text and not text.endswith(" name"), text
            if ruleset_id == "mythcraft":
                assert "Name (Myth Caster)" in labels and "Heroes' reactions" in labels and "Round limit" in labels
            await press(pilot, "escape")


async def test_two_players_with_the_same_name_are_refused() -> None:
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, app, "mythicarium")
        screen.query_one("#p1", Input).value = "Ana"
        screen.query_one("#p2", Input).value = " ana"
        with pytest.raises(MythtableError, match="different names"):
            screen.collect()


def test_the_command_line_refuses_two_players_with_the_same_name(tmp_path: Path) -> None:
    same_names = ["--p1", "Ana", "--p2", "Ana"]
    run = subprocess.run(
        [sys.executable, "-m", "mythtable", "--data-dir", str(tmp_path), "play", "mythicarium", *same_names],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 1
    assert "different names" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
def test_the_rules_screen_says_where_a_rule_comes_from_in_words(ruleset_id: str) -> None:
    ref = rules_reference(ruleset_id)
    body = reference_markdown(ref, None)
    for developer_note in ("Seed rule", "Published fact", "Clause IDs match the tests", "tier seed", "W beats F"):
        assert developer_note not in body
    assert "*House rule.*" in body and "*Printed rule.*" in body
    for line in body.splitlines():  # no rule opens with its ID: IDs only behind the toggle
        assert not re.match(r"- \W*[A-Z]-\d+", line), line
    assert "(H-13)" not in body and "(H-28)" not in body  # asides that only name a clause go too
    with_ids = reference_markdown(ref, None, ids=True)
    assert all(clause.id in with_ids for section in ref.section for clause in section.clause)


async def test_c_on_the_rules_screen_shows_and_hides_the_clause_ids() -> None:
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen("Mythicarium", "mythicarium", None))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert "M-12" not in screen.body
        await press(pilot, "c")
        assert "M-12" in screen.body
        await press(pilot, "c")
        assert "M-12" not in screen.body


async def test_a_save_of_an_unknown_ruleset_is_listed_as_unreadable(_private_data_dir: Path) -> None:
    good = saved_game(_private_data_dir, 2, "mythicarium")
    data = json.loads(good.read_text(encoding="utf-8"))
    data["ruleset"] = "chess"
    chess = good.with_name("chess-20260101-000000-abc123.json")
    chess.write_text(json.dumps(data), encoding="utf-8")
    saves, problems = SaveStore(_private_data_dir).list()
    assert [s.path for s in saves] == [good]
    assert len(problems) == 1 and "chess" in problems[0] and "does not have" in problems[0]
    app = MythtableApp(start=SavedGames())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        assert len(screen.saves) == 1
        assert "could not be read" in str(screen.query_one("#problems").render())


def test_a_private_line_names_its_seat_for_a_watcher() -> None:
    from mythtable.tui.widgets.log import for_everyone

    assert for_everyone("You draw Cinderfall Pact.", "Ana") == "Ana draws Cinderfall Pact."
    assert for_everyone("You set Cinder Hound face-down.", "Bram") == "Bram sets Cinder Hound face-down."
    assert for_everyone("Your opening hand: A, B.", "Ana") == "Ana's opening hand: A, B."
    assert for_everyone("Something else.", "Ana") == "(Ana) Something else."


async def test_watch_mode_log_is_nobodys_you() -> None:
    game = Game.new("magewars", 5, controllers=["greedy", "greedy"])
    assert any(line.event.text.startswith("You") for line in game.log_for(None))
    app = MythtableApp()
    app.computer_delay = 3600.0  # the watcher reads the log as it is; no computer moves meanwhile
    async with app.run_test(size=(100, 30)) as pilot:
        app.session = Session(game, ["greedy", "greedy"])
        assert app.session.watching
        app.push_screen(GameScreen(app.session, app.computer_delay))
        await settle(pilot)
        rows = [strip.text for strip in app.screen.query_one(GameLog).lines]
        text = " ".join(" ".join(rows).split())
        assert not re.search(r"\bYou\b|\bYour\b", text), text
        assert "Ana's opening hand" in text
