"""The game screen: status line, the ruleset's board, the prompt and the log.

It draws `SeatFrame`s and acts through its seat link (mythtable/play/seat.py); here, the local form
(`LocalSeat`, the controller: the loop, choices, take-backs, computers, autosave). Its keys live in
game_keys.py, its inspect mode in game_inspect.py. The screen never edits state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from mythtable.engine.decision import NO_SUBJECT, Action
from mythtable.play.seat import SeatFrame
from mythtable.tables.remote_seat import RemoteSeat
from mythtable.tui.boards import board_class
from mythtable.tui.boards.base import Board
from mythtable.tui.local_seat import LocalSeat
from mythtable.tui.messages import AfterGame, Autosave
from mythtable.tui.safe_text import notify
from mythtable.tui.screens.curtain import TAKE_BACK, CurtainScreen
from mythtable.tui.screens.game_inspect import InspectMode
from mythtable.tui.screens.game_keys import GAME_BINDINGS, GameKeys
from mythtable.tui.screens.recap import RecapScreen
from mythtable.tui.screens.result import ResultScreen, end_of_game_text
from mythtable.tui.session import Next, Session
from mythtable.tui.status_line import status_text
from mythtable.tui.timings import Timings
from mythtable.tui.widgets.inspect import InspectPanel
from mythtable.tui.widgets.log import GameLog
from mythtable.tui.widgets.prompt import Prompt, prompt_rows
from mythtable.tui.widgets.recap import RecapPanel
from mythtable.tui.widgets.steady import steady_update


class GameScreen(GameKeys, InspectMode, Screen[None]):
    BINDINGS = GAME_BINDINGS

    def __init__(
        self,
        session: Session,
        computer_delay: float,
        record_path: Callable[[], Path | None] = lambda: None,
        pace_given: bool = False,
    ) -> None:
        super().__init__()
        self.attach(LocalSeat(session, autosave=lambda: self.app.post_message(Autosave())), session.game.ruleset.title)
        self.link: LocalSeat
        """The game, as this seat's screen reaches it (the seat seam's local form; table_seat.py: the remote)."""
        self.computer_delay = computer_delay
        """Seconds at least between two computer moves (thinking runs meanwhile; longer when watching slowly)."""
        if not pace_given:  # a player's own remembered pace (settings, key s), unless --computer-pace said
            paces = [session.autopass[s].pace for s in (0, 1) if s not in session.bots]
            self.computer_delay = next((p for p in paces if p is not None), computer_delay)
        self._record_path = record_path

    def attach(self, link: LocalSeat | RemoteSeat, title: str) -> None:
        """What every game screen sets up, whichever form its link has: the board of the link's ruleset."""
        self.link = link  # type: ignore[assignment]
        link.on_change(self.on_table_changed)
        self.computer_delay = 0.0
        self._move_started = 0.0
        self.timings = Timings.from_env()
        """Where the time of each computer move goes, when MYTHTABLE_TIMINGS names a file (benchmarks)."""
        self._record_path: Callable[[], Path | None] = lambda: None
        self.board: Board = board_class(link.ruleset_id)(id="table")
        self.board.subjects = link.subject  # what options are about
        for binding in self.board.SCREEN_BINDINGS:  # the board's own keys (a grid cursor, say)
            self._bindings.bind(binding.key, f"board('{binding.action}')", binding.description, show=binding.show)
        if link.repeatable_kinds:  # Mythicarium's wounds: `a` places the rest on one blocker
            self._bindings.bind("a", "repeat_choice", "All here")
        self.title_text = title
        self._computer_timer: Timer | None = None
        self.view: object = None
        """The view on screen now (what the viewer may see)."""
        self.paused = False
        self._thinking: Timer | None = None
        """Redraws the thinking line while a computer thinks (issue 19)."""
        self._clear_note = False
        self._recap_shown_upto = -1
        """The last recap this screen opened by itself (each is opened once)."""
        self._forced_said = ""
        """The notice row's why-no-choice words at the latest fresh decision (show_what_changed)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's answer, with the board's footer measured once for it (Board.reading_bindings)."""
        board: Board | None = getattr(self, "board", None)  # (None only while the screen is being made)
        if board is None:
            return super().active_bindings
        with board.reading_bindings():
            return super().active_bindings

    @property
    def session(self) -> Session:
        """The hot-seat session behind the link (for the app and tests; the screen reads the link)."""
        return self.link.session

    @property
    def last_computer_move(self) -> str:
        return self.link.last_computer_move

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield self.board
        with Horizontal(id="bottom"):
            yield Prompt(id="prompt")
            with Vertical(id="side"):
                yield InspectPanel(id="inspect")
                yield GameLog(id="log")
                yield RecapPanel(id="recap")
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
            steady_update(self.query_one("#status", Static), status_text(*self.status_parts, width - 2), layout=False)

    def prompt_width(self) -> int:
        return self.prompt.size.width or self.app.size.width * 3 // 5

    def fit_bottom(self, height: int, wanted: int | None = None) -> None:
        """The prompt and log take about 40% of a tall terminal, and 10 rows at 24; a decision with more
        options than that shows takes rows from the board, down to its MIN_ROWS (issue 33, item 5; a terminal
        taller than 30 rows keeps half for the board); while a
        narrow terminal reads an inspection (-reading) the panel takes about 60% (14 rows at 24). `wanted`: the
        rows the prompt will want (render_table knows them before the board is drawn, so the board is laid out
        once for the rows left); else the prompt's as it stands (a resize)."""
        rows = max(10, height * 2 // 5)
        if self.has_class("-reading"):
            rows = max(rows, height * 3 // 5)
        elif self.is_mounted:
            if wanted is None:
                wanted = self.prompt.rows_wanted(self.prompt_width()) + 1  # and the border above
            limit = height - 2 - self.board.MIN_ROWS  # the board keeps its minimum
            if height > 30:
                limit = min(limit, height // 2)  # and on a tall terminal half the screen
            rows = max(rows, min(wanted, limit))
        self.query_one("#bottom").styles.height = rows

    # ----- the loop ---------------------------------------------------------------------
    def advance(self) -> None:
        """Show what comes next: a curtain, a question, a computer's move, or the result."""
        link = self.link
        step = link.next_step()
        if step is Next.CURTAIN:
            self.show_recap(False)
            self.prompt.wait("Waiting for the other player...")
            c = link.curtain()
            self.app.push_screen(CurtainScreen(c.seat, c.name, c.role, c.previous, c.why), self.after_curtain)
            return
        if step is Next.RECAP:  # a combat's result, seen before the curtain falls (issue 33, item 1)
            frame = self.render_table()
            self.prompt.wait("Your turn has ended. Press Enter to continue.")
            c = link.curtain_for_recap()
            self.app.push_screen(
                RecapScreen(c.seat, c.name, c.role, link.recap_before_curtain(), c.previous, c.why), self.after_recap
            )
            return
        if step is Next.HUMAN:
            self.show_what_changed()
        frame = self.render_table()
        opened = step is Next.HUMAN and frame is not None and self.recap_on_return(frame)
        if opened and self.link.curtains_fall():  # behind curtains the recap beside tells the other seat's moves:
            self.prompt.note(self._forced_said)  # the options keep the note's last row at 80x24 (against the
            # computer the row still names its moves, which the player watched come)
        if step is Next.OVER:
            self.show_result()
        elif step is Next.COMPUTER:
            decision = link.decision
            assert decision is not None
            name = link.names[decision.seat]
            self.prompt.wait(f"{self.computer_moves_text()}\n{name} (computer) is thinking...".lstrip())
            if not self.paused:  # think at once: the pace runs meanwhile, not before (issue 33, item 7)
                self._move_started = time.monotonic()
                self.timings.shown(self._move_started)
                self.computer_move()
        else:
            self.ask(frame)

    def on_table_changed(self) -> None:
        """The link has a new frame (a move or a take-back was made): show what comes next."""
        if self._clear_note:
            self._clear_note = False
            self.prompt.note("")
        if self.has_class("-recap") and not self.recap_stays():
            self.show_recap(False)  # a move made: the log comes back
        self.advance()

    def recap_stays(self) -> bool:
        """The recap panel stays open when the link has a new frame (a shared table's screen closes it itself)."""
        return False

    def after_recap(self, seat: int | None) -> None:
        if seat == TAKE_BACK:  # the seat is still at the keyboard: its move comes back to it
            self.action_take_back()
            return
        self.link.recap_seen()
        self.advance()

    def recap_on_return(self, frame: SeatFrame) -> bool:
        """A seat back at the keyboard: a recap it has not been shown opens by itself when it holds a result;
        whether it opened."""
        recap = frame.recap
        if recap is None or recap.upto <= self._recap_shown_upto:
            return False
        self._recap_shown_upto = recap.upto
        self.query_one(RecapPanel).show(recap)
        self.show_recap(bool(recap.results))
        return bool(recap.results)

    def show_recap(self, on: bool) -> None:
        """Open or close the recap panel (it takes the log's column while open)."""
        if self._closing_down():
            return
        if on:
            self.query_one(RecapPanel).show(self.link.frame().recap)
        self.set_class(on, "-recap")
        self.refresh_bindings()

    def action_recap(self) -> None:
        """`r`: open or close what happened since this seat last looked."""
        self.show_recap(not self.has_class("-recap"))

    def after_curtain(self, seat: int | None) -> None:
        if seat == TAKE_BACK:
            self.action_take_back()
            return
        if seat is not None:
            self.link.take_keyboard(seat)
        self.advance()

    def show_what_changed(self) -> None:
        """A fresh decision: mark what changed since this seat last looked, and say what the other seat did."""
        changed = self.link.what_changed()
        if changed is None:
            return
        refs, forced, moves_since = changed
        self.board.mark_changed(refs, redraw=False)  # render_table shows the new view with them next
        width = self.prompt.size.width or 40
        room = 2 * width - 12  # two lines
        if len(forced) > room:  # a lone Done taken for the seat: why it had no choice
            forced = forced[: room - 1].rstrip() + "…"
        self._forced_said = forced
        moves = moves_since(width - 4 if forced else room)  # then a third line
        self.prompt.note(" ".join(x for x in (forced, moves) if x))

    def ask(self, frame: SeatFrame | None = None) -> None:
        frame = frame or self.link.frame()
        decision = frame.decision
        assert decision is not None
        name = frame.names[decision.seat]
        choices = [(option.action, option.words) for option in decision.options]
        question = decision.prompt if decision.prompt.startswith(name) else f"{name}: {decision.prompt}"
        question = self.with_why_only_done(question, decision.actions)
        question, choices = self.board.arrange_options(question, choices)
        opening = self.link.opening()  # after a hand-over: the safe option, and maybe a confirming Enter
        highlight = 0
        if opening.after_handover:  # start on the safe option, wherever the board put it
            safe = decision.actions[opening.highlight]
            highlight = next((i for i, (action, _) in enumerate(choices) if action == safe), 0)
        self.prompt.ask(question, choices, highlight, opening.confirm_first)
        self.prompt.options.focus()

    def play(self, action: Action, again: bool = False) -> None:
        """Choose `action` of the open decision (with `again`: as long as it stays on offer, LocalSeat.play);
        a refusal is shown and changes nothing."""
        decision = self.link.decision
        self._clear_note = True  # the notice row empties once the move is made
        if decision is None:
            refused: str | None = "the game is over; no more actions are possible"
        elif not decision.allows(action):
            refused = f"{list(action)} is not a legal choice now ({decision.prompt})"
        else:
            refused = self.link.choose(decision.actions.index(action), again)
        if refused is not None:
            self._clear_note = False
            notify(self, refused, title="Not allowed", severity="warning")

    # ----- computers -------------------------------------------------------------------
    def computer_move(self) -> None:
        """Let the computer think in a worker thread, so the screen stays responsive."""
        turn = self.link.computer_turn()
        if self.paused or turn is None:
            return

        def think() -> None:
            action = turn.think()
            self.app.call_from_thread(self.computer_chose, action, turn.moves)

        self._start_thinking(turn.bot, turn.seat)
        self.run_worker(think, thread=True, exclusive=True, group="computer")

    def computer_chose(self, action: Action, moves_before: int) -> None:
        """The worker's answer: shown once the pace since the decision opened has passed (not before, so each
        move can be followed; not pace plus thinking, so a wait is the longer of the two)."""
        if self._closing_down() or self.paused:
            self._stop_thinking()
            return  # the screen was left, the app is closing, or the watcher paused: think again later
        self.timings.answered(time.monotonic())
        left = self._move_started + self.computer_delay - time.monotonic()
        if left > 0.01:
            self._computer_timer = self.set_timer(left, lambda: self.computer_apply(action, moves_before))
        else:
            self.computer_apply(action, moves_before)

    def computer_apply(self, action: Action, moves_before: int) -> None:
        self._stop_thinking()
        if self._closing_down() or self.paused:
            return
        self.timings.applying(time.monotonic())
        self._clear_note = True
        refused = self.link.computer_chose(action, moves_before)
        self.timings.drawn(time.monotonic())
        if refused is not None:
            self._clear_note = False
            if refused:  # "" when the game moved on meanwhile: the answer is simply dropped
                notify(self, refused, title="Not allowed", severity="warning")

    THINK_SHOWN_AFTER = 0.5
    """Seconds of thinking before the line shows time: a quick answer should not flicker."""
    THINK_BAR = 10

    def _start_thinking(self, bot: object, seat: int) -> None:
        """Show time and a bar while the worker thinks (issue 19); the bar fills against the bot's budget
        for this decision when the bot has a thinking clock, else it runs as dots."""
        self._stop_thinking()
        budget = self.link.think_budget(bot)
        name = self.link.names[seat]
        start = self._move_started or time.monotonic()
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
        self.prompt.wait(f"{self.computer_moves_text()}\n{self.thinking_line(name, elapsed, budget)}".lstrip())

    def computer_moves_text(self) -> str:
        """The computer's latest moves since the player last moved, numbered, so that each shows as it
        happens (issue 33, item 7): 'Bram (computer), move 3: Pass'."""
        return "\n".join(self.link.computer_moves[-self.MOVES_SHOWN :])

    MOVES_SHOWN = 3

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
            or app.return_code is not None  # set by App.exit (public; None until the app is told to end)
            or not app.is_running
            or not self.is_running
        )

    # ----- drawing ----------------------------------------------------------------------
    def render_table(self) -> SeatFrame | None:
        if self._closing_down():
            return None  # nothing left to draw on
        frame = self.link.frame()
        view = self.view = frame.view
        decision = frame.decision  # the rows its options will want, before the board is drawn in what is left
        words = [o.words for o in decision.options] if decision is not None and decision.seat == frame.seat else []
        wanted = prompt_rows(decision.prompt, words, self.prompt_width()) + 1 if words and decision else 0
        self.fit_bottom(self.app.size.height, wanted)
        self.board.show(view, frame.seat, list(frame.names))
        stage = self.board.status(view) or frame.stage
        who, _, note = frame.choosing.removeprefix(" · ").partition(" · ")
        owner = self.board.turn_owner(view)  # whose turn, when the other seat decides (issue 33, item 5)
        other = owner is not None and decision is not None and decision.seat != owner  # ("your decision" remotely)
        turn = f"{frame.names[owner]}'s turn {frame.turn}" if other and owner is not None else f"turn {frame.turn}"
        turn = turn if self.board.SHOW_TURN else ""
        self.status_parts = (frame.title, turn, stage, who, note)
        self.show_status(self.app.size.width)
        self.query_one(GameLog).show(list(frame.log), list(frame.names) if frame.log_names else None)
        self.refresh_inspect()
        self.refresh_bindings()
        return frame

    def show_result(self) -> None:
        frame = self.link.frame()
        result = frame.result
        assert result is not None
        self.prompt.wait("The game is over.")
        names = list(frame.names)
        text = end_of_game_text(
            result, names, frame.title, list(frame.scores), self.link.summary(), self.record_path(), frame.ruleset_id
        )
        watching = self.link.watching
        board = board_class(frame.ruleset_id)(id="final-board")
        board.subjects = lambda action: NO_SUBJECT  # the game is over: no options to explain
        screen = ResultScreen(
            text,
            again_after=8.0 if watching else None,
            board=board,
            view=self.link.final_view(),
            names=names,
            can_replay=not watching,
            status=" · ".join(p for p in (*(self.status_parts or ())[:2], "game over") if p),
        )
        self.app.push_screen(screen, self.after_result)

    def record_path(self) -> Path | None:
        """Where this game's record was written, as the result screen names it (None: not saved; the app
        knows: MythtableApp.record_path)."""
        return self._record_path()

    def after_result(self, choice: str | None) -> None:
        self.app.post_message(AfterGame(choice or "title"))
