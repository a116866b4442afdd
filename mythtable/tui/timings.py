"""Where a computer move's time goes, written for benchmarks/computer_waits.py (issue 33, item 7).

Off unless MYTHTABLE_TIMINGS names a file: then each computer move appends one JSON line with the seconds
from its decision shown to the answer (thinking, thread hand-off included) and from the answer to the move
applied (what is left of the pace), and from there to the move drawn (applying it, drawing the table).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass


@dataclass(slots=True)
class Timings:
    path: str = ""
    _shown: float = 0.0
    _answered: float = 0.0
    _applying: float = 0.0

    @classmethod
    def from_env(cls) -> Timings:
        return cls(os.environ.get("MYTHTABLE_TIMINGS", ""))

    def shown(self, at: float) -> None:
        self._shown, self._answered = at, 0.0

    def answered(self, at: float) -> None:
        self._answered = at

    def applying(self, at: float) -> None:
        self._applying = at

    def drawn(self, at: float) -> None:
        if not self.path or not self._shown or not self._answered or not self._applying:
            return
        line = {
            "think": self._answered - self._shown,
            "pace": self._applying - self._answered,
            "draw": at - self._applying,
            "total": at - self._shown,
        }
        with contextlib.suppress(OSError), open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
        self._shown = 0.0
