"""`a` places all of an attacker's remaining wounds on the highlighted blocker (H-7 places them one at a
time: five wounds were five key presses), each wound a legal move of its own; elsewhere `a` does nothing."""

from __future__ import annotations

from pathlib import Path

from mythtable.engine.game import Game
from mythtable.engine.simulate import play_game
from mythtable.tui.app import MythtableApp
from mythtable.tui.start import OpenGame
from tests.seeded_positions import seeded_positions
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle


def at_wounds_with_a_choice() -> Game:
    """A seeded game stopped where the attacker places 2+ wounds among 2+ blockers."""
    for game in seeded_positions("mythicarium", range(1, 80)):
        decision = game.decision
        combat = game.state.combat
        if decision and decision.kind == "assign_wounds" and len(decision.actions) >= 2 and combat and combat.left >= 2:
            return game
    raise AssertionError("no seeded game placed two wounds among two blockers")


async def test_a_places_every_wound_left_on_the_highlighted_blocker(tmp_path: Path) -> None:
    game = at_wounds_with_a_choice()
    combat = game.state.combat
    assert combat is not None
    left, seat, moves = combat.left, game.decision.seat, len(game.actions)  # type: ignore[union-attr]
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        await settle(pilot)
        assert screen.session.game.decision.kind == "assign_wounds"  # type: ignore[union-attr]
        assert screen.check_action("repeat_choice", ()) is True  # in the footer as "a All here"
        await press(pilot, "down")  # the second blocker: not what Enter would have picked
        target = screen.prompt.actions[screen.prompt.options.highlighted or 0]
        await press(pilot, "a")
        placed = screen.session.game.actions[moves:]
        assert placed[:left] == [target] * left, placed
        after = screen.session.game.decision
        assert after is None or after.kind != "assign_wounds" or after.seat != seat or target not in after.actions


async def test_a_does_nothing_where_answers_are_not_repeated(tmp_path: Path) -> None:
    done = play_game("mythicarium", 3).game
    assert done is not None
    game = Game(done.loaded, done.seed, done.setup)
    for action in done.actions[:40]:
        game.apply(action)
    responses = game.entry.responses
    assert responses is not None and responses.repeatable_kinds
    assert game.decision is not None and game.decision.kind not in responses.repeatable_kinds
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        await settle(pilot)
        decision = screen.session.game.decision
        assert decision is not None and decision.kind not in responses.repeatable_kinds
        moves = len(screen.session.game.actions)
        assert screen.check_action("repeat_choice", ()) is False
        await press(pilot, "a")
        assert len(screen.session.game.actions) == moves
