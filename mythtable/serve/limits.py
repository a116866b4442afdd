"""Durations, the per-address counters, the waiting room and the log filter behind the server's limits (no I/O, no
asyncssh)."""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


def parse_duration(text: str) -> float:
    """'90' or '90s' -> 90.0, '15m' -> 900.0, '3h' -> 10800.0; 0 means 'no limit'."""
    match = _DURATION.match(text.lower())
    if not match:
        raise ValueError(f"expected a time such as 90s, 15m or 2h, not {text!r}")
    return float(match.group(1)) * _UNITS[match.group(2)]


def describe_duration(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return f"{hours} hour{'s' if hours != 1 else ''}"
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} seconds"


class SlidingWindow:
    """Counts events per key over the last `window` seconds; forgets keys that go quiet."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            return deque()
        while events and events[0] <= now - self.window:
            events.popleft()
        if not events:
            del self._events[key]
        return events

    def count(self, key: str) -> int:
        return len(self._recent(key))

    def exceeded(self, key: str) -> bool:
        return self.count(key) >= self.limit

    def add(self, key: str) -> None:
        self._recent(key)
        self._events.setdefault(key, deque()).append(self.clock())
        if len(self._events) > 10_000:  # a flood of addresses: keep memory bounded
            self.prune()

    def prune(self) -> None:
        for key in list(self._events):
            self._recent(key)

    def take(self, key: str) -> bool:
        """Count one event for `key` if it is still under the limit: the check and the count are one step."""
        if self.exceeded(key):
            return False
        self.add(key)
        return True

    def give_back(self, key: str) -> None:
        """Undo the latest `take`/`add` for `key` (an attempt that turned out not to count)."""
        events = self._events.get(key)
        if events:
            events.pop()
            if not events:
                del self._events[key]


class WaitingRoom(Generic[T]):
    """Places for connections that hold no game, capped per address and in all.

    When every place is taken, a newcomer whose address holds fewer places than the address that holds the most
    takes the oldest place of that address: one address, or a handful, cannot keep everyone else out.
    """

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self._places: dict[str, list[T]] = {}
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def count(self, address: str) -> int:
        return len(self._places.get(address, ()))

    def enter(self, address: str, member: T) -> tuple[bool, T | None]:
        """(admitted, the member that lost its place to make room for this one, if any)."""
        held = self.count(address)
        if held >= self.per_address:
            return False, None
        evicted: T | None = None
        if self._size >= self.total:
            top = max(self._places, key=lambda key: len(self._places[key]))
            if len(self._places[top]) <= held:
                return False, None
            evicted = self._places[top][0]
            self.leave(top, evicted)
        self._places.setdefault(address, []).append(member)
        self._size += 1
        return True, evicted

    def leave(self, address: str, member: T) -> None:
        places = self._places.get(address)
        if places is None or member not in places:
            return
        places.remove(member)
        self._size -= 1
        if not places:
            del self._places[address]


class _Tally:
    __slots__ = ("held", "lines", "since", "total")

    def __init__(self, since: float) -> None:
        self.since = since
        self.total = 0
        self.lines: dict[str, int] = {}
        self.held: dict[str, int] = {}


class LogFilter:
    """Log lines per source (a connection, an address) that repeat are held back after a few: at most `per_text`
    lines of the same text and `per_key` in all per `window` seconds. What was held back is said afterwards in
    one line, when the window has passed (`expired`) or the source is gone (`close`). One connection used to
    write 20,000 "refused a second game" lines in 40 s (issue 29)."""

    def __init__(
        self, per_text: int = 3, per_key: int = 30, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_text, self.per_key, self.window, self.clock = per_text, per_key, window, clock
        self._tallies: dict[object, _Tally] = {}
        self._names: dict[object, str] = {}

    def lines(self, key: object, name: str, text: str) -> list[str]:
        """The lines to log now for `text` from `key` (called `name` in a summary): none, the text, or a summary
        of the last window's held-back lines before it."""
        now = self.clock()
        out: list[str] = []
        tally = self._tallies.get(key)
        if tally is not None and now - tally.since >= self.window:
            out += self._summary(key)
            tally = None
        if tally is None:
            tally = self._tallies[key] = _Tally(now)
            self._names[key] = name
            if len(self._tallies) > 10_000:  # a flood of sources: keep memory bounded
                out += self.expired()
        seen = tally.lines.get(text, 0)
        if seen < self.per_text and tally.total < self.per_key:
            tally.lines[text] = seen + 1
            tally.total += 1
            out.append(text)
        elif len(tally.held) < 100 or text in tally.held:
            tally.held[text] = tally.held.get(text, 0) + 1
        else:
            tally.held["(other lines)"] = tally.held.get("(other lines)", 0) + 1
        return out

    def _summary(self, key: object) -> list[str]:
        tally = self._tallies.pop(key, None)
        name = self._names.pop(key, "?")
        if tally is None or not tally.held:
            return []
        count = sum(tally.held.values())
        most, times = max(tally.held.items(), key=lambda item: item[1])
        lines = f"{count:,} more log line{'s' if count != 1 else ''}"
        return [f"{name}: {lines} held back, most often {most!r} ({times:,}x)"]

    def close(self, key: object) -> list[str]:
        """The source is gone: what it had held back, in one line (or none)."""
        return self._summary(key)

    def expired(self) -> list[str]:
        """Summaries of the sources whose window has passed (forgotten then)."""
        now = self.clock()
        out: list[str] = []
        for key in [k for k, t in self._tallies.items() if now - t.since >= self.window]:
            out += self._summary(key)
        return out
