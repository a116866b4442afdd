"""The game screen's status line, fitted to the terminal's width without cutting whose turn it is.

At 80 columns "Mythicarium · turn 5 · Combat: declare blockers (Double Assault round) · Bram to decide"
ran past the edge and the one thing a player looks for, who decides, was cut off (issue 33 item 5); then the
turn ("Ana's turn 5", whose turn it is while the other seat decides) went first. The parts go in order of
what matters least: the auto-pass note, then the ruleset's title, then a stage's note in brackets, then the
turn. Whose decision it is always shows whole.
"""

from __future__ import annotations

import re

from rich.text import Text

SEP = " · "


def status_parts(title: str, turn: str, stage: str, who: str, note: str, width: int) -> list[str]:
    """The parts that fit in `width` cells, in order: [title], [turn], stage, who, [note]."""

    def fits(parts: list[str]) -> bool:
        return len(SEP.join(p for p in parts if p)) <= width

    short_stage = re.sub(r"\s*\([^)]*\)$", "", stage)
    tries = [
        [title, turn, stage, who, note],
        [title, turn, stage, who, ""],
        ["", turn, stage, who, ""],
        ["", turn, short_stage, who, ""],
        ["", "", stage, who, ""],
        ["", "", short_stage, who, ""],
        ["", "", "", who, ""],
    ]
    for parts in tries:
        if fits(parts):
            return parts
    return tries[-1]


def status_text(title: str, turn: str, stage: str, who: str, note: str, width: int) -> Text:
    """The status line as plain text (names are data, never markup), the title bold when it shows."""
    parts = status_parts(title, turn, stage, who, note, width)
    out = Text()
    for k, part in enumerate(p for p in parts if p):
        if k:
            out.append(SEP)
        out.append(part, style="bold" if part == title and parts[0] else "")
    return out
