"""The result screen's counts (engine/summary.py) read what the log says each ruleset did."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.engine.simulate import play_game
from mythtable.engine.summary import summarize


def _played_lines(game: Game) -> int:
    words = (" deploys ", " lays ", " sets a card face-down", " casts ", " performs ", " plays ")
    return sum(
        1 for line in game.log if line.step > 0 and line.event.seat is None and any(w in line.event.text for w in words)
    )


def test_mage_wars_counts_units_deployed_and_holdings_laid_not_only_spells() -> None:
    game = play_game("magewars", 3).game
    assert game is not None
    summary = summarize(game)
    deployed = sum(1 for line in game.log if " deploys " in line.event.text and line.event.seat is None)
    assert deployed > 0
    assert summary.played == _played_lines(game) >= deployed


def test_the_setup_line_naming_the_decks_is_not_a_card_played() -> None:
    game = play_game("magewars", 3).game
    assert game is not None
    setup_plays = [line for line in game.log if line.step == 0 and " plays " in line.event.text]
    assert setup_plays, "the setup line names each seat's deck with 'plays'"
    assert summarize(game).played == _played_lines(game)


def test_mage_wars_tower_damage_from_attacks_and_effects_counts() -> None:
    for seed in range(1, 9):
        game = play_game("magewars", seed).game
        assert game is not None
        hits = 0
        for line in game.log:
            text = line.event.text
            if line.event.seat is None and "Tower for " in text:
                hits += int(text.split("Tower for ", 1)[1].split(" ", 1)[0])
            elif line.event.seat is None and "'s Tower loses " in text:
                hits += int(text.split("'s Tower loses ", 1)[1].split(" ", 1)[0])
        if hits:
            assert summarize(game).damage >= hits
            return
    raise AssertionError("no seeded game hit a Tower")
