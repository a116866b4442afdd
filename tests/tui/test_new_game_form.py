"""The new-game form read at once: Ctrl+S may come before its ruleset fields are mounted."""

from __future__ import annotations

from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.new_game import NewGameScreen
from tests.tui.keys import press, settle


async def test_fields_not_mounted_yet_give_the_defaults_they_show() -> None:
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for rid in ("magewars", "mythicarium"):
            screen.ruleset_id = rid
            screen.fill_fields()  # new Selects, mounted later: collect() comes first, as a quick Ctrl+S did
            ruleset_id, _seed, setup = screen.collect()
            loaded = load(rid)
            assert ruleset_id == rid
            assert setup.options == loaded.ruleset.default_setup(loaded.content).options
            await settle(pilot)
            assert screen.collect()[2].options == setup.options, "the same once they are mounted"
