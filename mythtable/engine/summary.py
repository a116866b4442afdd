"""What the result screen counts at the end of a game, read from the game's actions and public log.

Generic on purpose: every ruleset's log says "plays" / "casts" (Mage Wars also "deploys", "lays", "sets a
card face-down" and "performs"), "takes N damage" / "suffers N wounds" (a Mage Wars Tower "is hit for N" or
"loses N Tower Levels") and rolls dice in lines of kind "dice", so one reading serves them all. Only public
lines are read: the result screen is seen by both players at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mythtable.engine.game import Game, LogLine

PLAYED = re.compile(r"\b(plays|casts|deploys|lays|sets a card|performs)\b")
DAMAGE = re.compile(
    r"\b(?:takes|deals|suffers) (\d+)(?: [a-z]+)? (?:damage|wounds?)\b"  # units, players, MythCraft's typed damage
    r"|\bhits [^.]*?Tower for (\d+)\b"  # Mage Wars: a Tower losing levels to an attack
    r"|'s Tower loses (\d+) Tower Levels?\b"  # ... or to an effect
)
BOTH_TOWERS = re.compile(r"\bBoth Towers lose (\d+) Tower Levels?\b")
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
    played = sum(len(PLAYED.findall(line.event.text)) for line in lines if line.step > 0)  # not the setup's decks
    damage = sum(int(next(n for n in found if n)) for line in lines for found in DAMAGE.findall(line.event.text))
    damage += sum(2 * int(n) for line in lines for n in BOTH_TOWERS.findall(line.event.text))
    dice = sum(1 for line in lines if line.event.kind == "dice" or ROLLED.search(line.event.text))
    actions = [0, 0]
    for seat, auto in zip(game.actors, game.auto, strict=True):
        if not auto and seat in (0, 1):
            actions[seat] += 1
    result = game.result
    turns = result.turns if result is not None else game.ruleset.turn_number(game.state)
    story = [line.event.text for line in lines if line.event.kind not in ("result", "auto", "takeback")]
    return Summary(turns, (actions[0], actions[1]), played, damage, dice, tuple(story[-last:]))
