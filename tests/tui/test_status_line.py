"""Issue 33 item 5 (in part): at 80x24 the status line keeps whose decision it is, whole.

In a Double Assault round the stage reads "Combat: declare blockers (Double Assault round)", and with
the title and the turn in front, "Bram to decide" ran past the 80th column.
"""

from __future__ import annotations

import pytest

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import OpenGame
from mythtable.tui.status_line import status_parts
from tests.seeded_positions import seeded_positions
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle

LONG_STAGES = {
    "mythicarium": "Combat: declare blockers (Double Assault round)",
    "magewars": "Combat: the defender chooses a counter-strike target",
    "mythcraft": "Round 12 · Hound of the Wild Hunt B's turn (reaction window)",
}


@pytest.mark.parametrize("width", [40, 60, 78, 120])
def test_who_decides_always_fits_whole(width: int) -> None:
    for stage in LONG_STAGES.values():
        parts = status_parts("Mythicarium", "turn 12", stage, "Bramwell to decide", "passing until your turn", width)
        assert "Bramwell to decide" in parts
        shown = " · ".join(p for p in parts if p)
        assert len(shown) <= width or shown == "Bramwell to decide"
    wide = status_parts("Mythicarium", "turn 3", "Main stage", "Ana to decide", "", 78)
    assert wide == ["Mythicarium", "turn 3", "Main stage", "Ana to decide", ""], "nothing dropped that fits"


@pytest.mark.parametrize("ruleset_id", sorted(LONG_STAGES))
async def test_the_status_line_at_80x24_keeps_the_seat_in_a_long_stage(ruleset_id: str) -> None:
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(Game.new(ruleset_id, 7))
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.board.status = lambda view: LONG_STAGES[ruleset_id]  # type: ignore[method-assign]
        screen.render_table()
        await settle(pilot)
        top = screen._compositor.render_strips()[0].text.rstrip()
        decision = screen.session.game.decision
        assert decision is not None
        who = f"{screen.session.names[decision.seat]} to decide"
        assert top.endswith(who) or f"{who} ·" in top, top
        assert "…" not in top


@pytest.mark.parametrize("ruleset_id", ["mythicarium"])
async def test_the_status_line_at_80x24_keeps_whose_turn_it_is_while_the_other_seat_decides(ruleset_id: str) -> None:
    """The defender declares blockers in the other seat's turn: the line says whose turn it is ("Ana's turn 4"),
    also with the longest stage, a Double Assault round's; while the seat whose turn it is decides, "turn 4".
    (Mage Wars asks the other seat only for fast casts, which auto-pass answers by default; the screen test checks
    it where it shows.)"""
    game = next(copy_of(g) for g in seeded_positions(ruleset_id, range(1, 3)) if other_seat_decides(g))
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        if ruleset_id == "mythicarium":
            screen.board.status = lambda view: LONG_STAGES[ruleset_id]  # type: ignore[method-assign]
        screen.render_table()
        await settle(pilot)
        top = screen._compositor.render_strips()[0].text.rstrip()
        assert other_seat_decides(game), top  # still the defender's decision on screen
        active = game.ruleset.view(game.state, None).active
        assert f"{game.setup.players[active]}'s turn" in top, top
        assert "…" not in top


def other_seat_decides(game: Game) -> bool:
    """The defender chooses its blockers (no auto-pass answers that for it)."""
    decision = game.decision
    blocking = game.stage() == "combat.blockers"
    return blocking and decision is not None and decision.seat != game.ruleset.view(game.state, None).active


def copy_of(game: Game) -> Game:
    out = Game(game.loaded, game.seed, game.setup)
    for action in game.actions:
        out.apply(action)
    return out
