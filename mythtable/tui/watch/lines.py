"""Rich renderables as screen lines of segments, cut to a width and a height, and columns set side by side:
the little layout a watcher's screen needs, without Textual (the boards' renderables and Texts do the drawing).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

Line = list[Segment]

_CONSOLE = Console(
    file=io.StringIO(),
    width=80,
    height=24,
    color_system="256",
    force_terminal=True,
    legacy_windows=False,
    emoji=False,
    highlight=False,
    markup=False,
)
"""Renders only (never prints): markup and emoji codes are off, so a name is never read as either."""


def render(renderable: RenderableType, width: int, height: int | None = None) -> list[Line]:
    """`renderable` at `width` cells, each line padded to exactly `width`; at most `height` lines."""
    if width <= 0:
        return []
    options = _CONSOLE.options.update(width=width, no_wrap=False, highlight=False, markup=False)
    lines = _CONSOLE.render_lines(renderable, options, pad=True)
    return lines if height is None else lines[: max(height, 0)]


def texts(rows: Sequence[Text], width: int) -> list[Line]:
    """Each Text on one line of `width` cells (cut with an ellipsis, never wrapped)."""
    out: list[Line] = []
    for row in rows:
        line = row.copy()
        line.no_wrap, line.overflow = True, "ellipsis"
        line.truncate(width, overflow="ellipsis", pad=True)
        out.extend(render(line, width, 1))
    return out


def blank(width: int) -> Line:
    return [Segment(" " * width)] if width > 0 else []


def column(lines: list[Line], width: int, height: int) -> list[Line]:
    """`lines` made exactly `height` lines of `width` cells (blank lines below)."""
    out = lines[:height]
    return out + [blank(width) for _ in range(height - len(out))]


def beside(columns: Sequence[tuple[list[Line], int]], gap: Text | None = None) -> list[Line]:
    """Columns (lines, width) side by side, as tall as the tallest, `gap` (one cell: "│") between them."""
    height = max((len(lines) for lines, _ in columns), default=0)
    sep: Line = list(gap.render(_CONSOLE)) if gap is not None else []
    out: list[Line] = []
    for row in range(height):
        line: Line = []
        for index, (lines, width) in enumerate(columns):
            if index and sep:
                line.extend(sep)
            line.extend(lines[row] if row < len(lines) else blank(width))
        out.append(line)
    return out


RULE = Style(color="grey50")


def rule(label: str, width: int) -> Line:
    """A thin line across the screen with a word at its left ("── log ──────")."""
    text = Text("── ", style=RULE)
    text.append(label, style="bold")
    text.append(" " + "─" * max(0, width - len(label) - 4), style=RULE)
    return texts([text], width)[0]
