"""The Mage Wars CCG board widget: both sides, then the combat, stack and hand panels."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from mythtable.engine.decision import Action, Ref, Subject
from mythtable.rulesets.magewars.view import CardView, GameView
from mythtable.tui.boards.base import Board
from mythtable.tui.boards.magewars.combat import CombatRender, combat_roles, stack_text, step_words
from mythtable.tui.boards.magewars.detail import PLAIN_DETAIL, attack_detail, describe_uid, line_units
from mythtable.tui.boards.magewars.hand import hands_text
from mythtable.tui.boards.magewars.legend import LEGEND
from mythtable.tui.boards.magewars.names import abbreviate
from mythtable.tui.boards.magewars.render import LINE_NAMES, FitText, Marks
from mythtable.tui.boards.magewars.side import LineWidget, SideView
from mythtable.tui.widgets.steady import steady_update

ATTACK_DECISIONS = frozenset({"declare_attackers", "counter_attackers"})
"""Decision kinds whose options pick an attacker and its target."""


NAMED_REFS = ("tower:", "hand:")
"""Refs of numbers the board draws ("tower:0" is seat 0's Tower Level); other refs name cards."""


def card_ref(ref: Ref) -> Ref:
    """A card's uid from the forms a ref may take (12, "12", "unit:12"); named numbers stay as given."""
    if isinstance(ref, str) and not ref.startswith(NAMED_REFS):
        tail = ref.rsplit(":", 1)[-1]
        if tail.isdigit():
            return int(tail)
    return ref


SCROLL_KEYS = (
    Binding("left_square_bracket", "scroll_up", "Board up"),
    Binding("right_square_bracket", "scroll_down", "Board down"),
)


def chosen_names(view: GameView) -> dict[str, str]:
    """Each unit's name as shown (a look-alike's letter included) -> its card's chosen short name (with the
    letter); only the units whose card the view shows (a face-down card of the other seat's has no name)."""
    out = {}
    for player in view.players:
        for unit in (*player.offensive, *player.defensive):
            info = unit.info
            if info is not None and info.short_name and unit.name.startswith(info.name):
                out[unit.name] = info.short_name + unit.name[len(info.name) :]
    return out


class Half(Vertical):
    """One player's half. Its height can change without the board's (a panel below it grows or shrinks as the
    board is first laid out, or the options take rows): the lines are fitted again to the rows it has then."""

    def on_resize(self) -> None:
        board = self.parent.parent if self.parent is not None else None
        if isinstance(board, MageWarsBoard):
            board.call_after_refresh(board.after_layout)


class MageWarsBoard(Board[GameView]):
    MIN_ROWS = 8
    """A long list of options leaves the board its header, both lines, the Tower row and the hand (80x24: ten
    options show, not five)."""
    TALL = 18
    """From this many rows on, the hand lists one card a line with its text."""
    TALL_HAND = 9
    """The rows a tall board's hand panel may take (app.tcss); a longer hand is drawn compactly."""
    SCREEN_BINDINGS: ClassVar[list[Binding]] = [
        *SCROLL_KEYS,
        *[Binding(b.key, f"{b.action}_quiet", b.description, show=False) for b in SCROLL_KEYS],
    ]
    """[ and ] scroll both sides. The footer names them while it has room for both whole: at 80 columns not
    in inspect mode (its cursor scrolls the sides to what it points at). They work either way, through
    unnamed twins."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._last: tuple[GameView, int | None, list[str]] | None = None
        self._changed: frozenset[Ref] = frozenset()
        self._cursor: Ref | None = None
        self._wanted: tuple[Ref, ...] = ()
        """The highlighted option's subject: kept in view after the combat's units."""
        self._hand_lines: dict[int, int] = {}
        """Which row of the hand panel each hand card is on (when listed one a row)."""
        self._sides: tuple[SideView, SideView] | None = None
        """Both sides, found once mounted (a query each time cost more than drawing them)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="sides"):
            for where in ("left", "right"):
                with Half(id=f"half-{where}", classes="half"):
                    yield Static("", id=f"head-{where}", classes="header")
                    yield SideView(id=f"side-{where}")
                    yield LineWidget("row", id=f"row-{where}", classes="row")
                    yield LineWidget("grave", id=f"grave-{where}", classes="grave")
        with VerticalScroll(id="combat-panel", classes="panel"):
            yield Static(id="combat")
        with VerticalScroll(id="stack-panel", classes="panel"):
            yield Static(id="stack")
        with VerticalScroll(id="hand-panel", classes="panel"):
            yield Static(id="hand")

    def on_mount(self) -> None:
        for where in ("left", "right"):
            side = self.query_one(f"#side-{where}", SideView)
            side.header = self.query_one(f"#head-{where}", Static)
            side.below = {key: self.query_one(f"#{key}-{where}", LineWidget) for key in ("row", "grave")}
        self._sides = self.query_one("#side-left", SideView), self.query_one("#side-right", SideView)

    @property
    def ready(self) -> bool:
        """Attached with its parts in place (not while the game screen is being taken down)."""
        if self._sides is None:
            return self.is_attached and len(self.query(SideView)) == 2
        return self.is_attached and all(side.is_attached for side in self._sides)

    @property
    def sides(self) -> tuple[SideView, SideView]:
        if self._sides is None:  # asked before on_mount came round
            return self.query_one("#side-left", SideView), self.query_one("#side-right", SideView)
        return self._sides

    def on_resize(self) -> None:
        """Tall or short: re-render the last view for the new size (nothing else changes)."""
        if self._last is not None:
            self.show(*self._last)
        self.screen.refresh_bindings()  # which keys the footer has room to name

    def show(self, view: GameView, viewer: int | None, names: list[str]) -> None:
        if self._last is None or self._last[0] is not view:
            self._wanted = ()  # a new decision: the detail line names its own subject again
        self._last = (view, viewer, names)
        self.set_class(self.size.height >= self.TALL, "tall")
        self.set_class(view.combat is not None or bool(view.stack), "busy")  # the hand yields rows
        me = viewer if viewer is not None else 1
        seat_names = {player.seat: player.name for player in view.players}
        roles = combat_roles(view)
        left, right = self.sides
        left.prepare(view, view.players[1 - me], seat_names, roles)
        right.prepare(view, view.players[me], seat_names, roles)
        self.draw_sides()
        self.fit_sides()
        self.show_combat(view)
        self.show_stack(view)
        self.show_hands(view)
        self.call_after_refresh(self.after_layout)

    # ----- names, marks, the cursor, scrolling ------------------------------------------
    def short_names(self, level: int) -> tuple[dict[str, str], dict[str, str]]:
        """Short names for each side, each at the width its column has. Two different names on the
        board never share a form: when the sides' forms would meet, both use one width."""
        left, right = self.sides
        names = left.unit_names() | right.unit_names()
        chosen = chosen_names(self._last[0]) if self._last is not None else {}
        widths = (left.name_width(level), right.name_width(level))
        maps = (abbreviate(names, widths[0], chosen), abbreviate(names, widths[1], chosen))
        shown: dict[str, str] = {}
        for side, forms in zip((left, right), maps, strict=True):
            for name in side.unit_names():
                shown[forms[name]] = shown.get(forms[name], name)
                if shown[forms[name]] != name:  # two names would look alike: one width for both
                    common = abbreviate(names, min(widths), chosen)
                    return common, common
        return maps

    def draw_sides(self) -> None:
        """Both sides in one form (the more compact of the two sides' own), with their short names."""
        level = max(side.level() for side in self.sides)
        headers: list[FitText] = []  # both headers abbreviate alike
        for side, short in zip(self.sides, self.short_names(level), strict=True):
            side.header_group = headers
            side.marks = Marks(short, frozenset(self._changed), self._cursor, level, frozenset(self._wanted))
            side.draw()
        for side in self.sides:
            side.show_header()

    def redraw(self) -> None:
        """Marks or the cursor moved: draw again what shows them (sizes stay as they are)."""
        if self._last is None or not self.ready:
            return
        view = self._last[0]
        self.draw_sides()
        self.show_stack(view)
        self.show_hands(view)

    def after_layout(self) -> None:
        """After layout: fit the sides again with the sizes now known (see `fit_sides`), then scroll
        the things under discussion into view."""
        if not self.ready or self._last is None:
            return  # the game screen went away before this refresh came round
        if self.fit_sides():
            self.call_after_refresh(self.after_layout)
            return
        self.scroll_to_wanted()
        if self.screen.is_attached:
            self.screen.refresh_bindings()  # the scroll keys show only when something overflows

    def fit_sides(self) -> bool:
        """While a side's lines do not fit the rows its half has under the header and above the Tower
        row, draw it more compactly (the Tower row as a summary, then weaves as marks); then give the
        lines just the rows they take, so the Tower row sits right under them. True when anything
        changed."""
        changed = folded = False
        for side in self.sides:
            half = side.parent
            if not isinstance(half, Widget) or not half.size.height or not side.rows:
                continue
            while True:
                lines = side.lines_height()
                room = max(1, half.size.height - 1 - side.below_height(self.has_class("tall")))
                if lines <= room or side.compact >= side.COMPACT:
                    break
                side.compact += 1
                side.build_rows()
                side.draw()
                folded = True
            rows = max(1, min(room, lines))
            if side.styles.height is None or side.styles.height.value != rows:
                side.styles.height = rows
                changed = True
        if folded:
            self.draw_sides()  # the short names again, for the compact rows
        return changed or folded

    def under_discussion(self) -> list[Ref]:
        """What must show, most important last: the combat's attackers, their Hero targets and
        blockers, then the highlighted option's subject, then the inspect cursor."""
        refs: list[Ref] = []
        view = self._last[0] if self._last is not None else None
        combat = view.combat if view is not None else None
        if combat is not None:
            for attack in combat.attacks:
                refs += list(attack.blockers)
                if attack.current_target.startswith("hero:"):
                    refs.append(int(attack.current_target[5:]))
                refs.append(attack.attacker)
        refs += list(reversed(self._wanted))
        if self._cursor is not None:
            refs.append(self._cursor)
        return refs

    def scroll_to_wanted(self) -> None:
        if not self.ready:
            return  # called after a refresh that came when the screen was already going
        refs = self.under_discussion()
        for side in self.sides:
            for ref in refs:
                side.scroll_to_ref(ref)
        if self._cursor is not None:
            self.scroll_hand_to(self._cursor)

    def bring_into_view(self, refs: tuple[Ref, ...]) -> None:
        """Keep `refs` (the attacker being blocked, the target) in sight, now and after layout."""
        if tuple(card_ref(ref) for ref in refs) != self._wanted:
            self._wanted = tuple(card_ref(ref) for ref in refs)
            if self._last is not None and self.ready:
                self.draw_sides()  # underline them
        if self.ready:
            self.scroll_to_wanted()
            self.call_after_refresh(self.scroll_to_wanted)

    def point_at(self, ref: Ref | None) -> None:
        """The inspect cursor: drawn as ▸ and reversed, and scrolled into view."""
        self._cursor = card_ref(ref) if ref is not None else None
        self.redraw()
        if self.ready:
            self.call_after_refresh(self.scroll_to_wanted)

    def mark_changed(self, refs: frozenset[Ref], redraw: bool = True) -> None:
        """Mark (*) what the last moves changed, until the game screen marks something else."""
        self._changed = frozenset(card_ref(ref) for ref in refs)
        if redraw:
            self.redraw()

    def scroll_hand_to(self, ref: Ref) -> None:
        index = self._hand_lines.get(ref) if isinstance(ref, int) else None
        if index is not None:
            panel = self.query_one("#hand-panel", VerticalScroll)
            panel.scroll_to_region(Region(0, index, 1, 1), animate=False, immediate=True)

    def key_enabled(self, name: str) -> bool | None:
        if name in ("scroll_up_quiet", "scroll_down_quiet"):  # unnamed: they work whatever the footer shows
            return self.can_scroll()
        if name in ("scroll_up", "scroll_down"):
            return self.can_scroll() and self.footer_has_room(SCROLL_KEYS)
        return True

    def can_scroll(self) -> bool:
        """A side is longer than its rows."""
        return self.ready and any(side.overflows() for side in self.sides)

    def action_scroll_up(self) -> None:
        if not self.ready:
            return
        for side in self.sides:
            side.scroll_rows(-max(1, side.size.height // 2))

    def action_scroll_down(self) -> None:
        if not self.ready:
            return
        for side in self.sides:
            side.scroll_rows(max(1, side.size.height // 2))

    action_scroll_up_quiet = action_scroll_up
    action_scroll_down_quiet = action_scroll_down

    def legend(self) -> list[tuple[str, str]]:
        """Symbols this board draws and what they mean (the `k` key shows them)."""
        return list(LEGEND)

    # ----- panels -----------------------------------------------------------------------
    def show_combat(self, view: GameView) -> None:
        panel = self.query_one("#combat-panel")
        combat = view.combat
        if combat is None:
            panel.display = False
            return
        panel.display = True
        self.query_one("#combat", Static).update(CombatRender(view))

    def show_stack(self, view: GameView) -> None:
        panel = self.query_one("#stack-panel")
        if not view.stack:
            panel.display = False
            return
        panel.display = True
        steady_update(self.query_one("#stack", Static), stack_text(view, self._changed, self._cursor))

    def hand_rows_free(self, view: GameView) -> int:
        """Rows the board has for the hand once both sides show in full and the panels have theirs."""
        natural = 1 + max(side.natural_height() for side in self.sides)
        panels = 0
        if view.combat is not None:
            panels += min(5, 1 + max(1, len(view.combat.attacks)))
        if view.stack:
            panels += 2
        return self.size.height - natural - panels

    def show_hands(self, view: GameView) -> None:
        hands: list[tuple[str, tuple[CardView, ...]]] = []
        if view.seat is None:
            hands = [(player.name, hand) for player, hand in zip(view.players, view.hands, strict=False)]
        else:
            hands = [(view.players[view.seat].name, view.hand)]
        panel = self.query_one("#hand-panel", VerticalScroll)
        panel.display = bool(hands)  # the public view shows no hand (each header has its size)
        if not hands:
            self._hand_lines = {}
            return
        needed = sum(1 + len(hand) for _, hand in hands)
        free = self.hand_rows_free(view)
        tall = self.has_class("tall")
        listed = free >= needed or (tall and needed <= self.TALL_HAND)
        panel.styles.max_height = max(needed, 1) if listed and free >= needed else None
        self._hand_lines = {}
        width = panel.scrollable_content_region.width or self.size.width - 3
        rows = (self.TALL_HAND if tall else 2 if self.has_class("busy") else 3) // len(hands)
        marks = Marks(changed=frozenset(self._changed), cursor=self._cursor)
        text, self._hand_lines = hands_text(hands, listed, rows, width, marks)
        steady_update(self.query_one("#hand", Static), text)

    # ----- the status line and the prompt's detail line ----------------------------------
    def turn_owner(self, view: GameView) -> int | None:
        return view.active

    def status(self, view: GameView) -> str:
        """The step; combat steps numbered and named (declaration to counter-attack)."""
        return step_words(view)

    def detail(self, view: GameView, action: Action) -> str | Text:
        """Card text for what the option is about, as its subject (`Game.subject`) names it: an
        attack's attacker and target, a chosen unit, a chosen line, else the card played or used."""
        subject: Subject = self.subject(action)
        self.bring_into_view(subject.refs())  # the unit under discussion shows on a crowded board
        actor, target = subject.actor, subject.target
        if actor is None and target is None:
            return Text(PLAIN_DETAIL.get(subject.kind, ""), style="dim")
        if view.decision_kind in ATTACK_DECISIONS and isinstance(actor, int) and target is not None:
            return attack_detail(view, actor, target)
        if isinstance(target, int):
            return describe_uid(view, target)
        if target == "tower":
            return Text(PLAIN_DETAIL["damage"], style="dim")
        if isinstance(target, str) and target.startswith("line:"):
            return self.line_detail(view, target[5:])
        return describe_uid(view, int(actor)) if isinstance(actor, int) else Text("")

    def line_detail(self, view: GameView, line: str) -> Text:
        seat = view.priority if view.priority is not None else view.active
        player = view.players[seat]
        units = line_units(player, line)
        names = ", ".join(u.name for u in units) or "no units"
        return Text(f"Your {LINE_NAMES.get(line, line)}: {names}.")
