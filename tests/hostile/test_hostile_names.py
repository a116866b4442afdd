"""Hostile names and records (issue 12, findings 1, 2 and 10): text from players, records and saves is
shown as text, never markup; no escape sequence in it reaches the terminal; names have a length limit;
a record error is one readable line.

"What the terminal gets" is read two ways: in Pilot, the exact string the app would write for the
whole screen (the compositor's full update, rendered); and for real, the bytes a `mythtable` program
writes to a pseudo-terminal.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from mythtable import cli
from mythtable.engine.bots import RandomBot
from mythtable.engine.decision import Result
from mythtable.engine.errors import RecordError
from mythtable.engine.game import Game
from mythtable.engine.record import record_json
from mythtable.engine.record_schema import parse_record
from mythtable.engine.registry import available, get, load
from mythtable.engine.replay import ReplayCursor
from mythtable.engine.text import MAX_NAME_LENGTH, clean_name
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.replay import ReplayScreen
from mythtable.tui.screens.result import ResultScreen, result_text
from mythtable.tui.start import NewGame, Replay
from tests.tui.terminal import Terminal
from tests.tui.test_pty import mythtable_command

LINK = "[@click=app.screenshot('x')]A[/]"
"""An action link that writes a screenshot when clicked, short enough to be a valid name."""

HOSTILE = [
    "[/]",
    "[b]",
    "Bob [AFK]",
    LINK,
    "[link=https://x.io]L[/link]",
    "$player",  # a template variable of the screens' own markup
    "\x1b]0;TITLE\x07Ana",  # set the window title
    "\x1b]52;c;aGk=\x07Ana",  # write the clipboard
    "\x1b[2J\x1b[31mRed",  # clear the screen, red
    "\u202eAna\u202c",  # right-to-left override
    "\u200bZ\u200b\u2060",  # zero-width junk
    "W" * MAX_NAME_LENGTH,  # the longest allowed
]

CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_output(app: MythtableApp) -> str:
    """What the app writes to the terminal to draw its whole screen now."""
    return app.screen._compositor.render_full_update().render_segments(app.console)


def shown_text(app: MythtableApp) -> str:
    return CSI.sub("", terminal_output(app))


def assert_no_escape_from_names(app: MythtableApp) -> str:
    """Only the app's own colour and cursor sequences: nothing else a terminal would obey."""
    out = terminal_output(app)
    text = CSI.sub("", out)
    found = UNSAFE.search(text)
    assert found is None, f"{found.group()!r} reaches the terminal in {text[max(0, found.start() - 40) :][:80]!r}"
    assert "TITLE" not in out and "aGk=" not in out
    return text


def finished_game(ruleset_id: str, names: list[str], winner: int = 0) -> Game:
    """A random game between `names` that seat `winner` won."""
    loaded = load(ruleset_id)
    for seed in range(60):
        setup = loaded.ruleset.default_setup(loaded.content)
        setup.players = list(names)
        game = Game.new(ruleset_id, seed, setup)
        bot = RandomBot(seed)
        while game.decision is not None and len(game.actions) < 3000:
            game.apply(bot.choose(game.ruleset, game.state, game.decision))
        if game.result is not None and game.result.winner == winner:
            return game
    raise AssertionError(f"no random game of {ruleset_id} won by seat {winner}")


def new_setup(ruleset_id: str, names: list[str]) -> Any:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    setup.players = list(names)
    return setup


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def nowhere_to_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder and home (Downloads) of the test are an empty folder: a screenshot lands there."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    return home


def written(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


# ----- finding 1: markup ------------------------------------------------------------------------


async def test_play_with_p2_named_closing_tag_starts_and_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`mythtable play mythicarium --p2 '[/]'`, Enter: ended in MarkupError with a traceback."""
    started: list[NewGame] = []
    monkeypatch.setattr(cli, "_run_app", lambda start, data: started.append(start) or 0)
    assert run_cli(["play", "mythicarium", "--seed", "3", "--p2", "[/]"])[0] == 0
    assert started[0].setup.players[1] == "[/]"
    app = MythtableApp(start=started[0])
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):
            await pilot.pause()
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "[/]" in shown_text(app)


async def test_a_name_with_brackets_is_shown_whole() -> None:
    """`Bob [AFK]` showed as `Bob `."""
    setup = new_setup("mythicarium", ["Bob [AFK]", "Ann"])
    app = MythtableApp(start=NewGame("mythicarium", 3, setup))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seat = app.screen.seat if isinstance(app.screen, CurtainScreen) else None
        if seat == 0:
            assert "Pass the keyboard to Bob [AFK]" in shown_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Bob [AFK]" in shown_text(app)


async def test_a_replayed_winner_named_as_an_action_link_is_plain_text_and_writes_no_file(
    tmp_path: Path, nowhere_to_write: Path
) -> None:
    """The replay's "Game over: NAME wins" line made the name a link to app.screenshot: a click wrote a file."""
    game = finished_game("mythicarium", [LINK, "Bob"])
    record = parse_record(record_json(game.record_data()))
    app = MythtableApp(start=Replay(ReplayCursor(record)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        lines = shown_text(app).split("\n")
        row = next(y for y, line in enumerate(lines) if "Game over: " in line)
        column = lines[row].index("Game over: ") + len("Game over: ")
        for x in range(column, column + len(LINK)):  # click every cell of the winner's name
            await pilot.click(offset=(x, row))
        await pilot.pause()
        assert written(nowhere_to_write) == []
        assert f"Game over: {LINK} wins" in shown_text(app)
        shown = app.screen.query_one("#move", Static).render()
        assert [span.style for span in shown.spans] == ["b"], "the name brings no style, no link"  # type: ignore[attr-defined]


def test_a_record_whose_name_is_a_long_action_link_is_refused_in_one_line(tmp_path: Path) -> None:
    game = finished_game("magewars", ["Ana", "Bob"])
    data = game.record_data()
    data["setup"]["players"][0] = f"[@click=app.screenshot('X','{tmp_path}')]Ana[/]"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    rc, out, err = run_cli(["--data-dir", str(tmp_path / "data"), "replay", str(path)])
    assert rc == 1 and out == ""
    assert err.count("\n") == 1 and f"at most {MAX_NAME_LENGTH}" in err, err
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


# ----- finding 2: escape sequences --------------------------------------------------------------


def raw_terminal(*args: str, data_dir: Path) -> tuple[Terminal, bytearray]:
    """The real program on a pty; every byte it writes is kept."""
    term = Terminal([mythtable_command(), "--data-dir", str(data_dir), *args], cols=100, rows=30)
    raw = bytearray()
    feed = term.stream.feed

    def keep(data: bytes) -> None:
        raw.extend(data)
        feed(data)

    term.stream.feed = keep  # type: ignore[method-assign]
    return term, raw


def assert_no_escape_sequence_from_names(raw: bytes) -> None:
    assert b"\x1b]0;TITLE" not in raw and b"]0;TITLE" not in raw
    assert b"\x1b]52;" not in raw and b"aGk=" not in raw
    assert b"\x1b[2J\x1b[31mRed" not in raw
    assert "\u202e".encode() not in raw


def test_escape_sequences_in_names_from_the_command_line_never_reach_the_terminal(tmp_path: Path) -> None:
    term, raw = raw_terminal(
        "play", "mythicarium", "--seed", "3", "--p1", "\x1b]0;TITLE\x07Ana", "--p2", "\x1b]52;c;aGk=\x07Bob",
        data_dir=tmp_path,
    )  # fmt: skip
    try:
        term.wait_for("Pass the keyboard")
        term.send("\r")
        screen = term.wait_for("Mythicarium")
        assert "Ana" in screen or "Bob" in screen
        term.send("\x11")  # Ctrl+Q
        term.wait_for("Quit mythtable?")
        term.send("y")
        assert term.wait_exit() == 0
    finally:
        term.close()
    assert_no_escape_sequence_from_names(bytes(raw))


def test_escape_sequences_in_a_shared_save_never_reach_the_terminal(tmp_path: Path) -> None:
    """A save with such names (a shared folder, a copied file) is refused on the Continue screen, quietly."""
    game = Game.new("mythicarium", 3, new_setup("mythicarium", ["Ana", "Bob"]))
    data = game.record_data()
    data["setup"]["players"] = ["\x1b]0;TITLE\x07Ana", "\x1b]52;c;aGk=\x07Bob"]
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "mythicarium-20260101-000000-abcdef.json").write_text(json.dumps(data))
    term, raw = raw_terminal("resume", data_dir=tmp_path)
    try:
        screen = term.wait_for("could not be read")
        assert "1 save(s) could not be read" in screen
        assert "control or" in screen.replace("\n", " ").replace("  ", " ") or "characters" in screen, screen
        term.send("\x11")
        assert term.wait_exit() == 0
    finally:
        term.close()
    assert_no_escape_sequence_from_names(bytes(raw))


# ----- names are limited in length, everywhere ----------------------------------------------------


def test_the_command_line_refuses_a_name_over_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[NewGame] = []
    monkeypatch.setattr(cli, "_run_app", lambda start, data: started.append(start) or 0)
    longest = "N" * MAX_NAME_LENGTH
    assert run_cli(["--data-dir", str(tmp_path), "play", "magewars", "--p1", longest])[0] == 0
    assert started[0].setup.players[0] == longest
    rc, out, err = run_cli(["--data-dir", str(tmp_path), "play", "magewars", "--p1", longest + "N"])
    assert rc == 1 and out == ""
    assert err == f"mythtable: player 1's name is 33 characters long; a name may have at most {MAX_NAME_LENGTH}\n"
    assert list(tmp_path.iterdir()) == []


async def test_the_new_game_form_refuses_a_name_over_the_limit_and_cleans_a_pasted_one() -> None:
    app = MythtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#p1", Input).value = "L" * 40
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert f"player 1's name is 40 characters long; a name may have at most {MAX_NAME_LENGTH}" in shown_text(app)
        screen.query_one("#p1", Input).value = "\x1b]0;TITLE\x07Ana [AFK]\u200b"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None
        assert app.session.names[0] == "Ana [AFK]"


def test_a_record_with_a_name_over_the_limit_is_refused(tmp_path: Path) -> None:
    game = Game.new("mythicarium", 3, new_setup("mythicarium", ["Ana", "Bob"]))
    data = game.record_data()
    data["setup"]["players"][1] = "B" * 300
    too_long = f"player 2's name is 300 characters long; a name may have at most {MAX_NAME_LENGTH}"
    with pytest.raises(RecordError, match=too_long):
        parse_record(json.dumps(data))
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "mythicarium-20260101-000000-abcdef.json").write_text(json.dumps(data))
    saves, problems = SaveStore(tmp_path).list()
    assert saves == [] and len(problems) == 1 and f"at most {MAX_NAME_LENGTH}" in problems[0]


# ----- finding 10: one readable line --------------------------------------------------------------


def test_a_record_with_300000_options_in_one_action_is_refused_in_one_short_line(tmp_path: Path) -> None:
    game = Game.new("mythicarium", 3, new_setup("mythicarium", ["Ana", "Bob"]))
    data = game.record_data()
    data["actions"] = [["play", *range(300_000)]]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    rc, out, err = run_cli(["--data-dir", str(tmp_path / "data"), "replay", str(path)])
    assert rc == 1 and out == ""
    assert err.count("\n") == 1 and len(err) < 400, err[:500]
    assert "action 1 has 300001 values" in err


def test_a_record_error_quoting_the_record_is_one_line_of_bounded_length() -> None:
    game = Game.new("magewars", 3, new_setup("magewars", ["Ana", "Bob"]))
    data = game.record_data()
    data["actions"] = [[1.5]] * 300_000  # 600,000 problems to pydantic
    with pytest.raises(RecordError) as caught:
        parse_record(json.dumps(data))
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 300
    data["actions"] = [["x" * 1_000_000]]  # a legal-looking action that diverges, quoted in the message
    with pytest.raises(RecordError) as caught:
        ReplayCursor(parse_record(json.dumps(data)))
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 300


# ----- every screen, every hostile name -----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("raw", HOSTILE, ids=range(len(HOSTILE)))
async def test_every_screen_shows_a_hostile_name_as_text(raw: str, nowhere_to_write: Path, tmp_path: Path) -> None:
    """Curtain, board and status line of each ruleset, result, replay, Continue and Replays lists and the
    new-game form: no crash, the name as typed (less what a terminal would obey), no escape sequence
    from it in what the terminal gets, and no file written."""
    name = clean_name(raw)
    names = [name, "Other"]
    data = tmp_path / "data"
    for ruleset_id in available():
        title = get(ruleset_id).title
        game = finished_game(ruleset_id, names)
        app = MythtableApp(start=NewGame(ruleset_id, 3, new_setup(ruleset_id, names)), data=data)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):  # the curtain(s), then the table
                await pilot.pause()
                text = assert_no_escape_from_names(app)
                if isinstance(app.screen, CurtainScreen):
                    player = names[app.screen.seat]
                    assert f"Pass the keyboard to {player}" in text
                    await pilot.press("enter")
            assert isinstance(app.screen, GameScreen)
            assert title in assert_no_escape_from_names(app)
            result = Result(0, f"{name} wins: {name} is the best", 3)
            app.push_screen(ResultScreen(result_text(result, names, title)))
            await pilot.pause()
            assert f"{name} wins" in assert_no_escape_from_names(app)
            record = parse_record(record_json(game.record_data()))
            app.push_screen(ReplayScreen(ReplayCursor(record)))
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            assert f"Game over: {name} wins" in assert_no_escape_from_names(app)
        SaveStore(data).save(game)  # a finished game for the Replays list (the unfinished one is saved)
    app = MythtableApp(data=data)
    async with app.run_test(size=(120, 40)) as pilot:
        for finished in (False, True):
            app.push_screen(ContinueScreen(app.store, finished=finished))
            await pilot.pause()
            assert f"{name} vs Other" in assert_no_escape_from_names(app)
            await pilot.press("escape")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#p1", Input).value = raw
        app.screen.query_one("#p2", Input).value = "Other"
        await pilot.pause()
        assert_no_escape_from_names(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None and app.session.names == names
        assert_no_escape_from_names(app)
    assert written(nowhere_to_write) == []
