"""The curtain never leaks (issue 15, item 2), and `u` says why when it takes nothing back (item 3).

Two people share the keyboard: no screen may show a seat's private information unless the last curtain was for
that seat. The check watches every render of the board and every key, over the card rulesets (hidden hands)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame
from tests.tui.keys import press, settle

CARD_RULESETS = ["mythicarium", "magewars"]
KEYS = ["u", "u", "enter", "enter", "enter", "1", "2", "3", "down", "f1", "escape", "y", "e", "f"]


def new_app(ruleset_id: str, data: Path, seed: int = 11) -> MythtableApp:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    return MythtableApp(start=NewGame(ruleset_id, seed, setup), data=data)


class CurtainWatch:
    """Remembers the seat of the last curtain lifted and fails on any board shown for another seat."""

    def __init__(self, app: MythtableApp) -> None:
        self.app = app
        self.last: int | None = None
        self.shown: list[tuple[int | None, int | None]] = []
        """(seat shown, last curtain's seat) for every render of the board."""
        self.hooked: GameScreen | None = None

    def hook(self) -> None:
        """Wrap the game screen's board, so that every render is checked, even one a later key hides."""
        screen = next((s for s in self.app.screen_stack if isinstance(s, GameScreen)), None)
        if screen is None or screen is self.hooked:
            return
        self.hooked = screen
        board = screen.board
        show = board.show

        def checked(view: Any, viewer: int | None, names: list[str]) -> None:
            self.shown.append((viewer, self.last))
            show(view, viewer, names)

        board.show = checked  # type: ignore[method-assign]

    def after_key(self, key: str) -> None:
        """After each key: the game screen on top shows the last curtain's seat, and no render showed another."""
        self.hook()
        screen = self.app.screen
        if isinstance(screen, GameScreen) and screen.session.game.decision is not None:
            assert screen.session.viewer == self.last, (
                f"after {key!r} the game shows seat {screen.session.viewer}; last curtain: {self.last}"
            )
        leaks = [(shown, last) for shown, last in self.shown if shown != last]
        assert not leaks, f"after {key!r}: board for seat {leaks[0][0]}, last curtain: {leaks[0][1]}"

    async def press(self, pilot: Pilot[None], key: str) -> None:
        screen = self.app.screen
        if isinstance(screen, CurtainScreen) and key == "enter":
            self.last = screen.seat  # Enter on a curtain gives the keyboard to its seat
        await press(pilot, key)
        self.after_key(key)


async def play_to_takeback_curtain(pilot: Pilot[None], app: MythtableApp, watch: CurtainWatch) -> CurtainScreen:
    """Answer with a random one of the first options until a curtain offers its `u` (the previous player may
    take back): a move that hands the keyboard over without revealing anything."""
    rng = random.Random(5)
    for _ in range(600):
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            if screen.previous is not None:
                return screen
            await watch.press(pilot, "enter")
        else:
            assert isinstance(screen, GameScreen)
            count = min(9, len(screen.prompt.actions))
            await watch.press(pilot, str(rng.randint(1, max(1, count))))
    raise AssertionError("no curtain offered a take-back")


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
async def test_u_on_the_curtain_ends_on_a_curtain_for_the_seat_it_returns_to(ruleset_id: str, tmp_path: Path) -> None:
    app = new_app(ruleset_id, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        watch = CurtainWatch(app)
        watch.after_key("start")
        curtain = await play_to_takeback_curtain(pilot, app, watch)
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        game = game_screen.session.game
        mover = game.actors[-1]
        assert curtain.seat != mover and curtain.previous == game_screen.session.names[mover]
        moves = len(game.actions)
        await watch.press(pilot, "u")
        assert len(game.actions) < moves, "u on the curtain took nothing back"
        assert isinstance(app.screen, CurtainScreen), f"the take-back ended on {app.screen}, not a curtain"
        assert app.screen.seat == mover and game.decision is not None and game.decision.seat == mover
        assert app.screen.previous is None  # the next curtain is for the mover: nobody takes back from it
        await watch.press(pilot, "enter")
        assert isinstance(app.screen, GameScreen) and game_screen.session.viewer == mover


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
@pytest.mark.parametrize("seed", [1, 2])
async def test_no_screen_shows_a_seat_the_last_curtain_was_not_for(ruleset_id: str, seed: int, tmp_path: Path) -> None:
    """A scripted take-back from the curtain, then random keys (u, F1, Escape, Enter, digits, yields)."""
    app = new_app(ruleset_id, tmp_path, seed=seed)
    rng = random.Random(seed)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        watch = CurtainWatch(app)
        watch.after_key("start")
        await play_to_takeback_curtain(pilot, app, watch)
        await watch.press(pilot, "u")
        curtains = 0
        for _ in range(250):
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen)).session.game
            if game.decision is None:
                break
            await watch.press(pilot, rng.choice(KEYS))
        assert curtains > 3 and watch.shown  # the sequence did change hands and render boards


def notices(app: MythtableApp) -> list[str]:
    """The toasts (the curtain's), and on the game screen its notice row (no toast covers the options there)."""
    shown = [str(n.message) for n in app._notifications]
    if isinstance(app.screen, GameScreen):
        shown.append(str(app.screen.prompt.query_one("#notice").render()))
    return shown


async def test_u_before_any_move_says_there_is_nothing_to_take_back(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "u")
            assert isinstance(app.screen, CurtainScreen)
            assert "nothing to take back: no move has been made yet" in notices(app)
            app.clear_notifications()
            await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "u")
        assert "nothing to take back: no move has been made yet" in notices(app)
        assert app.screen.session.game.actions == []


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
async def test_u_after_a_revealing_move_says_it_revealed_information(ruleset_id: str, tmp_path: Path) -> None:
    """Play option 1 until the seat at the keyboard last made a move that revealed something: u names why."""
    app = new_app(ruleset_id, tmp_path)
    rng = random.Random(3)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(600):
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            screen = app.screen
            assert isinstance(screen, GameScreen)
            session, game = screen.session, screen.session.game
            if game.actions and game.revealing[-1] and game.actors[-1] == session.viewer:
                moves = len(game.actions)
                await press(pilot, "u")
                assert len(game.actions) == moves
                said = [n for n in notices(app) if n.startswith("nothing to take back: your last move revealed")]
                assert said, notices(app)
                light = screen.session.what_came_to_light(moves - 1, session.viewer)
                assert said[0].endswith(f"({light})") and light in "\n".join(line.event.text for line in game.log)
                return
            await press(pilot, str(rng.randint(1, max(1, min(9, len(screen.prompt.actions))))))
        raise AssertionError("no revealing move by the seat at the keyboard")


@pytest.mark.slow
async def test_u_after_the_other_seats_move_names_whose_move_it_was(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    rng = random.Random(3)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(600):
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            screen = app.screen
            assert isinstance(screen, GameScreen)
            session, game = screen.session, screen.session.game
            if game.actions and not game.revealing[-1] and not game.auto[-1] and game.actors[-1] != session.viewer:
                await press(pilot, "u")
                other = session.names[game.actors[-1]]
                assert f"nothing to take back: the last move was {other}'s" in notices(app)
                return
            await press(pilot, str(rng.randint(1, max(1, min(9, len(screen.prompt.actions))))))
        raise AssertionError("never came to a seat right after the other seat's plain move")
