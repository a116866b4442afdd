"""The new-game form offers the decks a player built beside the prebuilt ones, and lists the ones
that cannot be played with their problem; a game started with one carries it in its setup."""

from __future__ import annotations

from textual.widgets import Select, Static

from mythtable import userfiles
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.new_game import NewGameScreen
from tests.built.editing import data_root, game_started
from tests.built.helpers import deck_data
from tests.tui.keys import press, settle


async def test_a_built_deck_is_offered_chosen_and_played_against_the_computer() -> None:
    root = data_root()
    userfiles.save(root, "mythicarium", "decks", "mine", deck_data("mythicarium", name="[b]Mine[/b]"))
    stale = deck_data("mythicarium", name="Stale")
    stale["champions"] = ["gone"]
    (root / "decks" / "mythicarium" / "stale.toml").write_text(userfiles.to_toml(stale), encoding="utf-8")
    app = MythtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#ruleset", Select).value = "mythicarium"
        await settle(pilot)
        deck1 = screen.query_one("#field-deck1", Select)
        assert "user:mine" in [value for _label, value in deck1._options]
        assert "user:stale" not in [value for _label, value in deck1._options]
        note = screen.query_one("#built-problems", Static)
        assert note.display and "stale" in str(note.render()) and "F-17" in str(note.render())
        deck1.value = "user:mine"
        screen.query_one("#p2-controller", Select).value = "easy"
        await settle(pilot)
        screen.action_start()
        game = await game_started(pilot, app)
        assert game.setup.options["deck1"] == "user:mine"
        assert game.setup.built["decks"]["mine"]["name"] == "[b]Mine[/b]"
        assert game.record_data()["setup"]["built"] == game.setup.built
