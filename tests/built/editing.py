"""What the builders' Pilot tests share: the app at 80x24 with a builder open (straight away, or by its
key on the title screen, as a player opens it), the data folder saves go to, a file named and saved by
keys, a game started from the new-game form, and keys sent in one burst as a terminal delivers them."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from mythtable import userfiles
from mythtable.engine.game import Game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.built_editor import BuiltFileEditor
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.start import DeckEditor, EncounterEditor, PartyEditor, Start
from tests.tui.keys import press, settle

Editor = TypeVar("Editor", bound=BuiltFileEditor)

EDITOR_STARTS: dict[str, type[Start]] = {"decks": DeckEditor, "parties": PartyEditor, "encounters": EncounterEditor}
"""The start-up that opens each builder (MythtableApp(start=...)), by its screen's KIND."""

TITLE_KEYS = {"decks": "d", "parties": "h", "encounters": "e"}
"""The title screen's key for each builder."""
NAME_BOXES = {"decks": "#deck-name", "parties": "#party-name", "encounters": "#enc-name"}
"""Each builder's box for the shown name."""


def data_root() -> Path:
    """The private data folder of this test (tests/conftest.py): where the builders save."""
    return Path(os.environ["MYTHTABLE_DATA_DIR"])


@asynccontextmanager
async def editing(
    editor: type[Editor], *, from_title: bool = False, **start: Any
) -> AsyncIterator[tuple[MythtableApp, Pilot[None], Editor]]:
    """The app at 80x24 with `editor` open: by its key on the title screen (`from_title`), else
    opened at start (`mythtable decks`, ...; `start` adds to the start options, e.g. `name`)."""
    app = MythtableApp() if from_title else MythtableApp(start=EDITOR_STARTS[editor.KIND](**start))
    async with app.run_test(size=(80, 24)) as pilot:
        if from_title:
            assert isinstance(app.screen, TitleScreen)
            await press(pilot, TITLE_KEYS[editor.KIND])
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, editor)
        yield app, pilot, screen


async def save_as(pilot: Pilot[None], screen: BuiltFileEditor, label: str, file_name: str) -> userfiles.BuiltFile:
    """Type `label` in the builder's name box, see the file name follow it, save by Ctrl+S; the one
    file of the builder's kind in the data folder, as the library reads it back."""
    screen.query_one(NAME_BOXES[screen.KIND], Input).focus()
    await press(pilot, "ctrl+u", *label)
    assert screen.query_one("#file-name", Input).value == file_name
    await press(pilot, "ctrl+s")
    (saved,) = userfiles.library(screen.ruleset_id, data_root(), screen.KIND)
    return saved


async def game_started(pilot: Pilot[None], app: MythtableApp) -> Game:
    """Wait (a few refreshes at most) for the game the new-game form was told to start."""
    for _ in range(20):
        await settle(pilot)
        if isinstance(app.screen, GameScreen):
            break
    assert app.session is not None
    return app.session.game


async def burst(pilot: Pilot[None], *keys: str) -> None:
    """Keys as a terminal delivers a quick typist's (or a paste's, or tmux send-keys'): all read
    at once, before the app has handled the first. `pilot.press` waits for the app between keys."""
    app = pilot.app
    assert app._driver is not None
    for key in keys:
        char = {"slash": "/", "space": " ", "enter": "\r"}.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(pilot)
    await settle(pilot)
