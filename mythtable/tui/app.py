"""The Textual application: screens, global keys, the too-small notice."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from mythtable.engine.autopass import DEFAULT_PACE
from mythtable.paths import remote_session
from mythtable.tui import textual_fixes  # noqa: F401  (guards for Textual bugs)
from mythtable.tui.messages import AfterGame, Autosave, ResumeGame, StartGame, Watch
from mythtable.tui.safe_text import guard_terminal, notify
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from mythtable.tui.start import (
    DeckEditor,
    EncounterEditor,
    OpenGame,
    PartyEditor,
    Replay,
    SavedGames,
    Start,
    WatchGames,
)

if TYPE_CHECKING:  # the game machinery loads when a game starts, so the title screen comes up fast
    from mythtable.engine.game import Game
    from mythtable.engine.protocol import Setup
    from mythtable.savelock import SaveLocked
    from mythtable.saves import SaveInfo, SaveStore
    from mythtable.tui.session import Session

guard_terminal()  # no control character in any text drawn reaches the terminal

STYLESHEET = Path(__file__).with_name("app.tcss")
"""The CSS of every screen (reusable widgets keep their own DEFAULT_CSS; the boards' parts are beside them)."""

COMPUTER_DELAY = DEFAULT_PACE
"""Seconds at least between two computer moves, so a person can follow (thinking runs meanwhile)."""


class MythtableApp(App[None]):
    TITLE = "mythtable"
    CSS_PATH = STYLESHEET
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, start: Start | None = None, data: Path | None = None, pace: float | None = None) -> None:
        from mythtable.tui.boards import stylesheets

        super().__init__(css_path=[STYLESHEET, *stylesheets()])
        self.start = start
        self.data = data
        self.pace = pace
        """--computer-pace, if given: it wins over a player's remembered pace (None: theirs, else the default)."""
        self._store: SaveStore | None = None
        self._save_warned = False
        self.watching: dict[str, Any] | None = None
        self.computer_delay = COMPUTER_DELAY if pace is None else pace
        self.session: Session | None = None
        self._too_small: TooSmallScreen | None = None
        self.remote = remote_session()
        """"ssh" or "web" when a server runs this game for a remote player: then no screen asks for a path."""
        from mythtable.tui.table_link import TableLink

        self.table_link = TableLink.from_environment()
        """The server's shared tables, when a server that has them runs this game (None locally)."""

    def get_driver_class(self) -> Any:
        """Textual's driver; for a remote player, its input thread held back while the app is behind
        (tui/input_gate.py: a flood of keys from a remote client costs no memory). A person at their own
        keyboard cannot flood the game, so local play keeps Textual's driver as it is."""
        driver = super().get_driver_class()
        if remote_session() is None:  # called from App.__init__, before self.remote is set
            return driver
        from mythtable.tui.input_gate import gated

        return gated(driver)

    @property
    def store(self) -> SaveStore:
        if self._store is None:
            from mythtable.saves import SaveStore, data_dir

            self._store = SaveStore(data_dir(self.data))
        return self._store

    def on_mount(self) -> None:
        self.watch_terminal()
        if self.table_link is not None:  # at once: the lobby ticket lasts a minute
            self.run_worker(self.table_link.connect(), exit_on_error=False)
        self.push_screen(TitleScreen(lambda: self.store, self.table_link))
        if self.start is not None:
            self.open_start(self.start)
        self.check_size(self.size.width, self.size.height)

    def open_start(self, start: Start) -> None:
        """Open what the command line (or a test) asked for, on top of the title screen."""
        if isinstance(start, SavedGames):
            from mythtable.tui.screens.continue_game import ContinueScreen

            self.push_screen(ContinueScreen(self.store))
        elif isinstance(start, DeckEditor):
            from mythtable.tui.screens.decks import DeckEditorScreen

            self.push_screen(DeckEditorScreen(start.ruleset))
        elif isinstance(start, PartyEditor):
            from mythtable.tui.screens.party_editor import PartyEditorScreen

            self.push_screen(PartyEditorScreen())
        elif isinstance(start, EncounterEditor):
            from mythtable.tui.screens.encounter_editor import EncounterEditorScreen

            self.push_screen(EncounterEditorScreen(name=start.name))
        elif isinstance(start, Replay):
            from mythtable.tui.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(start.cursor))
        elif isinstance(start, WatchGames):
            self.watch(start.ruleset, start.speed, start.bots)
        elif isinstance(start, OpenGame):
            self.open_game(start.game)
        else:
            self.start_game(start.ruleset, start.seed, start.setup, controllers=start.controllers)

    # ----- what the screens ask (mythtable.tui.messages) -------------------------------
    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.ruleset_id, message.seed, message.setup, message.replace, message.controllers)

    def on_resume_game(self, message: ResumeGame) -> None:
        self.resume_game(message.info, message.replace)

    def on_watch(self, message: Watch) -> None:
        self.watch(message.ruleset_id)

    def on_autosave(self, message: Autosave) -> None:
        self.autosave()

    def on_after_game(self, message: AfterGame) -> None:
        self.after_game(message.choice)

    # ----- games ------------------------------------------------------------------------
    def start_game(
        self,
        ruleset_id: str,
        seed: int,
        setup: Setup,
        replace: Screen[Any] | None = None,
        controllers: list[str] | None = None,
    ) -> None:
        from mythtable.engine.game import Game

        if replace is not None and replace not in self.screen_stack:
            return  # a second Enter or Ctrl+S before the first one took effect: one game, not two
        game = Game.new(ruleset_id, seed, setup, controllers=controllers)
        self.pop_replaced(replace)
        self.open_game(game)

    def pop_replaced(self, replace: Any) -> None:
        """Take `replace` (the form or list a game starts from) off the stack: the too-small notice may
        be on top of it, so popping the top screen would take the notice instead (and leave the form)."""
        if replace is None:
            return
        notice = self._too_small
        if notice is not None and self.screen is notice:
            self._too_small = None
            self.pop_screen()
        if self.screen is replace:
            self.pop_screen()
        self.check_size(self.size.width, self.size.height)  # the notice again, on top of what comes next

    def open_game(self, game: Game) -> None:
        """Show a game (new, resumed, or handed over by a test), saving it from the start."""
        from mythtable.tui.screens.game import GameScreen
        from mythtable.tui.session import Session

        self.session = Session(game, list(game.controllers))
        self.autosave()
        pace_given = self.pace is not None or self.watching is not None
        self.push_screen(GameScreen(self.session, self.computer_delay, self.record_path, pace_given))

    def record_path(self) -> Path | None:
        """Where the game on screen writes its record (None when it is not saved: watch mode); for a remote
        player, inside their own folder (`saves/NAME.json`), as the server's folders are none of their business."""
        session = self.session
        if session is None or session.watching or session.game.save_name is None:
            return None
        if self.remote is not None:
            return Path(Path(self.store.folder).name) / session.game.save_name
        return Path(self.store.folder) / session.game.save_name

    def watch(self, ruleset_id: str | None, speed: float = 1.0, bots: list[str] | None = None, count: int = 0) -> None:
        """Attract mode: two computer players, one game after another, at a readable pace.

        Without a ruleset the games take turns through all of them (`count` games so far)."""
        import secrets

        from mythtable.engine.game import Game
        from mythtable.engine.registry import available, load

        rulesets = [ruleset_id] if ruleset_id else available()
        self.watching = {"rulesets": rulesets, "speed": speed, "bots": bots or ["greedy", "greedy"], "count": count}
        self.computer_delay = 1.0 / max(speed, 0.05)
        chosen = rulesets[self.watching["count"] % len(rulesets)]
        self.watching["count"] += 1
        loaded = load(chosen)
        setup = loaded.ruleset.default_setup(loaded.content)
        game = Game.new(chosen, secrets.randbelow(2**31), setup, controllers=list(self.watching["bots"]))
        self.open_game(game)

    def resume_game(self, info: SaveInfo, replace: Screen[Any] | None = None) -> None:
        """Replay a save and continue it; the curtain comes first, as at any hand-over."""
        from mythtable.engine.errors import MythtableError

        if replace is not None and replace not in self.screen_stack:
            return  # a second Enter before the first one took effect: resume once
        from mythtable.savelock import SaveLocked

        try:
            game = self.store.resume(info)
        except SaveLocked as exc:
            self.offer_watch(info, exc)
            return
        except MythtableError as exc:
            notify(self, exc, title="Cannot resume this game", severity="error")
            return
        self.pop_replaced(replace)
        self.open_game(game)

    def offer_watch(self, info: SaveInfo, refused: SaveLocked) -> None:
        """The save is open in another session: say so, and offer its replay so far instead."""
        since = refused.holder.since_text().strip()
        where = "This game is open in another session" + (f"\n{since}." if since else ".")
        question = f"{where}\nYou may watch its replay so far,\nnot play it.\n\nWatch? (y/n)"

        def answer(yes: bool | None) -> None:
            if yes:
                self.watch_save(info)

        self.push_screen(ConfirmScreen(question), answer)

    def watch_save(self, info: SaveInfo) -> None:
        """The replay viewer on a save's record as it is on disk now (read-only)."""
        from mythtable.engine.errors import MythtableError
        from mythtable.engine.record_schema import read_record
        from mythtable.engine.replay import ReplayCursor
        from mythtable.tui.screens.replay import ReplayScreen

        try:
            record = read_record(info.path)
        except MythtableError:
            record = info.record  # between two writes or gone: what the list showed
        try:
            cursor = ReplayCursor(record)
        except MythtableError as exc:
            notify(self, exc, title="Cannot replay this game", severity="error")
            return
        self.push_screen(ReplayScreen(cursor))

    def autosave(self) -> None:
        """Write the game after every action; a failure is shown once and play goes on.

        A save this session does not hold is never written (another session has it open)."""
        from mythtable.engine.errors import MythtableError

        if self.session is None or self.session.watching:
            return
        try:
            self.store.save(self.session.game)
        except OSError as exc:
            if not self._save_warned:
                self._save_warned = True
                notify(self, f"Autosave failed: {exc.strerror or exc}", title="Not saved", severity="error")
        except MythtableError as exc:  # SaveLocked / SaveNotHeld
            if not self._save_warned:
                self._save_warned = True
                notify(self, exc, title="Not saved", severity="error")

    def after_game(self, choice: str) -> None:
        finished = self.session.game if self.session is not None else None
        if self.session is not None:
            self.store.release(self.session.game)  # another session may open it now
        self.session = None
        self._save_warned = False
        self._too_small = None  # popped with the rest below: shown again on top of what comes next
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if choice == "again" and self.watching:
            self.watch(
                None if len(self.watching["rulesets"]) > 1 else self.watching["rulesets"][0],
                self.watching["speed"],
                self.watching["bots"],
                self.watching["count"],
            )
            self.call_later(lambda: self.check_size(self.size.width, self.size.height))  # after watch's screens
            return
        self.watching = None
        self.computer_delay = COMPUTER_DELAY if self.pace is None else self.pace
        if choice == "quit":
            self.exit()
            return
        if choice == "new":
            from mythtable.tui.screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen())
        elif choice in ("replay", "rematch") and finished is not None:
            self.after_finished(choice, finished)
        self.check_size(self.size.width, self.size.height)  # at once: the notice goes on top of that screen

    def after_finished(self, choice: str, game: Game) -> None:
        """The result screen's "replay this game" (the replay viewer on its record) or "rematch" (the same
        ruleset, setup, names and players, a new seed)."""
        import secrets

        from mythtable.engine.errors import MythtableError
        from mythtable.engine.protocol import Setup

        if choice == "replay":
            from mythtable.engine.replay import ReplayCursor
            from mythtable.tui.screens.replay import ReplayScreen

            try:
                cursor = ReplayCursor(game.to_record())
            except MythtableError as exc:
                notify(self, exc, title="Cannot replay this game", severity="error")
                return
            self.push_screen(ReplayScreen(cursor))
            return
        setup = Setup(players=list(game.setup.players), options=dict(game.setup.options))
        self.start_game(game.ruleset.id, secrets.randbelow(2**31), setup, controllers=list(game.controllers))

    # ----- quitting ---------------------------------------------------------------------
    def action_request_quit(self) -> None:
        """Ask first while a game runs, watched or played (a stray Ctrl+Q should not end either);
        a second Ctrl+Q on the question leaves at once."""
        if self.session is None or self.session.game.result is not None:
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen):
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        if self.session.watching:
            question = "Stop watching and quit mythtable? (y/n)"
        else:
            question = "Quit mythtable? The game is saved after every move. (y/n)"
        self.push_screen(ConfirmScreen(question), answer)

    # ----- the terminal going away ------------------------------------------------------
    def watch_terminal(self, fd: int | None = None, every: float = 1.0) -> None:
        """Leave when the terminal is gone (its window closed or its connection dropped with no
        hang-up signal): Textual would read the dead terminal in a busy loop forever. Every move is
        saved already, so there is nothing to ask. Only for a real terminal: not in tests or a browser."""
        import sys

        if fd is None:
            stdin = sys.__stdin__
            if self.is_headless or stdin is None or not stdin.isatty():
                return
            fd = stdin.fileno()
        watched = fd

        def check() -> None:
            import termios

            try:
                termios.tcgetattr(watched)
            except (termios.error, OSError):  # EIO once the other end of the terminal has closed
                self.exit()

        self.set_interval(every, check)

    # ----- size -------------------------------------------------------------------------
    def push_screen(self, screen: Any, *args: Any, **kw: Any) -> Any:
        """Keep the too-small notice on top of whatever screen arrives while it is shown."""
        notice = self._too_small
        if notice is None or isinstance(screen, TooSmallScreen) or self.screen is not notice:
            return super().push_screen(screen, *args, **kw)
        self._too_small = None
        self.pop_screen()
        pushed = super().push_screen(screen, *args, **kw)
        self._too_small = TooSmallScreen(notice.width, notice.height, self.in_game())
        super().push_screen(self._too_small)
        return pushed

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def in_game(self) -> bool:
        """A game people play is on (not watch mode, not over): the too-small notice says it waits."""
        session = self.session
        return session is not None and session.game.result is None and not session.watching

    def check_size(self, width: int, height: int) -> None:
        if self._too_small is not None and self._too_small not in self.screen_stack:
            self._too_small = None  # a screen change took the notice off the stack with it: show a new one
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(width, height, self.in_game())
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.update_size(width, height, self.in_game())
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if screen in self.screen_stack:
                screen.dismiss(None)
