"""What the inspect panel shows: the full, plain text of one thing a seat may see.

The ruleset writes it (it knows the rules behind every number and keyword); the UI only lays it
out. Nothing a seat cannot see is ever inspectable by it: a ruleset returns None for such refs.
"""

from __future__ import annotations

from dataclasses import dataclass

from mythtable.engine.decision import Ref


@dataclass(slots=True, frozen=True)
class InspectTarget:
    """One thing the inspect cursor can stop on, in the order the cursor visits them.

    `zone` groups the targets ("Your hand", "Bram's lane", "Limbo", "Map"); `label` is the short
    name the cursor shows when the board cannot point at it by itself.
    """

    ref: Ref
    zone: str
    label: str


@dataclass(slots=True, frozen=True)
class Inspection:
    """The full text of one thing, as plain lines (never markup).

    `title` is the full name; `lines` hold type, class or element, costs, numbers with base and
    modifiers, each keyword with its one-line rule, abilities with their text, what is attached,
    state (exhausted, new this turn, downed, face-down for its owner) and its part in combat.
    `why_not` says, from the rules, why the seat cannot play or use it now (empty when it can,
    or when the question does not apply).
    """

    ref: Ref
    title: str
    lines: tuple[str, ...]
    why_not: tuple[str, ...] = ()
