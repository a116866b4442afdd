"""The Mythicarium board fits the terminal (issue 16 item 2): short names that never look alike,
lanes that scroll by key to the unit under discussion, the inspect cursor, change marks, the legend."""

from __future__ import annotations

import itertools
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.widgets import Static

from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.tui.app import MythtableApp
from mythtable.tui.boards.mythicarium.board import LaneView, MythicariumBoard
from mythtable.tui.boards.mythicarium.layout import LEGEND
from mythtable.tui.boards.mythicarium.names import abbreviate, short_names
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.legend import LegendScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen
from tests.tui.keys import press, settle
from tests.tui.mythicarium_crowd import ANA, BRAM, crowded_blocks, crowded_with_limbo

CONTENT_NAMES = sorted({c.name for c in load("mythicarium").content.cards.values()})
CONTENT_WORDS = "".join(c.name + c.text for c in load("mythicarium").content.cards.values())
BLOCKS_SEED, BLOCKS_CROWD = 1, 11
"""Seed 2 with ten units a side: Bram attacks with his 10th and 8th units, far below a lane's 80x24 rows."""


# ----- short names ---------------------------------------------------------------------------
def test_short_names_of_every_card_are_distinct_and_fit_at_every_width() -> None:
    for width in range(6, 31):
        short = short_names(CONTENT_NAMES, width)
        assert len(set(short.values())) == len(CONTENT_NAMES), width
        assert all(len(s) <= width for s in short.values()), width
        assert all(short[n] == n for n in CONTENT_NAMES if len(n) <= width), width


@given(
    st.lists(st.text(alphabet=string.ascii_letters + " -'", min_size=1, max_size=30), max_size=25),
    st.integers(min_value=6, max_value=30),
)
def test_short_names_never_map_two_names_to_one_form(names: list[str], width: int) -> None:
    short = short_names(names, width)
    distinct = set(names)
    assert set(short) == distinct
    assert len(set(short.values())) == len(distinct)
    assert all(len(s) <= width for s in short.values())
    assert short == short_names(list(reversed(names)), width)  # deterministic, whatever the order


def test_names_that_share_a_short_form_are_told_apart() -> None:
    names = ["Kitsune Veilwalker", "Kitsune Veilwarden", "Kitsune Veilwatcher"]
    assert abbreviate(names[0], 12) == abbreviate(names[1], 12)  # alone, they would look alike
    short = short_names(names, 12)
    assert len(set(short.values())) == 3


def test_abbreviations_drop_fillers_before_cutting_words() -> None:
    assert abbreviate("Mara of the Black Veil", 15) == "Mara Black Veil"
    assert abbreviate("Kitsune Veilwalker", 14) == "Kitsune Veilw."
    assert abbreviate("Kitsune Veilwalker", 18) == "Kitsune Veilwalker"


# ----- the board in the app -------------------------------------------------------------------
def lane_text(board: MythicariumBoard, side: str) -> str:
    lane = board.query_one(f"#lane-{side}", LaneView)
    rendered = lane.render()
    assert isinstance(rendered, Text)
    return rendered.plain


def board_rows(board: MythicariumBoard) -> list[str]:
    rows = [*lane_text(board, "left").split("\n"), *lane_text(board, "right").split("\n")]
    for widget in ("#hand", "#limbo"):
        rows.extend(static_text(board, widget).split("\n"))
    return rows


def static_text(board: MythicariumBoard, widget: str) -> str:
    content = board.query_one(widget, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def open_board(app: MythtableApp, pilot) -> tuple[GameScreen, MythicariumBoard]:  # type: ignore[no-untyped-def]
    screen = await game_screen(pilot, app)
    await settle(pilot)
    board = screen.board
    assert isinstance(board, MythicariumBoard)
    return screen, board


async def seen_by_scrolling(pilot, board: MythicariumBoard) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """All the lane rows shown while scrolling both lanes from top to bottom with ] (side -> text)."""
    for _ in range(20):
        await press(pilot, "left_square_bracket")
    seen = {"left": "", "right": ""}
    for _ in range(20):
        await settle(pilot)
        for side in seen:
            seen[side] += lane_text(board, side) + "\n"
        await press(pilot, "right_square_bracket")
    return seen


async def test_every_unit_is_readable_at_80x24_and_no_two_names_look_alike(tmp_path: Path) -> None:
    game = crowded_with_limbo()
    view = game.view(ANA)
    assert all(len(p.lane) >= 6 for p in view.players) and view.limbo
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, board = await open_board(app, pilot)
        look = board.look()
        labels = {u.name: look.label(u.name) for p in view.players for u in p.lane}
        assert len(set(labels.values())) == len(labels)  # distinct names, distinct forms
        assert any(label != name for name, label in labels.items())  # 80 columns do need short forms
        seen = await seen_by_scrolling(pilot, board)
        for side, player in board.players().items():
            for unit in player.lane:
                assert labels[unit.name] in seen[side], (side, unit.name)
        for row in board_rows(board):
            assert "…" not in row  # nothing is cut off
        for side in ("left", "right"):
            width = board.query_one(f"#lane-{side}", LaneView).content_size.width
            assert all(len(row) <= width for row in lane_text(board, side).split("\n"))


async def test_a_wide_terminal_shows_full_names_equipment_and_card_text(tmp_path: Path) -> None:
    game = crowded_with_limbo()
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        _, board = await open_board(app, pilot)
        view = board.view
        text = lane_text(board, "left") + lane_text(board, "right")
        for player in view.players:
            assert len(player.lane) <= 10
            for unit in player.lane:
                assert unit.name in text
                for eq in unit.equipment:
                    assert eq.name in text
        hand = static_text(board, "#hand")
        mine = view.players[ANA].hand
        assert mine is not None and len(mine) == 8
        for card in mine:
            assert f"{card.name} {card.cost} XP" in hand
            assert card.text[:20] in hand  # the card's text, as far as the row goes


@pytest.mark.slow
async def test_a_crowded_lane_scrolls_to_the_attacker_while_blocks_are_declared(tmp_path: Path) -> None:
    game = crowded_blocks(BLOCKS_SEED, BLOCKS_CROWD)
    combat = game.state.combat
    assert combat is not None and game.decision is not None and game.decision.seat == ANA
    lane = game.state.players[BRAM].lane
    deepest = max(combat.attackers, key=lane.index)
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, board = await open_board(app, pilot)
        rows = board.query_one("#lane-left", LaneView).content_size.height
        assert lane.index(deepest) >= rows  # from the top of the lane it would be out of sight
        look = board.look()
        name = game.state.content.cards[game.state.cards[deepest]].name
        assert look.label(name) in lane_text(board, "left")
        assert board.hidden["left"][0] > 0  # the lane scrolled to get there
        # the player highlights another option and scrolls away; the option about that attacker brings it back
        options = screen.prompt.actions
        about = [i for i, a in enumerate(options) if game.subject(a).target == deepest]
        other = [i for i, a in enumerate(options) if game.subject(a).target not in (None, deepest)]
        assert about and other, options

        async def highlight(goal: int) -> None:
            while screen.prompt.options.highlighted != goal:
                await press(pilot, "down" if (screen.prompt.options.highlighted or 0) < goal else "up")
            await settle(pilot)

        await highlight(other[0])
        for _ in range(10):
            await press(pilot, "left_square_bracket")
        await settle(pilot)
        assert board.hidden["left"][0] == 0 and look.label(name) not in lane_text(board, "left")
        await highlight(about[-1])
        assert look.label(name) in lane_text(board, "left")


async def test_point_at_draws_the_cursor_and_scrolls_to_it_and_marks_show_changes(tmp_path: Path) -> None:
    game = crowded_blocks(BLOCKS_SEED, BLOCKS_CROWD)
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, board = await open_board(app, pilot)
        mine = board.players()["right"]
        last = mine.lane[-1]
        label = board.look().label(last.name)
        assert label not in lane_text(board, "right")
        board.point_at(last.uid)
        await settle(pilot)
        lane = board.query_one("#lane-right", LaneView).render()
        assert isinstance(lane, Text)
        row_start = lane.plain.index(label)
        styles = [str(span.style) for span in lane.spans if span.start <= row_start < span.end]
        assert any("reverse" in s for s in styles), styles
        card = mine.hand[0] if mine.hand else None
        assert card is not None
        board.point_at(card.uid)
        await settle(pilot)
        hand = board.query_one("#hand", Static).content
        assert isinstance(hand, Text)
        start = hand.plain.find(card.name)
        start = start if start >= 0 else hand.plain.index(board.look().label(card.name))
        assert any("reverse" in str(s.style) for s in hand.spans if s.start <= start < s.end)
        board.point_at(None)
        board.mark_changed(frozenset({last.uid, f"vp:{BRAM}"}))
        await settle(pilot)
        right, left = lane_text(board, "right"), lane_text(board, "left")
        assert next(r for r in right.split("\n") if label in r).startswith("◆")
        assert "◆VP" in left and "◆VP" not in right
        board.mark_changed(frozenset())
        await settle(pilot)
        assert "◆" not in lane_text(board, "right") + lane_text(board, "left")


@pytest.mark.slow
async def test_k_shows_a_legend_of_every_symbol_the_board_draws(tmp_path: Path) -> None:
    """Every symbol on the crowded boards (80x24 and 120x40, in combat and with limbo) is in the legend."""
    legend = " ".join(symbol for symbol, _ in LEGEND)
    name_chars = set(CONTENT_WORDS) | set(string.printable)
    drawn: set[str] = set()
    for make, size in itertools.product(
        (crowded_with_limbo, lambda: crowded_blocks(BLOCKS_SEED, BLOCKS_CROWD)), ((80, 24), (120, 40))
    ):
        game: Game = make()
        app = MythtableApp(start=OpenGame(game), data=tmp_path)
        async with app.run_test(size=size) as pilot:
            _, board = await open_board(app, pilot)
            board.mark_changed(frozenset({board.view.players[0].lane[0].uid}))
            await settle(pilot)
            for row in board_rows(board):
                drawn |= {ch for ch in row if ch not in name_chars and not ch.isspace()}
            await press(pilot, "k")
            assert isinstance(app.screen, LegendScreen)
            await press(pilot, "k")
            assert isinstance(app.screen, GameScreen)
    drawn -= {"—", "→", "└", "·"}  # words of the card text and separators, not symbols of a state
    assert drawn, "the boards drew symbols"
    missing = {ch for ch in drawn if ch not in legend}
    assert not missing, missing


async def test_the_rules_screen_ends_with_the_legend(tmp_path: Path) -> None:
    from mythtable.tui.screens.rules import RulesScreen

    app = MythtableApp(start=OpenGame(crowded_with_limbo()), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_board(app, pilot)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        body = app.screen.body
        symbols = body[body.index("## Symbols on the board") :]
        for symbol, meaning in LEGEND:
            assert f"`{symbol}` {meaning}" in symbols


def test_items_that_do_not_fit_their_rows_are_counted_not_dropped() -> None:
    from mythtable.tui.boards.mythicarium.layout import fit_rows

    items = [Text(f"Card number {n}") for n in range(12)]
    rows = fit_rows(Text("Hand 12/8: "), items, 40, 2)
    assert len(rows) == 2 and all(r.cell_len <= 40 for r in rows)
    plain = " ".join(r.plain for r in rows)
    shown = sum(f"Card number {n}" in plain for n in range(12))
    assert shown < 12 and f"+{12 - shown} more" in plain


def test_a_card_whose_text_only_names_its_keywords_does_not_say_them_twice() -> None:
    from mythtable.tui.boards.mythicarium.text import card_text, only_keywords

    assert only_keywords("Lightning. Celerity.", ("Lightning", "Celerity"))
    assert not only_keywords("Celerity. Deal 2 wounds to a unit.", ("Celerity",))
    assert not only_keywords("", ("Celerity",))
    line = card_text("White Stag", "Ally", "Druid", 3, 2, 3, "Physical", ("Celerity",), "Celerity.").plain
    assert line.count("Celerity") == 1, line


def test_wounds_placed_in_damage_assignment_show_on_the_unit_before_resolution() -> None:
    """Placing 12 wounds one by one, the player sees how many each unit already has (↯n), though the
    unit's HP changes only at Resolution (M-24, M-27)."""
    from mythtable.tui.boards.mythicarium.layout import make_look, unit_rows
    from tests.seeded_positions import seeded_positions

    for game in seeded_positions("mythicarium", range(1, 40)):
        cb = game.state.combat
        if cb is None or not cb.pending:
            continue
        uid, n = next(iter(cb.pending.items()))
        view = game.ruleset.view(game.state, 0)
        assert view.combat is not None and dict(view.combat.placed)[uid] >= n
        unit = next(u for p in view.players for u in p.lane if u.uid == uid)
        look = make_look(view, 38, frozenset(), None)
        drawn = "".join(row.plain for row in unit_rows(unit, look, 38))
        assert f"↯{dict(view.combat.placed)[uid]}" in drawn, drawn
        return
    raise AssertionError("no seeded game placed a wound")


def test_a_unit_in_play_shows_its_ability_text_first_in_the_detail_line() -> None:
    """Issue 16: "Use Kitsune Veilwalker (exhaust, 1 XP)" showed only the unit's type and numbers; the
    ability's text comes right after the name, so the two-line detail box at 80x24 holds it."""
    from mythtable.tui.boards.mythicarium.text import card_detail

    for seed in range(1, 20):
        done = play_game_once(seed)
        for seat in (0, 1):
            view = done.ruleset.view(done.state, seat)
            for unit in view.players[seat].lane:
                card = done.loaded.content.cards[unit.card_id]
                if card.ability is None:
                    continue
                assert unit.text == card.text
                line = card_detail(view, unit.uid).plain
                assert line.startswith(f"{unit.name} — {card.text}"), line
                return
    raise AssertionError("no unit with an ability in play")


def play_game_once(seed: int) -> Game:
    from mythtable.engine.simulate import play_game

    game = play_game("mythicarium", seed, max_actions=80).game
    assert game is not None
    return game


def test_an_empty_hand_says_so() -> None:
    """A hand played out reads "Hand 0/8: empty", not a label with nothing after it."""
    from mythtable.tui.boards.mythicarium.layout import hand_rows, make_look
    from tests.seeded_positions import seeded_positions

    for game in seeded_positions("mythicarium", range(1, 40)):
        view = game.ruleset.view(game.state, 0)
        me = next(p for p in view.players if p.hand is not None)
        if me.hand:
            continue
        look = make_look(view, 38, frozenset(), None)
        rows = [row.plain for row in hand_rows(view, look, 80, 3)]
        assert rows == [f"Hand 0/{me.hand_limit}: empty"], rows
        return
    raise AssertionError("no seeded game emptied a hand")


async def test_a_lane_the_redraw_leaves_as_it_was_is_not_repainted(tmp_path: Path) -> None:
    """The board is redrawn after every move (and the highlight's subject marks the lanes): a lane whose rows are
    the same paints nothing, the other one paints its new rows (a third of the screen each, in every seat's
    process at a shared table)."""
    game = crowded_blocks(BLOCKS_SEED, BLOCKS_CROWD)
    app = MythtableApp(start=OpenGame(game), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, board = await open_board(app, pilot)
        painted: list[str] = []
        for side in ("left", "right"):
            lane = board.query_one(f"#lane-{side}", LaneView)
            render = lane.render

            def counted(side: str = side, render: object = render) -> Text:
                painted.append(side)
                return render()  # type: ignore[operator]

            lane.render = counted  # type: ignore[method-assign]
        board.redraw()
        await settle(pilot)
        assert painted == []
        board.mark_changed(frozenset({board.players()["right"].lane[0].uid}))  # a unit in sight
        await settle(pilot)
        assert "right" in painted and "left" not in painted
