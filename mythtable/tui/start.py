"""How the app starts: the typed start-ups the command line (and tests) hand to MythtableApp.

Each is a small frozen dataclass; the app matches on its type, so a start-up that names a screen
that does not exist, or forgets a field, fails where it is written, not at launch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the game machinery loads when a game starts, so the title screen comes up fast
    from mythtable.engine.game import Game
    from mythtable.engine.protocol import Setup
    from mythtable.engine.replay import ReplayCursor


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new game straight away (`mythtable play`)."""

    ruleset: str
    seed: int
    setup: Setup
    controllers: list[str] | None = None


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game already made (resumed, or set up by a test), shown as it stands."""

    game: Game


@dataclass(frozen=True, slots=True)
class WatchGames:
    """Attract mode: two computers play, one game after another (None: every ruleset in turn)."""

    ruleset: str | None
    speed: float = 1.0
    bots: list[str] | None = None


@dataclass(frozen=True, slots=True)
class SavedGames:
    """The list of saved games (`mythtable continue`)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """The replay viewer on a record."""

    cursor: ReplayCursor


@dataclass(frozen=True, slots=True)
class DeckEditor:
    """The deck editor (`mythtable decks`), on a ruleset's decks when one is named."""

    ruleset: str | None = None


@dataclass(frozen=True, slots=True)
class PartyEditor:
    """The party builder (`mythtable parties`)."""


@dataclass(frozen=True, slots=True)
class EncounterEditor:
    """The encounter builder (`mythtable encounters`), on a saved encounter when one is named."""

    name: str | None = None


Start = NewGame | OpenGame | WatchGames | SavedGames | Replay | DeckEditor | PartyEditor | EncounterEditor
"""What the app opens on top of the title screen; None: the title screen alone."""
