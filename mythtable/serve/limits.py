"""Durations and the per-address counters behind the server's limits (no I/O, no asyncssh)."""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable

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
