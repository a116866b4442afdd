"""The Mage Wars board on a crowded table (issue 16, item 2; issue 15, item 4): snapshots at 80x24 and
120x40, the unit under discussion scrolled into view while blocks are declared, the `[` `]` keys,
change marks, the inspect cursor and the legend.

Update the snapshots after an intended visual change with:
python -m pytest tests/tui/test_magewars_board.py -n 0 --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from mythtable.engine.game import Game
from mythtable.tui.boards.magewars import MageWarsBoard, SideView
from mythtable.tui.boards.magewars.hand import card_words
from mythtable.tui.boards.magewars.legend import LEGEND
from mythtable.tui.boards.magewars.render import CHANGED, CURSOR
from mythtable.tui.screens.game import GameScreen
from tests.tui.keys import press, settle
from tests.tui.magewars_crowd import blocking, crowded, play_until, saved_app, units, with_stack
from tests.tui.test_magewars_tui import BoardOnly, mid_game, screen_text

STACK_SEED = 11
"""Seed 11 under crowd_policy: 7 and 9 units, Tidal Renewal on the stack, Bram (7 cards) to answer."""
BLOCK_SEED = 4
"""Seed 4: Ana attacks with 3 units of a crowded Offensive Line, Bram chooses what his units block."""


def crowded_with_stack() -> Game:
    game = play_until(STACK_SEED, with_stack, "cast")
    assert game is not None and crowded(game) and game.state.stack
    decision = game.decision
    assert decision is not None and len(game.state.players[decision.seat].hand) == 7
    assert min(units(game, 0), units(game, 1)) >= 7
    return game


async def open_saved(pilot: Pilot[None]) -> None:
    await press(pilot, "enter")  # the only save
    await press(pilot, "enter")  # lift the curtain


def test_crowded_board_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = saved_app(crowded_with_stack(), tmp_path)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_saved)


def test_crowded_board_120x40(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = saved_app(crowded_with_stack(), tmp_path)
    assert snap_compare(app, terminal_size=(120, 40), run_before=open_saved)


def row_visible(side: SideView, uid: int) -> bool:
    """Whether a unit's row lies in the part of the side that shows."""
    for widget in side.query("LineWidget"):
        index = widget.index_of(uid)  # type: ignore[attr-defined]
        if index is not None:
            y = widget.virtual_region.y + index
            return side.scroll_y <= y < side.scroll_y + side.scrollable_content_region.height
    return False


def side_of(board: MageWarsBoard, uid: int) -> SideView:
    return next(side for side in board.sides if side.holds(uid))


async def test_a_crowded_line_scrolls_to_the_attacker_while_blocks_are_declared(tmp_path: Path) -> None:
    game = play_until(BLOCK_SEED, blocking, "attack")
    assert game is not None
    combat = game.state.combat
    assert combat is not None
    app = saved_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.board
        assert isinstance(board, MageWarsBoard)
        decision = app.session.game.decision  # type: ignore[union-attr]
        assert decision is not None and decision.prompt.startswith("Which attacker")
        attackers = [int(action[1]) for action in decision.actions if action[0] == "unit"]
        assert len(attackers) >= 2
        side = side_of(board, attackers[0])
        assert side.max_scroll_y > 0, "the attacking side is crowded: its lines do not fit"
        assert row_visible(side, attackers[0]), "the highlighted attacker shows"
        for _ in range(3):  # the player scrolls the board away with ]
            await press(pilot, "right_square_bracket")
        assert side.scroll_y == side.max_scroll_y > 0
        first = app.session.game.describe(decision.actions[0])  # type: ignore[union-attr]
        await press(pilot, "down")  # the next attacker is highlighted: it comes back into view
        assert row_visible(side, attackers[1])
        await press(pilot, "left_square_bracket", "left_square_bracket", "left_square_bracket")
        assert side.scroll_y == 0
        await press(pilot, "up")
        assert row_visible(side, attackers[0]) and first in screen_text(app)
        assert app.session.game.decision is decision, "scrolling and highlighting chose nothing"  # type: ignore[union-attr]


async def test_scroll_keys_show_only_when_a_side_overflows() -> None:
    game = mid_game()
    decision = game.decision
    assert decision is not None
    app = BoardOnly()
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(MageWarsBoard)
        board.show(game.view(decision.seat), decision.seat, game.setup.players)
        await settle(pilot)
        await settle(pilot)
        assert not any(side.overflows() for side in board.sides)
        assert board.key_enabled("scroll_down") is False


async def test_changed_units_and_the_tower_carry_a_mark_and_the_cursor_shows() -> None:
    game = crowded_with_stack()
    decision = game.decision
    assert decision is not None
    view = game.view(decision.seat)
    other = view.players[1 - decision.seat]
    unit = other.offensive[0]
    app = BoardOnly()
    async with app.run_test(size=(120, 30)) as pilot:
        board = app.query_one(MageWarsBoard)
        board.show(view, decision.seat, game.setup.players)
        await settle(pilot)
        before = screen_text(app)
        assert CHANGED not in before and CURSOR not in before
        board.mark_changed(frozenset({unit.uid, f"tower:{other.seat}"}))
        await settle(pilot)
        rows = screen_text(app).splitlines()
        marked = [row for row in rows if f"{CHANGED}{unit.name}" in row]
        assert marked, "the changed unit has a mark before its name"
        assert any(f"Tower {other.tower}{CHANGED}" in row for row in rows)
        board.point_at(view.hand[0].uid)
        await settle(pilot)
        assert any(CURSOR in row and view.hand[0].name in row for row in screen_text(app).splitlines())
        board.mark_changed(frozenset())
        board.point_at(None)
        await settle(pilot)
        assert screen_text(app) == before


def test_the_legend_explains_every_symbol_the_board_draws() -> None:
    board = MageWarsBoard()
    legend = dict(board.legend())
    assert legend and all(meaning for meaning in legend.values())
    symbols = " ".join(legend)
    for symbol in ("Off", "Def", "Row", "Tower", "tier", "▶", "P4", "G4", "dmg", "Air", "Hero", "rdy", "exh", "atk"):
        assert symbol in symbols, symbol
    for symbol in ("blk", "▒", "≈", "⌂", "×2", "2T", "fast", "res", CHANGED, CURSOR, "[ ]"):
        assert symbol in symbols, symbol
    assert legend == dict(LEGEND)


async def test_every_hand_card_is_readable_at_80x24(tmp_path: Path) -> None:
    """With the board crowded and a spell on the stack, each of the 7 hand cards shows by its full
    name, never split over two rows; on an empty table the hand lists each card with its text, so a
    card with no legal option can be read too."""
    game = crowded_with_stack()
    decision = game.decision
    assert decision is not None
    hand = game.view(decision.seat).hand
    app = saved_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved(pilot)
        rows = screen_text(app).splitlines()
        for card in hand:
            assert any(card.name in row for row in rows), card.name
    fresh = Game.new("magewars", 7)
    seat = fresh.decision.seat  # type: ignore[union-attr]
    view = fresh.view(seat)
    board_only = BoardOnly()
    async with board_only.run_test(size=(80, 12)) as pilot:  # the board's share of an 80x24 screen
        board = board_only.query_one(MageWarsBoard)
        board.show(view, seat, fresh.setup.players)
        await settle(pilot)
        await settle(pilot)
        rows = screen_text(board_only).splitlines()
        for card in view.hand:  # what the row says of a card starts with its ability's rules, if it has one
            assert any(card.name in row and card_words(card)[:12] in row for row in rows), card.name


async def test_the_inspect_cursor_scrolls_a_unit_into_view_and_draws_it() -> None:
    game = crowded_with_stack()
    decision = game.decision
    assert decision is not None
    view = game.view(decision.seat)
    app = BoardOnly()
    async with app.run_test(size=(80, 12)) as pilot:  # the board's share of an 80x24 screen
        board = app.query_one(MageWarsBoard)
        board.show(view, decision.seat, game.setup.players)
        await settle(pilot)
        await settle(pilot)
        crowded_side = max(board.sides, key=lambda side: side.max_scroll_y)
        assert crowded_side.max_scroll_y > 0
        player = view.players[crowded_side.seat]  # type: ignore[index]
        last = player.defensive[-1]
        assert not row_visible(crowded_side, last.uid), "the last unit starts out of sight"
        board.point_at(last.uid)
        await settle(pilot)
        await settle(pilot)
        assert row_visible(crowded_side, last.uid)
        assert any(f"{CURSOR}{last.name}" in row for row in screen_text(app).splitlines())
        board.point_at(f"tower:{player.seat}")
        await settle(pilot)
        assert f"Tower {CURSOR}{player.tower}" in screen_text(app)


async def test_a_change_to_the_other_seats_face_down_cards_marks_their_count_only() -> None:
    game = mid_game()
    decision = game.decision
    assert decision is not None
    view = game.view(decision.seat)
    other = view.players[1 - decision.seat]
    hidden = [unit for unit in (*other.offensive, *other.defensive) if not unit.card_id]
    assert hidden, "the other seat has face-down units"
    app = BoardOnly()
    async with app.run_test(size=(120, 30)) as pilot:
        board = app.query_one(MageWarsBoard)
        board.show(view, decision.seat, game.setup.players)
        await settle(pilot)
        board.mark_changed(frozenset({hidden[0].uid}))
        await settle(pilot)
        rows = [row for row in screen_text(app).splitlines() if CHANGED in row]
        assert len(rows) == 1 and "face-down card" in rows[0]


async def test_no_two_unit_names_on_a_board_look_alike_at_any_width() -> None:
    """Both sides of a crowded board, narrowed until names must be cut: each distinct full name
    shows in one form, and no form stands for two names, across both sides."""
    game = crowded_with_stack()
    decision = game.decision
    assert decision is not None
    view = game.view(decision.seat)
    app = BoardOnly()
    async with app.run_test(size=(120, 16)) as pilot:
        board = app.query_one(MageWarsBoard)
        cut = 0
        for width in (120, 80, 72, 64, 56):
            await pilot.resize_terminal(width, 16)
            board.show(view, decision.seat, game.setup.players)
            await settle(pilot)
            await settle(pilot)
            forms: dict[str, str] = {}
            for side in board.sides:
                for name in side.unit_names():
                    shown = side.marks.short.get(name, name)
                    assert forms.setdefault(shown, name) == name, f"{name} and {forms[shown]} look alike"
                    cut += shown != name
            text = screen_text(app)
            for shown in forms:
                assert shown in text, f"{shown} is drawn whole at {width} columns"
        assert cut > 0, "the narrow widths did cut names"


def test_a_hand_row_says_what_a_cards_ability_does_before_its_printed_text() -> None:
    """Cinder Hound's row read "Runs hotter the more you feed it." and never said that it turns Tower
    Levels into Power; a row is cut at the edge, so the rules come first."""
    from mythtable.engine.registry import load
    from mythtable.rulesets.magewars.view import CardView, printed

    info = load("magewars").content.cards["cinder-hound"]
    assert info.ability is not None and info.ability.text
    card = CardView(1, info.id, info.name, info.type, info.elements, info.speed, info.cost, info.power,
                    info.guard, info.keywords, False, 0, info.text, printed(info))  # fmt: skip
    words = card_words(card)
    assert words.startswith(info.ability.text) and words.endswith(info.text)
    plain = CardView(2, "x", "X", "unit", (), "", 0, 1, 1, (), False, 0, "Just a unit.", None)
    assert card_words(plain) == "Just a unit."


async def test_a_line_is_repainted_only_when_its_rows_change_and_laid_out_only_when_their_count_does(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """Issue 32: the board drew its sides three times a move (the view, the change marks, the option's subject),
    each time updating every line with a layout of the whole screen."""
    from mythtable.tui.boards.magewars.side import LineWidget

    game = crowded_with_stack()
    decision = game.decision
    assert decision is not None
    view = game.view(decision.seat)
    unit = view.players[1 - decision.seat].offensive[0]
    updates: list[tuple[str, bool]] = []
    original = LineWidget.update

    def counted(self: LineWidget, content: object = "", *, layout: bool = True) -> None:
        updates.append((self.key, layout))
        original(self, content, layout=layout)  # type: ignore[arg-type]

    monkeypatch.setattr(LineWidget, "update", counted)
    app = BoardOnly()
    async with app.run_test(size=(120, 30)) as pilot:
        board = app.query_one(MageWarsBoard)
        for _ in range(2):  # the first show comes before the board has a size: its rows are drawn again once sized
            board.show(view, decision.seat, game.setup.players)
            await settle(pilot)
        updates.clear()
        board.show(view, decision.seat, game.setup.players)  # the same view again: every row as it is
        await settle(pilot)
        assert updates == []
        board.mark_changed(frozenset({unit.uid}))  # one unit's row gains its mark: the same number of rows
        await settle(pilot)
        assert updates == [("offensive", False)]
        assert any(f"{CHANGED}{unit.name}" in row for row in screen_text(app).splitlines())
