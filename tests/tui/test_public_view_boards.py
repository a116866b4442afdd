"""Each ruleset's board draws the public view (what a spectator may see, issue 32) at 80x24: the table,
and no card of a hand, as the seats' curtains keep them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from mythtable.engine.game import Game
from mythtable.tui.app import STYLESHEET
from mythtable.tui.boards import board_class, stylesheets
from mythtable.tui.boards.base import Board
from tests.seeded_positions import seeded_positions
from tests.test_views import SECRETS


class Spectator(App[None]):
    """One board on a screen, with the app's stylesheet and the boards' parts of it."""

    def __init__(self, board: Board[Any]) -> None:
        super().__init__(css_path=[STYLESHEET, *stylesheets()])
        self.board = board

    def compose(self) -> ComposeResult:
        yield self.board


def mid_game(ruleset_id: str, actions: int) -> Game:
    return next(game for game in seeded_positions(ruleset_id, range(1)) if len(game.actions) >= actions)


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
async def test_a_board_draws_the_public_view_and_no_hand(ruleset_id: str) -> None:
    game = mid_game(ruleset_id, 40)
    board = board_class(ruleset_id)(id="table")
    app = Spectator(board)
    async with app.run_test(size=(80, 24)) as pilot:
        board.show(game.public_view(), None, list(game.setup.players))
        await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        hiding = SECRETS.get(ruleset_id)
        if hiding is None:  # MythCraft: the map and the track, as every seat sees them
            assert "Round" in text and "██" in text
        else:
            assert game.setup.players[0] in text and game.setup.players[1] in text
            secret = hiding(game.state)
            assert secret.words, "a position with hidden cards of their own name, to look for"
            assert not [word for word in secret.words if word in text]
