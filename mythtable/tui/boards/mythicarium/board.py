"""The Mythicarium board widget: both defense lanes, XP, VP and counts, limbo, and the asker's hand.

The viewer's side is on the right, the opponent's on the left; hands other than the
viewer's are never rendered (the view does not even contain them). The board fits the terminal
(layout.py): short names on a narrow one, full names, equipment rows and card text on a wide one.
A lane longer than its rows scrolls with [ and ] (or the mouse wheel), and the units under
discussion (the attacker being blocked, the option's target, the inspect cursor) scroll into view.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from mythtable.engine.decision import Action, Ref
from mythtable.rulesets.mythicarium.view import MythicariumView, PlayerView
from mythtable.tui.boards.base import Board
from mythtable.tui.boards.mythicarium.layout import (
    LEGEND,
    LIMBO_ROWS,
    Look,
    fit_window,
    hand_rows,
    header_rows,
    lane_blocks,
    limbo_rows,
    make_look,
    stage_words,
    under_discussion,
)
from mythtable.tui.boards.mythicarium.text import card_detail
from mythtable.tui.widgets.steady import steady_update

SIDES = ("left", "right")


class LaneView(Widget, can_focus=True):
    """One player's lane: a header that stays, and the units that fit below it from the lane's top.

    A lane takes focus (Tab, or first on a screen with nothing else to focus, like the replay's) and
    then scrolls with the arrow keys; it binds no other key, so the screen's keys still work."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll(-1)", "Scroll up", show=False),
        Binding("down", "scroll(1)", "Scroll down", show=False),
    ]

    def __init__(self, board: MythicariumBoard, side: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.board = board
        self.side = side
        self.drawn: Text | None = None
        """The rows last drawn (a move that leaves this lane as it was repaints nothing here)."""

    def render(self) -> Text:
        self.drawn = self.board.render_lane(self.side, self.content_size.width, self.content_size.height)
        return self.drawn

    def redraw(self) -> None:
        """Repaint when the rows differ from those drawn: the board is redrawn after every move, and a lane is
        a third of the screen's rows."""
        if self.drawn is None or self.board.render_lane(self.side, *self.content_size) != self.drawn:
            self.refresh()

    def action_scroll(self, step: int) -> None:
        self.board.scroll_lanes(step, (self.side,))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.board.scroll_lanes(1, (self.side,))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.board.scroll_lanes(-1, (self.side,))


SCROLL_KEYS = (
    Binding("left_square_bracket", "lanes_up", "Lanes up"),
    Binding("right_square_bracket", "lanes_down", "Lanes down"),
)


class MythicariumBoard(Board[MythicariumView]):
    """[ and ] scroll the lanes. The footer names them while it has room for both whole: at 80 columns not
    in inspect mode (its cursor scrolls the lanes to what it points at), nor beside "a All here" and
    "u Take back" (the highlighted blocker scrolls into view). They work either way, through unnamed twins."""

    SCREEN_BINDINGS: ClassVar[list[Binding]] = [
        *SCROLL_KEYS,
        *[Binding(b.key, f"{b.action}_quiet", b.description, show=False) for b in SCROLL_KEYS],
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: MythicariumView | None = None
        self.viewer: int | None = None
        self.tops: dict[str, int] = dict.fromkeys(SIDES, 0)
        """The first unit each lane shows."""
        self.wants: dict[str, Ref | None] = dict.fromkeys(SIDES)
        """The unit each lane keeps in view (the one under discussion), until the player scrolls."""
        self.hidden: dict[str, tuple[int, int]] = dict.fromkeys(SIDES, (0, 0))
        """Units above and below each lane's view, as last drawn."""
        self.changed: frozenset[Ref] = frozenset()
        self.cursor: Ref | None = None
        self.about: frozenset[Ref] = frozenset()
        """What the highlighted option is about (its subject's units): marked ▸ on the lanes."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="lanes"):
            for side in SIDES:
                yield LaneView(self, side, classes="lane", id=f"lane-{side}")
        yield Static(id="limbo")
        yield Static(id="hand")

    # ----- what is drawn ---------------------------------------------------------------------
    @property
    def shown(self) -> MythicariumView:
        """The view shown (asked for only once there is one)."""
        if self.view is None:
            raise RuntimeError("the board shows no view yet")
        return self.view

    def players(self) -> dict[str, PlayerView]:
        me = self.viewer if self.viewer is not None else 1
        return {"left": self.shown.players[1 - me], "right": self.shown.players[me]}

    def lane_width(self) -> int:
        """The content width both lanes have at least (they share one name column)."""
        width = self.size.width or (self.app.size.width if self.is_attached else 80)
        return max((width - 1) // 2 - 1, 10)

    def look(self) -> Look:
        look = make_look(self.shown, self.lane_width(), self.changed, self.cursor)
        look.focus = self.about
        return look

    def show(self, view: MythicariumView, viewer: int | None, names: list[str]) -> None:
        new_viewer = viewer != self.viewer
        self.view = view
        self.viewer = viewer
        if new_viewer:
            self.tops = dict.fromkeys(SIDES, 0)
            self.wants = dict.fromkeys(SIDES)
        refs = under_discussion(view)  # a blocker choosing, then the attackers not yet blocked, then the rest
        if refs:
            self.bring_into_view(tuple(refs))
        self.redraw()

    def redraw(self) -> None:
        """Draw limbo and the hands at the board's width, then let the lanes take the rows left."""
        if self.view is None or not self.is_mounted:
            return
        look = self.look()
        width = max((self.size.width or self.app.size.width) - 2, 10)
        height = self.size.height or max(self.app.size.height - 12, 8)
        limbo = self.query_one("#limbo", Static)
        rows = limbo_rows(self.view, look, width)[:LIMBO_ROWS]
        limbo.display = bool(rows)
        if rows:
            steady_update(limbo, Text("\n").join(rows))
            limbo.styles.height = len(rows)
        left = height - len(rows) - 1  # the hand's top border
        hand_cap = max(2, left // 2) if look.wide else max(2, left // 3)
        rows = hand_rows(self.view, look, width, hand_cap)[:hand_cap]
        hand = self.query_one("#hand", Static)
        steady_update(hand, Text("\n").join(rows))
        hand.styles.height = len(rows) + 1
        self.refresh_lanes()

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()
        self.screen.refresh_bindings()  # which keys the footer has room to name

    def render_lane(self, side: str, width: int, height: int) -> Text:
        """The rows of one lane at its size; keeps the wanted unit in view and notes what is hidden."""
        if self.view is None or width <= 0:
            return Text()
        player = self.players()[side]
        look = self.look()
        blocks = lane_blocks(player, look, width)
        sizes = [len(b) for b in blocks]
        two = height - 2 >= sum(sizes) or height >= 14
        rows = max(height - (2 if two else 1), 1)
        uids = [u.uid for u in player.lane]
        want = self.wants[side]
        index = uids.index(want) if isinstance(want, int) and want in uids else None
        top, end = fit_window(sizes, rows, self.tops[side], index)
        self.tops[side] = top
        hidden = (top, len(blocks) - end)
        if hidden != self.hidden[side]:
            self.hidden[side] = hidden
            self.call_after_refresh(self.screen.refresh_bindings)  # the scroll keys come and go
        out = header_rows(player, self.shown, look, width, two, *hidden)
        for block in blocks[top:end]:
            out.extend(block)
        return Text("\n", no_wrap=True, overflow="ellipsis").join(out[:height])

    def refresh_lanes(self) -> None:
        if self.is_mounted:
            for side in SIDES:
                self.query_one(f"#lane-{side}", LaneView).redraw()

    def side_of(self, ref: Ref) -> str | None:
        if self.view is None:
            return None
        for side, player in self.players().items():
            if any(u.uid == ref for u in player.lane):
                return side
        return None

    # ----- scrolling -------------------------------------------------------------------------
    def scroll_lanes(self, step: int, sides: tuple[str, ...] = SIDES) -> None:
        """Move lanes by `step` units; the player's scrolling overrides the unit kept in view."""
        for side in sides:
            self.wants[side] = None
            above, below = self.hidden[side]
            if (step < 0 and above) or (step > 0 and below):
                self.tops[side] = max(self.tops[side] + step, 0)
        self.refresh_lanes()

    def action_lanes_up(self) -> None:
        self.scroll_lanes(-1)

    def action_lanes_down(self) -> None:
        self.scroll_lanes(1)

    action_lanes_up_quiet = action_lanes_up
    action_lanes_down_quiet = action_lanes_down

    def key_enabled(self, name: str) -> bool | None:
        if name.endswith("_quiet"):  # a scroll key, unnamed: it works whatever the footer shows
            return self.can_scroll(name.removesuffix("_quiet"))
        if name in ("lanes_up", "lanes_down"):
            # named while the footer has room for both: each comes and goes as the lanes scroll, the room stays
            return self.can_scroll(name) and self.footer_has_room(SCROLL_KEYS)
        return True

    def can_scroll(self, action: str) -> bool:
        """A lane has units hidden that way."""
        if action == "lanes_up":
            return any(above for above, _ in self.hidden.values())
        return any(below for _, below in self.hidden.values())

    # ----- reading the table (issues 15 and 16) ------------------------------------------------
    def bring_into_view(self, refs: tuple[Ref, ...]) -> None:
        """Each lane keeps the first of `refs` that stands in it in view (the others stay as they are)."""
        placed: set[str] = set()
        for ref in refs:
            side = self.side_of(ref)
            if side is not None and side not in placed:
                self.wants[side] = ref
                placed.add(side)
        if placed:
            self.refresh_lanes()

    def point_at(self, ref: Ref | None) -> None:
        """Draw the inspect cursor (reverse video) on a unit, a hand card, limbo, or VP/XP; scroll to it."""
        self.cursor = ref
        if ref is not None:
            self.bring_into_view((ref,))
        self.redraw()

    def mark_changed(self, refs: frozenset[Ref], redraw: bool = True) -> None:
        """Mark (◆) what the last moves changed until this is called again (the next decision)."""
        self.changed = frozenset(refs)
        if redraw:
            self.redraw()

    def legend(self) -> list[tuple[str, str]]:
        return list(LEGEND)

    # ----- the screen's questions ----------------------------------------------------------------
    def turn_owner(self, view: MythicariumView) -> int | None:
        return view.active

    def status(self, view: MythicariumView) -> str:
        return stage_words(view)

    def detail(self, view: MythicariumView, action: Action) -> str | Text:
        """Card text of what the option is about (as the ruleset's subject says): the unit it aims at
        (a target, a blocker to wound, an attacker to block), else the card or unit it plays or uses.
        The units the option names scroll into view."""
        subject = self.subject(action)
        focus = frozenset(subject.refs())
        if focus != self.about:
            self.about = focus
            self.refresh_lanes()
        self.bring_into_view(subject.refs()[::-1])  # the target first: the attacker a blocker is for
        about = subject.target if subject.target is not None else subject.actor
        return "" if about is None else card_detail(view, about)
