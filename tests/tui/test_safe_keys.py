"""Safe keys and what the screen says (issue 15, items 3 and 4).

Enter on a fresh decision never commits a move nobody looked at: after a curtain the highlight starts on the
safe option, and unless that is a plain pass in answer to the other seat the first Enter only confirms. The
computer's moves and the other seat's moves show in the prompt's notice row, never as a toast over the options.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from mythtable.engine.autopass import Window, enter_commits_at_once, safe_action
from mythtable.engine.decision import Decision
from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame
from mythtable.tui.widgets.prompt import Prompt
from tests.tui.keys import press, settle

CARD_RULESETS = ["mythicarium", "magewars"]


def new_app(ruleset_id: str, data: Path, seed: int = 11, p2: str | None = None) -> MythtableApp:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    start = NewGame(ruleset_id, seed, setup, controllers=None if p2 is None else ["human", p2])
    return MythtableApp(start=start, data=data)


def notice(screen: GameScreen) -> str:
    return str(screen.prompt.query_one("#notice").render())


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


# ----- the policy (engine/autopass.py) ------------------------------------------------------
def window(**kw: Any) -> Window:
    return Window(**{"seat": 1, "active": 0, "stage": "main", **kw})


def test_the_safe_option_is_the_rulesets_pass_first_then_by_kind_never_by_words() -> None:
    respond = Decision(1, "respond", "respond or pass", [("play", 3), ("pass",)])
    assert safe_action(window(pass_action=("pass",)), respond) == ("pass",)
    blocks = Decision(1, "declare_blockers", "block", [("block", 1, 2), ("done",)])
    assert safe_action(window(own_only=True), blocks) == ("done",)
    assert safe_action(None, Decision(0, "main", "", [("move", 1, 1), ("end",)])) == ("end",)
    assert safe_action(None, Decision(0, "main", "", [("play", 4), ("next",)])) == ("next",)  # Mythicarium
    worded = Decision(0, "first_player", "Pass the turn?", [("first", 0), ("first", 1)])
    assert safe_action(None, worded) is None


def test_only_a_plain_pass_in_answer_to_the_other_seat_is_chosen_by_the_first_enter() -> None:
    respond = Decision(1, "respond", "", [("play", 3), ("pass",)])
    assert enter_commits_at_once(window(pass_action=("pass",)), respond)
    own_turn = Decision(1, "main", "", [("play", 3), ("pass",)])
    assert not enter_commits_at_once(window(pass_action=("pass",), own_only=True), own_turn)
    blocks = Decision(1, "declare_blockers", "", [("block", 1, 2), ("done",)])
    assert not enter_commits_at_once(window(own_only=True), blocks)
    assert not enter_commits_at_once(None, Decision(0, "first_player", "", [("first", 0), ("first", 1)]))


# ----- by keys ----------------------------------------------------------------------------
async def test_the_first_enter_after_a_curtain_on_a_decision_without_a_safe_option_only_confirms(
    tmp_path: Path,
) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        assert game.decision is not None and game.decision.kind == "first_player" and game.actions == []
        label = screen.prompt.labels[0]
        await press(pilot, "enter")
        assert game.actions == [], "the first Enter after the curtain chose a move"
        assert notice(screen) == f"Press Enter again to choose: {label}"
        assert f"Press Enter again to choose: {label}" in screen_text(app)
        await press(pilot, "enter")
        assert len(game.actions) == 1


async def test_moving_the_highlight_first_lets_enter_choose_at_once(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        wanted = screen.prompt.actions[1]
        await press(pilot, "down", "enter")
        assert screen.session.game.actions == [wanted]


async def play_to_fresh_decision(pilot: Pilot[None], app: MythtableApp, wanted: Any) -> GameScreen:
    """Random digits until a curtain lifts on a decision `wanted(window, decision)` accepts; the screen then."""
    rng = random.Random(9)
    for _ in range(900):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen)).session.game
            decision = game.decision
            assert decision is not None
            await press(pilot, "enter")
            if wanted(game.window(), decision):
                assert isinstance(app.screen, GameScreen)
                return app.screen
            continue
        assert isinstance(screen, GameScreen), screen
        decision = screen.session.game.decision
        assert decision is not None
        await press(pilot, str(rng.randint(1, min(9, len(decision.actions)))))
    raise AssertionError("no such decision after a curtain")


def answers_the_other_seat(w: Window | None, d: Decision) -> bool:
    return w is not None and w.pass_action is not None and not w.own_only and d.allows(w.pass_action)


def own_with_a_way_on(w: Window | None, d: Decision) -> bool:
    safe = safe_action(w, d)
    return w is not None and w.own_only and safe is not None and d.actions.index(safe) > 0


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
async def test_after_a_curtain_a_response_window_starts_on_pass_and_enter_passes(
    ruleset_id: str, tmp_path: Path
) -> None:
    app = new_app(ruleset_id, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await play_to_fresh_decision(pilot, app, answers_the_other_seat)
        game = screen.session.game
        w = game.window()
        assert w is not None and w.pass_action is not None
        prompt = screen.prompt
        assert prompt.actions[prompt.options.highlighted or 0] == w.pass_action
        moves = len(game.actions)
        await press(pilot, "enter")
        assert game.actions[moves] == w.pass_action


@pytest.mark.parametrize("ruleset_id", CARD_RULESETS)
async def test_after_a_curtain_the_seats_own_decision_starts_on_its_safe_option_and_asks_twice(
    ruleset_id: str, tmp_path: Path
) -> None:
    app = new_app(ruleset_id, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await play_to_fresh_decision(pilot, app, own_with_a_way_on)
        game = screen.session.game
        decision = game.decision
        assert decision is not None
        safe = safe_action(game.window(), decision)
        prompt = screen.prompt
        assert prompt.actions[prompt.options.highlighted or 0] == safe
        moves = len(game.actions)
        await press(pilot, "enter")
        assert len(game.actions) == moves and notice(screen).startswith("Press Enter again to choose:")
        await press(pilot, "enter")
        assert game.actions[moves] == safe


# ----- the notice row -----------------------------------------------------------------------
async def test_the_computers_moves_show_in_the_notice_row_not_as_toasts(tmp_path: Path) -> None:
    """Against the computer at 80x24: no toast ever covers the options; the human's next decision names what
    the computer did since the human last moved."""
    app = new_app("mythicarium", tmp_path, p2="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        app_screen: GameScreen | None = None
        summaries: list[str] = []
        for _ in range(120):
            await pilot.pause(0.05)
            assert not app._notifications, [n.message for n in app._notifications]
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            if not isinstance(screen, GameScreen):
                break
            app_screen = screen
            session = screen.session
            decision = session.game.decision
            if decision is None or decision.seat != 0 or not screen.prompt.actions:
                continue  # the computer is thinking
            if notice(screen).startswith(f"{session.names[1]}: "):
                summaries.append(notice(screen))
                break
            await press(pilot, str(min(len(decision.actions), 9)))  # the last option: moves on
        assert app_screen is not None and summaries, "the computer's moves were never summed up"
        await settle(pilot)
        shown = screen_text(app)
        assert summaries[-1][:30] in shown
        if summaries[-1].endswith("…"):  # cut to two lines of the prompt: the cut end shows too
            assert "…" in shown


async def test_u_that_takes_nothing_back_says_why_in_the_notice_row(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await press(pilot, "u")
        assert notice(screen) == "nothing to take back: no move has been made yet"
        assert not app._notifications


# ----- options wrap -------------------------------------------------------------------------
class PromptApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Prompt(id="prompt")


async def test_a_long_option_wraps_onto_a_second_line_under_its_own_words() -> None:
    app = PromptApp()
    long = "Deploy Skyreach Lancer face-down on the Offensive Line of the far tower END"
    async with app.run_test(size=(40, 12)) as pilot:
        app.query_one(Prompt).ask("Ana: Main phase", [(("a",), "Pass"), (("b",), long), (("c",), "Third")])
        await settle(pilot)
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
        start = next(i for i, line in enumerate(lines) if line.startswith("2 Deploy"))
        assert lines[start + 1].startswith("  ") and lines[start + 1].strip()  # indented under the words
        assert "END" in "\n".join(lines[start : start + 3]), "the end of the option was cut"
        assert any(line.startswith("3 Third") for line in lines)


async def test_the_safe_option_highlighted_at_the_end_of_a_long_list_is_in_view() -> None:
    """Wrapped options and the notice row change the list's height after layout: the highlighted option must
    still show."""
    app = PromptApp()
    choices = [(("play", n), f"Deploy a long-named unit number {n} face-down on the Offensive Line") for n in range(9)]
    async with app.run_test(size=(40, 10)) as pilot:
        prompt = app.query_one(Prompt)
        prompt.note("Bram: plays a card with a long name, attacks with a unit with a longer name, ends the turn.")
        prompt.ask("Ana: Main phase", [*choices, (("end",), "End turn")], highlight=9)
        await settle(pilot)
        await settle(pilot)
        assert "End turn" in screen_text(app)


async def test_a_toast_on_the_game_screen_keeps_off_the_options(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.notify("A notice long enough to wrap over two or three lines of a toast, say", timeout=30)
        await settle(pilot)
        await settle(pilot)
        toasts = [w.region for w in screen.query("Toast")]
        assert toasts and all(not r.overlaps(screen.prompt.region) for r in toasts), (toasts, screen.prompt.region)
