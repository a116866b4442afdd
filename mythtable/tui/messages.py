"""What screens ask of the app: messages up, data down.

A screen never calls the app's own methods; it posts one of these and `MythtableApp` handles it
(`on_start_game`, ...). What a screen needs to read (the save store, the computer's pace) it is given
when it is made."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from mythtable.engine.protocol import Setup
    from mythtable.saves import SaveInfo


class StartGame(Message):
    """Begin a new game in place of `replace` (the new-game form), once however often it is asked."""

    def __init__(
        self,
        ruleset_id: str,
        seed: int,
        setup: Setup,
        replace: Screen[Any] | None = None,
        controllers: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.ruleset_id = ruleset_id
        self.seed = seed
        self.setup = setup
        self.replace = replace
        self.controllers = controllers


class ResumeGame(Message):
    """Resume a save in place of `replace` (the Continue list)."""

    def __init__(self, info: SaveInfo, replace: Screen[Any] | None = None) -> None:
        super().__init__()
        self.info = info
        self.replace = replace


class Watch(Message):
    """Attract mode: computers play one game after another (every ruleset in turn without one)."""

    def __init__(self, ruleset_id: str | None = None) -> None:
        super().__init__()
        self.ruleset_id = ruleset_id


class Autosave(Message):
    """The game moved (or a move was taken back): write it."""


class AfterGame(Message):
    """The result screen was left: `choice` is "title", "new", "again" or "quit"."""

    def __init__(self, choice: str) -> None:
        super().__init__()
        self.choice = choice
