"""The inspect mode by keys at 80x24 (issue 16): i enters it, arrows / j k / Tab / Shift+Tab walk
every zone while the board is told what to point at, Escape and i leave it; the panel shows the
highlighted option's subject otherwise, and a decision with only Done says why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from mythtable.engine.decision import Ref
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame, SavedGames
from mythtable.tui.widgets.inspect import InspectPanel
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle
from tests.tui.test_magewars_tui import ask_at_every_window, policy
from tests.tui.test_snapshots_magewars import MID_COMBAT_ACTIONS, MID_COMBAT_SEED

SIZE = (80, 24)


def new_app(ruleset_id: str, tmp_path: Path, players: tuple[str, str] = ("Ana", "Bram")) -> MythtableApp:
    loaded = load(ruleset_id)
    setup = loaded.ruleset.default_setup(loaded.content)
    setup = Setup(list(players), setup.options)
    return MythtableApp(start=NewGame(ruleset_id, 7, setup), data=tmp_path)


def mid_combat_app(tmp_path: Path) -> MythtableApp:
    """Mage Wars in the Defense step, units and face-down cards on both sides (see the snapshots)."""
    game = Game.new("magewars", MID_COMBAT_SEED)
    while len(game.actions) < MID_COMBAT_ACTIONS:
        game.apply(policy(game))
    SaveStore(tmp_path).save(game)
    ask_at_every_window()
    return MythtableApp(start=SavedGames(), data=tmp_path)


async def open_game(pilot: Pilot[None], app: MythtableApp, ruleset_id: str) -> GameScreen:
    if ruleset_id == "mythicarium":
        screen = await game_screen(pilot, app)  # the curtain
        # The first decision after the hand-over opens guarded (Session.opening): its first Enter only
        # confirms, the second picks the highlighted option, Ana goes first.
        assert screen.prompt.guarded and screen.prompt.options.highlighted == 0
        await press(pilot, "enter", "enter")
        assert screen.session.game.actions[:1] == [("first", 0)], "Ana goes first"
        return screen
    await press(pilot, "enter")  # the one save
    return await game_screen(pilot, app)


def panel_text(screen: GameScreen) -> str:
    static = screen.inspect_panel.query_one("#inspect-text")
    return str(static.content)  # type: ignore[attr-defined]


def record_pointing(screen: GameScreen) -> list[Ref | None]:
    pointed: list[Ref | None] = []
    original = screen.board.point_at

    def point_at(ref: Ref | None) -> None:
        pointed.append(ref)
        original(ref)

    screen.board.point_at = point_at  # type: ignore[method-assign]
    return pointed


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
async def test_inspect_reaches_every_zone_and_every_target_by_keys(ruleset_id: str, tmp_path: Path) -> None:
    app = new_app(ruleset_id, tmp_path) if ruleset_id == "mythicarium" else mid_combat_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, ruleset_id)
        pointed = record_pointing(screen)
        seat = screen.inspect_seat()
        targets = screen.session.game.inspectables(seat)
        zones = list(dict.fromkeys(t.zone for t in targets))
        assert len(zones) >= 4, zones
        await press(pilot, "i")
        panel = screen.inspect_panel
        assert screen.inspecting and app.focused is panel and screen.has_class("-inspecting")
        visited_zones = [panel.current.zone]  # type: ignore[union-attr]
        for _ in zones[1:]:
            await press(pilot, "tab")
            visited_zones.append(panel.current.zone)  # type: ignore[union-attr]
        assert visited_zones == zones
        await press(pilot, "shift+tab")
        assert panel.current.zone == zones[-2]  # type: ignore[union-attr]
        await press(pilot, "tab", "tab")  # back round to the first zone
        assert panel.index == 0
        seen = [panel.current.ref]  # type: ignore[union-attr]
        for n in range(len(targets) - 1):
            await press(pilot, "down" if n % 2 else "j")
            seen.append(panel.current.ref)  # type: ignore[union-attr]
            title = screen.session.game.inspect(seat, panel.current.ref).title  # type: ignore[union-attr]
            assert title in panel_text(screen)
        assert seen == [t.ref for t in targets]
        assert set(seen) <= set(pointed)  # the board was told about each one
        await press(pilot, "k", "up")
        assert panel.index == len(targets) - 3
        await press(pilot, "escape")
        assert not screen.inspecting and pointed[-1] is None
        assert app.focused is screen.prompt.options
        await press(pilot, "i")
        assert screen.inspecting
        await press(pilot, "i")  # i leaves too
        assert not screen.inspecting


async def test_the_panel_shows_the_highlighted_option_and_keeps_names_plain(tmp_path: Path) -> None:
    app = new_app("mythicarium", tmp_path, players=("[b]Ana[/b]", "Bram [AFK]"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, "mythicarium")
        game = screen.session.game
        options = screen.prompt.options
        actions = screen.prompt.actions
        first = next(i for i, a in enumerate(actions) if game.subject(a).actor is not None)
        while options.highlighted != first:
            await press(pilot, "down")
        await settle(pilot)
        subject = game.subject(actions[first])
        title = game.inspect(screen.inspect_seat(), subject.actor).title  # type: ignore[arg-type]
        assert title in panel_text(screen) and screen.has_class("-subject")
        await press(pilot, "i")
        panel = screen.inspect_panel
        players = [i for i, t in enumerate(panel.targets) if t.zone == "Players"]
        panel.index = players[0] - 1
        await press(pilot, "down")
        assert panel.current.ref == "player:0"  # type: ignore[union-attr]
        assert "[b]Ana[/b]" in panel_text(screen)  # the name as typed: never read as markup


async def test_a_decision_with_only_done_says_why(tmp_path: Path, monkeypatch: Any) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, "mythicarium")
        monkeypatch.setattr(type(screen.session.game), "why_only_done", lambda self: "no unit of yours can attack")
        screen.ask()
        await settle(pilot)
        question = str(screen.prompt.query_one("#question").content)  # type: ignore[attr-defined]
        assert question.endswith("\nno unit of yours can attack")


def test_snapshot_inspect_panel_on_a_unit_in_play(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Mara of the Black Veil, a Champion in Ana's lane, inspected at 80x24."""
    app = new_app("mythicarium", tmp_path)

    async def inspect_a_unit(pilot: Pilot[None]) -> None:
        screen = await open_game(pilot, app, "mythicarium")
        await press(pilot, "i", "tab")
        assert isinstance(app.focused, InspectPanel) and screen.inspect_panel.current.zone == "Your lane"  # type: ignore[union-attr]

    assert snap_compare(app, terminal_size=SIZE, run_before=inspect_a_unit)


def test_snapshot_inspect_panel_wide(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """At 120x40 the panel sits beside the log."""
    app = new_app("mythicarium", tmp_path)

    async def inspect_a_unit(pilot: Pilot[None]) -> None:
        await open_game(pilot, app, "mythicarium")
        await press(pilot, "i", "tab", "j")

    assert snap_compare(app, terminal_size=(120, 40), run_before=inspect_a_unit)
