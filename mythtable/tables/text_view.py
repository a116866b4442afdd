"""A frame as a plain terminal screen: what the watchers' shared stream shows (serve/watch_fanout.py; a seat
plays in the game screen, tui/screens/table_seat.py).

Everything in a frame that came from players, content or records is cleaned here once more (text is data:
escape sequences and control characters never reach a terminal), and each repaint is whole, so a watcher who
arrives late needs nothing but the latest screen.
"""

from __future__ import annotations

from mythtable.engine.text import one_line
from mythtable.tables.protocol import Frame

CLEAR = "\x1b[H\x1b[2J"


def screen_lines(frame: Frame, width: int = 80, height: int = 24) -> list[str]:
    """The lines of one whole screen for `frame` (a seat's or the public one)."""

    def fit(text: str) -> str:
        return one_line(text, max(10, width - 1))

    names = " v ".join(frame.names)
    who = "watching" if frame.seat is None else f"you are {frame.names[frame.seat]}"
    head = [fit(f"table {frame.code}: {frame.ruleset}, {names}, move {frame.moves} ({who}; {frame.watchers} watching)")]
    head += [fit(line) for line in frame.status]
    tail: list[str] = []
    if frame.result is not None:
        tail.append(fit(f"Game over. {frame.result}"))
    elif frame.decision is not None:
        tail.append(fit(frame.decision.prompt))
        for number, option in enumerate(frame.decision.options, start=1):
            copies = f" (x{option.copies})" if option.copies > 1 else ""
            tail.append(fit(f"  {number}. {option.label}{copies}"))
    elif frame.choosing:
        tail.append(fit(frame.choosing))
    chat = [fit(f"> {line}") for line in frame.chat[-3:]]
    room = max(3, height - len(head) - len(tail) - len(chat) - 1)
    log = [fit(line.text) for line in frame.log[-room:]]
    return [*head, "-" * min(width - 1, 40), *log, *chat, *tail]


def screen(frame: Frame, width: int = 80, height: int = 24) -> str:
    """A whole repaint: clear, then the lines (CR LF, as a raw terminal needs)."""
    return CLEAR + "\r\n".join(screen_lines(frame, width, height)) + "\r\n"
