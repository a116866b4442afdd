"""Things a player built (decks, parties, encounters): the words the engine and rulesets share.

A built thing lives as a TOML file in the user data folder (mythtable/userfiles.py) and, once a
game uses it, inside the game's setup (`Setup.built`), so the record replays anywhere. A setup
option names it as `user:<name>` beside the prebuilt ids. The rulesets validate built things with
the same pydantic models as their shipped content and list every broken rule (`Problem`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from mythtable.engine.errors import ContentError

BUILT_PREFIX = "user:"
"""How a setup option names a built thing: `deck1=user:my-deck`."""

BUILT_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
"""A built thing's name: its file name without .toml, lower-case words joined by hyphens."""
MAX_BUILT_NAME = 40

KIND_TABLES = {"decks": "deck", "parties": "party", "encounters": "encounter"}
"""Each kind of built thing (its folder) and the word for one of them."""

Built = dict[str, dict[str, dict[str, Any]]]
"""kind -> name -> the file's data (as TOML parsed it): what a setup and a record carry."""


@dataclass(slots=True, frozen=True)
class Problem:
    """One broken rule of a built thing: the rule's id (H-1, F-17, ...; "" for a file's shape),
    the field it concerns, and what is wrong, in words a player can act on."""

    rule: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"field '{self.field}': " if self.field else ""
        rule = f" ({self.rule})" if self.rule and f"({self.rule})" not in self.message else ""
        return f"{where}{self.message}{rule}"


def built_key(name: str) -> str:
    """The setup value (and content key) of a built thing."""
    return BUILT_PREFIX + name


def built_name(value: str) -> str | None:
    """The built thing's name a setup value names, or None for a prebuilt id."""
    return value[len(BUILT_PREFIX) :] if value.startswith(BUILT_PREFIX) else None


COPY_PREFIX = "pre:"
"""How an editor's "start from" list names a prebuilt thing to copy (`pre:<id>`), beside `user:<name>`."""


def copy_key(prebuilt_id: str) -> str:
    """An editor's "start from" value for a copy of a prebuilt thing."""
    return COPY_PREFIX + prebuilt_id


def copied_id(value: str) -> str | None:
    """The prebuilt id an editor's "start from" value copies, or None."""
    return value[len(COPY_PREFIX) :] if value.startswith(COPY_PREFIX) else None


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a built thing (a file name, a setup value), or None."""
    if len(name) > MAX_BUILT_NAME:
        return f"a name has at most {MAX_BUILT_NAME} characters, not {len(name)}"
    if not BUILT_NAME.match(name):
        return f"{name!r} is not a name of lower-case letters, digits and single hyphens (like my-deck-2)"
    return None


MAX_LABEL = 40
"""The longest shown name of a built thing (a deck's "name" field): it fits the new-game screen."""


def label_problem(label: object, field: str = "name") -> Problem | None:
    """What is wrong with a built thing's shown name: text from a file is data, so nothing that a
    terminal would obey, nothing invisible, and short enough to show whole."""
    from mythtable.engine.text import clean_name

    if not isinstance(label, str):
        return Problem("", field, "must be text")
    if clean_name(label) != label:
        return Problem("", field, "holds control or invisible characters, or extra spaces")
    if not label:
        return Problem("", field, "is empty")
    if len(label) > MAX_LABEL:
        return Problem("", field, f"has {len(label)} characters; at most {MAX_LABEL}")
    return None


# ----- the deck editor's view of a card pool (tui/screens/decks.py) --------------------------------


@dataclass(slots=True, frozen=True)
class PoolCard:
    """A card as the deck editor lists, searches and counts it; the ruleset fills it in from its
    own cards, so the editor needs no ruleset code."""

    id: str
    name: str
    type: str
    group: str
    """Class (Mythicarium) or elements (Mage Wars); "" for none."""
    cost: int
    """What the cost curve counts: XP (Mythicarium), Tower Levels (Mage Wars)."""
    keywords: tuple[str, ...]
    text: str
    limit: int
    """The most copies a deck may hold (H-1; 1 for a Champion or a Hero)."""
    outside: bool = False
    """Kept outside the deck (a Mythicarium Champion): counted apart."""
    search: str = ""
    """Everything a search matches, lower-case: name, type, group, cost, keywords, text."""

    @staticmethod
    def searchable(*parts: object) -> str:
        return " ".join(str(p) for p in parts if p != "").lower()


# ----- the party builder's view of a hero (tui/screens/party_editor.py) ------------------------------


@dataclass(slots=True, frozen=True)
class HeroField:
    """One row of the party builder's hero form, filled in by the ruleset, so the builder needs no
    ruleset code. `key` says where the value lives in a hero's data: `level` (a top-level field),
    `attributes.STR` (inside a table), `carried:<item id>` (how many times a list holds it) or
    `spells:<spell id>` (whether a list holds it, `toggle`)."""

    key: str
    label: str
    kind: str
    """"choice" (one of `choices`), "count" (0..`most` copies in a list) or "toggle" (in a list or not)."""
    choices: tuple[tuple[Any, str], ...] = ()
    """(value, shown) in the order Left and Right step through them."""
    most: int = 0
    help: str = ""
    """One line about what the row holds (an item's numbers, a spell's text)."""


C = TypeVar("C")


def with_built_decks(
    content: C, built: Built, title: str, built_deck: Callable[[C, str, dict[str, Any]], tuple[Any, list[Problem]]]
) -> C:
    """The content (a dataclass with `decks`) with the built decks beside the prebuilt ones, each under
    `user:<name>`; a card ruleset has built decks only, so any other kind is refused."""
    decks = dict(content.decks)  # type: ignore[attr-defined]
    for kind, items in built.items():
        if kind != "decks":
            raise ContentError(f"{title} has no built {kind}")
        for name, data in items.items():
            deck, problems = built_deck(content, name, data)
            if deck is None:
                raise ContentError(f"deck {name!r}: {problems[0]}")
            decks[deck.id] = deck
    return dataclasses.replace(content, decks=decks)  # type: ignore[type-var]
