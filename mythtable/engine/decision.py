"""The decision protocol shared by every ruleset.

A game is always in exactly one of two conditions: one `Decision` is open (one seat must
choose one of the listed actions) or the game is over. Actions are small tuples of strings
and integers, so they hash, compare, and round-trip through JSON unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Action = tuple[str | int, ...]
"""One legal choice, e.g. ("play", 12) or ("pass",). The first item names the kind."""


@dataclass(slots=True)
class Decision:
    """The one open question: which seat answers, what kind of question, and every legal answer.

    `kind` is a short stable identifier (for example "main", "declare_attackers", "respond")
    that the UI and the rules screen key on. `actions` lists every legal answer and nothing
    else; rulesets turn an action into words with `Ruleset.describe`.
    """

    seat: int
    kind: str
    prompt: str
    actions: list[Action]
    _lookup: frozenset[Action] | None = field(default=None, repr=False, compare=False)

    def allows(self, action: Action) -> bool:
        """True when `action` is one of the listed legal answers."""
        if self._lookup is None:
            self._lookup = frozenset(self.actions)
        return action in self._lookup


Ref = str | int
"""The id of a card, unit, participant or item, as the ruleset's view names it."""


@dataclass(slots=True, frozen=True)
class Subject:
    """What one option is about, given by the ruleset, so that the UI can highlight, inspect and
    click it without decoding the action tuple (which stays the ruleset's own grammar).

    `actor` is what the option plays or uses (a card in hand, a unit, a hero); `target` is what it
    is aimed at (a unit, a creature, a line); `square` is a map square it moves to or aims at;
    `item` is an item it takes up, puts away or uses; `ability` is a spell it casts or a stat-block
    action it uses (a creature's Bite). Any of them may be None: "pass" is about nothing. The ids
    are those of the ruleset's view.

    `kind` is the sort of option in the ruleset's own words ("move", "cast", "pass": the first item
    of its action), so that a board can group and explain options by it; `Game.subject` fills it in.
    """

    actor: Ref | None = None
    target: Ref | None = None
    square: tuple[int, int] | None = None
    item: Ref | None = None
    ability: str | None = None
    kind: str = ""

    def refs(self) -> tuple[Ref, ...]:
        """The ids this option touches (actor first), for highlighting."""
        return tuple(r for r in (self.actor, self.target, self.item) if r is not None)


NO_SUBJECT = Subject()


@dataclass(slots=True, frozen=True)
class Event:
    """One line of the game log.

    `seat` is None for public events, or the only seat allowed to read this line (a card
    drawn into a hand, say). `reveals` marks new information coming to light (a card drawn,
    a die rolled, a hidden card shown): take-backs stop there.
    """

    text: str
    seat: int | None = None
    kind: str = "info"
    reveals: bool = False


@dataclass(slots=True, frozen=True)
class Result:
    """How a finished game ended. `winner` is a seat, or None for a draw."""

    winner: int | None
    reason: str
    turns: int


def as_action(raw: object) -> Action:
    """Turn a JSON list (or a tuple) back into an action tuple, refusing anything else."""
    if not isinstance(raw, (list, tuple)) or not raw:
        raise ValueError(f"an action must be a non-empty list, not {raw!r}")
    for item in raw:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise ValueError(f"an action holds only strings and integers, not {item!r}")
    return tuple(raw)
