"""Seeded randomness whose whole state is one integer kept inside the game state.

A generator outside the state is a known way to lose games on save and load; this one is
copied with the state, costs nothing to clone, and gives the same numbers on every Python.
The algorithm is SplitMix64 with rejection sampling, so every result is unbiased.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small, fast, deterministic generator. `state` is the whole of it."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def roll(self, sides: int) -> int:
        """One die: a uniform integer in [1, sides]."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (used by bots, never by rules)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone


class ScriptedRng(Rng):
    """A generator for scenario tests: `roll` returns the scripted values first, in order.

    Shuffles and other draws fall back to the seeded sequence, so a test can force one
    Critical Hit die without having to script the whole game.
    """

    __slots__ = ("script",)

    def __init__(self, rolls: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(rolls)

    def roll(self, sides: int) -> int:
        if self.script:
            value = self.script.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted roll {value} does not fit a d{sides}")
            return value
        return super().roll(sides)

    def copy(self) -> ScriptedRng:
        clone = ScriptedRng(self.script, 0)
        clone.state = self.state
        return clone
