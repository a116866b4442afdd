"""The contract every ruleset keeps, so that the core, the bots and the UI can drive any of them.

Learned from OpenSpiel (current player, legal actions, apply), boardgame.io (player views,
pass-and-play) and Forge (priority and the stack). A ruleset is a stateless object; all game
state lives in the state object it creates, including the random generator.

The state machine advances by itself through every step that needs no choice, so after
`new_game` and after every `apply` the state is parked on the next open decision (or over).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from mythtable.engine.decision import NO_SUBJECT, Action, Decision, Event, Result, Subject
from mythtable.engine.errors import IllegalAction

S = TypeVar("S")
C = TypeVar("C")


@dataclass(slots=True, frozen=True)
class SetupChoice:
    """One value a setup field may take, with the words the new-game screen shows."""

    value: str
    label: str


@dataclass(slots=True, frozen=True)
class SetupField:
    """One field of the new-game screen beyond the player names and the seed.

    For example a deck per seat, an encounter, or a hero slot of the party.
    `optional` fields may be left empty (the value is then "").
    """

    key: str
    label: str
    choices: tuple[SetupChoice, ...]
    default: str
    optional: bool = False


@dataclass(slots=True, frozen=True)
class SeatInfo:
    """How a seat is called in this ruleset ("Player 1", "Heroes", "Myth Caster")."""

    role: str
    default_name: str


@dataclass(slots=True)
class Setup:
    """Everything besides the seed that a new game needs; stored as-is in the game record."""

    players: list[str]
    options: dict[str, str] = field(default_factory=dict)
    built: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    """The built things (engine/built.py) the options name as `user:<name>`: kind -> name -> file data.
    Carried in the record, so a game replays on a machine that never had those files."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"players": list(self.players), "options": dict(self.options)}
        if self.built:  # absent when empty: records of games without built things stay as they were
            data["built"] = {kind: dict(items) for kind, items in self.built.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        return cls(
            players=list(data["players"]), options=dict(data.get("options", {})), built=dict(data.get("built", {}))
        )


class Ruleset(ABC, Generic[S, C]):
    """A ruleset: content loading, the state machine, per-seat views, and the result.

    Subclasses set the class attributes and implement the abstract methods. Everything here
    must stay free of textual; the UI only ever calls these methods. What only some rulesets have
    (built decks, parties and encounters, inspection, answer windows, computer players) are
    capabilities on the ruleset's entry (engine/capabilities.py), not methods here.
    """

    id: str
    """Stable identifier used on the command line, in records and in test folders."""
    title: str
    seats: tuple[SeatInfo, SeatInfo]
    hidden_information: bool = True
    """True when a seat has private information, so hot-seat play needs a curtain."""

    # ----- content -------------------------------------------------------------------
    @abstractmethod
    def load_content(self, root: Path) -> C:
        """Load and validate this ruleset's asset folder; raise ContentError naming file, entry, field."""

    @abstractmethod
    def setup_fields(self, content: C) -> list[SetupField]:
        """The choices of the new-game screen besides names and seed (decks, encounter, ...)."""

    def default_setup(self, content: C) -> Setup:
        """A playable setup with default names and the first choice of every field."""
        return Setup(
            players=[seat.default_name for seat in self.seats],
            options={f.key: f.default for f in self.setup_fields(content)},
        )

    def simulation_setup(self, content: C) -> Setup:
        """The setup of bot-versus-bot runs (`simulate`, property tests) when none is given.

        The default setup, unless a ruleset must bound such games (MythCraft sets a round limit).
        """
        return self.default_setup(content)

    def check_setup(self, content: C, setup: Setup) -> None:
        """Raise SetupError if the setup names something the content does not have."""
        from mythtable.engine.errors import SetupError
        from mythtable.engine.text import name_problem

        if len(setup.players) != 2 or not all(name.strip() for name in setup.players):
            raise SetupError("a game needs two non-empty player names")
        for seat, name in enumerate(setup.players, start=1):
            problem = name_problem(name)  # the form and --p1/--p2 clean what is typed; this is the limit
            if problem is not None:
                raise SetupError(f"player {seat}'s name {problem}")
        fields = self.setup_fields(content)
        unknown = sorted(set(setup.options) - {f.key for f in fields})
        if unknown:
            known = ", ".join(f.key for f in fields)
            raise SetupError(f"unknown setup option(s) {', '.join(unknown)} (this ruleset has: {known})")
        for f in fields:
            value = setup.options.get(f.key, "")
            if value == "" and f.optional:
                continue
            if value not in {c.value for c in f.choices}:
                allowed = ", ".join(c.value for c in f.choices)
                raise SetupError(f"{f.label}: unknown choice {value!r} (choose one of: {allowed})")

    # ----- the state machine -----------------------------------------------------------
    @abstractmethod
    def new_game(self, content: C, seed: int, setup: Setup) -> S:
        """Set up a game; it comes back parked on its first decision. Setup events: `opening_events`."""

    def opening_events(self, state: S) -> list[Event]:
        """Log lines for what happened during `new_game` (shuffles, opening dice, ...)."""
        return []

    @abstractmethod
    def pending(self, state: S) -> Decision | None:
        """The one open decision, or None once the game is over. Must be cheap (it is cached)."""

    def apply(self, state: S, action: Action) -> list[Event]:
        """Apply one legal action and advance to the next decision; the events are the log lines.

        Raises IllegalAction, leaving the state untouched, for anything the open decision does not
        list: the one legality check (`Game.apply` and the bots come through here)."""
        decision = self.pending(state)
        if decision is None:
            raise IllegalAction("the game is over; no more actions are possible")
        if not decision.allows(action):
            raise IllegalAction(f"{list(action)} is not a legal choice now ({decision.prompt})")
        events: list[Event] = []
        self.apply_action(state, action, events)
        self.advance(state, events)
        return events

    @abstractmethod
    def apply_action(self, state: S, action: Action, events: list[Event]) -> None:
        """Apply one action of the open decision (`apply` checked it is one), appending the log lines:
        the ruleset's `rules/actions.py`."""

    @abstractmethod
    def advance(self, state: S, events: list[Event]) -> None:
        """Run every step that needs no choice and park on the next decision (or end the game):
        the ruleset's `rules/flow.py`."""

    @abstractmethod
    def describe(self, state: S, action: Action) -> str:
        """Words for one of the open decision's actions, as the prompt shows them."""

    def copies_key(self, state: S, action: Action) -> Hashable | None:
        """None, or a key that two of the open decision's actions share when they are the same move
        made with two copies of one card in hand (alike in every way a player could tell): the prompt
        lists them once. The default keeps every option apart."""
        return None

    def subject(self, state: S, action: Action) -> Subject:
        """What one of the open decision's actions is about (see `Subject`). Only the UI asks, so
        the bots pay nothing for it. The default knows nothing: rulesets override it."""
        return NO_SUBJECT

    @abstractmethod
    def view(self, state: S, seat: int | None) -> Any:
        """What `seat` may see. None means everything (the replay viewer only). A view is plain data
        (frozen dataclasses from the ruleset's view.py; engine/views.py turns it into JSON and back)."""

    def public_view(self, state: S) -> Any:
        """What both seats see, for spectators: no hand, no face-down card, no deck order; of the
        same type as `view`. The default serves a ruleset that hides nothing (its view for None);
        a ruleset with hidden information must say what is public."""
        if self.hidden_information:
            raise NotImplementedError(f"{self.title} hides information: its public view must hide it too")
        return self.view(state, None)

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Winner, reason and turn count once the game is over, else None."""

    def scores(self, state: S) -> list[tuple[str, str]]:
        """Each seat's standing for the result screen, as (score, details) per seat, in seat order:
        ("20 VP", "5 units in play · 12 cards in deck"). The default says only who won (issue 16)."""
        result = self.result(state)
        if result is None:
            return [("", ""), ("", "")]
        if result.winner is None:
            return [("draw", ""), ("draw", "")]
        return [("won" if seat == result.winner else "lost", "") for seat in (0, 1)]

    # ----- copying and comparing -------------------------------------------------------
    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state as canonical JSON-able data: replays compare these."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy, much cheaper than deepcopy (bots copy states constantly)."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The current turn (card games) or round (MythCraft), for lists and the result screen."""

    @abstractmethod
    def stage(self, state: S) -> str:
        """The current stage key, e.g. "maintenance1" or "combat.blockers"; the rules screen
        shows the reference section for it first."""

    # ----- checking -------------------------------------------------------------------
    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants, as messages; property tests and fuzzers call this after every action
        (the ruleset's `rules/invariants.py`)."""
        return []
