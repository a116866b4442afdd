"""The plain screens of a shared table: text is data (no escape sequence of a player's reaches a terminal), and a
watcher's screen has no options (issue 32)."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.tables.protocol import LogData
from mythtable.tables.table import Table
from mythtable.tables.text_view import CLEAR, screen


def a_table() -> Table:
    return Table(code="7KQ2X", game=Game.new("mythicarium", 7), holders=["key:a", "key:b"], connected=[True, True])


def test_hostile_text_in_chat_and_log_reaches_the_screen_as_plain_characters() -> None:
    table = a_table()
    table.say(0, "\x1b]52;c;ZXZpbA==\x07hi \x1b[2J\x9b31m[red]x[/red]\u202egnirts")
    frame = table.frame(0, 0.0, 600.0)
    frame = frame.model_copy(update={"log": [*frame.log, LogData(step=0, text="\x1b[31mred\x1b[0m", kind="info")]})
    shown = screen(frame)
    assert shown.startswith(CLEAR)
    assert "\x1b" not in shown[len(CLEAR) :] and "\x9b" not in shown and "\u202e" not in shown
    assert "Ana: hi [red]x[/red]gnirts" in shown and "red" in shown


def test_a_watchers_screen_shows_who_chooses_and_no_options() -> None:
    table = a_table()
    decision = table.game.decision
    assert decision is not None
    seat_screen = screen(table.frame(decision.seat, 0.0, 600.0))
    watcher_screen = screen(table.frame(None, 0.0, 600.0))
    assert "  1. " in seat_screen
    assert "  1. " not in watcher_screen
    assert f"{table.names[decision.seat]} is choosing" in watcher_screen
    assert "watching)" in watcher_screen.splitlines()[0]


def test_a_watchers_screen_at_the_end_has_the_result_each_seat_s_score_and_the_counts() -> None:
    from mythtable.engine.simulate import play_game

    done = play_game("mythicarium", 4).game
    assert done is not None and done.result is not None
    table = Table(code="7KQ2X", game=done, holders=["key:a", "key:b"], connected=[True, True])
    shown = screen(table.frame(None, 0.0, 600.0))
    names = done.setup.players
    assert "Game over. " in shown
    for name, (score, _details) in zip(names, done.scores(), strict=True):
        assert f"  {name}" in shown and score in shown
    assert f"Moves: {names[0]} " in shown and " · dice " in shown
