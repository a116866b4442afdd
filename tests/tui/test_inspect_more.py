"""Issue 16, what the first round left: a click on the board inspects, the inspect panel takes the
log's place at 80x24 and scrolls, and a lone Done taken automatically says why in the notice row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.geometry import Offset
from textual.pilot import Pilot

from mythtable.engine.decision import Action, Ref
from mythtable.engine.game import Game
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.base import clicked_ref
from mythtable.tui.boards.mythcraft import MapGrid
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import OpenGame, SavedGames
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import press, settle
from tests.tui.test_inspect_tui import mid_combat_app, new_app, open_game, panel_text
from tests.tui.test_mythcraft_tui import setup as mythcraft_setup

SIZE = (80, 24)


def face_down_policy(game: Game) -> Action:
    """Lay, deploy every unit face-down, end the turn, pass and answer nothing."""
    decision = game.decision
    assert decision is not None
    kinds: dict[str, list[Action]] = {}
    for action in decision.actions:
        kinds.setdefault(str(action[0]), []).append(action)
    if decision.kind == "main":
        for kind in ("lay", "deploy_down"):
            if kind in kinds:
                return kinds[kind][0]
        return ("end",) if ("end",) in decision.actions else decision.actions[0]
    for quiet in (("pass",), ("done",)):
        if quiet in decision.actions:
            return quiet
    return decision.actions[0]


FACE_DOWN_SEED = 1
FACE_DOWN_MOVES = 8
"""Mage Wars, seed 1, after 8 moves of face_down_policy: Ana's Main phase, her only unit face-down
(found by an engine-only search), "Declare combat" offered."""


def saved_app(tmp_path: Path, game: Game) -> MythtableApp:
    SaveStore(tmp_path).save(game)
    return MythtableApp(start=SavedGames(), data=tmp_path)


def notice(screen: GameScreen) -> str:
    widget = screen.prompt.query_one("#notice")
    return str(widget.content) if widget.display else ""  # type: ignore[attr-defined]


async def test_a_lone_done_taken_automatically_says_why_in_the_notice_row(tmp_path: Path) -> None:
    """Seen: "Declare combat" with only face-down units went on by "Done (auto, the only choice)", and the
    why_only_done reason (face-down units cannot attack) was never on screen."""
    game = Game.new("magewars", FACE_DOWN_SEED, controllers=["human", "greedy"])
    while len(game.actions) < FACE_DOWN_MOVES:
        game.apply(face_down_policy(game))
    decision = game.decision
    assert decision is not None and decision.seat == 0 and decision.kind == "main"
    assert ("combat",) in decision.actions
    app = saved_app(tmp_path, game)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # the one save
        screen = await game_screen(pilot, app)
        assert "cannot attack" not in notice(screen)
        moves = len(screen.session.game.actions)
        await press_choice(pilot, screen, ("combat",))
        game = screen.session.game
        assert game.actions[moves : moves + 2] == [("combat",), ("done",)]  # the attackers' Done went by itself
        assert game.auto[moves + 1] and not game.auto[moves]
        for _ in range(600):  # the computer plays its turn; then Ana's question is up
            await pilot.pause(0.1)
            if game.decision is not None and game.decision.seat == 0 and screen.prompt.actions:
                break
        assert game.decision is not None and game.decision.seat == 0 and screen.prompt.actions
        said = notice(screen)
        assert said.startswith("Done (auto): No unit of yours can attack: face-down units cannot attack"), said
        await press_choice(pilot, screen, screen.prompt.actions[0])
        await settle(pilot)
        assert "cannot attack" not in notice(screen)  # said once


def header_rows(app: MythtableApp, names: tuple[str, ...]) -> list[str]:
    """The Mage Wars headers as a person reads them: the screen rows naming a player, each half alone."""
    strips = app.screen._compositor.render_strips()
    halves = [app.screen.query_one(f"#head-{where}") for where in ("left", "right")]
    out = []
    for header in halves:
        region = header.region
        row = strips[region.y].text[region.x : region.x + region.width].strip()
        assert any(name in row or name[:5] in row for name in names), row
        out.append(row)
    return out


@pytest.mark.parametrize("names", [("Ana", "Bram"), ("Bartholomew", "Esmeralda Thorn")])
async def test_the_mage_wars_headers_fit_80_columns_and_keep_full_words_at_120(
    tmp_path: Path, names: tuple[str, str]
) -> None:
    """Seen at 80x24: "▶ Ana Tower 30 tier 3 hand 7 deck…" (the header cut). Now both halves take one
    form that fits, abbreviated alike; 120 columns spell every word."""
    app = new_app("magewars", tmp_path, players=names)
    async with app.run_test(size=SIZE) as pilot:
        await game_screen(pilot, app)
        await settle(pilot)
        narrow = header_rows(app, names)
        for row in narrow:
            assert "…" not in row.replace(names[0][:12] + "…", "").replace(names[1][:12] + "…", ""), row
            assert re.search(r"h\d+ d\d+ g\d+$", row), row  # every count, none cut
        tails = [re.search(r" (T\d+ t\d+|Tower \d+ tier \d+) .*$", row) for row in narrow]
        forms = [re.sub(r"\d+", "N", tail.group(0)) if tail else "" for tail in tails]
        assert forms[0] == forms[1], narrow  # one form for both halves
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        wide = header_rows(app, names)
        for row in wide:
            assert re.search(r"Tower \d+ tier \d+( ·)? hand \d+( ·)? deck \d+( ·)? grave \d+", row), row


# ----- a click inspects (issue 16, item 1) ----------------------------------------------------------


def where_drawn(app: MythtableApp, ref: Ref, inside: str = "#table") -> Offset | None:
    """A cell of the board that draws `ref` (its inspect style), relative to the widget `inside`."""
    widget = app.screen.query_one(inside)
    region = widget.region
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            if clicked_ref(app.screen.get_style_at(x, y)) == ref:
                return Offset(x - region.x, y - region.y)
    return None


def cell_of(app: MythtableApp, words: str, inside: str = "#table") -> Offset | None:
    """Where `words` are drawn on the board (relative to the widget `inside`)."""
    region = app.screen.query_one(inside).region
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if region.y <= y < region.bottom:
            x = strip.text.find(words, region.x, region.right)
            if x >= 0:
                return Offset(x - region.x, y - region.y)
    return None


async def click_and_check(pilot: Pilot[None], screen: GameScreen, ref: Ref) -> str:
    """Click where the board draws `ref`: the cursor stands on it and the panel shows its inspection."""
    app = screen.app
    at = where_drawn(app, ref)  # type: ignore[arg-type]
    assert at is not None, f"{ref!r} is not drawn as clickable"
    await pilot.click("#table", offset=at)
    await settle(pilot)
    panel = screen.inspect_panel
    assert screen.inspecting and app.focused is panel
    assert panel.current is not None and panel.current.ref == ref
    inspection = screen.session.game.inspect(screen.inspect_seat(), ref)
    assert inspection is not None
    text = panel_text(screen)
    assert inspection.title in text and inspection.lines[0] in text
    return text


async def test_a_click_inspects_a_mythicarium_unit_hand_card_and_player_but_never_the_other_hand(
    tmp_path: Path,
) -> None:
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, "mythicarium")
        game = screen.session.game
        seat = screen.inspect_seat()
        targets = game.inspectables(seat)
        theirs = next(t.ref for t in targets if t.zone == "Bram's lane")
        mine = next(t.ref for t in targets if t.zone == "Your hand")
        await click_and_check(pilot, screen, theirs)
        await click_and_check(pilot, screen, mine)  # a second click moves the cursor
        await click_and_check(pilot, screen, "player:1")
        await press(pilot, "escape")
        assert not screen.inspecting
        # Bram's hand is only a count: a click on it inspects nothing and shows none of his cards
        hidden = {game.state.content.cards[game.state.cards[uid]].name for uid in game.state.players[1].hand}
        mine_names = {game.state.content.cards[game.state.cards[u]].name for u in game.state.players[0].hand}
        at = cell_of(app, "hand ")
        assert at is not None
        await pilot.click("#table", offset=at)
        await pilot.click("#table", offset=(0, 0))  # and empty space
        await settle(pilot)
        assert not screen.inspecting
        assert not any(name in panel_text(screen) for name in hidden - mine_names)


async def test_a_click_inspects_a_mage_wars_unit_and_a_face_down_card_shows_nothing_hidden(tmp_path: Path) -> None:
    app = mid_combat_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, "magewars")
        game = screen.session.game
        seat = screen.inspect_seat()
        assert seat is not None
        state = game.state
        targets = {t.ref: t for t in game.inspectables(seat)}
        cards = state.cards
        face_up = next(
            uid
            for p in state.players
            for uid in (*p.offensive, *p.defensive)
            if not cards[uid].face_down and uid in targets and where_drawn(app, uid) is not None
        )
        text = await click_and_check(pilot, screen, face_up)
        assert cards[face_up].d.name in text
        other = state.players[1 - seat]
        secret = next(uid for uid in (*other.offensive, *other.defensive, *other.row) if cards[uid].face_down)
        text = await click_and_check(pilot, screen, secret)
        assert "face-down card" in text and cards[secret].d.name not in text
        hand = next(t.ref for t in targets.values() if t.zone == "Your hand")
        await click_and_check(pilot, screen, hand)


async def test_a_click_on_the_mythcraft_track_inspects_and_a_click_on_the_map_still_moves() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythcraft", 7, mythcraft_setup())))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        creature = next(t.ref for t in game.inspectables(screen.inspect_seat()) if str(t.ref).startswith("c"))
        at = where_drawn(app, creature, "#mc-track")
        assert at is not None
        await pilot.click("#mc-track", offset=at)
        await settle(pilot)
        inspection = game.inspect(screen.inspect_seat(), creature)
        assert screen.inspecting and inspection is not None and inspection.title in panel_text(screen)
        await press(pilot, "escape")
        assert not screen.inspecting
        # the map keeps its own clicks: a square's move is highlighted, then made (issue 17)
        index = [i for i, a in enumerate(screen.prompt.actions) if a[0] == "move"][2]
        move = screen.prompt.actions[index]
        x, y = int(move[1]), int(move[2])
        await pilot.click(MapGrid, offset=(3 + 2 * x, 1 + y))
        await settle(pilot)
        assert screen.prompt.options.highlighted == index and not screen.inspecting
        await pilot.click(MapGrid, offset=(3 + 2 * x, 1 + y))
        await settle(pilot)
        assert game.actions == [move]


# ----- the panel at 80x24 (issue 16, item 2) ---------------------------------------------------------


def screen_rows(app: MythtableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_at_80x24_the_panel_takes_the_bottom_and_a_unit_reads_in_full(tmp_path: Path) -> None:
    """Seen: at 80x24 the panel showed the first lines of a card beside the prompt. Now it takes the whole
    bottom while the cursor is out (the options step aside, and the digits wait), and a Champion in play
    reads to its last line without a key."""
    app = new_app("mythicarium", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, app, "mythicarium")
        bottom = screen.query_one("#bottom")
        before = bottom.outer_size.height  # 10 rows, or more for a decision with many options (at most 14)
        assert 10 <= before <= 14 and screen.prompt.is_on_screen
        await press(pilot, "i", "tab")  # Your lane: Mara of the Black Veil
        panel = screen.inspect_panel
        assert panel.current is not None and panel.current.zone == "Your lane"
        assert bottom.outer_size.height >= 14 and not screen.prompt.is_on_screen
        assert panel.size.width >= 70  # the whole width, less its border
        inspection = screen.session.game.inspect(screen.inspect_seat(), panel.current.ref)
        assert inspection is not None
        shown = " ".join(screen_rows(app).replace("│", " ").split())
        for line in (inspection.title, *inspection.lines, *inspection.why_not):
            assert " ".join(line.split()) in shown, line  # every line on screen, wrapped but never cut
        moves = len(screen.session.game.actions)
        await press(pilot, "1")  # the options are out of sight: a digit chooses nothing
        assert len(screen.session.game.actions) == moves and screen.inspecting
        await press(pilot, "escape")
        assert bottom.outer_size.height == before and screen.prompt.is_on_screen and not screen.has_class("-reading")


async def test_a_long_inspection_scrolls_by_space_and_b_and_pgdn_stays_the_logs() -> None:
    app = MythtableApp(start=OpenGame(Game.new("mythcraft", 7, mythcraft_setup())))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await press(pilot, "i")
        panel = screen.inspect_panel
        while panel.max_scroll_y == 0:  # the first combatant whose text is longer than the panel
            await press(pilot, "j")
            assert panel.index > 0, "no inspection overflowed the panel"
        assert panel.scroll_y == 0
        await press(pilot, "pagedown")
        assert panel.scroll_y == 0  # PgDn is the log's, even here
        await press(pilot, "space")
        assert panel.scroll_y > 0
        await press(pilot, "b")
        assert panel.scroll_y == 0


async def test_showing_the_same_text_again_redraws_nothing() -> None:
    """A highlight moved between two options about the same unit used to repaint the panel's whole column
    (1,785 bytes per selection move in MythCraft at 80x24, against 1,050 without the repaint)."""
    from textual.app import App, ComposeResult
    from textual.content import Content
    from textual.widgets import Static

    from mythtable.tui.widgets.inspect import InspectPanel

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield InspectPanel()

    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(InspectPanel)
        text = panel.query_one("#inspect-text", Static)
        updates: list[object] = []
        original = text.update
        text.update = lambda content="", **kw: (updates.append(content), original(content, **kw))[1]  # type: ignore[method-assign]
        panel.show(Content("Tamsin") + Content("\nHero: Warrior"))
        panel.show(Content("Tamsin") + Content("\nHero: Warrior"))
        await settle(pilot)
        assert len(updates) == 1
        panel.show(Content("Quill"))
        assert len(updates) == 2


async def test_a_new_text_lays_the_screen_out_once_and_one_as_tall_not_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: a highlight moved to an option about another card changes the panel's text; a taller text cost
    two layouts of the whole screen (the second one Textual's, for the sizes the first had just set), and a
    text as tall as the last one a layout it did not need."""
    from textual.app import App, ComposeResult
    from textual.content import Content
    from textual.screen import Screen

    from mythtable.tui.widgets.inspect import InspectPanel

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield InspectPanel()

    layouts: list[bool] = []
    original = Screen._refresh_layout

    def counted(screen: Screen[None], size: object = None, scroll: bool = False) -> None:
        layouts.append(scroll)
        original(screen, size, scroll)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(InspectPanel)
        panel.show(Content("Tamsin\nHero: Warrior"))
        await settle(pilot)
        layouts.clear()
        panel.show(Content("Quill\nHero: Rogue\nAttack 3"))  # a row taller: one layout
        await settle(pilot)
        assert layouts == [False]
        layouts.clear()
        panel.show(Content("Brand\nHero: Mage\nSpell 2"))  # as tall: none
        await settle(pilot)
        assert layouts == []
