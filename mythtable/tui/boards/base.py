"""What a ruleset's board widget provides to the game screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, TypeVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical

from mythtable.engine.decision import NO_SUBJECT, Action, Ref, Subject
from mythtable.tui.widgets.inspect import MORE_BINDING

V = TypeVar("V")
"""The ruleset's view type (its view.py), which is all a board draws from."""

INSPECT_META = "inspect"
"""The style meta key a board puts on the cells of a thing the inspect cursor can stop on."""


def inspect_style(ref: Ref) -> Style:
    """A style for the cells that draw `ref`: a click there inspects it (GameScreen.on_click reads it).

    Boards add it wherever they draw the inspect cursor, so a click reaches what `i` reaches; the game
    screen still checks the seat may inspect the ref."""
    return Style.from_meta({INSPECT_META: ref})


def clicked_ref(style: Style) -> Ref | None:
    """The ref a click landed on (from `inspect_style`), or None."""
    ref = style.meta.get(INSPECT_META)
    return ref if isinstance(ref, (int, str)) else None


def footer_width(app: App[Any], bindings: Sequence[Binding]) -> int:
    """Columns a compact footer takes for `bindings` (one key per action, as the footer shows them), each
    key followed by its one-column gap."""
    widths = {
        b.action: cell_len(app.get_key_display(b)) + (1 + cell_len(b.description) if b.description else 0) + 1
        for b in reversed(bindings)
    }
    return sum(widths.values())


class Board(Vertical, Generic[V]):
    """Renders one seat's view of the table. Subclasses implement `show` and may refine `detail`.

    A board reads only its ruleset's view (the view dataclasses of `mythtable.rulesets.<id>.view`, the one
    module of the rulesets it may import) and each option's `Subject`: never an action tuple."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    """
    MIN_ROWS: ClassVar[int] = 10
    """A decision with many options takes rows from the board down to this many (at 80x24: 8 options, not 5)."""
    SHOW_TURN: ClassVar[bool] = True
    """Whether the status line adds "turn N" (a board whose status() names the round says False)."""

    def turn_owner(self, view: V) -> int | None:
        """The seat whose turn it is, for the status line ("Ana's turn 5"); None: the status names no one."""
        return None

    SCREEN_BINDINGS: ClassVar[list[Binding]] = []
    """Keys the board adds to the game screen: a binding with action "x" runs the board's `action_x`."""
    subjects: Callable[[Action], Subject] | None = None
    """What an option is about, as the ruleset says (the game screen sets it to `Game.subject`)."""

    def subject(self, action: Action) -> Subject:
        """The subject of one option of the open decision, so a board never decodes action tuples."""
        return NO_SUBJECT if self.subjects is None else self.subjects(action)

    def show(self, view: V, viewer: int | None, names: list[str]) -> None:
        """Render `view` (what seat `viewer` may see)."""
        raise NotImplementedError

    def detail(self, view: V, action: Action) -> str | Text:
        """Extra words for the highlighted option (card text, target stats); empty for none."""
        return ""

    def arrange_options(self, question: str, choices: list[tuple[Action, str]]) -> tuple[str, list[tuple[Action, str]]]:
        """The question and options as the prompt shows them: a board may reorder the options, add words
        (a hit chance) or a hint to the question; it never adds or drops a legal action. The default keeps
        the ruleset's order and words."""
        return question, choices

    def status(self, view: V) -> str:
        """A short stage label for the status line, e.g. "Combat: declare blockers"."""
        return ""

    def key_enabled(self, name: str) -> bool | None:
        """Whether the board's key `name` is usable now (False hides it from the footer)."""
        return True

    def names_key(self, action: str) -> bool:
        """Whether the footer names the game screen's key for `action` ("legend" and "recap" ask) now. A board
        whose own keys need the footer's room says False for a key it names elsewhere on screen; the key
        still works."""
        return True

    _measuring = False
    """footer_has_room is measuring the footer: the keys it asks about are left out meanwhile."""

    def footer_has_room(self, bindings: Sequence[Binding]) -> bool:
        """Whether the footer has room for the board's keys `bindings` whole after every other key it
        names now (those asking are left out while it measures). A board names a key it can do without
        (a scroll key) only then, and keeps it working through an unnamed twin. In inspect mode the
        panel's "space More" counts even while it is off: it comes and goes as the cursor moves, and
        the other keys should not come and go with it."""
        shown = self.footer_bindings()
        if shown is None:
            return False
        named = [b.binding for b in shown.values() if b.binding.show]
        if getattr(self.screen, "inspecting", False):
            named.append(MORE_BINDING)
        return footer_width(self.app, [*named, *bindings]) - 1 <= self.app.size.width

    def footer_bindings(self) -> dict[str, ActiveBinding] | None:
        """The screen's active bindings as the footer would name them without the board's optional keys
        (they answer False while this measures); None while measuring already or before mounting."""
        if self._measuring or not self.is_attached:
            return None
        if self._measured is not None:
            return self._measured
        self._measuring = True
        try:
            shown = dict(self.screen.active_bindings)
        finally:
            self._measuring = False
        if self._reading:
            self._measured = shown
        return shown

    _reading = False
    """The screen is reading its active bindings (`reading_bindings`): nothing changes meanwhile."""
    _measured: dict[str, ActiveBinding] | None = None
    """`footer_bindings` as measured once during that reading."""

    @contextmanager
    def reading_bindings(self) -> Iterator[None]:
        """While the screen reads its active bindings, the footer is measured once: each optional key asks
        whether it fits, and each asking measured every other key again (thousands of key checks a move)."""
        if self._reading:
            yield
            return
        self._reading = True
        try:
            yield
        finally:
            self._reading = False
            self._measured = None

    # ----- reading the table (issues 15 and 16) ------------------------------------------
    def point_at(self, ref: Ref | None) -> None:
        """Show the inspect cursor on `ref` (None: no cursor) and scroll it into view.

        Boards keep the ref and draw it distinctly on the next `show`; the default does nothing,
        and the inspect panel still names the thing."""

    def bring_into_view(self, refs: tuple[Ref, ...]) -> None:
        """Scroll so the things under discussion (the attacker being blocked, the target) show."""

    def mark_changed(self, refs: frozenset[Ref], redraw: bool = True) -> None:
        """Mark what the last moves changed (from `Inspector.changes`) until the next decision. Without `redraw`
        the marks show from the next `show` on (the game screen shows the new view right after: the board is
        drawn once, not once with the old view and the new marks and again with the new view)."""

    def legend(self) -> list[tuple[str, str]]:
        """(symbol, meaning) for every symbol the board draws, for the legend screen (key k) and the
        rules screen; a board with none returns []."""
        return []
