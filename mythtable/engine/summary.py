"""What the result screen counts at the end of a game, read from the game's actions and public log.

Generic on purpose: every ruleset's log says "plays" / "casts", "takes N damage" / "suffers N wounds" and
rolls dice in lines of kind "dice", so one reading serves them all. Only public lines are read: the result
screen is seen by both players at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mythtable.engine.game import Game, LogLine

PLAYED = re.compile(r"\b(plays|casts)\b")
DAMAGE = re.compile(
    r"\b(?:takes|deals|suffers) (\d+)(?: [a-z]+)? (?:damage|wounds?)\b"  # units, players, MythCraft's typed damage
    r"|\bhits [^.]*?Tower for (\d+)\b"  # Mage Wars: a Tower losing levels
)
ROLLED = re.compile(r"\brolls?\b")
DECIDING_LINES = 5


@dataclass(frozen=True, slots=True)
class Summary:
    """The counts of one game, and the last public log lines before its end."""

    turns: int
    actions: tuple[int, int]
    """Moves each seat made itself (auto-passes not counted)."""
    played: int
    """Cards played or spells cast, both seats together."""
    damage: int
    """Damage and wounds dealt, both seats together."""
    dice: int
    """Dice rolls (and random draws) the log shows."""
    deciding: tuple[str, ...]
    """The last few public log lines: what decided the game."""


def public(lines: list[LogLine]) -> list[LogLine]:
    return [line for line in lines if line.event.seat is None]


def summarize(game: Game, last: int = DECIDING_LINES) -> Summary:
    lines = public(game.log)
    played = sum(len(PLAYED.findall(line.event.text)) for line in lines)
    damage = sum(int(a or b) for line in lines for a, b in DAMAGE.findall(line.event.text))
    dice = sum(1 for line in lines if line.event.kind == "dice" or ROLLED.search(line.event.text))
    actions = [0, 0]
    for seat, auto in zip(game.actors, game.auto, strict=True):
        if not auto and seat in (0, 1):
            actions[seat] += 1
    result = game.result
    turns = result.turns if result is not None else game.ruleset.turn_number(game.state)
    story = [line.event.text for line in lines if line.event.kind not in ("result", "auto", "takeback")]
    return Summary(turns, (actions[0], actions[1]), played, damage, dice, tuple(story[-last:]))
