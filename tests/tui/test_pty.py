"""The installed `mythtable` program, run for real in an 80x24 pseudo-terminal."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from mythtable.engine.registry import available, get
from tests.tui.terminal import Terminal


def mythtable_command() -> str:
    """The installed console script: next to this Python first (venvs, pyenv), else on PATH."""
    beside = Path(sys.executable).parent / "mythtable"
    path = str(beside) if beside.exists() else shutil.which("mythtable")
    assert path, "the `mythtable` console script must be installed (pip install .)"
    return path


@pytest.fixture
def terminal_factory():  # type: ignore[no-untyped-def]
    opened: list[Terminal] = []

    def open_terminal(*args: str, cols: int = 80, rows: int = 24) -> Terminal:
        term = Terminal([mythtable_command(), *args], cols=cols, rows=rows)
        opened.append(term)
        return term

    yield open_terminal
    for term in opened:
        term.close()


def test_title_screen_opens_and_quits_cleanly(terminal_factory) -> None:  # type: ignore[no-untyped-def]
    term = terminal_factory()
    screen = term.wait_for("New game")
    assert "Rules reference" in screen
    term.send("q")
    assert term.wait_exit() == 0
    assert "Traceback" not in term.screen_text()


@pytest.mark.parametrize("ruleset_id", available())
def test_play_starts_a_game_and_quits_cleanly(terminal_factory, ruleset_id: str) -> None:  # type: ignore[no-untyped-def]
    term = terminal_factory("play", ruleset_id, "--seed", "7")
    title = get(ruleset_id).title
    if get(ruleset_id).hidden_information:
        term.wait_for("Pass the keyboard")
        term.send("\r")
    screen = term.wait_for(title)
    assert "turn" in screen
    term.send("\x11")  # Ctrl+Q
    term.wait_for("Quit mythtable?")
    term.send("y")
    assert term.wait_exit() == 0
    assert "Traceback" not in term.screen_text()


def test_too_small_terminal_shows_a_notice_and_recovers(terminal_factory) -> None:  # type: ignore[no-untyped-def]
    term = terminal_factory(cols=60, rows=20)
    term.wait_for("Terminal too small")
    term.resize(80, 24)
    term.wait_for("New game")
    term.send("\x11")
    assert term.wait_exit() == 0


def test_ctrl_c_in_a_game_asks_then_leaves_the_game_saved(terminal_factory, _private_data_dir) -> None:  # type: ignore[no-untyped-def]
    term = terminal_factory("play", "mythicarium", "--seed", "7")
    term.wait_for("Pass the keyboard")
    term.send("\r")
    term.wait_for("Mythicarium")
    term.send("\x03")  # Ctrl+C
    term.wait_for("Quit mythtable?")
    term.send("n")  # changed my mind: nothing happens
    term.pump(0.5)
    assert "Quit mythtable?" not in term.screen_text()
    term.send("\x03")
    term.wait_for("Quit mythtable?")
    term.send("y")
    assert term.wait_exit() == 0
    saves = list((_private_data_dir / "saves").glob("*.json"))
    assert len(saves) == 1
    from mythtable.engine.game import Game
    from mythtable.engine.record_schema import read_record

    game = Game.from_record(read_record(saves[0]), verify=True)
    assert game.ruleset.id == "mythicarium" and game.result is None


def test_sigint_from_outside_ends_cleanly(terminal_factory) -> None:  # type: ignore[no-untyped-def]
    import os
    import signal

    term = terminal_factory("play", "mythicarium", "--seed", "7")
    term.wait_for("Pass the keyboard")
    os.kill(term.proc.pid, signal.SIGINT)
    assert term.wait_exit() in (0, 130)
    assert "Traceback" not in term.screen_text()


def test_sigint_from_outside_ends_the_program_started_with_sigint_ignored() -> None:
    """Issue 33 item 10: a background job of a shell without job control starts with SIGINT ignored (the
    test above, run behind `&` with CPU hogs, did not end while the curtain showed): it ends all the same."""
    import os
    import signal

    ignore_then_run = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])"
    )
    term = Terminal([sys.executable, "-c", ignore_then_run, mythtable_command(), "play", "mythicarium", "--seed", "7"])
    try:
        term.wait_for("Pass the keyboard")
        os.kill(term.proc.pid, signal.SIGINT)
        assert term.wait_exit() in (0, 130)
        assert "Traceback" not in term.screen_text()
    finally:
        term.close()


def test_a_closed_terminal_ends_the_program_and_the_game_stays_saved(terminal_factory, _private_data_dir) -> None:  # type: ignore[no-untyped-def]
    # No hang-up signal reaches it here (the terminal is not its controlling one), as when a
    # window or a connection goes away without one: the program must notice and leave, not spin.
    term = terminal_factory("play", "mythcraft", "--seed", "7")
    term.wait_for(get("mythcraft").title)
    term.send("\r")  # one move, so there is a game worth keeping
    term.pump(0.5)
    term.hang_up()
    term.proc.wait(30)
    saves = list((_private_data_dir / "saves").glob("*.json"))
    assert len(saves) == 1
    from mythtable.engine.game import Game
    from mythtable.engine.record_schema import read_record

    assert Game.from_record(read_record(saves[0]), verify=True).ruleset.id == "mythcraft"
