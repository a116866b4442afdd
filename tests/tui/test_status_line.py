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
from mythtable.tui.status_line import status_parts
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


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
async def test_the_status_line_at_80x24_keeps_whose_turn_it_is_while_the_other_seat_decides(ruleset_id: str) -> None:
    """Mythicarium's Double Assault round has the longest stage: the line still says whose turn it is (Mage Wars
    with its own stage)."""
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(Game.new(ruleset_id, 7))
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if ruleset_id == "mythicarium":
            screen.board.status = lambda view: LONG_STAGES[ruleset_id]  # type: ignore[method-assign]
        screen.render_table()
        await settle(pilot)
        top = screen._compositor.render_strips()[0].text.rstrip()
        active = screen.session.game.ruleset.view(screen.session.game.state, None).active
        assert f"{screen.session.names[active]}'s turn" in top, top
        assert "…" not in top
