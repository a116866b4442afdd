"""A frame as a plain terminal screen, text only; `end_lines` also gives the watchers' screen (tui/watch/screen.py,
which draws the board) its result lines. A seat plays in the game screen, tui/screens/table_seat.py.

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
        tail += [fit(line) for line in end_lines(frame)]
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


def end_lines(frame: Frame) -> list[str]:
    """What the result screen's card says in short, for a plain screen: each seat's score, and the counts (from
    the public lines only: the host reads them so for everyone)."""
    scores = (frame.seat_frame or {}).get("scores") or []
    width = max((len(name) for name in frame.names), default=0)
    lines = [
        f"  {name:<{width}}  {score[0]}" + (f"  {score[1]}" if score[1] else "")
        for name, score in zip(frame.names, scores, strict=False)
        if isinstance(score, list | tuple) and len(score) == 2
    ]
    summary = frame.summary or {}
    moves = summary.get("actions")
    if isinstance(moves, list) and len(moves) == 2 and len(frame.names) == 2:
        lines.append(
            f"  Moves: {frame.names[0]} {moves[0]}, {frame.names[1]} {moves[1]} · played {summary.get('played', 0)}"
            f" · damage {summary.get('damage', 0)} · dice {summary.get('dice', 0)}"
        )
    return lines


def screen(frame: Frame, width: int = 80, height: int = 24) -> str:
    """A whole repaint: clear, then the lines (CR LF, as a raw terminal needs)."""
    return CLEAR + "\r\n".join(screen_lines(frame, width, height)) + "\r\n"
