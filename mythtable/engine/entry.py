"""What a ruleset registers: one `RulesetEntry` (docs/adding-a-ruleset.md).

The entry is cheap to import: names and module paths, so the title screen lists every ruleset without
importing any rules, and the entry never imports textual (the board is named, not imported). Its
`parts`, the ruleset object and its capabilities (engine/capabilities.py), are imported the first time
something asks for them: `entry.ruleset`, `entry.decks`, ...
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from mythtable.engine.capabilities import AIHooks, Buildable, Decks, Encounters, Inspector, Parties, Responses
from mythtable.engine.errors import MythtableError
from mythtable.engine.protocol import Ruleset


@dataclass(frozen=True)
class RulesetParts:
    """A ruleset's code: the state machine and its capabilities, each None where it has none."""

    ruleset: Ruleset[Any, Any]
    built: Buildable[Any] | None = None
    """What a player may build and keep (decks, parties, encounters)."""
    decks: Decks[Any] | None = None
    """The deck editor's side (with "decks" among `built.kinds`)."""
    parties: Parties[Any] | None = None
    """The party builder's side (with "parties" among `built.kinds`)."""
    encounters: Encounters[Any] | None = None
    """The encounter builder's side (with "encounters" among `built.kinds`)."""
    inspection: Inspector[Any] | None = None
    """Reading the table: the inspect panel, why only done, what changed."""
    responses: Responses[Any] | None = None
    """Answer windows (auto-pass, stops) and answers given again and again."""
    ai: AIHooks | None = None
    """Heuristic and determinize for the greedy and search bots, and the ruleset's own computer player
    if it has one; None: only the random bot plays it."""


EDITORS = {"decks": "decks", "parties": "parties", "encounters": "encounters"}
"""Capability -> the kind of built thing its editor saves (so `built` must list that kind)."""


def load_object(where: str) -> Any:
    """The object a "package.module:NAME" string names (imported now)."""
    module, _, name = where.partition(":")
    if not module or not name:
        raise MythtableError(f"{where!r} does not name an object (write it as package.module:NAME)")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise MythtableError(f"cannot import {where}: {exc}") from None


@dataclass(frozen=True, eq=False)
class RulesetEntry:
    """One ruleset, as the entry point group `mythtable.rulesets` registers it (or `registry.register`)."""

    id: str
    """Stable identifier: on the command line, in records and test folders; the entry point's name."""
    title: str
    """The name players read (the title screen, the new-game form)."""
    parts: str | RulesetParts
    """The ruleset and its capabilities, or where they are ("package.module:NAME"), imported when first needed."""
    board: str | None = None
    """Where the board is ("package.module:NAME" of a tui.boards.base.Board subclass); None: the generic board."""
    stylesheet: str | None = None
    """The board's CSS, a .tcss file beside the board's module (the app loads it with its own); None: none."""
    watch: str | None = None
    """The module of the watchers' board ("package.module", with `board_lines`, `turn_owner` and `stage`), drawn
    for the shared stream of `ssh ... watch CODE` (tui/watch/screen.py); None: watchers read the log only."""
    schema: str | None = None
    """The module of the pydantic models of the content files (`CONTENT_FILES`, `BUILT_FILES`), for
    `mythtable schema`; None: the ruleset publishes no schema."""
    rules_file: str = "rules.toml"
    """The in-app rules reference, inside the content folder."""
    content: Path | None = None
    """The content folder; None: `<assets>/<id>/`, the assets shipped with mythtable."""
    order: int = 100
    """Where lists (the title screen, the new-game form) put it: lower first, then by id (entry points
    come in no order of their own)."""

    @cached_property
    def resolved(self) -> RulesetParts:
        """The parts, imported (once) and checked against the entry."""
        parts = load_object(self.parts) if isinstance(self.parts, str) else self.parts
        if not isinstance(parts, RulesetParts):
            raise MythtableError(f"the {self.id} ruleset: {self.parts!r} is not a RulesetParts")
        ruleset = parts.ruleset
        if not isinstance(ruleset, Ruleset) or (ruleset.id, ruleset.title) != (self.id, self.title):
            raise MythtableError(f"the {self.id} ruleset's parts hold another ruleset ({ruleset!r})")
        kinds = () if parts.built is None else parts.built.kinds
        for capability, kind in EDITORS.items():
            if getattr(parts, capability) is not None and kind not in kinds:
                raise MythtableError(f"the {self.id} ruleset has {capability} but no built {kind}")
        return parts

    # The parts, as the core, the bots and the screens ask for them.
    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        return self.resolved.ruleset

    @property
    def built(self) -> Buildable[Any] | None:
        return self.resolved.built

    @property
    def decks(self) -> Decks[Any] | None:
        return self.resolved.decks

    @property
    def parties(self) -> Parties[Any] | None:
        return self.resolved.parties

    @property
    def encounters(self) -> Encounters[Any] | None:
        return self.resolved.encounters

    @property
    def inspection(self) -> Inspector[Any] | None:
        return self.resolved.inspection

    @property
    def responses(self) -> Responses[Any] | None:
        return self.resolved.responses

    @property
    def ai(self) -> AIHooks | None:
        return self.resolved.ai
