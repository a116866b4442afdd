"""The game screen: status line, the ruleset's board, the prompt and the log.

The screen reads views and applies legal actions through the Game; it never edits state.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from mythtable.engine.autopass import SeatSettings
from mythtable.engine.decision import NO_SUBJECT, Action, Ref
from mythtable.engine.errors import IllegalAction
from mythtable.engine.summary import summarize
from mythtable.tui.boards import board_class
from mythtable.tui.boards.base import Board, clicked_ref
from mythtable.tui.messages import AfterGame, Autosave
from mythtable.tui.safe_text import notify
from mythtable.tui.screens.curtain import TAKE_BACK, CurtainScreen
from mythtable.tui.screens.result import ResultScreen, end_of_game_text
from mythtable.tui.session import Next, Session
from mythtable.tui.status_line import status_text
from mythtable.tui.widgets.inspect import InspectPanel, inspection_content
from mythtable.tui.widgets.log import GameLog
from mythtable.tui.widgets.prompt import Prompt


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("f1,question_mark", "rules", "Rules"),
        # the app's own quit, named here so that the footer shows it second: at 80 columns a MythCraft
        # turn's group keys fill the footer, and what comes last is cut off
        Binding("ctrl+q", "app.request_quit", "Quit", priority=True),
        Binding("k", "legend", "Legend"),
        Binding("k", "legend_unnamed", "Legend", show=False),  # k while the board names it elsewhere
        Binding("u", "take_back", "Take back"),
        Binding("u", "cannot_take_back", "Take back", show=False),  # u when the one above is off: say why
        Binding("i", "inspect", "Inspect"),
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

    def __init__(self, session: Session, computer_delay: float) -> None:
        super().__init__()
        self.session = session
        self.computer_delay = computer_delay
        """Seconds a computer waits before it moves (longer when watching at a slow pace)."""
        self.board: Board = board_class(session.game.ruleset.id)(id="table")
        self.board.subjects = lambda action: self.session.game.subject(action)  # what options are about
        for binding in self.board.SCREEN_BINDINGS:  # the board's own keys (a grid cursor, say)
            self._bindings.bind(binding.key, f"board('{binding.action}')", binding.description, show=binding.show)
        if session.game.ruleset.repeatable_kinds:  # Mythicarium's wounds: `a` places the rest on one blocker
            self._bindings.bind("a", "repeat_choice", "All here")
        self._computer_timer: Timer | None = None
        self.view: object = None
        """The view on screen now (what the viewer may see)."""
        self.paused = False
        self.last_computer_move = ""
        self._thinking: Timer | None = None
        """Redraws the thinking line while a computer thinks (issue 19)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield self.board
        with Horizontal(id="bottom"):
            yield Prompt(id="prompt")
            with Vertical(id="side"):
                yield InspectPanel(id="inspect")
                yield GameLog(id="log")
        yield Footer(compact=True)

    @property
    def prompt(self) -> Prompt:
        return self.query_one(Prompt)

    def on_mount(self) -> None:
        self.prompt.explain = self.explain_option
        self.fit_bottom(self.app.size.height)
        self.fit_inspect(self.app.size.width)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_bottom(event.size.height)
        self.fit_inspect(event.size.width)
        self.show_status(event.size.width)

    status_parts: tuple[str, str, str, str, str] | None = None
    """The status line's title, turn, stage, who decides and auto-pass note (render_table sets them)."""

    def show_status(self, width: int) -> None:
        """The status line fitted to `width`: whose decision it is always shows whole (status_line.py)."""
        if self.status_parts is not None:
            self.query_one("#status", Static).update(status_text(*self.status_parts, width - 2))

    def fit_bottom(self, height: int) -> None:
        """The prompt and log take about 40% of a tall terminal, and 10 rows at 24; while a narrow
        terminal reads an inspection (-reading) the panel takes about 60% (14 rows at 24)."""
        rows = max(10, height * 2 // 5)
        if self.has_class("-reading"):
            rows = max(rows, height * 3 // 5)
        self.query_one("#bottom").styles.height = rows

    # ----- the loop ---------------------------------------------------------------------
    def advance(self) -> None:
        """Show what comes next: a curtain, a question, a computer's move, or the result."""
        session = self.session
        step = session.next_step()
        if step is Next.CURTAIN:
            decision = session.game.decision
            assert decision is not None
            self.prompt.wait("Waiting for the other player...")
            seat = decision.seat
            role = session.game.ruleset.seats[seat].role
            previous = session.takeback_seat()
            name = session.names[previous] if previous is not None else None
            why = session.why_no_takeback() if previous is None else ""
            self.app.push_screen(CurtainScreen(seat, session.names[seat], role, name, why), self.after_curtain)
            return
        if step is Next.HUMAN:
            self.show_what_changed()
        self.render_table()
        if step is Next.OVER:
            self.show_result()
        elif step is Next.COMPUTER:
            decision = session.game.decision
            assert decision is not None
            name = session.names[decision.seat]
            self.prompt.wait(f"{self.last_computer_move}\n{name} (computer) is thinking...".lstrip())
            if not self.paused:
                self._computer_timer = self.set_timer(self.computer_delay, self.computer_move)
        else:
            self.ask()

    def after_curtain(self, seat: int | None) -> None:
        if seat == TAKE_BACK:
            self.action_take_back()
            return
        if seat is not None:
            self.session.take_keyboard(seat)
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.session.takeback_seat() is not None
        if action == "cannot_take_back":
            return self.session.takeback_seat() is None and not self.session.watching
        if action == "inspect":
            return not self.session.watching and self.session.game.decision is not None
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

    def action_autopass(self, kind: str) -> None:
        """Full control on/off, or a yield, for the seat at the keyboard (Session does the work)."""
        decision = self.session.game.decision
        seat = self.session.viewer
        if decision is None or seat is None or seat in self.session.bots or self.session.watching:
            return
        if kind == "full":
            self.session.toggle_full_control(seat)
        else:
            self.session.set_yield(seat, kind)
        self.app.post_message(Autosave())
        self.advance()

    def show_what_changed(self) -> None:
        """A fresh decision: mark what changed since this seat last looked, and say what the other seat did."""
        seat = self.session.viewer
        if seat is None:
            return
        self.board.mark_changed(self.session.changed_since_last_look(seat))
        width = self.prompt.size.width or 40
        room = 2 * width - 12  # two lines
        forced = self.session.forced_note(seat)  # a lone Done taken for the seat: why it had no choice
        if len(forced) > room:
            forced = forced[: room - 1].rstrip() + "…"
        moves = self.session.moves_since_last_look(seat, limit=width - 4 if forced else room)  # then a third line
        self.prompt.note(" ".join(x for x in (forced, moves) if x))

    def action_stops(self) -> None:
        """The stops screen for the seat at the keyboard: only its own settings, never the other seat's."""
        from mythtable.tui.screens.stops import StopsScreen

        session = self.session
        seat = session.viewer
        if seat is None or seat in session.bots or session.watching or session.game.decision is None:
            return
        ruleset = session.game.ruleset
        screen = StopsScreen(session.names[seat], session.autopass[seat], ruleset.stop_stages())
        self.app.push_screen(screen, lambda settings: self.after_stops(seat, settings))

    def after_stops(self, seat: int, settings: SeatSettings | None) -> None:
        if settings is None or self._closing_down():
            return
        session = self.session
        session.set_settings(seat, settings)
        self.app.post_message(Autosave())
        decision = session.game.decision
        if decision is not None and decision.seat == seat and seat == session.viewer:
            self.advance()  # a new yield passes the open window at once, as `y` does
        else:
            self.render_table()  # the status line shows the new settings

    def action_take_back(self) -> None:
        """Undo the move; from behind a curtain this ends on a curtain again (Session.take_back)."""
        if self.session.takeback_seat() is None:
            self.action_cannot_take_back()
            return
        self.session.take_back()
        self.app.post_message(Autosave())
        self.advance()

    def action_cannot_take_back(self) -> None:
        self.prompt.note(self.session.why_no_takeback())  # in the notice row: a toast would cover the options

    def ask(self) -> None:
        game = self.session.game
        decision = game.decision
        assert decision is not None
        name = self.session.names[decision.seat]
        # copies of one card in hand are one option, counted as a deck list counts them ("×2")
        choices = [(action, words if n == 1 else f"{words} ×{n}") for action, words, n in game.options()]
        question = decision.prompt if decision.prompt.startswith(name) else f"{name}: {decision.prompt}"
        question = self.with_why_only_done(question, decision.actions)
        question, choices = self.board.arrange_options(question, choices)
        opening = self.session.opening()  # after a hand-over: the safe option, and maybe a confirming Enter
        highlight = 0
        if opening.after_handover:  # start on the safe option, wherever the board put it
            safe = decision.actions[opening.highlight]
            highlight = next((i for i, (action, _) in enumerate(choices) if action == safe), 0)
        self.prompt.ask(question, choices, highlight, opening.confirm_first)
        self.prompt.options.focus()

    def computer_move(self) -> None:
        """Let the computer think in a worker thread, so the screen stays responsive."""
        game = self.session.game
        decision = game.decision
        if self.paused or decision is None or decision.seat not in self.session.bots:
            return
        bot = self.session.bots[decision.seat]
        moves_before = len(game.actions)

        def think() -> None:
            action = bot.choose(game.ruleset, game.state, decision)
            self.app.call_from_thread(self.computer_chose, action, moves_before)

        self._start_thinking(bot, decision.seat)
        self.run_worker(think, thread=True, exclusive=True, group="computer")

    def computer_chose(self, action: Action, moves_before: int) -> None:
        self._stop_thinking()
        if self._closing_down():
            return  # the screen was left, or the app is closing, while the computer thought
        game = self.session.game
        if len(game.actions) != moves_before or self.paused:
            return  # the game moved on meanwhile (or the watcher paused): think again later
        decision = game.decision
        assert decision is not None
        name = self.session.names[decision.seat]
        self.last_computer_move = f"{name} (computer): {game.describe(action)}"  # shown in the prompt, no toast
        self.play(action)

    # ----- a computer's think on screen (issue 19) -----------------------------------------
    THINK_SHOWN_AFTER = 0.5
    """Seconds of thinking before the line shows time: a quick answer should not flicker."""
    THINK_BAR = 10

    def _start_thinking(self, bot: object, seat: int) -> None:
        """Show time and a bar while the worker thinks; the bar fills against the bot's budget
        for this decision when the bot has a thinking clock, else it runs as dots."""
        self._stop_thinking()
        budget: float | None = None
        clock = getattr(bot, "clock", None)
        if clock is not None and getattr(bot, "iterations", None) is None:
            try:  # peek only reads: the bot's own thread allots the time
                budget = float(clock.peek(self.session.game.ruleset.turn_number(self.session.game.state)))
            except Exception:  # a clock of another shape: show plain time
                budget = None
        name = self.session.names[seat]
        start = time.monotonic()
        self._thinking = self.set_interval(0.1, lambda: self._show_thinking(name, start, budget))

    def thinking_line(self, name: str, elapsed: float, budget: float | None) -> str:
        """'Bram (computer) is thinking... 0.8 s ▰▰▰▰▱▱▱▱▱▱' (dots when the budget is unknown)."""
        if budget is not None and budget > 0:
            full = min(self.THINK_BAR, int(self.THINK_BAR * elapsed / budget))
            bar = "▰" * full + "▱" * (self.THINK_BAR - full)
        else:
            bar = "." * (1 + int(elapsed * 2) % 3)
        return f"{name} (computer) is thinking... {elapsed:.1f} s {bar}"

    def _show_thinking(self, name: str, start: float, budget: float | None) -> None:
        if self.paused or self._closing_down():
            self._stop_thinking()
            return
        elapsed = time.monotonic() - start
        if elapsed < self.THINK_SHOWN_AFTER:
            return
        self.prompt.wait(f"{self.last_computer_move}\n{self.thinking_line(name, elapsed, budget)}".lstrip())

    def _stop_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.stop()
            self._thinking = None

    def _closing_down(self) -> bool:
        """True once this screen was left or the app began to close: its widgets may be half gone."""
        app = self.app
        return (
            not self.is_attached
            or self not in app.screen_stack
            or app._exit
            or not app.is_running
            or not self.is_running
        )

    def on_key(self, event: events.Key) -> None:
        """Watch mode: any key pauses, and any key goes on."""
        if not self.session.watching or event.key in ("ctrl+q", "ctrl+c", "f1", "question_mark"):
            return
        event.stop()
        self.paused = not self.paused
        if self.paused:
            if self._computer_timer is not None:
                self._computer_timer.stop()
            self.prompt.wait("Paused. Press any key to go on.")
        else:
            self.advance()

    def play(self, action: Action, again: bool = False) -> None:
        """Apply `action`; with `again`, apply it once more each time the same seat is asked the same kind of
        question with it still on offer (each a legal move of its own, taken back one by one)."""
        game = self.session.game
        decision = game.decision
        try:
            game.apply(action)
            while again and decision is not None and (after := game.decision) is not None:
                if after.seat != decision.seat or after.kind != decision.kind or not after.allows(action):
                    break
                game.apply(action)
        except IllegalAction as exc:
            notify(self, exc, title="Not allowed", severity="warning")
            return
        if decision is not None:
            self.session.remember(decision.seat)  # the table as the mover leaves it (what changed, next time)
        self.prompt.note("")
        self.app.post_message(Autosave())
        self.advance()

    def render_table(self) -> None:
        if self._closing_down():
            return  # nothing left to draw on
        session = self.session
        game = session.game
        view = self.view = session.view()
        self.board.show(view, session.viewer, session.names)
        ruleset = game.ruleset
        decision = game.decision
        who = f"{session.names[decision.seat]} to decide" if decision else "game over"
        note = session.autopass_words(session.viewer).removeprefix(" · ")
        stage = self.board.status(view) or ruleset.stage(game.state)
        turn = f"turn {ruleset.turn_number(game.state)}" if self.board.SHOW_TURN else ""
        self.status_parts = (ruleset.title, turn, stage, who, note)
        self.show_status(self.app.size.width)
        log_seat = session.log_seat()  # None: a watcher, who reads every seat's lines, each with its name
        self.query_one(GameLog).show(game.log_for(log_seat), session.names if log_seat is None else None)
        self.refresh_inspect()
        self.refresh_bindings()

    def show_result(self) -> None:
        game = self.session.game
        result = game.result
        assert result is not None
        self.prompt.wait("The game is over.")
        names = self.session.names
        scores = game.ruleset.scores(game.state)
        text = end_of_game_text(
            result, names, game.ruleset.title, scores, summarize(game), self.record_path(), game.ruleset.id
        )
        again = 8.0 if self.session.watching else None
        board = board_class(game.ruleset.id)(id="final-board")
        board.subjects = lambda action: NO_SUBJECT  # the game is over: no options to explain
        screen = ResultScreen(
            text,
            again_after=again,
            board=board,
            view=game.view(None),
            names=names,
            can_replay=not self.session.watching,
        )
        self.app.push_screen(screen, self.after_result)

    def record_path(self) -> Path | None:
        """Where this game's record was written (None when it is not saved: watch mode); for a remote player,
        inside their own folder (`saves/NAME.json`), as the server's folders are none of their business."""
        game = self.session.game
        store = getattr(self.app, "store", None)
        if self.session.watching or store is None or game.save_name is None:
            return None
        if getattr(self.app, "remote", None) is not None:
            return Path(Path(store.folder).name) / game.save_name
        return Path(store.folder) / game.save_name

    def after_result(self, choice: str | None) -> None:
        self.app.post_message(AfterGame(choice or "title"))

    # ----- keys -------------------------------------------------------------------------
    def on_prompt_chosen(self, message: Prompt.Chosen) -> None:
        if message.question != self.prompt.question:
            return  # typed ahead: it answered a question that is no longer up (a double Enter, say)
        self.play(message.action)

    def action_board(self, name: str) -> None:
        """A key the board added (Board.SCREEN_BINDINGS)."""
        if self.board.key_enabled(name):
            getattr(self.board, f"action_{name}")()

    def action_nudge_options(self, step: int) -> None:
        """Up/Down that no focused widget took: move the options' highlight and give the list the focus."""
        options = self.prompt.options
        if not self.prompt.actions or self.inspecting:
            return
        options.focus()
        options.action_cursor_down() if step > 0 else options.action_cursor_up()

    def action_choose(self, index: int) -> None:
        self.prompt.choose_index(index)

    def can_repeat(self) -> bool:
        """`a` is on offer: a person at the keyboard answers a question the ruleset lets one answer again."""
        session = self.session
        decision = session.game.decision
        return (
            decision is not None
            and decision.kind in session.game.ruleset.repeatable_kinds
            and not session.watching
            and decision.seat not in session.bots
            and bool(self.prompt.actions)
            and not self.has_class("-reading")
        )

    def action_repeat_choice(self) -> None:
        """The highlighted answer, again and again while it stays on offer: all the wounds left on one blocker."""
        index = self.prompt.options.highlighted
        if not self.can_repeat() or index is None or not 0 <= index < len(self.prompt.actions):
            return
        self.prompt.guarded = False
        self.play(self.prompt.actions[index], again=True)

    def action_rules(self) -> None:
        from mythtable.tui.screens.rules import RulesScreen

        ruleset = self.session.game.ruleset
        stage = ruleset.stage(self.session.game.state)
        self.app.push_screen(
            RulesScreen(
                ruleset.title, ruleset.id, stage, legend=self.legend_entries(), autopass=self.autopass_at_work()
            )
        )

    def legend_entries(self) -> list[tuple[str, str]]:
        """The board's symbols (Board.legend); a board that draws none has no `k` key."""
        return self.board.legend()

    def action_legend(self) -> None:
        """What the board's symbols mean (the board lists them)."""
        from mythtable.tui.screens.legend import LegendScreen

        entries = self.legend_entries()
        if entries:
            self.app.push_screen(LegendScreen(self.session.game.ruleset.title, entries))

    def action_legend_unnamed(self) -> None:
        self.action_legend()

    def autopass_at_work(self) -> bool:
        """Auto-pass matters here: two people share the keyboard in a ruleset that opens answer windows."""
        session = self.session
        return not session.watching and bool(session.game.ruleset.stop_stages())

    def action_log_page(self, direction: int) -> None:
        log = self.query_one(GameLog)
        log.scroll_page_down() if direction > 0 else log.scroll_page_up()

    def action_log_view(self) -> None:
        """The whole log full-screen, with search and filters: only the lines the viewer may read."""
        from mythtable.tui.screens.log_view import LogViewScreen

        session = self.session
        if session.watching:  # a spectator sees everything, each private line with its seat's name
            self.app.push_screen(LogViewScreen(session.game.log_for(None), viewer=None, names=session.names))
            return
        seat = session.viewer  # None (nobody at the keyboard yet): the public lines only
        lines = session.game.log_for(seat) if seat is not None else session.game.log_for(-1)
        self.app.push_screen(LogViewScreen(lines, viewer=seat))

    # ----- inspect: read the table (issue 16) -------------------------------------------
    WIDE_INSPECT = 110
    """From this many columns the inspect panel sits beside the log; below, it shares the log's place."""

    inspecting = False

    def fit_inspect(self, width: int) -> None:
        self.set_class(width >= self.WIDE_INSPECT, "-wide")
        self.fit_reading()

    def fit_reading(self) -> None:
        """Narrow and inspecting: the panel takes the whole bottom (the prompt and the log step aside)
        and grows, so a long card reads without scrolling at 80x24 (issue 16). Wide, it sits beside the log."""
        reading = self.inspecting and not self.has_class("-wide")
        if reading != self.has_class("-reading"):
            self.set_class(reading, "-reading")
            self.fit_bottom(self.app.size.height)
            self.refresh_bindings()  # the digits wait while the options are out of sight

    def inspect_seat(self) -> int | None:
        """Whose eyes the panel uses: the viewer (None, all seeing, only when watching two computers)."""
        session = self.session
        if session.watching:
            return None
        return session.viewer if session.viewer is not None else session.first_human_seat()

    @property
    def inspect_panel(self) -> InspectPanel:
        return self.query_one(InspectPanel)

    def action_inspect(self) -> None:
        """i: a cursor over everything the seat may inspect; the panel takes the keys."""
        if self.session.watching:
            return
        panel = self.inspect_panel
        panel.set_targets(self.session.game.inspectables(self.inspect_seat()))
        if not panel.targets:
            notify(self, "Nothing to inspect here.", title="Inspect")
            return
        self.enter_inspect()

    def enter_inspect(self) -> None:
        """Inspect mode on, the panel's cursor where it stands: the panel takes the keys."""
        self.inspecting = True
        self.add_class("-inspecting")
        self.fit_reading()
        self.inspect_panel.focus()
        self.show_inspected()

    def inspect_at(self, ref: Ref) -> bool:
        """Put the inspect cursor on `ref`, as `i` and the arrows would; False (nothing changes) when the
        seat may not inspect it now (hidden, gone, or no decision)."""
        if not self.check_action("inspect", ()):
            return False
        targets = self.session.game.inspectables(self.inspect_seat())
        if ref not in [t.ref for t in targets]:
            return False
        self.inspect_panel.set_targets(targets, keep=ref)
        self.enter_inspect()
        return True

    def on_click(self, event: events.Click) -> None:
        """A click on a card, unit, creature or player the board draws inspects it (issue 16); a click
        elsewhere, or on something the seat may not inspect, does nothing here."""
        ref = clicked_ref(event.style)
        if ref is not None and self.inspect_at(ref):
            event.stop()

    def leave_inspect(self) -> None:
        if not self.inspecting:
            return
        self.inspecting = False
        self.remove_class("-inspecting")
        self.fit_reading()
        self.board.point_at(None)
        if self.prompt.actions:
            self.prompt.options.focus()
            self.prompt.show_detail_for(self.prompt.options.highlighted)
        else:
            self.show_subject(None)

    def on_inspect_panel_moved(self, message: InspectPanel.Moved) -> None:
        message.stop()
        self.show_inspected()

    def on_inspect_panel_leave(self, message: InspectPanel.Leave) -> None:
        message.stop()
        self.leave_inspect()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Clicking elsewhere (the options) ends inspect mode, so keys never go to a hidden cursor. A click
        on the board keeps it, and the panel the keys: the click may move the cursor (on_click), and the
        layout must not change under the mouse between its press and its release."""
        focused = self.app.focused
        if not self.inspecting or event.widget is not self.inspect_panel or focused is None:
            return
        if self.board in focused.ancestors_with_self:
            self.inspect_panel.focus()
            return
        self.leave_inspect()

    def show_inspected(self) -> None:
        """The target under the cursor: its text in the panel, and the board points at it."""
        panel = self.inspect_panel
        target = panel.current
        if target is None:
            return
        inspection = self.session.game.inspect(self.inspect_seat(), target.ref)
        header = f"{target.zone} · {panel.index + 1}/{len(panel.targets)}"
        panel.show(inspection_content(inspection, header))
        self.board.point_at(target.ref)

    def refresh_inspect(self) -> None:
        """After a move: the cursor list follows the table (the same thing stays under the cursor).
        Outside inspect mode the last option's text goes (the next question brings its own)."""
        if not self.inspecting:
            self.show_subject(None)
            return
        panel = self.inspect_panel
        keep = panel.current.ref if panel.current is not None else None
        panel.set_targets(self.session.game.inspectables(self.inspect_seat()), keep)
        if panel.targets:
            self.show_inspected()
        else:
            self.leave_inspect()

    def explain_option(self, action: Action) -> str | Text:
        """The highlighted option: the board's detail line, and its subject's full text in the panel."""
        if not self.inspecting:
            subject = self.session.game.subject(action)
            self.show_subject(subject.actor, subject.target)
        return self.board.detail(self.view, action)

    def show_subject(self, actor: Ref | None, target: Ref | None = None) -> None:
        """What the option is about (actor, then target) in the panel; the why-only-done note when none."""
        game = self.session.game
        seat = self.inspect_seat()
        shown = [i for i in (game.inspect(seat, ref) for ref in (actor, target) if ref is not None) if i is not None]
        if not shown:
            note = (game.ruleset.why_only_done(game.state) or "") if game.decision is not None else ""
            self.inspect_panel.show(inspection_content(None, note=note))
            return
        content = inspection_content(shown[0])
        for other in shown[1:]:
            content = content + "\n\n" + inspection_content(other, "Target")
        self.inspect_panel.show(content)

    def with_why_only_done(self, question: str, actions: list[Action]) -> str:
        """A decision offering only Done / pass says why, above its options. At 80 columns the panel
        shares the log's column for the whole decision when any option is about something (or there
        is a why to tell), so the log does not jump as the highlight moves."""
        game = self.session.game
        reason = game.ruleset.why_only_done(game.state)
        seat = self.inspect_seat()
        about = any(game.inspect(seat, ref) is not None for action in actions for ref in game.subject(action).refs())
        self.set_class(about or bool(reason), "-subject")
        return f"{question}\n{reason}" if reason else question
