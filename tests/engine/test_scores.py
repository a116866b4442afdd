"""The result screen's numbers (issue 16 item 5): Ruleset.scores per ruleset and the generic counts."""

from __future__ import annotations

import pytest

from mythtable.engine.decision import Event, Result
from mythtable.engine.game import Game, LogLine
from mythtable.engine.simulate import play_game
from mythtable.engine.summary import summarize


def finished(ruleset_id: str, seed: int = 3) -> Game:
    game = play_game(ruleset_id, seed).game
    assert game is not None and game.result is not None
    return game


def test_mythicarium_scores_are_each_seats_vp() -> None:
    game = finished("mythicarium")
    scores = game.ruleset.scores(game.state)
    for seat, (score, details) in enumerate(scores):
        player = game.state.players[seat]
        assert score == f"{player.vp} VP"
        units = len(player.lane)
        assert details.startswith(f"{units} unit ·" if units == 1 else f"{units} units ·")


def test_magewars_scores_are_tower_levels_never_below_zero() -> None:
    game = finished("magewars")
    scores = game.ruleset.scores(game.state)
    towers = [p.tower for p in game.state.players]
    assert min(towers) <= 0, "a Tower fell in this game"
    for seat, (score, _) in enumerate(scores):
        assert score == f"Tower Level {max(towers[seat], 0)}"


def test_one_unit_left_is_one_unit() -> None:
    """A seat with one unit left reads "1 unit", not "1 units" (seen on Mage Wars' result screen)."""
    for ruleset_id in ("magewars", "mythicarium"):
        game = finished(ruleset_id)
        player = game.state.players[0]
        if ruleset_id == "magewars":
            del player.defensive[:]
            player.offensive[1:] = []
        else:
            player.lane[1:] = []
        assert game.ruleset.scores(game.state)[0][1].startswith("1 unit ·"), ruleset_id


def test_mythcraft_scores_count_who_stands() -> None:
    game = finished("mythcraft", 2)
    scores = game.ruleset.scores(game.state)
    for side, word in ((0, "heroes"), (1, "creatures")):
        units = [u for u in game.state.units if u.side == side]
        standing = sum(1 for u in units if not u.dead and not u.dying)
        assert scores[side][0] == f"{standing} of {len(units)} {word} standing"


def test_the_default_scores_say_who_won() -> None:
    from mythtable.engine.protocol import Ruleset

    class Fixed:
        def __init__(self, result: Result | None) -> None:
            self._result = result

        def result(self, state: object) -> Result | None:
            return self._result

    assert Ruleset.scores(Fixed(Result(1, "r", 3)), None) == [("lost", ""), ("won", "")]  # type: ignore[arg-type]
    assert Ruleset.scores(Fixed(Result(None, "r", 3)), None) == [("draw", ""), ("draw", "")]  # type: ignore[arg-type]
    assert Ruleset.scores(Fixed(None), None) == [("", ""), ("", "")]  # type: ignore[arg-type]


def test_summary_counts_plays_damage_and_dice_from_public_lines_only() -> None:
    game = finished("mythicarium")
    game.log[:] = [
        LogLine(1, Event("Ana plays Kodama Sapling (1 XP).")),
        LogLine(1, Event("Ana plays Magma; Bram plays Scorchwind.")),
        LogLine(2, Event("Bram casts Flash Scorch on Emberwing Drake paying 1 Tower.")),
        LogLine(2, Event("Imp deals 5 damage to Ana: Bram gains 5 VP.")),
        LogLine(2, Event("Troll suffers 2 wounds.")),
        LogLine(2, Event("Quill takes 7 sharp damage (HP 13 -> 6).")),
        LogLine(2, Event("Ox hits Bram's Tower for 4 (Tower Level 3).")),
        LogLine(3, Event("Ana rolls d6: 3", kind="dice")),
        LogLine(3, Event("Damage: 1d4 4 + 3 = 7 sharp.", kind="dice")),
        LogLine(3, Event("You draw Secret Card; it deals 9 damage.", seat=0)),
        LogLine(4, Event("Ana wins", kind="result")),
    ]
    summary = summarize(game, last=3)
    assert summary.played == 4
    assert summary.damage == 5 + 2 + 7 + 4
    assert summary.dice == 2
    assert summary.deciding == ("Ox hits Bram's Tower for 4 (Tower Level 3).", "Ana rolls d6: 3",
                                "Damage: 1d4 4 + 3 = 7 sharp.")  # fmt: skip
    assert summary.turns == game.result.turns  # type: ignore[union-attr]


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars", "mythcraft"])
def test_summary_moves_are_each_seats_own_actions(ruleset_id: str) -> None:
    game = finished(ruleset_id, 2)
    summary = summarize(game)
    for seat in (0, 1):
        own = sum(1 for actor, auto in zip(game.actors, game.auto, strict=True) if actor == seat and not auto)
        assert summary.actions[seat] == own
    assert sum(summary.actions) == len(game.actions) - sum(game.auto)
