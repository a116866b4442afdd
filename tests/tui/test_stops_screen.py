"""The stops screen (`s`), the rules screen's word on auto-pass, and the "what changed" plumbing (issue 15)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mythtable.engine.autopass import YIELD_TURN, SeatSettings
from mythtable.engine.bots import RandomBot
from mythtable.engine.game import Game
from mythtable.engine.registry import load, rules_reference
from mythtable.paths import config_dir
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.rules import AUTOPASS_SECTION, RulesScreen, reference_markdown
from mythtable.tui.screens.stops import StopsScreen
from mythtable.tui.session import Session
from mythtable.tui.start import NewGame, OpenGame
from tests.tui.keys import press, settle

CARD_RULESETS = ["mythicarium", "magewars"]
README = Path(__file__).resolve().parents[2] / "docs" / "playing.md"  # auto-pass is told there, the README links it


def new_app(ruleset_id: str, data: Path, players: list[str] | None = None) -> MythtableApp:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    if players:
        setup = replace(setup, players=players)
    return MythtableApp(start=NewGame(ruleset_id, 11, setup), data=data)


def screen_text(app: MythtableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
def test_every_window_a_seat_can_pass_opens_at_a_stage_the_stops_screen_lists(ruleset_id: str) -> None:
    """Otherwise a stop the seat wants could not be set: each stage where auto-pass may pass is listed."""
    game = Game.new(ruleset_id, 3)
    responses = game.entry.responses
    assert responses is not None
    listed = {key for key, _ in responses.stop_stages}
    seen: set[str] = set()
    for seed in range(4):
        game = Game.new(ruleset_id, seed)
        bots = (RandomBot(seed), RandomBot(seed + 50))
        while (decision := game.decision) is not None and len(game.actions) < 3000:
            window = game.window()
            if window is not None and window.pass_action is not None and not window.own_only:
                seen.add(window.stage)
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    assert seen and seen <= listed, seen - listed


@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
async def test_s_edits_only_the_own_seats_stops_and_they_are_remembered(ruleset_id: str, tmp_path: Path) -> None:
    other_settings = SeatSettings(stops=frozenset({"secret-stage"}), full_control=True)
    app = new_app(ruleset_id, tmp_path, ["Ana", "Zebedee"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        seat = session.viewer
        assert seat is not None
        session.autopass[1 - seat] = other_settings
        other_name = session.names[1 - seat]
        await press(pilot, "s")
        stops = app.screen
        assert isinstance(stops, StopsScreen)
        text = screen_text(app)
        assert f"When {session.names[seat]} is asked" in text
        assert other_name not in text and "secret-stage" not in text  # nothing about the other seat
        assert "[ ] Full control" in text
        first_stop = next(i for i, row in enumerate(stops.rows) if row.startswith("stop:"))
        stage = stops.rows[first_stop].partition(":")[2]
        responses = session.game.entry.responses
        assert responses is not None
        label = dict(responses.stop_stages)[stage]
        await press(pilot, "enter")  # full control on (the first row)
        for _ in range(first_stop):
            await press(pilot, "down")
        await press(pilot, "space")  # a stop
        assert f"[x] Stop at {label}" in screen_text(app) and "[x] Full control" in screen_text(app)
        await press(pilot, "escape")
        assert app.screen is screen
        mine = session.autopass[seat]
        assert mine.stops == frozenset({stage}) and mine.full_control
        assert session.autopass[1 - seat] == other_settings  # untouched
        assert "full control" in str(screen.query_one("#status").render())
        stored = json.loads((config_dir() / "autopass.json").read_text(encoding="utf-8"))
        assert stored[session.names[seat]] == {"stops": [stage], "full_control": True, "until": "none"}
        assert session.game.record_data()["autopass"]["seats"][seat]["stops"] == [stage]


def find_response_window() -> Game:
    """A Mage Wars game where the seat whose turn it is not must answer something on the stack (asked)."""
    for seed in range(30):
        game = Game.new("magewars", seed)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while (decision := game.decision) is not None:
            window = game.window()
            if window is not None and window.pass_action is not None and window.active != decision.seat:
                waiting = window.waiting is not None and window.waiting != decision.seat  # asked by default
                if waiting and not window.own_only and not window.targeted and len(decision.actions) > 1:
                    return game
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    raise AssertionError("no such window in 30 games")


async def test_a_yield_set_on_the_s_screen_passes_the_open_window(tmp_path: Path) -> None:
    """Like `y`: a standing pass chosen on the stops screen answers the open window at once, when it may."""
    game = find_response_window()
    seat = game.decision.seat
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        assert session.autopass[seat] == SeatSettings()
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen) and session.viewer == seat
        moves = len(game.actions)
        assert game.decision is not None and game.decision.seat == seat
        await press(pilot, "s")
        stops = app.screen
        assert isinstance(stops, StopsScreen)
        for _ in range(stops.rows.index(f"yield:{YIELD_TURN}")):
            await press(pilot, "down")
        await press(pilot, "enter", "escape")
        assert len(game.actions) > moves and game.auto[moves], "the open window was not passed"


async def test_the_rules_screen_says_what_auto_pass_reveals_and_matches_the_readme(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await press(pilot, "f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert "**What auto-pass reveals:** that a seat was or was not asked." in rules.body
        assert "Full control (`f`) hides it" in rules.body
    without = reference_markdown(rules_reference("mythicarium"), None)
    assert "What auto-pass reveals" not in without  # a rules file read outside a game stays the rules only
    readme = " ".join(README.read_text(encoding="utf-8").split())
    words = " ".join(AUTOPASS_SECTION.split())
    for claim in (
        "**What auto-pass reveals:** that a seat was or was not asked.",
        "never from the other player's hidden cards or from dice",
        'so being asked says "I could answer".',
        "so the other player cannot tell a seat with nothing to say from one that chose not to answer.",
    ):
        assert claim in words and claim in readme, claim


# ----- what just changed (item 4): the plumbing, with a fake Game.changes and board.mark_changed -----------
async def test_a_fresh_decision_marks_what_changed_since_the_seat_last_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, Any]] = []

    def changes(before: Any, after: Any) -> frozenset[Any]:
        calls.append((before, after))
        return frozenset({"changed"}) if before != after else frozenset()

    app = new_app("mythicarium", tmp_path)
    monkeypatch.setattr(Game, "changes", lambda game, before, after: changes(before, after))
    marked: list[frozenset[Any]] = []
    rng = random.Random(2)
    async with app.run_test(size=(100, 30)) as pilot:
        hooked = False
        forced: list[str] = []
        for _ in range(300):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            assert isinstance(screen, GameScreen)
            if not hooked:
                screen.board.mark_changed = lambda refs, redraw=True: marked.append(refs)  # type: ignore[method-assign]

                def forced_note(seat: int, note_of: Any = screen.session.forced_note) -> str:
                    forced.append(note_of(seat))
                    return forced[-1]

                screen.session.forced_note = forced_note  # type: ignore[method-assign]
                hooked = True
            session: Session = screen.session
            game = session.game
            decision = game.decision
            assert decision is not None
            seat = decision.seat
            glance = session.looked.get(seat)
            since = glance.moves if glance is not None else len(game.actions)
            others = any(a != seat and not auto for a, auto in zip(game.actors[since:], game.auto[since:], strict=True))
            if others and calls and glance is not None:
                before, after = calls[-1]
                assert before == glance.view and after == game.view(seat)  # from the seat's last look to now
                assert marked[-1] == frozenset({"changed"})
                note = str(screen.prompt.query_one("#notice").render())
                other = session.names[1 - seat]
                if forced and forced[-1]:  # a lone Done taken for the seat says why first (maybe cut), then this
                    assert note.startswith(forced[-1][:40]), (note, forced[-1])
                    found = re.search(rf"[.…] {re.escape(other)}: ", note)
                    note = note[found.start() + 2 :] if found else note
                said = [
                    line.event.text
                    for line in game.log
                    if line.step > glance.moves and line.event.seat is None and line.event.text.startswith(other)
                ]
                assert note.startswith(f"{other}: ") or not said, (note, said)
                return
            await press(pilot, str(rng.randint(1, min(9, len(decision.actions)))))
        raise AssertionError("no seat came back after the other seat's moves")
