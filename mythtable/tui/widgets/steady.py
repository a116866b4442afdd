"""Update a Static only when what it shows changes, and lay the screen out again only when its height does.

`Static.update` always repaints the widget, and by default lays out the whole screen again, even when the
content is the same. The game screen sets its status line, notice, question and the board's hand after every
move, most of them unchanged; at a shared table over SSH each seat is a process of its own, and those
needless repaints and layouts were part of what every move cost each of them. A layout pass is most of a key's
time (issue 32): every widget is placed again, and each one whose region moved is drawn again; a new text of the
same height needs only its own widget repainted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.content import Content
from textual.visual import VisualType, visualize
from textual.widgets import Static


def height_kept(widget: Static, content: VisualType) -> bool:
    """Whether `content` takes as many rows as the widget's content has on screen, at the width it has (False
    before it is laid out, for a widget whose width follows its content, and for a str, which Static reads as
    markup). A widget held to a max-height compares its held height: a text that would outgrow it is laid out."""
    if isinstance(content, str) or not isinstance(content, (Text, Content)) or not widget.is_mounted:
        return False  # (a renderable's height may depend on more than its width: measured only by a layout)
    (width, height), rule = widget.content_size, widget.styles.width
    if not width or (rule is not None and rule.is_auto):
        return False
    return bool(visualize(widget, content).get_height(widget.styles, width) == height)


def steady_update(widget: Static, content: VisualType, layout: bool = True) -> bool:
    """Put `content` in `widget` unless it shows equal content already; True when it changed. `layout`: as
    `Static.update` (False for a widget whose size never changes with its content); a text of the same height
    as the one shown needs none either."""
    if type(widget.content) is type(content) and widget.content == content:
        return False
    widget.update(content, layout=layout and not height_kept(widget, content))
    return True


def text_key(line: Text) -> tuple[object, ...]:
    """What decides how a Text draws (`Text.__eq__` compares only the characters and spans)."""
    return (line.plain, line.style, tuple(line.spans), line.justify, line.overflow, line.no_wrap, line.end)


class SteadyLines:
    """The rows a widget drew last, at the width it had: a new renderable with the very same rows needs no
    repaint, one with as many rows no layout."""

    def __init__(self) -> None:
        self.drawn: tuple[int, tuple[tuple[object, ...], ...]] | None = None

    @property
    def width(self) -> int:
        """The width the rows on screen were drawn at (0: none yet). A widget its style hides has no width:
        its new rows are compared at this one (the Mage Wars graveyard hides and shows as the board folds)."""
        return self.drawn[0] if self.drawn is not None else 0

    def update(self, widget: Static, content: VisualType, width: int, lines: Sequence[Text]) -> bool:
        """Show `content`, whose rows at `width` (the widget's content width, 0 before layout or while hidden)
        are `lines`; True when it was repainted. A widget that is hidden or has no size yet needs no layout for
        it: what shows it or gives it its size lays the screen out."""
        drawn = (width, tuple(text_key(line) for line in lines)) if width else None
        if drawn is not None and drawn == self.drawn:
            return False
        last = self.drawn
        same_height = drawn is not None and last is not None and last[0] == width and len(last[1]) == len(drawn[1])
        self.drawn = drawn
        widget.update(content, layout=not same_height and widget.display and widget.content_size.width > 0)
        return True
