"""What a long game must not accumulate in the app: objects of widgets that are gone."""

from __future__ import annotations

from textual.widgets import Footer

from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from tests.tui.driver import game_screen, press_choice


async def test_the_footer_keeps_no_watchers_of_removed_keys() -> None:
    """Every move recomposes the footer; the keys it removed must not stay bound to it."""
    game = Game.new("mythcraft", 7)
    app = MythtableApp(start={"game": game})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        for _ in range(12):
            decision = game.decision
            assert decision is not None
            await press_choice(pilot, screen, decision.actions[0])
        await pilot.pause()
        footer = screen.query_one(Footer)
        watchers = getattr(footer, "__watchers", {}).get("compact", [])
        assert len(watchers) == len(footer.children) > 0
