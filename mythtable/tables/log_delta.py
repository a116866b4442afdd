"""A connection's log sent in pieces: each frame carries the lines added since the last one, not the whole game.

A frame once held the connection's whole log (and a second copy inside its seat frame), so a move late in a game
cost the host and every seat's process the whole game again: about 5 ms a move over a game's first 50 moves and
10 ms over 185 (host and its three connections, measured with a throw-away profile of a seeded Mythicarium
table). The host remembers per connection how many lines it sent and the last of them (`SentLog`); a log only
grows, but for a take-back, which writes it anew (the table counts them: `epoch`): then the whole log goes again.
The client puts the pieces back together (`joined`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from mythtable.engine.game import LogLine

T = TypeVar("T")


@dataclass
class SentLog:
    """The lines one connection holds: `count` of them, the last being `last` (the very object), of the log as
    written since take-back number `epoch`."""

    count: int = 0
    last: LogLine | None = None
    epoch: int = -1

    def start(self, log: Sequence[LogLine], epoch: int) -> int:
        """Where the next frame's lines begin: after what the connection holds, if that is still the log's head."""
        held = epoch == self.epoch and 0 < self.count <= len(log) and log[self.count - 1] is self.last
        return self.count if held else 0

    def sent(self, log: Sequence[LogLine], epoch: int) -> None:
        self.count, self.last, self.epoch = len(log), (log[-1] if log else None), epoch


def joined(held: Sequence[T], start: int, lines: Sequence[T]) -> list[T]:
    """The whole log again: the first `start` lines held, then the frame's. ValueError when fewer are held (a
    frame that does not follow the one before it)."""
    if start > len(held):
        raise ValueError(f"a frame's log starts at line {start}, after the {len(held)} lines held")
    return [*held[:start], *lines]
