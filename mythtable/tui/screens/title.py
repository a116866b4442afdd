"""The title screen: start a game, read the rules, or quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable import __version__
from mythtable.engine.registry import entries
from mythtable.tui.messages import Watch
from mythtable.tui.safe_text import plain

if TYPE_CHECKING:
    from mythtable.saves import SaveStore
    from mythtable.tui.table_link import TableLink

BANNER = r"""
              _   _     _        _     _
  _ __ _  _ _| |_| |_  | |_ __ _| |__ | |___
 | '  \ || |  _| ' \  _|  _/ _` | '_ \| / -_)
 |_|_|_\_, |\__|_||_\__|\__\__,_|_.__/|_\___|
       |__/
"""


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("c", "continue", "Continue"),
        Binding("w", "watch", "Watch"),
        Binding("p", "replays", "Replays"),
        Binding("r", "rules", "Rules"),
        Binding("d", "decks", "Decks"),
        Binding("h", "parties", "Parties", show=False),
        Binding("e", "encounters", "Encounters", show=False),  # the footer is full at 80 columns
        Binding("o", "open_table", "Open a table", show=False),  # over SSH or web only (tables_offered)
        Binding("j", "join_table", "Join a table", show=False),
        Binding("t", "watch_table", "Watch a table", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, store: Callable[[], SaveStore], link: TableLink | None = None) -> None:
        super().__init__()
        self.store = store
        """The save folder, opened when first needed (so this screen comes up fast)."""
        self.link = link
        """The server's shared tables (a game run by `serve ssh` or `serve web`); None when played locally."""
        if link is not None:
            self.add_class("tables")

    def compose(self) -> ComposeResult:
        games = " · ".join(found.title for found in entries().values())
        with Middle():
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield Static(plain(f"hot-seat tabletop games · v{__version__}\n{games}"), id="tagline")
            with Center():
                tables = (
                    [
                        Option("Open a table", id="open_table"),
                        Option("Join a table", id="join_table"),
                        Option("Watch a table", id="watch_table"),
                    ]
                    if self.link is not None
                    else []
                )
                yield OptionList(
                    Option("New game", id="new"),
                    *tables,
                    Option("Continue a saved game", id="continue"),
                    Option("Replay a finished game", id="replays"),
                    Option("Watch the computer play", id="watch"),
                    Option("Rules reference", id="rules"),
                    Option("Decks: build your own", id="decks"),
                    Option("Parties: build your heroes", id="parties"),
                    Option("Encounters: build your own", id="encounters"),
                    Option("Quit", id="quit"),
                    id="menu",
                )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        actions = {
            "new": self.action_new,
            "continue": self.action_continue,
            "replays": self.action_replays,
            "watch": self.action_watch,
            "rules": self.action_rules,
            "decks": self.action_decks,
            "parties": self.action_parties,
            "encounters": self.action_encounters,
            "open_table": self.action_open_table,
            "join_table": self.action_join_table,
            "watch_table": self.action_watch_table,
        }
        actions.get(event.option.id or "quit", self.app.exit)()

    def action_new(self) -> None:
        from mythtable.tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    def action_continue(self) -> None:
        from mythtable.tui.screens.continue_game import ContinueScreen

        self.app.push_screen(ContinueScreen(self.store()))

    def action_replays(self) -> None:
        from mythtable.tui.screens.continue_game import ContinueScreen

        self.app.push_screen(ContinueScreen(self.store(), finished=True))

    def action_watch(self) -> None:
        self.app.post_message(Watch(None))

    def action_decks(self) -> None:
        from mythtable.tui.screens.decks import DeckEditorScreen

        self.app.push_screen(DeckEditorScreen())

    def action_parties(self) -> None:
        from mythtable.tui.screens.party_editor import PartyEditorScreen

        self.app.push_screen(PartyEditorScreen())

    def action_encounters(self) -> None:
        from mythtable.tui.screens.encounter_editor import EncounterEditorScreen

        self.app.push_screen(EncounterEditorScreen())

    def action_rules(self) -> None:
        from mythtable.tui.screens.pick_rules import PickRulesScreen

        self.app.push_screen(PickRulesScreen())

    def action_open_table(self) -> None:
        if self.link is not None:
            from mythtable.tui.screens.table_open import OpenTableScreen

            self.app.push_screen(OpenTableScreen(self.link))

    def action_join_table(self) -> None:
        if self.link is not None:
            from mythtable.tui.screens.table_join import JoinTableScreen

            self.app.push_screen(JoinTableScreen(self.link))

    def action_watch_table(self) -> None:
        if self.link is not None:
            from mythtable.tui.screens.table_join import JoinTableScreen

            self.app.push_screen(JoinTableScreen(self.link, watch=True))
