"""The inspect panel: the full text of one card, unit or player, as the ruleset writes it.

Two uses (issue 16): in inspect mode a cursor walks over everything the seat may inspect (the
panel has the keys then), and otherwise the panel shows what the highlighted option is about.
Everything shown is plain text (safe_text.plain): card and player names are never markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Static

from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.tui.safe_text import plain
from mythtable.tui.widgets.steady import steady_update


def inspection_content(inspection: Inspection | None, header: str = "", note: str = "") -> Content:
    """One inspection as plain, styled text: header, title, lines, then the reasons why not."""
    parts: list[Content] = []
    if header:
        parts.append(plain(header, "italic $text-muted", newlines=False))
    if note:
        parts.append(plain(note, "$warning"))
    if inspection is not None:
        parts.append(plain(inspection.title, "bold $accent", newlines=False))
        parts.extend(plain(line) for line in inspection.lines)
        if inspection.why_not:
            parts.append(plain("Why not now:", "bold $warning", newlines=False))
            parts.extend(plain(f"• {reason}", "$warning") for reason in inspection.why_not)
    return Content("\n").join(parts)


class OnePass:
    """A widget whose new size, found by a layout, asks for no second layout of the whole screen.

    Textual's layout gives each widget its size with `_size_updated`, which sets `virtual_size`, a reactive that
    asks for a layout: every widget whose size changed makes the screen lay out again, the same as it just did
    (a highlight moved to an option about another card changes the panel's text and its height: two layouts a
    key, 1.9 a key in Mythicarium). A scrollbar that comes or goes asks for its own layout (`_refresh_scrollbars`);
    the size is set as in Textual's scroll-only layout, which passes layout=False
    (docs/upstream/textual-size-updated-second-layout.md; tests/test_private_apis.py guards it)."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)  # type: ignore[misc]


class InspectText(OnePass, Static):
    """The panel's text."""


MORE_BINDING = Binding("space,shift+down", "scroll_text(1)", "More", key_display="space")
"""The text scrolls by space / b (a page, as in a pager) and shift+arrows; PgUp/PgDn stay the log's. The
footer names it only while there is more to read (boards keep room for it: Board.footer_has_room)."""


class InspectPanel(OnePass, VerticalScroll, can_focus=True):
    """A scrollable panel; while it has focus its keys move the inspect cursor (see GameScreen)."""

    BINDINGS = [
        Binding("down,j", "move(1)", "Next", show=False),
        Binding("up,k", "move(-1)", "Previous", show=False),
        Binding("tab,right", "zone(1)", "Next zone"),
        Binding("shift+tab,left", "zone(-1)", "Previous zone", show=False),
        MORE_BINDING,
        Binding("b,shift+up", "scroll_text(-1)", "Back", show=False),
        Binding("escape,i", "leave", "Leave inspect"),
    ]

    class Moved(Message):
        """The cursor moved: the screen shows `index` (and asks the board to point at it)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Leave(Message):
        """Escape or i: inspect mode ends."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.targets: list[InspectTarget] = []
        self.index = 0
        self.shown: Content | None = None
        """What the panel holds now: showing it again redraws nothing (a highlight moved between two
        options about the same unit, the common case, would repaint the panel's column for nothing)."""

    def compose(self):  # type: ignore[no-untyped-def]
        yield InspectText("", id="inspect-text")

    def show(self, content: Content) -> None:
        """Replace the text and scroll back to its top (the footer's "space More" shows when it overflows)."""
        if content == self.shown:
            return
        self.shown = content
        steady_update(self.query_one("#inspect-text", Static), content)  # a text as tall: no layout
        self.scroll_home(animate=False)
        self.call_after_refresh(self.refresh_keys)

    def refresh_keys(self) -> None:
        """The footer's keys again, if the panel is still on a screen: on a loaded machine the refresh
        may come round after the keys moved on and the game screen went (NoScreen ended the app)."""
        if self.is_attached:
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_text":
            return self.max_scroll_y > 0  # "space More" only while there is more to read
        return True

    def set_targets(self, targets: Sequence[InspectTarget], keep: object = None) -> None:
        """A new list of targets; the cursor stays on `keep` (a ref) when it is still there."""
        self.targets = list(targets)
        refs = [t.ref for t in self.targets]
        self.index = refs.index(keep) if keep in refs else min(self.index, max(0, len(refs) - 1))

    @property
    def current(self) -> InspectTarget | None:
        return self.targets[self.index] if 0 <= self.index < len(self.targets) else None

    def action_move(self, step: int) -> None:
        if self.targets:
            self.index = (self.index + step) % len(self.targets)
            self.post_message(self.Moved(self.index))

    def action_zone(self, step: int) -> None:
        """Jump to the first target of the next (or previous) zone."""
        if not self.targets:
            return
        zones: list[str] = []
        for t in self.targets:
            if t.zone not in zones:
                zones.append(t.zone)
        here = zones.index(self.targets[self.index].zone)
        zone = zones[(here + step) % len(zones)]
        self.index = next(i for i, t in enumerate(self.targets) if t.zone == zone)
        self.post_message(self.Moved(self.index))

    def action_scroll_text(self, step: int) -> None:
        self.scroll_relative(y=step * max(1, self.size.height - 1), animate=False)

    def action_leave(self) -> None:
        self.post_message(self.Leave())
