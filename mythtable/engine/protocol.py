"""The contract every ruleset keeps, so that the core, the bots and the UI can drive any of them.

Learned from OpenSpiel (current player, legal actions, apply), boardgame.io (player views,
pass-and-play) and Forge (priority and the stack). A ruleset is a stateless object; all game
state lives in the state object it creates, including the random generator.

The state machine advances by itself through every step that needs no choice, so after
`new_game` and after every `apply` the state is parked on the next open decision (or over).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from mythtable.engine.autopass import Window
from mythtable.engine.built import HeroField, PoolCard, Problem
from mythtable.engine.decision import NO_SUBJECT, Action, Decision, Event, Ref, Result, Subject
from mythtable.engine.dice import Rng
from mythtable.engine.encounter_kit import EncounterDraft, EncounterKit
from mythtable.engine.errors import IllegalAction
from mythtable.engine.inspect import Inspection, InspectTarget

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
    must stay free of textual; the UI only ever calls these methods.
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

    # ----- built things: decks, parties, encounters a player made (engine/built.py) ---------
    built_kinds: tuple[str, ...] = ()
    """The kinds of things a player may build for this ruleset ("decks"; "parties", "encounters")."""
    built_fields: dict[str, str] = {}
    """Setup field key -> the kind of built thing it may name (`deck1` -> "decks"). A value
    `user:<name>` names that file; MythCraft heroes, `user:<party>/<hero id>`, name their party."""

    def built_problems(self, content: C, kind: str, name: str, data: Any) -> list[Problem]:
        """Every problem of one built thing (the file's shape, then each broken rule); [] when it
        can be played. `data` is the file as TOML parsed it: anything at all."""
        return [Problem("", "", f"{self.title} has no built {kind}")]

    def with_built(self, content: C, built: dict[str, dict[str, dict[str, Any]]]) -> C:
        """The content plus the built things, each under `user:<name>` beside the prebuilt ones.
        Raises ContentError naming the thing and its first problem."""
        from mythtable.engine.errors import ContentError

        kinds = sorted(kind for kind, items in built.items() if items)
        if kinds:
            raise ContentError(f"{self.title} has no built {', '.join(kinds)}")
        return content

    # ----- the deck editor (card rulesets; tui/screens/decks.py) -------------------------------
    deck_size: int = 0
    """Cards in a legal deck (besides any kept outside it); 0: this ruleset has no decks to build."""
    outside_size: int = 0
    """Cards kept outside the deck (Mythicarium's 3 Champions)."""
    cost_name: str = "cost"

    def deck_pool(self, content: C) -> list[PoolCard]:
        """Every card a deck may hold, in the order the editor lists them."""
        return []

    def deck_data(self, content: C, label: str, counts: dict[str, int]) -> dict[str, Any]:
        """A deck file's data (what `built_problems` checks) from its shown name and card -> copies."""
        return {"name": label, "cards": dict(counts)}

    def deck_counts(self, content: C, data: dict[str, Any]) -> dict[str, int]:
        """Card -> copies of a deck file's data (or of a prebuilt deck's, see `prebuilt_deck`)."""
        cards = data.get("cards")
        return {str(k): v for k, v in cards.items() if isinstance(v, int)} if isinstance(cards, dict) else {}

    def prebuilt_deck(self, content: C, deck_id: str) -> dict[str, Any]:
        """A prebuilt deck as a deck file's data, to start a built deck from a copy of it."""
        return {}

    # ----- the party builder (MythCraft; tui/screens/party_editor.py) ------------------------------
    def hero_fields(self, content: C) -> list[HeroField]:
        """The rows of a hero's form in the party builder; []: this ruleset has no parties to build."""
        return []

    def hero_templates(self, content: C) -> list[tuple[str, str]]:
        """(template id, shown) of each prebuilt hero a built one may start as a copy of."""
        return []

    def hero_data(self, content: C, template_id: str | None) -> dict[str, Any]:
        """A party file's hero entry: a copy of a prebuilt template, or a blank hero (None)."""
        return {}

    def hero_sheet(self, content: C, hero: dict[str, Any]) -> list[str]:
        """What the game derives from a hero entry (HP, AP, defenses...), as lines computed by the
        game's own code; [] when the entry is too broken to compute (its problems say why)."""
        return []

    # ----- the encounter builder (rulesets with built encounters; tui/screens/encounter_editor.py) ---
    def encounter_kit(self, content: C) -> EncounterKit | None:
        """The creatures, items and shipped encounters an encounter is built from; None: this
        ruleset has no encounters to build."""
        return None

    def encounter_draft(self, content: C, data: Any) -> EncounterDraft:
        """An encounter file's data (or a shipped encounter's) as a draft to edit; never raises for
        what the data holds: whatever is odd stays, and the check names it."""
        raise NotImplementedError(f"{self.title} has no encounters to build")

    def encounter_data(self, content: C, draft: EncounterDraft) -> dict[str, Any]:
        """The file data of a draft (what `built_problems` checks and `userfiles.save` writes)."""
        raise NotImplementedError(f"{self.title} has no encounters to build")

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
        """What `seat` may see. None means everything (the replay viewer only)."""

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

    # ----- copying, comparing, inspecting ----------------------------------------------
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

    # ----- reading the table (the inspect panel, issue 16) ----------------------------
    def inspectables(self, state: S, seat: int | None) -> list[InspectTarget]:
        """Everything `seat` may inspect now, in cursor order: own hand, own units, the other
        seat's public zones, limbo / stack, graveyards. Never anything hidden from `seat`."""
        return []

    def inspect(self, state: S, seat: int | None, ref: Ref) -> Inspection | None:
        """The full text of `ref` as `seat` may read it; None when `seat` may not see it."""
        return None

    def why_only_done(self, state: S) -> str | None:
        """When the open decision offers only "done" / "pass", why (for example "no unit of yours
        can attack: face-down units cannot attack"); None when there is nothing to explain."""
        return None

    def changes(self, before: Any, after: Any) -> frozenset[Ref]:
        """The refs whose public look differs between two views of the same seat (units, cards,
        and named numbers such as "vp:0"), so a board can mark what the last moves changed."""
        return frozenset()

    def window(self, state: S) -> Window | None:
        """What kind of window the open decision is (auto-pass, engine/autopass.py), read from the
        rules and public information only; None (the default) means every decision is asked."""
        return None

    repeatable_kinds: frozenset[str] = frozenset()
    """Decision kinds where one answer is often given several times running (Mythicarium's wounds, placed one
    at a time): the table offers a key that gives the highlighted answer again while it stays on offer."""

    def stop_stages(self) -> list[tuple[str, str]]:
        """The stages (key as `Window.stage`, label) where a seat can be asked with nothing to answer, so a
        stop there means something (the stops screen lists them); empty (the default): no stops to set."""
        return []

    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants, as messages; property tests and fuzzers call this after every action
        (the ruleset's `rules/invariants.py`)."""
        return []


@dataclass(frozen=True)
class AIHooks:
    """A ruleset's hooks for the computer players (the greedy and search bots).

    `heuristic(state, seat)` scores a state for a seat; `determinize(state, seat, rng)` re-deals
    what `seat` cannot see, so that the bots never read hidden information."""

    heuristic: Callable[[Any, int], float]
    determinize: Callable[[Any, int, Rng], Any]
    scale: float = 10.0
    """Heuristic points that make one side clearly ahead (the width of the search's sigmoid)."""
    search: dict[str, Any] = field(default_factory=dict)
    """The ruleset's own settings for the search bot (`mcts.SearchParams` fields), if any."""
    search_determinize: Callable[[Any, int, Rng], Any] | None = None
    """A re-deal for the search bot alone, if the ruleset has one (Mage Wars deals face-down cards
    by what their owner could not yet turn face-up); the greedy bot, and so the golden games,
    keep `determinize`."""
    search_heuristic: Callable[[Any, int], float] | None = None
    """A scoring for the search bot alone, if the ruleset has one (Mage Wars adds the threats a
    one-step look-ahead does not need); it too reads only what the seat may see."""
    rollout_policy: Callable[[Any, Decision, Rng], Action] | None = None
    """A cheap policy (no cloning) for the search's rollout steps, if the ruleset has one; without
    it a rollout step is uniformly random. Mage Wars: random play passes, cancels and withdraws
    as often as it casts and attacks, which tells the search little about a move."""

    def for_search(self) -> AIHooks:
        """These hooks as the search bot uses them."""
        changes: dict[str, Any] = {}
        if self.search_determinize is not None:
            changes["determinize"] = self.search_determinize
        if self.search_heuristic is not None:
            changes["heuristic"] = self.search_heuristic
        return replace(self, **changes) if changes else self
