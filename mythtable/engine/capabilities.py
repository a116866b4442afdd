"""What a ruleset may offer beyond the core contract (engine/protocol.py): each a small object on the
ruleset's entry (engine/entry.py `RulesetParts`), None where the ruleset has none, so a screen asks
`entry.decks is not None` and never whether a ruleset happens to have some method.

Each capability is a frozen dataclass of the ruleset's own functions and numbers, as the computer
players' `AIHooks` always were: a ruleset hands over the functions it has, with no class of one-line
methods forwarding to them. Functions that take the content get it first; those that work on a game
get its state first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from mythtable.engine.autopass import Window
from mythtable.engine.built import Built, HeroField, PoolCard, Problem
from mythtable.engine.decision import Action, Decision, Ref
from mythtable.engine.dice import Rng
from mythtable.engine.encounter_kit import EncounterDraft, EncounterKit
from mythtable.engine.inspect import Inspection, InspectTarget

S = TypeVar("S")
C = TypeVar("C")


@dataclass(frozen=True)
class Buildable(Generic[C]):
    """The things a player may build and keep for this ruleset (engine/built.py, mythtable/userfiles.py)."""

    kinds: tuple[str, ...]
    """The kinds a player may build ("decks"; "parties", "encounters")."""
    fields: Mapping[str, str]
    """Setup field key -> the kind of built thing it may name (`deck1` -> "decks"). A value `user:<name>`
    names that file; MythCraft heroes, `user:<party>/<hero id>`, name their party."""
    problems: Callable[[C, str, str, Any], list[Problem]]
    """`problems(content, kind, name, data)`: every problem of one built thing (the file's shape, then
    each broken rule); [] when it can be played. `data` is the file as TOML parsed it: anything at all."""
    with_built: Callable[[C, Built], C]
    """`with_built(content, built)`: the content plus the built things, each under `user:<name>` beside
    the prebuilt ones. Raises ContentError naming the thing and its first problem."""


def deck_file(content: Any, label: str, counts: dict[str, int]) -> dict[str, Any]:
    """A deck file's data from its shown name and card -> copies (the plain form)."""
    return {"name": label, "cards": dict(counts)}


def card_counts(data: dict[str, Any]) -> dict[str, int]:
    """Card -> copies of a deck file's data (the plain form: a `cards` table)."""
    cards = data.get("cards")
    return {str(k): v for k, v in cards.items() if isinstance(v, int)} if isinstance(cards, dict) else {}


@dataclass(frozen=True)
class Decks(Generic[C]):
    """The deck editor's side of a card ruleset (tui/screens/decks.py)."""

    size: int
    """Cards in a legal deck (besides any kept outside it)."""
    pool: Callable[[C], list[PoolCard]]
    """Every card a deck may hold, in the order the editor lists them."""
    prebuilt: Callable[[C, str], dict[str, Any]]
    """`prebuilt(content, deck_id)`: a prebuilt deck as a deck file's data, to start a built deck from."""
    data: Callable[[C, str, dict[str, int]], dict[str, Any]] = deck_file
    """`data(content, label, counts)`: a deck file's data (what `Buildable.problems` checks)."""
    counts: Callable[[dict[str, Any]], dict[str, int]] = card_counts
    """Card -> copies of a deck file's data (or of a prebuilt deck's, see `prebuilt`)."""
    outside_size: int = 0
    """Cards kept outside the deck (Mythicarium's 3 Champions)."""
    cost_name: str = "cost"


@dataclass(frozen=True)
class Parties(Generic[C]):
    """The party builder's side of a ruleset with heroes to build (tui/screens/party_editor.py)."""

    hero_fields: Callable[[C], list[HeroField]]
    """The rows of a hero's form."""
    hero_templates: Callable[[C], list[tuple[str, str]]]
    """(template id, shown) of each prebuilt hero a built one may start as a copy of."""
    hero_data: Callable[[C, str | None], dict[str, Any]]
    """A party file's hero entry: a copy of a prebuilt template, or a blank hero (None)."""
    hero_sheet: Callable[[C, dict[str, Any]], list[str]]
    """What the game derives from a hero entry (HP, AP, defenses...), as lines computed by the game's own
    code; [] when the entry is too broken to compute (its problems say why)."""


@dataclass(frozen=True)
class Encounters(Generic[C]):
    """The encounter builder's side of a ruleset with encounters to build (tui/screens/encounter_editor.py)."""

    kit: Callable[[C], EncounterKit]
    """The creatures, items and shipped encounters an encounter is built from."""
    draft: Callable[[Any], EncounterDraft]
    """An encounter file's data (or a shipped encounter's) as a draft to edit; never raises for what the
    data holds: whatever is odd stays, and the check names it."""
    data: Callable[[EncounterDraft], dict[str, Any]]
    """The file data of a draft (what `Buildable.problems` checks and `userfiles.save` writes)."""
    marks: Callable[[C, EncounterDraft], dict[tuple[int, int], str]] | None = None
    """The two characters each creature of a draft shows on the builder's map: the ruleset's game board marks
    the same creature the same way (None: the file's letter)."""


def nothing_to_explain(state: Any) -> str | None:
    return None


def no_changes(before: Any, after: Any) -> frozenset[Ref]:
    return frozenset()


@dataclass(frozen=True)
class Inspector(Generic[S]):
    """Reading the table (the inspect panel, issue 16)."""

    inspectables: Callable[[S, int | None], list[InspectTarget]]
    """Everything `seat` may inspect now, in cursor order: own hand, own units, the other seat's public
    zones, limbo / stack, graveyards. Never anything hidden from `seat`."""
    inspect: Callable[[S, int | None, Ref], Inspection | None]
    """`inspect(state, seat, ref)`: the full text of `ref` as `seat` may read it; None when it may not."""
    why_only_done: Callable[[S], str | None] = nothing_to_explain
    """When the open decision offers only "done" / "pass", why (for example "no unit of yours can attack:
    face-down units cannot attack"); None when there is nothing to explain."""
    changes: Callable[[Any, Any], frozenset[Ref]] = no_changes
    """The refs whose public look differs between two views of the same seat (units, cards, and named
    numbers such as "vp:0"), so a board can mark what the last moves changed."""


@dataclass(frozen=True)
class Responses(Generic[S]):
    """Answer windows (auto-pass and stops, engine/autopass.py) and answers given again and again."""

    window: Callable[[S], Window | None]
    """What kind of window the open decision is, read from the rules and public information only; None
    when the decision is to be asked."""
    stop_stages: tuple[tuple[str, str], ...] = ()
    """The stages (key as `Window.stage`, label) where a seat can be asked with nothing to answer, so a
    stop there means something (the stops screen lists them); empty: no stops to set."""
    repeatable_kinds: frozenset[str] = frozenset()
    """Decision kinds where one answer is often given several times running (Mythicarium's wounds, placed
    one at a time): the table offers a key that gives the highlighted answer again while it stays on offer."""


@dataclass(frozen=True)
class AIHooks:
    """A ruleset's hooks for the computer players (the greedy and search bots), and its own player.

    `heuristic(state, seat)` scores a state for a seat; `determinize(state, seat, rng)` re-deals
    what `seat` cannot see, so that the bots never read hidden information."""

    heuristic: Callable[[Any, int], float]
    determinize: Callable[[Any, int, Rng], Any]
    scale: float = 10.0
    """Heuristic points that make one side clearly ahead (the width of the search's sigmoid)."""
    search: dict[str, Any] = field(default_factory=dict)
    """The ruleset's own settings for the search bot (`mcts.SearchParams` fields), if any."""
    level_search: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """A level's own settings over `search`, by level name (MythCraft's "hard"); a level not named
    searches with `search` alone."""
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
    make_ai: Callable[[int], Any] | None = None
    """The ruleset's own computer player (`make_ai(seed)` -> a bot), offered as the "ai" controller."""

    def for_search(self) -> AIHooks:
        """These hooks as the search bot uses them."""
        changes: dict[str, Any] = {}
        if self.search_determinize is not None:
            changes["determinize"] = self.search_determinize
        if self.search_heuristic is not None:
            changes["heuristic"] = self.search_heuristic
        return replace(self, **changes) if changes else self
