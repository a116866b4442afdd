"""The game screen: status line, the ruleset's board, the prompt and the log.

The screen reads views and applies legal actions through the Game; it never edits state.
"""

from __future__ import annotations

import time

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from mythtable.engine.decision import Action
from mythtable.engine.errors import IllegalAction
from mythtable.tui.boards import board_class
from mythtable.tui.boards.base import Board
from mythtable.tui.messages import AfterGame, Autosave
from mythtable.tui.safe_text import markup, notify
from mythtable.tui.screens.curtain import TAKE_BACK, CurtainScreen
from mythtable.tui.screens.result import ResultScreen, result_text
from mythtable.tui.session import Next, Session
from mythtable.tui.widgets.log import GameLog
from mythtable.tui.widgets.prompt import Prompt


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("u", "take_back", "Take back"),
        Binding("u", "cannot_take_back", "Take back", show=False),  # u when the one above is off: say why
        Binding("f", "autopass('full')", "Full control", show=False),  # auto-pass keys (issue 15)
        Binding("y", "autopass('turn')", "Pass until my turn", show=False),
        Binding("e", "autopass('combat')", "Pass until end of combat", show=False),
        Binding("pageup", "log_page(-1)", "Log up", show=False),
        Binding("pagedown", "log_page(1)", "Log down", show=False),
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
            yield GameLog(id="log")
        yield Footer()

    @property
    def prompt(self) -> Prompt:
        return self.query_one(Prompt)

    def on_mount(self) -> None:
        self.prompt.explain = lambda action: self.board.detail(self.view, action)
        self.fit_bottom(self.app.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_bottom(event.size.height)

    def fit_bottom(self, height: int) -> None:
        """The prompt and log take about 40% of a tall terminal, and 10 rows at 24."""
        self.query_one("#bottom").styles.height = max(10, height * 2 // 5)

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

    def action_take_back(self) -> None:
        """Undo the move; from behind a curtain this ends on a curtain again (Session.take_back)."""
        if self.session.takeback_seat() is None:
            self.action_cannot_take_back()
            return
        self.session.take_back()
        self.app.post_message(Autosave())
        self.advance()

    def action_cannot_take_back(self) -> None:
        notify(self, self.session.why_no_takeback(), title="Take back", severity="warning")

    def ask(self) -> None:
        game = self.session.game
        decision = game.decision
        assert decision is not None
        name = self.session.names[decision.seat]
        choices = [(action, game.describe(action)) for action in decision.actions]
        question = decision.prompt if decision.prompt.startswith(name) else f"{name}: {decision.prompt}"
        self.prompt.ask(*self.board.arrange_options(question, choices))
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
        self.last_computer_move = f"{name} (computer): {game.describe(action)}"
        if not self.session.watching:
            self.app.clear_notifications()  # one at a time: a creature's many moves must not pile up
            notify(self, self.last_computer_move, timeout=2.5)
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

    def play(self, action: Action) -> None:
        try:
            self.session.game.apply(action)
        except IllegalAction as exc:
            notify(self, exc, title="Not allowed", severity="warning")
            return
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
        who = f" · {session.names[decision.seat]} to decide" if decision else " · game over"
        who += session.autopass_words(session.viewer)
        stage = self.board.status(view) or ruleset.stage(game.state)
        turn = f" · turn {ruleset.turn_number(game.state)}" if self.board.SHOW_TURN else ""
        status = markup("[b]$title[/b]$rest", title=ruleset.title, rest=f"{turn} · {stage}{who}")
        self.query_one("#status", Static).update(status)
        self.query_one(GameLog).show(game.log_for(session.log_seat()))
        self.refresh_bindings()

    def show_result(self) -> None:
        game = self.session.game
        result = game.result
        assert result is not None
        self.prompt.wait("The game is over.")
        text = result_text(result, self.session.names, game.ruleset.title)
        again = 8.0 if self.session.watching else None
        self.app.push_screen(ResultScreen(text, again_after=again), self.after_result)

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

    def action_choose(self, index: int) -> None:
        self.prompt.choose_index(index)

    def action_rules(self) -> None:
        from mythtable.tui.screens.rules import RulesScreen

        ruleset = self.session.game.ruleset
        stage = ruleset.stage(self.session.game.state)
        self.app.push_screen(RulesScreen(ruleset.title, ruleset.id, stage))

    def action_log_page(self, direction: int) -> None:
        log = self.query_one(GameLog)
        log.scroll_page_down() if direction > 0 else log.scroll_page_up()
