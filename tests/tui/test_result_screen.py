"""A real end of game (issue 16 item 5): the final board, both seats' scores, the counts, the lines that
decided it, where the record is, and replay / rematch."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from mythtable.engine.game import Game
from mythtable.engine.record_schema import read_record
from mythtable.engine.simulate import play_game
from mythtable.engine.summary import summarize
from mythtable.tui.app import MythtableApp
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.replay import ReplayScreen
from mythtable.tui.screens.result import EndOfGame, ResultScreen, fold_path, record_lines
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import press, settle

SEEDS = {"mythicarium": 4, "magewars": 3, "mythcraft": 2}


def one_move_from_the_end(ruleset_id: str) -> tuple[Game, tuple[object, ...]]:
    """A fresh game replayed to its last decision, and the move that ends it."""
    outcome = play_game(ruleset_id, SEEDS[ruleset_id])
    done = outcome.game
    assert done is not None and done.result is not None
    game = Game(done.loaded, done.seed, done.setup)
    for action in done.actions[:-1]:
        game.apply(action)
    return game, done.actions[-1]


async def finish(pilot, app: MythtableApp, game: Game, last: tuple[object, ...]) -> ResultScreen:  # type: ignore[no-untyped-def]
    screen = await game_screen(pilot, app)
    await press_choice(pilot, screen, last)  # type: ignore[arg-type]
    await settle(pilot)
    await settle(pilot)
    result = app.screen
    assert isinstance(result, ResultScreen), result
    return result


@pytest.mark.parametrize("ruleset_id", sorted(SEEDS))
async def test_result_screen_shows_board_scores_counts_story_and_record(ruleset_id: str) -> None:
    game, last = one_move_from_the_end(ruleset_id)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        result = await finish(pilot, app, game, last)
        assert game.result is not None
        text = result.text
        names = game.setup.players
        scores = game.ruleset.scores(game.state)
        for seat in (0, 1):
            assert scores[seat][0] and scores[seat][0] in text, f"{names[seat]}'s score is shown"
        word = {"mythicarium": " VP", "magewars": "Tower Level ", "mythcraft": " standing"}[ruleset_id]
        assert sum(score.count(word.strip()) for score, _ in scores) == 2
        summary = summarize(game)
        played = "spells cast" if ruleset_id == "mythcraft" else "cards played"
        counts = "rounds" if ruleset_id == "mythcraft" else "turns"  # MythCraft counts rounds, as its status line
        assert f"after {game.result.turns} {counts}" in text
        assert f"{played} {summary.played}" in text and f"dice rolled {summary.dice}" in text
        assert f"{names[0]} {summary.actions[0]}, {names[1]} {summary.actions[1]}" in text
        assert sum(summary.actions) == sum(1 for a in game.auto if not a)
        for line in summary.deciding:
            assert line in text
        private = {line.event.text for line in game.log if line.event.seat is not None}
        assert not private & set(summary.deciding), "only public lines tell how it ended"
        path = app.store.folder / str(game.save_name)
        assert f"Record: {path}" in text
        assert read_record(path).result is not None, "the finished game's record stays"
        assert result.board is not None and result.board.is_mounted


async def test_rematch_starts_the_same_setup_with_a_new_seed() -> None:
    game, last = one_move_from_the_end("mythicarium")
    game.setup.players[:] = ["Ana", "Bram"]
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        await press(pilot, "m")
        screen = await game_screen(pilot, app)
        fresh = screen.session.game
        assert fresh is not game and fresh.result is None and not fresh.actions
        assert fresh.setup.players == game.setup.players and fresh.setup.options == game.setup.options
        assert fresh.ruleset.id == game.ruleset.id and fresh.controllers == game.controllers
        assert fresh.save_name != game.save_name


@pytest.mark.slow
async def test_replay_this_game_opens_the_viewer_on_its_record(_private_data_dir: Path) -> None:
    game, last = one_move_from_the_end("magewars")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        await press(pilot, "r")
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.cursor.length == len(game.actions)
        await press(pilot, "end")
        assert viewer.cursor.ruleset.result(viewer.cursor.state) == game.result
        await press(pilot, "q")
        assert not isinstance(app.screen, (ReplayScreen, GameScreen, ResultScreen))


async def test_b_shows_the_final_board_alone_and_pgdn_reads_the_card() -> None:
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        result = await finish(pilot, app, game, last)
        card = result.query_one("#result-card")
        assert card.max_scroll_y > 0, "the card is longer than its box at 80x24"
        await press(pilot, "pagedown")
        assert card.scroll_y > 0, "PgDn reads on, with the options focused"
        bottom = result.query_one("#result-bottom")
        await press(pilot, "b")
        assert not bottom.display
        await press(pilot, "b")
        assert bottom.display


async def test_the_winner_is_named_once_on_the_result_and_replay_screens() -> None:
    """Mythicarium's reason begins "Bram wins: ..." (its log and records keep it); under the "Bram
    wins" headline the screens show only the why."""
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        result = await finish(pilot, app, game, last)
        assert game.result is not None and game.result.winner is not None
        winner = game.setup.players[game.result.winner]
        assert game.result.reason.startswith(f"{winner} wins: ")
        why = game.result.reason.removeprefix(f"{winner} wins: ")
        headline = result.text.split("\n")[0]
        assert f"{winner} wins" in headline
        assert result.text.count(f"{winner} wins") == 1
        assert why[0].upper() + why[1:] in result.text
        await press(pilot, "r")
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await press(pilot, "end")
        shown = str(viewer.query_one("#move").render())
        assert f"Game over: {winner} wins" in shown and shown.count(f"{winner} wins") == 1


def test_a_reason_that_does_not_repeat_the_headline_is_shown_as_it_is() -> None:
    from mythtable.engine.decision import Result
    from mythtable.tui.screens.result import reason_after_headline

    names = ["Ana", "Bram"]
    assert reason_after_headline(Result(1, "Ana's Tower fell", 9), names) == "Ana's Tower fell"
    assert reason_after_headline(Result(0, "Ana wins: all of Bram's Champions are downed", 9), names) == (
        "All of Bram's Champions are downed"
    )
    assert reason_after_headline(Result(None, "Draw: Ana reached 20 VP and Bram reached 20 VP", 9), names) == (
        "Ana reached 20 VP and Bram reached 20 VP"
    )
    assert reason_after_headline(Result(1, "Ana wins: x", 9), names) == "Ana wins: x", "another seat's name stays"


# ----- the record's path and the footer (found by playing at 80x24) -------------------------------------------


def card_lines(result: ResultScreen) -> list[str]:
    """The card's lines as drawn at its width (all of them, also those scrolled out of its box)."""
    card = result.query_one("#result")
    return [card.render_line(y).text.rstrip() for y in range(card.size.height)]


def record_block(lines: list[str]) -> list[str]:
    """The lines that say where the record is: from "Record:" up to "How it ended"."""
    start = next(i for i, line in enumerate(lines) if line.startswith("Record:"))
    end = next(i for i, line in enumerate(lines) if line.startswith("How it ended"))
    return lines[start:end]


LONG_HOME = ("players", "anastasia-papadopoulou")
LONG_DATA = (".local", "share", "[red]mythtable[/red]", "saved-games-of-the-winter-league")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("in_home", [False, True])
async def test_a_long_record_path_folds_only_after_a_separator(
    size: tuple[int, int], in_home: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the path broke mid-name ("…d42d17.j" / "son"): it now folds only after a `/`, the file
    name on its own line, nothing lost (joined back it is the path, or the same with `~` for the home folder)."""
    home = tmp_path.joinpath(*LONG_HOME)
    monkeypatch.setenv("HOME", str(home if in_home else tmp_path / "elsewhere"))
    data = home.joinpath(*LONG_DATA)
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start=OpenGame(game), data=data)
    async with app.run_test(size=size) as pilot:
        result = await finish(pilot, app, game, last)
        path = data / "saves" / str(game.save_name)
        assert path.is_file()
        card = result.query_one("#result")
        block = record_block(card_lines(result))
        assert all(len(line) <= card.size.width for line in block)
        shown = "".join(line.removeprefix("Record:").strip() for line in block)
        assert shown == (f"~/{path.relative_to(home)}" if in_home else str(path)), block
        assert "[red]mythtable[/red]/" in shown, "a folder's name is data, never markup"
        assert len(block) > 1 and block[-1].strip() == path.name, "the file name on its own line"
        for line in block[:-1]:
            assert line.endswith("/"), f"folded inside a name: {block}"
        assert f"Record: {path}" in result.text, "the words keep the full path"


async def test_a_record_path_that_fits_shows_in_full_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/nowhere")
    game, last = one_move_from_the_end("mythcraft")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(160, 40)) as pilot:
        result = await finish(pilot, app, game, last)
        path = app.store.folder / str(game.save_name)
        assert record_block(card_lines(result)) == [f"Record: {path}"]


async def test_c_copies_the_record_full_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card may show the path folded or with `~`: `c` hands the whole of it to the clipboard."""
    monkeypatch.setenv("HOME", str(Path.cwd().anchor))
    game, last = one_move_from_the_end("magewars")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        assert "Copy path" in footer_keys(app)
        await press(pilot, "c")
        assert app.clipboard == str(app.store.folder / str(game.save_name))
        assert isinstance(app.screen, ResultScreen)


def footer_keys(app: MythtableApp) -> list[str]:
    """What the footer names, in order (only the keys it shows)."""
    return [key.description for key in app.screen.query(FooterKey) if key.region.width]


async def test_the_footer_names_quit_once_at_80_columns() -> None:
    """It said `q Quit` and `^q Quit`, side by side."""
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        await settle(pilot)
        keys = footer_keys(app)
        assert keys.count("Quit") == 1, keys
        quit_key = next(key for key in app.screen.query(FooterKey) if key.description == "Quit")
        assert quit_key.key == "q" and quit_key.region.right <= 80
        assert {"Replay", "Rematch", "New game", "Title", "Board", "Copy path"} <= set(keys), keys


@pytest.mark.parametrize("key", ["q", "ctrl+q"])
async def test_q_and_ctrl_q_both_quit_from_the_result_screen(key: str) -> None:
    game, last = one_move_from_the_end("mythcraft")
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        assert app.is_running
        await press(pilot, key)
        assert not app.is_running


async def test_a_card_without_a_record_offers_no_copy() -> None:
    """A watched game is not recorded: the card says so and `c` is neither shown nor does anything."""
    card = EndOfGame(plain("Mythicarium · Ana wins\n"), None, plain("How it ended"))
    assert "Not saved (watched games are not recorded)" in card.plain
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ResultScreen(card))
        await settle(pilot)
        keys = footer_keys(app)
        assert "Copy path" not in keys and keys.count("Quit") == 1, keys
        await press(pilot, "c")
        assert isinstance(app.screen, ResultScreen) and app.clipboard == ""


def test_fold_path_breaks_after_separators_and_inside_a_name_only_when_it_is_longer_than_a_line() -> None:
    assert fold_path("/srv/games/saves/", 11) == ["/srv/games/", "saves/"]
    assert fold_path("/srv/games/saves/", 40) == ["/srv/games/saves/"]
    assert fold_path("/a/mythicarium-20261201-120000-abc123.json", 16) == [
        "/a/mythicarium-",
        "20261201-120000-",
        "abc123.json",
    ]
    assert fold_path("/a/abcdefghij", 4) == ["/a/", "abcd", "efgh", "ij"], "no break anywhere: cut, nothing lost"
    assert fold_path("/a/日本語のフォルダ/", 8) == ["/a/", "日本語の", "フォルダ", "/"], "cells, not characters"


def test_record_lines_prefer_the_full_path_and_use_the_home_folder_only_to_save_lines() -> None:
    name = "mythicarium-20261201-120000-abc123.json"
    short_home = Path("/home/ana/.local/share/mythtable/saves") / name
    assert record_lines(short_home, None, "/home/ana") == [f"Record: {short_home}"]
    assert record_lines(short_home, 100, "/home/ana") == [f"Record: {short_home}"]
    assert record_lines(short_home, 49, "/home/ana") == [
        "Record: /home/ana/.local/share/mythtable/saves/",
        f"        {name}",
    ]
    long_home = Path("/home/anastasia-papadopoulou/.local/share/mythtable/saves") / name
    assert record_lines(long_home, 49, "/home/anastasia-papadopoulou/") == [
        "Record: ~/.local/share/mythtable/saves/",
        f"        {name}",
    ]
    assert record_lines(long_home, 49, "/home/anastasia") == [
        "Record: /home/anastasia-papadopoulou/.local/",
        "        share/mythtable/saves/",
        f"        {name}",
    ], "a folder that only begins like the home folder is not in it"
    assert record_lines(Path("/x\x1b[2J/\x07y.json"), 49, "/") == ["Record: /x/y.json"], "no escape sequence"
    assert record_lines(long_home, 30, "/elsewhere")[0] == "Record:", "a narrow card: the label on its own line"


@pytest.mark.parametrize("words", ["Title screen", "Leave the table"])
async def test_the_footer_names_t_as_the_card_does_and_t_picks_it(words: str) -> None:
    """A shared table's seat program has no title screen below: its card said 'Leave the table (t)' while the
    footer still said 't Title'."""
    card = EndOfGame(plain("Mythicarium · Ana wins\n"), None, plain("How it ended"))
    app = MythtableApp()
    picked: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ResultScreen(card, can_replay=False, can_start=False, title_words=words), picked.append)
        await settle(pilot)
        keys = footer_keys(app)
        named = "Title" if words == "Title screen" else "Leave table"
        assert named in keys and ({"Title", "Leave table"} - {named}).isdisjoint(keys), keys
        await press(pilot, "t")
        assert picked == ["title"]
