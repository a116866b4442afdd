"""The Textual application: screens, global keys, the too-small notice."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from mythtable.tui.session import Session


class MythtableApp(App[None]):
    TITLE = "mythtable"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, start: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.start = start
        self.session: Session | None = None
        self._too_small: TooSmallScreen | None = None

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        if self.start:
            self.start_game(self.start["ruleset"], self.start["seed"], self.start["setup"])
        self.check_size(self.size.width, self.size.height)

    # ----- games ------------------------------------------------------------------------
    def start_game(
        self,
        ruleset_id: str,
        seed: int,
        setup: Setup,
        replace: Screen[Any] | None = None,
        controllers: list[str] | None = None,
    ) -> None:
        game = Game.new(ruleset_id, seed, setup, controllers=controllers)
        self.session = Session(game, list(controllers or ["human", "human"]))
        if replace is not None:
            self.pop_screen()
        self.push_screen(GameScreen(self.session))

    def autosave(self) -> None:
        """Saving arrives with resume; the hook is here so the game screen needs no change then."""

    def after_game(self, choice: str) -> None:
        self.session = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if choice == "quit":
            self.exit()
            return
        self.pop_screen()  # back to the title
        if choice == "new":
            from mythtable.tui.screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen())

    # ----- quitting ---------------------------------------------------------------------
    def action_request_quit(self) -> None:
        if self.session is None or self.session.game.result is not None:
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen):
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen("Leave this game and quit mythtable? (y/n)"), answer)

    # ----- size -------------------------------------------------------------------------
    def push_screen(self, screen: Any, *args: Any, **kw: Any) -> Any:
        """Keep the too-small notice on top of whatever screen arrives while it is shown."""
        notice = self._too_small
        if notice is None or isinstance(screen, TooSmallScreen) or self.screen is not notice:
            return super().push_screen(screen, *args, **kw)
        self._too_small = None
        self.pop_screen()
        pushed = super().push_screen(screen, *args, **kw)
        self._too_small = TooSmallScreen(notice.width, notice.height)
        super().push_screen(self._too_small)
        return pushed

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(width, height)
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.update_size(width, height)
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if screen in self.screen_stack:
                screen.dismiss(None)
