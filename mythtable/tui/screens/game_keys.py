"""The game screen's keys: the bindings and what each does (a mixin of GameScreen). The keys act
through the screen's seat link and loop; none of them changes the game but by a legal choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding

from mythtable.engine.autopass import SeatSettings
from mythtable.tui.widgets.log import GameLog
from mythtable.tui.widgets.prompt import Prompt

if TYPE_CHECKING:
    from mythtable.tui.screens.game import GameScreen

GAME_BINDINGS = [
    Binding("f1,question_mark", "rules", "Rules"),
    # the app's own quit, named here so that the footer shows it second: at 80 columns a MythCraft
    # turn's group keys fill the footer, and what comes last is cut off
    Binding("ctrl+q", "app.request_quit", "Quit", priority=True),
    Binding("k", "legend", "Legend"),
    Binding("k", "legend_unnamed", "Legend", show=False),  # k while the board names it elsewhere
    Binding("u", "take_back", "Take back"),
    Binding("u", "cannot_take_back", "Take back", show=False),  # u when the one above is off: say why
    Binding("i", "inspect", "Inspect"),
    Binding("r", "recap", "Recap"),  # what happened since you last looked (issue 33, item 1)
    Binding("r", "recap_unnamed", "Recap", show=False),  # r while the board needs the footer's room
    Binding("f", "autopass('full')", "Full control", show=False),  # auto-pass keys (issue 15)
    Binding("y", "autopass('turn')", "Pass until my turn", show=False),
    Binding("e", "autopass('combat')", "Pass until end of combat", show=False),
    Binding("s", "stops", "Stops", show=False),
    # priority: the log scrolls whichever widget has focus; the options list never sees PgUp/PgDn (issue 16)
    Binding("pageup", "log_page(-1)", "Log up", show=False, priority=True),
    Binding("pagedown", "log_page(1)", "Log down", show=False, priority=True),
    Binding("l", "log_view", "Log", show=False),  # in the README; the footer is full
    # arrows reach the options even when the focus went astray (seen after a computer's turn at 80x24):
    # a focused list, lane or panel takes them first; only unclaimed arrows come here
    Binding("up", "nudge_options(-1)", "Up", show=False),
    Binding("down", "nudge_options(1)", "Down", show=False),
    *[Binding(str(n), f"choose({n - 1})", f"Option {n}", show=False) for n in range(1, 10)],
]


class GameKeys:
    """What the game screen's keys do."""

    def check_action(self: GameScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
        link = self.link
        if action == "take_back":
            return link.can_take_back()
        if action == "cannot_take_back":
            return not link.can_take_back() and not link.watching
        if action in ("recap", "recap_unnamed"):  # unless the board's own `r` is on offer (MythCraft's React group)
            board_r = any(b.key == "r" and self.board.key_enabled(b.action) for b in self.board.SCREEN_BINDINGS)
            usable = not link.watching and link.seat is not None and not board_r
            return usable and self.board.names_key("recap") == (action == "recap")
        if action == "inspect":
            return not link.watching and link.decision is not None
        if action == "legend":  # shown for boards that draw symbols, unless the board names k elsewhere
            return bool(self.legend_entries()) and self.board.names_key("legend")
        if action == "legend_unnamed":
            return bool(self.legend_entries())
        if action == "repeat_choice":
            return self.can_repeat()
        if action == "choose":
            return not self.has_class("-reading")  # no option is chosen while the options are out of sight
        if action == "board" and parameters:
            return self.board.key_enabled(str(parameters[0]))
        return True

    def action_autopass(self: GameScreen, kind: str) -> None:
        """Full control on/off, or a yield, for the seat at the keyboard (Session does the work)."""
        if self.link.autopass(kind):
            self.advance()

    def action_stops(self: GameScreen) -> None:
        """The stops screen for the seat at the keyboard: only its own settings, never the other seat's."""
        from mythtable.tui.screens.stops import StopsScreen

        link = self.link
        seat = link.settings_seat()
        if seat is None:
            return
        pace = self.computer_delay if link.session.bots else None  # a computer plays: its pace is a setting
        if not link.stop_stages and pace is None:
            return
        screen = StopsScreen(link.names[seat], link.settings(seat), link.stop_stages, pace)
        self.app.push_screen(screen, lambda settings: self.after_stops(seat, settings))

    def after_stops(self: GameScreen, seat: int, settings: SeatSettings | None) -> None:
        if settings is None or self._closing_down():
            return
        if settings.pace is not None:
            self.computer_delay = settings.pace  # from the next computer move on
        if self.link.set_settings(seat, settings):
            self.advance()  # a new yield passes the open window at once, as `y` does
        else:
            self.render_table()  # the status line shows the new settings

    def action_take_back(self: GameScreen) -> None:
        """Undo the move; from behind a curtain it comes back to the seat that asked (LocalSeat.take_back)."""
        if not self.link.can_take_back():
            self.action_cannot_take_back()
            return
        self.link.take_back()  # the link says it changed: the screen advances (on_table_changed)

    def action_cannot_take_back(self: GameScreen) -> None:
        self.prompt.note(self.link.why_no_takeback())  # in the notice row: a toast would cover the options

    def on_key(self: GameScreen, event: events.Key) -> None:
        """Watch mode: any key pauses, and any key goes on."""
        if not self.link.watching or event.key in ("ctrl+q", "ctrl+c", "f1", "question_mark"):
            return
        event.stop()
        self.paused = not self.paused
        if self.paused:
            if self._computer_timer is not None:
                self._computer_timer.stop()
            self.prompt.wait("Paused. Press any key to go on.")
        else:
            self.advance()

    def on_prompt_chosen(self: GameScreen, message: Prompt.Chosen) -> None:
        if message.question != self.prompt.question:
            return  # typed ahead: it answered a question that is no longer up (a double Enter, say)
        self.play(message.action)

    def action_board(self: GameScreen, name: str) -> None:
        """A key the board added (Board.SCREEN_BINDINGS)."""
        if self.board.key_enabled(name):
            getattr(self.board, f"action_{name}")()

    def action_nudge_options(self: GameScreen, step: int) -> None:
        """Up/Down that no focused widget took: move the options' highlight and give the list the focus."""
        options = self.prompt.options
        if not self.prompt.actions or self.inspecting:
            return
        options.focus()
        options.action_cursor_down() if step > 0 else options.action_cursor_up()

    def action_choose(self: GameScreen, index: int) -> None:
        self.prompt.choose_index(index)

    def can_repeat(self: GameScreen) -> bool:
        """`a` is on offer: a person at the keyboard answers a question the ruleset lets one answer again."""
        decision = self.link.decision
        return (
            decision is not None
            and self.link.can_repeat(decision.kind, decision.seat)
            and bool(self.prompt.actions)
            and not self.has_class("-reading")
        )

    def action_repeat_choice(self: GameScreen) -> None:
        """The highlighted answer, again and again while it stays on offer: all the wounds left on one blocker."""
        index = self.prompt.options.highlighted
        if not self.can_repeat() or index is None or not 0 <= index < len(self.prompt.actions):
            return
        self.prompt.guarded = False
        self.play(self.prompt.actions[index], again=True)

    def action_rules(self: GameScreen) -> None:
        from mythtable.tui.screens.rules import RulesScreen

        frame = self.link.frame()
        self.app.push_screen(
            RulesScreen(
                frame.title,
                frame.ruleset_id,
                frame.stage,
                legend=self.legend_entries(),
                autopass=self.autopass_at_work(),
            )
        )

    def legend_entries(self: GameScreen) -> list[tuple[str, str]]:
        """The board's symbols (Board.legend); a board that draws none has no `k` key."""
        return self.board.legend()

    def action_legend(self: GameScreen) -> None:
        """What the board's symbols mean (the board lists them)."""
        from mythtable.tui.screens.legend import LegendScreen

        entries = self.legend_entries()
        if entries:
            self.app.push_screen(LegendScreen(self.title_text, entries))

    def action_legend_unnamed(self: GameScreen) -> None:
        self.action_legend()

    def action_recap_unnamed(self: GameScreen) -> None:
        self.action_recap()

    def autopass_at_work(self: GameScreen) -> bool:
        """Auto-pass matters here: two people share the keyboard in a ruleset that opens answer windows."""
        return not self.link.watching and bool(self.link.stop_stages)

    def action_log_page(self: GameScreen, direction: int) -> None:
        log = self.query_one(GameLog)
        log.scroll_page_down() if direction > 0 else log.scroll_page_up()

    def action_log_view(self: GameScreen) -> None:
        """The whole log full-screen, with search and filters: only the lines the viewer may read."""
        from mythtable.tui.screens.log_view import LogViewScreen

        lines, seat = self.link.log_lines()
        if self.link.watching:  # a spectator sees everything, each private line with its seat's name
            self.app.push_screen(LogViewScreen(lines, viewer=None, names=self.link.names))
            return
        self.app.push_screen(LogViewScreen(lines, viewer=seat))
