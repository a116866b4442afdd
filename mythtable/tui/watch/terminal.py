"""Screen lines as terminal bytes: each line's segments as ANSI text, a whole repaint for a newcomer, and for the
others only the lines that changed (cursor addressing), so a move costs a few hundred bytes, not a screen.

Every character drawn passes `clean_text` here, the last gate before a terminal: text from players and content
is data, and no escape sequence or control character of theirs is ever written, whatever a renderable made of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style

from mythtable.engine.text import clean_text

COLORS = ColorSystem.EIGHT_BIT
"""One stream serves every watcher: 256 colours read alike on nearly every terminal (truecolour is rounded)."""
HOME_CLEAR = "\x1b[?25l\x1b[H\x1b[2J"
"""Hide the cursor (a watcher types nothing), home, clear."""
ERASE_REST = "\x1b[K"
RESET = "\x1b[0m"
MAX_SCROLL = 8
"""Lines a part of the screen may have moved up by between two screens (the log after a busy move)."""
SCROLL_RUN = 3
"""Rows that must have moved alike before scrolling them beats rewriting them."""


def blank(style: Style | None) -> bool:
    """Spaces in `style` look as the erased rest of a row does."""
    return style is None or (style.bgcolor is None and not style.reverse and not style.underline and not style.strike)


def trimmed(segments: Iterable[Segment]) -> list[Segment]:
    """The segments without a renderable's own cursor moves (they never reach a watcher) and without the blank
    end of the line (`at` erases the rest of a row: padding costs no bytes)."""
    out = [segment for segment in segments if not segment.control]
    while out and blank(out[-1].style) and not out[-1].text.rstrip(" "):
        out.pop()
    if out and blank(out[-1].style):
        out[-1] = Segment(out[-1].text.rstrip(" "), out[-1].style)
    return out


@lru_cache(maxsize=1024)
def sgr(style: Style) -> str:
    """The codes that set `style` from the default one ("" for a style that draws as the default)."""
    marked = style.render("x", color_system=COLORS)
    return marked[: marked.index("x")] if marked != "x" else ""


def ansi_line(segments: Iterable[Segment]) -> str:
    """One screen line as ANSI text: each segment's text cleaned, a style's codes written only where it changes
    (runs of one style cost one code), the default style back at the end."""
    out: list[str] = []
    current = ""
    for segment in trimmed(segments):
        text = clean_text(segment.text, newlines=False)
        if not text:
            continue
        codes = sgr(segment.style) if segment.style else ""
        if codes != current:
            out.append(RESET + codes)
            current = codes
        out.append(text)
    if current:
        out.append(RESET)
    return "".join(out)


def at(row: int, line: str) -> str:
    """`line` written at screen row `row` (from 0), the rest of the row erased."""
    return f"\x1b[{row + 1};1H{line}{ERASE_REST}"


def repaint(lines: Sequence[str]) -> bytes:
    """A whole screen: clear, then every line in its place."""
    return (HOME_CLEAR + "".join(at(row, line) for row, line in enumerate(lines) if line)).encode()


def scrolled(before: Sequence[str], after: Sequence[str]) -> tuple[int, int, int] | None:
    """(top, bottom, k) when rows top..bottom of `after` are rows top+k..bottom+k of `before` (the log went up by
    k lines): scrolling that part of the terminal up costs a few bytes where rewriting each of its rows costs a
    line of text each. None when no run of at least SCROLL_RUN rows moved so."""
    best: tuple[int, int, int] | None = None
    rows = min(len(before), len(after))
    for k in range(1, MAX_SCROLL + 1):
        top = 0
        while top < rows - k:
            if after[top] != before[top + k] or after[top] == before[top]:
                top += 1
                continue
            bottom = top
            while bottom + 1 < rows - k and after[bottom + 1] == before[bottom + 1 + k]:
                bottom += 1
            if bottom - top + 1 >= SCROLL_RUN and (best is None or bottom - top > best[1] - best[0]):
                best = (top, bottom, k)
            top = bottom + 1
    return best


def changes(before: Sequence[str], after: Sequence[str]) -> bytes:
    """What turns the screen `before` into `after`: a part that moved up (the log) scrolled up within a margin,
    then each line that still differs written over its row (a row `after` no longer has is erased)."""
    out: list[str] = []
    moved = scrolled(before, after)
    if moved is not None:
        top, bottom, k = moved
        out.append(f"\x1b[{top + 1};{bottom + k + 1}r\x1b[{bottom + k + 1};1H" + "\n" * k + "\x1b[r")
        shifted = list(before)
        shifted[top : bottom + k + 1] = [*before[top + k : bottom + k + 1], *([""] * k)]
        before = shifted
    out += [at(row, line) for row, line in enumerate(after) if row >= len(before) or before[row] != line]
    out += [at(row, "") for row in range(len(after), len(before)) if before[row]]
    return "".join(out).encode()
