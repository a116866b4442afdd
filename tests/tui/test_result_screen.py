"""A real end of game (issue 16 item 5): the final board, both seats' scores, the counts, the lines that
decided it, where the record is, and replay / rematch."""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable.engine.game import Game
from mythtable.engine.record_schema import read_record
from mythtable.engine.simulate import play_game
from mythtable.engine.summary import summarize
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.replay import ReplayScreen
from mythtable.tui.screens.result import ResultScreen
from tests.tui.driver import game_screen, press_choice

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
    await pilot.pause()
    await pilot.pause()
    result = app.screen
    assert isinstance(result, ResultScreen), result
    return result


@pytest.mark.parametrize("ruleset_id", sorted(SEEDS))
async def test_result_screen_shows_board_scores_counts_story_and_record(ruleset_id: str) -> None:
    game, last = one_move_from_the_end(ruleset_id)
    app = MythtableApp(start={"game": game})
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
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        await pilot.press("m")
        await pilot.pause()
        screen = await game_screen(pilot, app)
        fresh = screen.session.game
        assert fresh is not game and fresh.result is None and not fresh.actions
        assert fresh.setup.players == game.setup.players and fresh.setup.options == game.setup.options
        assert fresh.ruleset.id == game.ruleset.id and fresh.controllers == game.controllers
        assert fresh.save_name != game.save_name


async def test_replay_this_game_opens_the_viewer_on_its_record(_private_data_dir: Path) -> None:
    game, last = one_move_from_the_end("magewars")
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, app, game, last)
        await pilot.press("r")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.cursor.length == len(game.actions)
        await pilot.press("end")
        assert viewer.cursor.ruleset.result(viewer.cursor.state) == game.result
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, (ReplayScreen, GameScreen, ResultScreen))


async def test_b_shows_the_final_board_alone_and_pgdn_reads_the_card() -> None:
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        result = await finish(pilot, app, game, last)
        card = result.query_one("#result-card")
        assert card.max_scroll_y > 0, "the card is longer than its box at 80x24"
        await pilot.press("pagedown")
        await pilot.pause()
        assert card.scroll_y > 0, "PgDn reads on, with the options focused"
        bottom = result.query_one("#result-bottom")
        await pilot.press("b")
        assert not bottom.display
        await pilot.press("b")
        assert bottom.display


async def test_the_winner_is_named_once_on_the_result_and_replay_screens() -> None:
    """Mythicarium's reason begins "Bram wins: ..." (its log and records keep it); under the "Bram
    wins" headline the screens show only the why."""
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start={"game": game})
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
        await pilot.press("r")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
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
