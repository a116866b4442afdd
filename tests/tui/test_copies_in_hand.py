"""Two copies of a card in hand are one option ("Play Kobold Lantern-Bearer (1 XP) ×2"), chosen by its
number like any other: seed 7's Mythicarium opening hand holds two Kobold Lantern-Bearers."""

from __future__ import annotations

from pathlib import Path

from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame
from tests.tui.keys import press


async def test_two_copies_in_hand_are_one_option_and_its_number_plays_one(tmp_path: Path) -> None:
    loaded = load("mythicarium")
    setup = loaded.ruleset.default_setup(loaded.content)
    app = MythtableApp(start=NewGame("mythicarium", 7, setup), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter", "enter", "enter")  # the curtain, then Ana goes first (a guarded Enter)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        labels = screen.prompt.labels
        kobolds = [label for label in labels if "Kobold Lantern-Bearer" in label]
        assert kobolds == ["Play Kobold Lantern-Bearer (1 XP) ×2"], labels
        game = screen.session.game
        hand = game.state.players[0].hand
        copies = [uid for uid in hand if game.state.cards[uid] == game.state.cards[hand[0]]]
        assert len(copies) == 2  # the position this test is about
        index = labels.index(kobolds[0])
        before = len(game.actions)
        await press(pilot, str(index + 1))
        assert game.actions[before] == ("play", copies[0])  # the first copy went into play; one stays in hand
        assert copies[1] in game.state.players[0].hand
