"""How many wrong table codes may be tried: per connection, and per address per minute.

A code is all that guards a table, so guessing is slowed down. One `JoinLimits` per table host counts the
addresses; each connection carries its own `CodeTries`. The SSH commands (`join`, `watch`) and the title
screen's "Join a table" / "Watch a table" (a lobby connection) count in the same place: an SSH connection's
lobby shares its `CodeTries`, and every way in shares the address window.
"""

from __future__ import annotations

from dataclasses import dataclass

from mythtable.serve.limits import SlidingWindow

JOINS_PER_CONNECTION = 5
"""Wrong table codes (join or watch) one connection may try; then every code it tries is refused."""
JOINS_PER_ADDRESS = 10
"""Wrong table codes per address per minute."""


@dataclass
class CodeTries:
    """One connection's wrong codes so far, and the address it comes from."""

    address: str
    wrong: int = 0


class JoinLimits:
    def __init__(self, per_connection: int = JOINS_PER_CONNECTION, per_address: int = JOINS_PER_ADDRESS) -> None:
        self.per_connection = per_connection
        self.window = SlidingWindow(per_address, 60.0)

    def refusal(self, tries: CodeTries) -> str | None:
        """Why no table code may be tried now by this connection, or None."""
        if tries.wrong >= self.per_connection:
            return f"too many wrong table codes on one connection (at most {self.per_connection})"
        if self.window.exceeded(tries.address):
            return f"too many wrong table codes from your address (at most {self.window.limit} a minute)"
        return None

    def wrong(self, tries: CodeTries) -> None:
        """Count a code that named no open table."""
        tries.wrong += 1
        self.window.add(tries.address)
