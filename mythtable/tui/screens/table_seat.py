"""A seat at a shared table in the full game screen (issue 32): the same board, options, inspect, log and rules
as hot-seat, driven by the remote form of the seat seam (tables/remote_seat.py) instead of the local one.

The entry point, for the seat program of `serve ssh` (tui/table_app.py) and the title screen's "Join a table":

    seat_screen(client: TableClient) -> Screen[None]

`client` is a TableClient connected (with its ticket) on the app's own event loop; its first frame may still be on
the way. Push the screen returned; it reads the table's frames itself, and dismisses itself (result None) when the
player leaves the table or the table closes, so the caller decides what comes next.

Between terminals there is no curtain: each seat sees its own screen. While the other seat decides, the prompt says
so in words ("Bram is choosing blockers...") and the screen stays live. The table's own keys: `t` chat, `m` mute
the chat, `u` asks the other player to let you take back a move (they answer y/n), `a` what to do about an absent
player (wait, the computer plays for them, or end the game, saved), `w` opens or closes the table to watchers (its
opener only), `x` leaves (the seat stays yours: join again to come back).
"""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from mythtable.engine.decision import NO_SUBJECT, Action
from mythtable.play.seat import SeatFrame
from mythtable.tables.client import TableClient
from mythtable.tables.protocol import MAX_CHAT, Frame
from mythtable.tables.remote_seat import RemoteSeat
from mythtable.tables.table import clock
from mythtable.tui.boards import board_class
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.confirm import AskScreen, ConfirmScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.game_keys import GAME_BINDINGS
from mythtable.tui.screens.result import ResultScreen, end_of_game_text

TABLE_BINDINGS = [  # short words: at 80 columns the footer holds the game's keys and these
    Binding("t", "chat", "Chat"),
    Binding("m", "mute", "Mute", show=False),  # named in the chat line's dialog
    Binding("a", "absent", "Away"),  # only while the other player is away
    Binding("w", "watchers", "Watch"),  # only for the table's opener
    Binding("x", "leave", "Leave"),
]


def seat_screen(client: TableClient) -> Screen[None]:
    """The game screen of the seat `client` holds (see the module's docstring)."""
    return TableSeat(client)


class TableSeat(Screen[None]):
    """Holds the place until the table's first frame is here (the board depends on its ruleset), then puts the
    seat's game screen on top; dismissed when that one is."""

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client

    def compose(self) -> ComposeResult:
        yield Static("Joining the table...", id="joining")

    async def on_mount(self) -> None:
        self.run_worker(self._first_frame(), group="table")

    async def _first_frame(self) -> None:
        client = self.client
        while client.frame is None:
            message = await client.receive()
            if message is None or message.type == "closed":
                self.query_one("#joining", Static).update(plain(f"mythtable: {client.closed}. Press x to leave."))
                return
        self.app.push_screen(TableSeatScreen(RemoteSeat(client)), lambda _: self.dismiss(None))

    BINDINGS = [Binding("x,escape", "leave", "Leave")]

    def action_leave(self) -> None:
        self.dismiss(None)


class NoticeScreen(ConfirmScreen):
    """Something to read and acknowledge (the seat token): Enter, Esc, y or n close it."""

    BINDINGS = [Binding("enter,escape,y,n", "answer(True)", "OK")]


def token_notice(code: str, token: str) -> str:
    """The seat token, shown whole on a line of its own, and the two ways to get the seat back with it."""
    return (
        f"Your seat token:   {token}\n\n"
        "Write it down: it gets you this seat back\nif you drop.\n\n"
        f"Over SSH:\n  ssh -t ... join {code} {token}\n"
        f"Title screen or browser: Join a table,\n  code {code}, token {token}\n\n"
        "Press Enter to go on."
    )


class AbsentScreen(ConfirmScreen):
    """The other player is gone: wait, let the computer play for them, or end the game (saved)."""

    BINDINGS = [
        Binding("w,escape", "choose('wait')", "Wait"),
        Binding("c", "choose('computer')", "Computer plays"),
        Binding("e", "choose('end')", "End the game"),
    ]

    def __init__(self, name: str, line: str) -> None:
        super().__init__(self.words(name, line))
        self.player = name

    @staticmethod
    def words(name: str, line: str) -> str:
        return (
            f"{line}\n\nw  wait for {name}\nc  the computer plays for {name}\n   until they come back\n"
            "e  end the game (it is saved)"
        )

    def show_line(self, line: str) -> None:
        self.question = self.words(self.player, line)  # what it composes with, if it has not yet
        for shown in self.query(Static):
            shown.update(plain(self.question))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)  # type: ignore[arg-type]


class TableSeatScreen(GameScreen):
    """The game screen over a RemoteSeat (see the module's docstring)."""

    BINDINGS = [*GAME_BINDINGS, *TABLE_BINDINGS]

    def __init__(self, link: RemoteSeat) -> None:
        super(GameScreen, self).__init__()
        frame = link.wire
        assert frame is not None, "a table seat's screen needs the table's first frame"
        from mythtable.engine.registry import load

        self.attach(link, load(frame.ruleset).ruleset.title)
        self.link: RemoteSeat  # type: ignore[assignment]
        self._asked: tuple[int, int] | None = None
        """The decision whose options are up (moves, id): a frame that changes nothing else keeps them up."""
        self._notes_seen = 0
        self._status_shown = ""
        """The table's lines last put in the notice row (replaced, or cleared, when they change)."""
        self._take_back_dialog: ConfirmScreen | None = None
        self._absent_dialog: AbsentScreen | None = None
        self._absent_offered = False
        """The absent-player dialog opened by itself once for this absence (`a` opens it again)."""
        self._received = time.monotonic()
        self._ticking: Timer | None = None
        self._token_shown = False
        self._inspect_wanted = False
        """`i` was pressed before the texts of this position came: inspect mode opens when they do."""
        self._waiting: str | None = None
        """What the prompt says while this seat waits (None: a question is up)."""
        self._result_shown = False

    def on_mount(self) -> None:
        super().on_mount()
        self._ticking = self.set_interval(0.5, self._tick)
        self.run_worker(self._pump(self.link), group="table")

    async def _pump(self, link: RemoteSeat) -> None:
        await link.pump()
        self.advance()  # the table closed: say so

    def on_table_changed(self) -> None:
        if self.link.inspected_only:  # the inspection texts asked for: the table itself did not change
            self.inspect_arrived()
            return
        self._received = time.monotonic()
        super().on_table_changed()

    def inspect_arrived(self) -> None:
        if self._closing_down():
            return
        if self.inspecting:
            self.refresh_inspect()
        elif self._inspect_wanted:
            self._inspect_wanted = False
            self.action_inspect()
        elif self.prompt.actions and (decision := self.link.decision) is not None:
            self.with_why_only_done("", decision.actions)  # the panel beside the options, now that it has texts
            self.prompt.show_detail_for(self.prompt.options.highlighted)

    def action_inspect(self) -> None:
        """`i`: the texts of the position now are asked for when this seat has only older ones (they come in a
        moment, and inspect mode opens then)."""
        if self.link.inspect_stale and not self.link.inspectables():
            self._inspect_wanted = True
            self.link.ask_inspect()
            return
        if self.link.inspect_stale:
            self.link.ask_inspect()  # meanwhile the older texts; the new ones replace them (inspect_arrived)
        super().action_inspect()

    def enter_inspect(self) -> None:
        self.link.keep_inspecting = True
        super().enter_inspect()

    def leave_inspect(self) -> None:
        self.link.keep_inspecting = False
        super().leave_inspect()

    # ----- the loop ----------------------------------------------------------------------
    def advance(self) -> None:
        """Show the table as the latest frame has it: this seat's question, or who decides and what the table
        waits for; the other player's requests as dialogs."""
        if self._closing_down():
            return
        link, wire = self.link, self.link.wire
        frame = self.render_table()
        if frame is None or wire is None:
            return
        refused = self.show_refusal()
        if refused:
            self.prompt.hold(False)  # the choice was refused: the options are live again
        closed = link.client.closed
        if closed is not None:
            self.close_dialogs()
            self.wait(f"{closed[:1].upper()}{closed[1:]}.\nPress x to leave.")
            return
        self.table_dialogs(wire)
        self.show_token(wire)
        if wire.result is not None:
            self.wait(f"The game is over. {wire.result.rstrip('.')}.\nPress x to leave the table.")
            self.result_once()
            return
        decision = frame.decision
        if decision is not None and decision.options and wire.decision is not None:
            asked = (wire.moves, wire.decision.id)
            if asked != self._asked:
                self._asked = asked
                self._waiting = None
                self.ask(frame)
                self.recap_on_ask(frame)
            status = " · ".join(self.status_lines(wire)[:2])  # the table's lines: the code, who is away
            if not refused and status != self._status_shown:
                self.prompt.note(status)
            self._status_shown = status
            return
        self.wait(self.waiting_text(wire))
        self.recap_on_wait(frame)

    def wait(self, text: str) -> None:
        """No question for this seat: say what the table waits for (again only when it says something new: a
        frame that changes nothing here, a watcher arriving say, costs no relayout)."""
        self._asked = None
        if text != self._waiting:
            self._waiting = text
            self.prompt.wait(text)

    def play(self, action: Action, again: bool = False) -> None:
        """Send the choice; the options dim at once (the key is seen), until the table's next frame asks again.
        A second key meanwhile is dropped: it would answer a decision the table has already had an answer to."""
        if self.prompt.held:
            return
        decision = self.link.decision
        sent = decision is not None and decision.allows(action) and self.link.client.closed is None
        super().play(action, again)
        if sent:
            self.prompt.hold(True)

    def waiting_text(self, wire: Frame) -> str:
        """What the table waits for, in words: who chooses what, who is away, a request unanswered."""
        lines = [wire.choosing] if wire.choosing else []
        lines += self.status_lines(wire)
        return "\n".join(lines[:3]) or "Waiting for the table..."

    def status_lines(self, wire: Frame) -> list[str]:
        """The table's status lines as this seat reads them: its own take-back request in its own words."""
        me = wire.names[wire.seat] if wire.seat is not None else None
        other = wire.names[1 - wire.seat] if wire.seat is not None else ""
        mine = f"{me} asks to take back a move."
        return [
            f"You asked {other} to let you take back your move..." if line == mine else line for line in wire.status
        ]

    def render_table(self) -> SeatFrame | None:
        frame = super().render_table()
        wire = self.link.wire
        if frame is None or wire is None or self.status_parts is None:
            return frame
        self.show_table_status(wire)
        return frame

    def show_table_status(self, wire: Frame) -> None:
        """The status line's last parts: whose decision it is with its clock (always shown whole), then the
        audience and a muted chat (dropped first when the line is too narrow)."""
        if self.status_parts is None:
            return
        title, turn, stage, _who, _note = self.status_parts
        decision = self.link.decision
        if wire.result is not None:
            who = "game over"
        elif decision is None:
            who = ""
        elif decision.seat == wire.seat:
            who = "your decision"
        else:
            who = f"{wire.names[decision.seat]} to decide"
        left = self.clock_left(wire)
        if left is not None and who:
            who += f" ⏱ {clock(left)}"
        self.status_parts = (title, turn, stage, who, self.table_note(wire))
        self.show_status(self.app.size.width)

    def table_note(self, wire: Frame) -> str:
        """The status line's right end: this seat's auto-pass keys at work, the audience, a muted chat."""
        parts = [wire.autopass] if wire.autopass else []
        if wire.watchers:
            parts.append(f"{wire.watchers} watching")
        elif not wire.watchable:
            parts.append("closed to watchers")
        if self.link.muted:
            parts.append("chat muted")
        return " · ".join(parts)

    def clock_left(self, wire: Frame) -> float | None:
        if wire.clock_left is None:
            return None
        return max(0.0, wire.clock_left - (time.monotonic() - self._received))

    def _tick(self) -> None:
        """Twice a second: the clock of the open decision counts down on screen between the host's frames."""
        wire = self.link.wire
        if wire is not None and wire.clock_left is not None and not self._closing_down():
            self.show_table_status(wire)

    def show_refusal(self) -> bool:
        """What the host said no to, newest, in the notice row; True when there was something new."""
        notes = self.link.notes
        if len(notes) > self._notes_seen:
            self._notes_seen = len(notes)
            self.prompt.note(notes[-1])
            return True
        return False

    # ----- recaps and the result (as at one keyboard) ---------------------------------------------
    def recap_stays(self) -> bool:
        return True  # a frame is often no move (a chat line, a watcher): the recap closes when this seat is asked

    def recap_on_ask(self, frame: SeatFrame) -> None:
        """Asked again: the recap of what happened since this seat's last return opens by itself when it holds
        results (else `r` opens it); an older one closes."""
        if self.has_class("-recap"):
            self.show_recap(False)
        if self.link.returns.fresh:
            self.recap_on_return(frame)

    def recap_on_wait(self, frame: SeatFrame) -> None:
        """This seat's turn ended by itself with results: they show beside the table at once (hot-seat shows them
        before its curtain), and the prompt says so."""
        recap = frame.recap
        if not self.link.turn_ended or recap is None or recap.upto <= self._recap_shown_upto:
            return
        self._recap_shown_upto = recap.upto
        self.show_recap(True)
        self._waiting = f"Your turn has ended: results beside (r).\n{self._waiting or ''}"
        self.prompt.wait(self._waiting.rstrip())

    def result_once(self) -> None:
        """The result screen, once, when the game ends (its summary comes with the host's last frame)."""
        if not self._result_shown and self.link.wire is not None and self.link.wire.summary is not None:
            self._result_shown = True
            self.show_result()

    def show_result(self) -> None:
        """As at one keyboard, less replay and rematch (the game lives in the server): who won, the final board
        as this seat sees it, the counts, and where the game is in this player's saves."""
        frame = self.link.frame()
        result = frame.result
        if result is None or self._closing_down():
            return
        names = list(frame.names)
        saved = self.link.saved
        if self.link.seat is None:
            unsaved = "Watchers keep no copy of the game: its players find it in their saves"
        else:
            unsaved = "Not in your saves: you joined without a key (the server keeps no folder for you)"
        text = end_of_game_text(
            result,
            names,
            frame.title,
            list(frame.scores),
            self.link.summary(),
            Path(saved) if saved else None,
            frame.ruleset_id,
            unsaved,
        )
        board = board_class(frame.ruleset_id)(id="final-board")
        board.subjects = lambda action: NO_SUBJECT
        status = " · ".join(p for p in (*(self.status_parts or ())[:2], "game over") if p)
        screen = ResultScreen(
            text,
            board=board,
            view=self.link.final_view(),
            names=names,
            can_replay=False,
            status=status,
            can_start=False,
            title_words="Leave the table" if getattr(self.app, "SEAT_ONLY", False) else "Title screen",
        )
        self.app.push_screen(screen, self.after_result)

    def after_result(self, choice: str | None) -> None:
        """Title, or quit: either way this seat leaves the table (a seat program then ends)."""
        if choice == "quit":
            self.app.exit()
            return
        self.leave_table()

    def come_back(self, wire: Frame) -> str:
        """How this player gets the seat back: the code, and the seat token when they have no key."""
        token = f" {self.link.token}" if self.link.token else ""
        return f"ssh -t ... join {wire.code}{token}"

    def show_token(self, wire: Frame) -> None:
        """A player without a key is shown their seat token once (the host sends it once)."""
        if self.link.token and not self._token_shown:
            self._token_shown = True
            self.app.push_screen(NoticeScreen(token_notice(wire.code, self.link.token)))

    # ----- the other player's requests ----------------------------------------------------------
    def table_dialogs(self, wire: Frame) -> None:
        """Open the take-back question and the absent-player choices when the table asks, close them when it
        no longer does (the request answered or withdrawn, the player back)."""
        other = wire.names[1 - wire.seat] if wire.seat is not None else "The other player"
        if wire.asks_take_back and self._take_back_dialog is None:
            question = f"{other} asks to take back their last move.\nAllow it? (y/n)"
            dialog = self._take_back_dialog = ConfirmScreen(question)
            self.app.push_screen(dialog, self.after_take_back_dialog)
        elif not wire.asks_take_back and self._take_back_dialog is not None:
            self._dismiss(self._take_back_dialog)
            self._take_back_dialog = None
        line = next((s for s in wire.status if "disconnected" in s), None)
        if wire.absent and line is not None:  # gone after sitting down (not: still on the way to the table)
            if self._absent_dialog is not None:
                self._absent_dialog.show_line(line)
            elif not self._absent_offered and wire.decision is None:  # the table waits for them: ask at once
                self._absent_offered = True
                self.open_absent(other, line)
        else:
            self._absent_offered = False
            if self._absent_dialog is not None:
                self._dismiss(self._absent_dialog)
                self._absent_dialog = None

    def open_absent(self, name: str, line: str) -> None:
        dialog = self._absent_dialog = AbsentScreen(name, line)
        self.app.push_screen(dialog, self.after_absent_dialog)

    def _dismiss(self, dialog: Screen[object]) -> None:
        if dialog in self.app.screen_stack and dialog is self.app.screen:
            dialog.dismiss(None)

    def close_dialogs(self) -> None:
        for dialog in (self._take_back_dialog, self._absent_dialog):
            if dialog is not None:
                self._dismiss(dialog)
        self._take_back_dialog = self._absent_dialog = None

    def after_take_back_dialog(self, yes: bool | None) -> None:
        if self._take_back_dialog is None:
            return  # closed because the request went away: nothing to answer
        self._take_back_dialog = None
        self.link.answer(bool(yes))

    def after_absent_dialog(self, choice: str | None) -> None:
        if self._absent_dialog is None:
            return
        self._absent_dialog = None
        if choice in ("computer", "end"):
            self.link.absent(choice)
        elif choice == "wait":
            self.link.absent("wait")
            self.prompt.note("Waiting. Press a for the other choices.")

    # ----- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        wire = self.link.wire
        if action == "watchers":
            return wire is not None and wire.opener and wire.result is None
        if action == "absent":
            return wire is not None and wire.absent
        if action in ("chat", "mute"):
            return wire is not None and self.link.client.closed is None
        return super().check_action(action, parameters)

    def action_take_back(self) -> None:
        """Between terminals a take-back is a request the other player answers."""
        refused = self.link.take_back()
        if refused is not None:
            self.prompt.note(refused)
            return
        wire = self.link.wire
        other = wire.names[1 - wire.seat] if wire is not None and wire.seat is not None else "the other player"
        self.prompt.note(f"Asked {other} to let you take back your last move...")

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text and text.strip():
                self.link.say(text.strip()[:MAX_CHAT])

        question = f"Say (one line, at most {MAX_CHAT} characters;\nm in the game mutes the chat):"
        self.app.push_screen(AskScreen(question), said)

    def action_mute(self) -> None:
        self.link.mute(not self.link.muted)
        self.prompt.note("Chat muted (m: show it again)." if self.link.muted else "Chat shown.")

    def action_absent(self) -> None:
        wire = self.link.wire
        if wire is None or not wire.absent or wire.seat is None or self._absent_dialog is not None:
            return
        line = next((s for s in wire.status if "disconnected" in s), "The other player is away.")
        self.open_absent(wire.names[1 - wire.seat], line)

    def action_watchers(self) -> None:
        wire = self.link.wire
        if wire is not None and wire.opener:
            self.link.allow_watchers(not wire.watchable)

    def action_leave(self) -> None:
        wire = self.link.wire
        if self.link.client.closed is not None or wire is None or wire.result is not None:
            self.leave_table()
            return
        question = f"Leave the table? Your seat stays yours:\n{self.come_back(wire)}\n\nLeave? (y/n)"
        self.app.push_screen(ConfirmScreen(question), lambda yes: self.leave_table() if yes else None)

    def leave_table(self) -> None:
        if self.link.client.closed is None:
            self.link.leave()
        if self._ticking is not None:
            self._ticking.stop()
        self.dismiss(None)
