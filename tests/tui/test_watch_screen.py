"""The watchers' shared screen (issue 32, item 4): each ruleset's board as a watcher may see it at 80x24, drawn
from the public frame by one renderer a table (tui/watch_render.py); nothing hidden reaches it, text is data, and
the lines sent after a move turn the previous screen into the new one."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pyte
import pytest
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from mythtable.engine.game import Game
from mythtable.tables.protocol import Frame, LogData
from mythtable.tables.table import Table
from mythtable.tables.watch_stream import End, Screen, end_record, read_record, screen_record
from mythtable.tui.watch.screen import LOG_ROWS, board_module, screen_lines
from mythtable.tui.watch.terminal import ansi_line, changes, repaint
from mythtable.tui.watch_render import Renderer
from tests.tables.test_no_hidden_card import named
from tests.test_views import SECRETS

COLS, ROWS = 80, 24
OURS = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""The only escape sequences the screen writes: SGR colours, cursor addressing, erase, hide the cursor."""
BOARD_WORDS = {"mythicarium": ("VP ", "XP ", "deck "), "magewars": ("Tower ", "Off", "Def"), "mythcraft": (" 0 1 2 3",)}
"""What shows each ruleset's board is drawn (and not only the log)."""


def a_table(ruleset_id: str, seed: int = 7) -> Table:
    return Table(code="7KQ2X", game=Game.new(ruleset_id, seed), holders=["key:a", "key:b"], connected=[True, True])


def frames(ruleset_id: str, seed: int, limit: int = 250) -> Iterator[tuple[Table, Frame]]:
    """The public frame at every moment of a seeded game of random choices (to its end, or `limit` moves)."""
    table = a_table(ruleset_id, seed)
    rng = random.Random(seed)
    while True:
        table.moves = len(table.game.actions)
        yield table, table.frame(None, 0.0, 600.0)
        if table.game.result is not None or len(table.game.actions) >= limit:
            return
        options = table.game.options()
        table.game.apply(options[rng.randrange(len(options))][0])


def shown(data: bytes, screen: pyte.Screen | None = None) -> pyte.Screen:
    """The watcher's terminal after `data` (on `screen`, the terminal as it was)."""
    screen = screen or pyte.Screen(COLS, ROWS)
    pyte.ByteStream(screen).feed(data)
    return screen


def plain(lines: list[str]) -> list[str]:
    return [OURS.sub("", line) for line in lines]


def after_moves(ruleset_id: str, moves: int) -> tuple[Table, Frame]:
    for table, frame in frames(ruleset_id, 3):
        if len(table.game.actions) >= moves or table.game.result is not None:
            return table, frame
    raise AssertionError("unreachable")


@pytest.mark.parametrize("ruleset_id", sorted(BOARD_WORDS))
def test_each_ruleset_draws_its_board_the_log_and_who_chooses_at_80x24(ruleset_id: str) -> None:
    table, frame = after_moves(ruleset_id, 40)
    lines = plain(screen_lines(frame, COLS, ROWS - 1))
    assert len(lines) == ROWS - 1  # the last row stays empty: nothing scrolls
    assert all(cell_len(line) <= COLS for line in lines)
    text = "\n".join(lines)
    assert lines[0].startswith("table 7KQ2X: ") and f", move {frame.moves} (watching; " in lines[0]
    for word in BOARD_WORDS[ruleset_id]:
        assert word in text, text
    for player in table.names:
        assert player in text
    assert lines[-1] == frame.choosing and " is choosing " in lines[-1]
    log = lines.index(next(line for line in lines if line.startswith("── log ")))
    assert log > 4  # the board came first, and took rows
    last = [line.text[:40] for line in frame.log[-LOG_ROWS:]]
    assert all(any(line.startswith(words) for line in lines[log + 1 : -1]) for words in last), text


@pytest.mark.parametrize("ruleset_id", sorted(BOARD_WORDS))
def test_the_board_gives_way_to_at_least_three_log_lines_and_the_result_at_the_end(ruleset_id: str) -> None:
    for table, frame in frames(ruleset_id, 4, limit=2000):
        if table.game.result is None:
            continue
        crowded = frame.model_copy(update={"status": ["Bram disconnected, waiting 9:41", "Ana asks to take back"]})
        lines = plain(screen_lines(crowded, COLS, ROWS - 1))
        assert len(lines) == ROWS - 1
        log = next(i for i, line in enumerate(lines) if line.startswith("── log "))
        assert lines[2:4] == ["Bram disconnected, waiting 9:41", "Ana asks to take back"]
        over = next(i for i, line in enumerate(lines) if line.startswith("Game over. "))
        assert over - log - 1 >= LOG_ROWS
        assert frame.result is not None and frame.result in lines[over]
        assert any(line.startswith("  Moves: ") for line in lines[over:])
        return
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("ruleset_id", sorted(SECRETS))
def test_a_watchers_screen_names_no_hidden_card_at_any_moment(ruleset_id: str) -> None:
    hiding = SECRETS[ruleset_id]
    checked = 0
    for seed in (1, 2):
        for table, frame in frames(ruleset_id, seed):
            drawn = plain(screen_lines(frame, COLS, ROWS - 1))
            decks = [p["deck_name"] for p in frame.view.get("players", ()) if p.get("deck_name")]
            secret = hiding(table.game.state)
            leaked = sorted(word for word in secret.words if named(word, drawn, decks))
            assert not leaked, f"move {len(table.game.actions)}: the watchers' screen names {leaked}"
            checked += bool(secret.words)
    assert checked > 50


@pytest.mark.parametrize("ruleset_id", sorted(BOARD_WORDS))
def test_the_changed_lines_turn_the_previous_screen_into_the_new_one(ruleset_id: str) -> None:
    """Applied to the watcher's terminal as it was, the bytes sent after each move leave exactly the screen a
    newcomer's whole repaint draws; and they are far fewer bytes than repainting."""
    before: list[str] | None = None
    terminal = pyte.Screen(COLS, ROWS)
    sent = whole = 0
    for _table, frame in frames(ruleset_id, 5, limit=120):
        lines = screen_lines(frame, COLS, ROWS - 1)
        if before is None:
            shown(repaint(lines), terminal)
        else:
            diff = changes(before, lines)
            shown(diff, terminal)
            sent, whole = sent + len(diff), whole + len(repaint(lines))
        assert terminal.display == shown(repaint(lines)).display
        before = lines
    shorter = before[:10] if before is not None else []
    shown(changes(before or [], shorter), terminal)  # a shorter screen: the rows below are erased
    assert terminal.display == shown(repaint(shorter)).display
    assert sent < whole * (0.7 if ruleset_id == "mythcraft" else 0.4)  # the map's move range changes with each step


def test_hostile_text_in_chat_and_log_reaches_the_screen_as_plain_characters() -> None:
    table = a_table("mythicarium")
    table.say(0, "\x1b]52;c;ZXZpbA==\x07hi \x1b[2J\x9b31m[b]x[/b]\u202egnirts")
    frame = table.frame(None, 0.0, 600.0)
    frame = frame.model_copy(update={"log": [*frame.log, LogData(step=0, text="\x1b[31mred\x1b[0m[b]", kind="info")]})
    data = repaint(screen_lines(frame, COLS, ROWS - 1))
    rest = OURS.sub("", data.decode())
    assert "\x1b" not in rest and "\x9b" not in rest and "\u202e" not in rest and "\x07" not in rest
    text = "\n".join(shown(data).display)
    assert "Ana: hi [b]x[/b]gnirts" in text and "red[b]" in text


def test_hostile_text_in_the_view_is_cleaned_by_the_last_gate_before_the_terminal() -> None:
    """Card and unit names reach the screen through the boards' renderables, not through `one_line`: the encoder
    (terminal.py) cleans every character it writes."""
    _table, frame = after_moves("mythicarium", 40)
    view = frame.view
    unit = view["players"][0]["lane"][0]
    unit["name"] = unit["short_name"] = "\x1b]0;t\x07Ev\x1b[2Jil[b]\u202e"
    data = repaint(screen_lines(frame.model_copy(update={"view": view}), COLS, ROWS - 1))
    rest = OURS.sub("", data.decode())
    assert "\x1b" not in rest and "\x07" not in rest and "\u202e" not in rest
    assert "il[b]" in "\n".join(shown(data).display)  # Rich drops the BEL, then the "OSC" runs to the next ESC
    assert ansi_line([Segment("a\x1b[31mb\x9b2J", Style(bold=True))]) == "\x1b[0m\x1b[1mab\x1b[0m"


def test_the_renderer_writes_a_record_a_changed_screen_and_a_watcher_count_costs_one_line() -> None:
    table = a_table("magewars")
    renderer = Renderer("7KQ2X")
    first = renderer.draw(table.frame(None, 0.0, 600.0))
    assert renderer.draw(table.frame(None, 0.0, 600.0)) == b""  # nothing changed: nothing sent
    table.audience = 3
    record = renderer.draw(table.frame(None, 0.0, 600.0))
    head, rest = record.split(b"\n", 1)
    kind, code, diff_size, whole_size = head.split()
    assert (kind, code) == (b"S", b"7KQ2X")
    diff = rest[: int(diff_size)]
    assert len(rest) == int(diff_size) + int(whole_size)
    assert diff.count(b"\x1b[1;1H") == 1 and diff.count(b"H") == 1 and b"3 watching" in diff
    assert first.split(b"\n", 1)[0].split()[2] == first.split(b"\n", 1)[0].split()[3]  # the first: a whole screen


def test_the_stream_of_records_reads_back_and_anything_else_ends_it() -> None:
    import asyncio

    async def read(data: bytes) -> list[Screen | End]:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        out = [await read_record(reader)]
        while not isinstance(out[-1], End):
            out.append(await read_record(reader))
        return out

    stopped = [End("", "the watchers' screen stopped")]  # every table's end
    records = asyncio.run(
        read(screen_record("7KQ2X", b"ab", b"whole") + end_record("7KQ2X", "the table\x1b[2J closed"))
    )
    assert records == [Screen("7KQ2X", b"ab", b"whole"), End("7KQ2X", "the table closed")]
    assert asyncio.run(read(b"S 7KQ2X 99999999999 0\nxx")) == stopped
    assert asyncio.run(read(b"S ../x 2 0\nxx")) == stopped  # a code is letters and digits
    assert asyncio.run(read(screen_record("7KQ2X", b"ab", b"whole")[:-2])) == stopped


def test_a_board_that_fails_leaves_the_watchers_the_rest_of_the_screen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = board_module("mythicarium")
    assert board is not None

    def broken(*_args: object) -> list[object]:
        raise ZeroDivisionError("a bug in a board")

    monkeypatch.setattr(board, "board_lines", broken)
    _table, frame = after_moves("mythicarium", 10)
    lines = plain(screen_lines(frame, COLS, ROWS - 1))
    assert len(lines) == ROWS - 1 and lines[0].startswith("table 7KQ2X: ") and lines[-1] == frame.choosing
    assert lines[2].startswith("── log ")
    assert "a bug in a board" in capsys.readouterr().err  # the server logs the renderer's error output
