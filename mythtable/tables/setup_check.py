"""The setup of a table to open, built as `mythtable play` builds it and checked before a table is made of it.

Both ways of opening a table use it: `ssh host open RULESET ...` and the title screen's "Open a table".
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from mythtable.engine.built import BUILT_PREFIX
from mythtable.engine.errors import MythtableError
from mythtable.engine.protocol import Setup
from mythtable.engine.text import clean_name


class SetupRefused(MythtableError):
    """A setup a table cannot be opened with, in one line."""


def checked_setup(
    ruleset_id: str, names: Mapping[int, str] | Sequence[str], options: Mapping[str, str], seed: int | None
) -> tuple[int, Setup]:
    """(the seed, random when None; the setup): the ruleset's default setup with these names and options."""
    from mythtable.engine.game import Game
    from mythtable.engine.registry import UnknownRuleset, load

    try:
        loaded = load(ruleset_id)
    except UnknownRuleset as exc:
        raise SetupRefused(str(exc)) from None
    setup = loaded.ruleset.default_setup(loaded.content)
    given = names.items() if isinstance(names, Mapping) else enumerate(names)
    for seat, name in given:
        if seat < len(setup.players) and clean_name(name):
            setup.players[seat] = clean_name(name)
    setup.options.update(options)
    if any(value.startswith(BUILT_PREFIX) for value in setup.options.values()):
        raise SetupRefused("a shared table plays the prebuilt decks, parties and encounters only")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    try:
        Game(loaded, seed, setup)
    except MythtableError as exc:
        raise SetupRefused(str(exc)) from None
    except Exception as exc:
        raise SetupRefused(f"that setup cannot be played: {str(exc)[:200]}") from None
    return seed, setup
