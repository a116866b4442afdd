"""The local form of the seat seam: a game in this process, at this keyboard (hot-seat).

`LocalSeat` is the game screen's controller, free of widgets: it runs the loop (what comes next: a
curtain, a person's question, a computer's move, the result), applies choices and take-backs through
`Game`, prepares a computer's thinking for a worker thread, and asks for an autosave after every move.
It wraps `Session` (whose seat is at the keyboard, the curtain, computer seats, auto-pass) and serves
`SeatFrame`s (mythtable/play/seat.py), as a table host serves them to a remote seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mythtable.engine.autopass import SeatSettings
from mythtable.engine.bots import Bot
from mythtable.engine.decision import Action, Decision, Ref, Subject
from mythtable.engine.errors import IllegalAction
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.summary import Summary, summarize
from mythtable.play.recap import Recap
from mythtable.play.seat import Opening, SeatFrame, frame_of
from mythtable.tui.session import Next, Session


@dataclass(slots=True, frozen=True)
class Curtain:
    """The hand-over due now: who takes the keyboard, and who may still take back their move."""

    seat: int
    name: str
    role: str
    previous: str | None
    """The name of the player who may still take back their move behind the curtain, if any."""
    why: str
    """Why nobody may take back (when `previous` is None)."""


@dataclass(slots=True, frozen=True)
class ComputerTurn:
    """A computer's decision, ready for a worker thread: `think` may run anywhere; its answer goes to
    `LocalSeat.computer_chose` with `moves`, so an answer to a decision gone meanwhile is dropped."""

    seat: int
    name: str
    bot: Bot
    moves: int
    think: Callable[[], Action]


class LocalSeat:
    """The game screen's controller for a game played here (see the module's docstring)."""

    def __init__(self, session: Session, autosave: Callable[[], None] = lambda: None) -> None:
        self.session = session
        self.autosave = autosave
        """Asked after every move, take-back and settings change (the app writes the save)."""
        self.last_computer_move = ""
        """What the last computer did, shown above the next thinking line."""
        self.computer_moves: list[str] = []
        """The computers' moves since a person last moved, numbered ("Bram (computer), move 2: Pass")."""
        self._listeners: list[Callable[[], None]] = []

    # ----- the seam (SeatLink) ------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat at the keyboard now (None behind a curtain, or when two computers play)."""
        return self.session.viewer

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def ruleset_id(self) -> str:
        return self.session.game.ruleset.id

    @property
    def watching(self) -> bool:
        """Two computers play: this keyboard only watches (and sees everything)."""
        return self.session.watching

    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        self.autosave()
        for callback in list(self._listeners):
            callback()

    @property
    def decision(self) -> Decision | None:
        """The open decision, whoever's it is."""
        return self.session.game.decision

    def frame(self) -> SeatFrame:
        session = self.session
        game = session.game
        decision = game.decision
        viewer = session.viewer
        deciding = decision is not None and decision.seat == viewer and not self.is_computer(decision.seat)
        who = f" · {session.names[decision.seat]} to decide" if decision else " · game over"
        who += session.autopass_words(viewer)
        recap = session.recap(viewer)
        return frame_of(game, viewer, session.view(), session.log_seat(), deciding, choosing=who, recap=recap)

    def choose(self, index: int, again: bool = False) -> str | None:
        decision = self.session.game.decision
        if decision is None or not 0 <= index < len(decision.actions):
            prompt = f" ({decision.prompt})" if decision is not None else ""
            return f"not a legal choice now{prompt}"
        return self.play(decision.actions[index], again)

    def play(self, action: Action, again: bool = False) -> str | None:
        """Apply `action`; with `again`, apply it once more each time the same seat is asked the same kind
        of question with it still on offer (each a legal move of its own, taken back one by one). Returns
        why it was refused (nothing changed), or None."""
        game = self.session.game
        decision = game.decision
        try:
            game.apply(action)
            while again and decision is not None and (after := game.decision) is not None:
                if after.seat != decision.seat or after.kind != decision.kind or not after.allows(action):
                    break
                game.apply(action)
        except IllegalAction as exc:
            return str(exc)
        if decision is not None:
            self.session.remember(decision.seat)  # the table as the mover leaves it (what changed, next time)
            if not self.is_computer(decision.seat):
                self.computer_moves.clear()  # a person moved: the computer's next moves count from 1
        self._changed()
        return None

    def take_back(self) -> str | None:
        """Undo the move; from behind a curtain it comes back to the seat that asked (Session.take_back)."""
        if self.session.takeback_seat() is None:
            return self.why_no_takeback()
        self.session.take_back()
        self._changed()
        return None

    def can_take_back(self) -> bool:
        return self.session.takeback_seat() is not None

    def why_no_takeback(self) -> str:
        return self.session.why_no_takeback()

    @property
    def inspect_seat(self) -> int | None:
        """Whose eyes inspecting uses: the viewer (None, all seeing, only when watching two computers)."""
        session = self.session
        if session.watching:
            return None
        return session.viewer if session.viewer is not None else session.first_human_seat()

    def inspectables(self) -> list[InspectTarget]:
        return self.session.game.inspectables(self.inspect_seat)

    def inspect(self, ref: Ref) -> Inspection | None:
        return self.session.game.inspect(self.inspect_seat, ref)

    def why_only_done(self) -> str:
        """Why the open decision offers only done / pass ("" when it offers more, or the ruleset cannot say)."""
        game = self.session.game
        return (game.why_only_done() or "") if game.decision is not None else ""

    def subject(self, action: Action) -> Subject:
        """What an option of the open decision is about."""
        return self.session.game.subject(action)

    # ----- the loop -------------------------------------------------------------------------
    def next_step(self) -> Next:
        """What the screen must do before the next decision (auto-answers are applied on the way)."""
        return self.session.next_step()

    def curtain(self) -> Curtain:
        """The hand-over that next_step has just called for."""
        session = self.session
        decision = session.game.decision
        assert decision is not None
        seat = decision.seat
        previous = session.takeback_seat()
        name = session.names[previous] if previous is not None else None
        why = session.why_no_takeback() if previous is None else ""
        return Curtain(seat, session.names[seat], session.game.ruleset.seats[seat].role, name, why)

    def recap_before_curtain(self) -> Recap | None:
        """The recap next_step called for (Next.RECAP): a combat's result the seat at the keyboard must see
        before the curtain falls."""
        return self.session.recap(self.session.viewer)

    def curtain_for_recap(self) -> Curtain:
        """The seat still at the keyboard, for the recap before the curtain (Next.RECAP): who may take back."""
        session = self.session
        seat = session.viewer
        assert seat is not None
        previous = session.takeback_seat()
        name = session.names[previous] if previous is not None else None
        why = session.why_no_takeback() if previous is None else ""
        return Curtain(seat, session.names[seat], session.game.ruleset.seats[seat].role, name, why)

    def recap_seen(self) -> None:
        """The seat pressed on past the recap: the curtain comes next."""
        self.session.recap_seen()

    def take_keyboard(self, seat: int) -> None:
        self.session.take_keyboard(seat)

    def curtains_fall(self) -> bool:
        """Two people share the keyboard behind curtains (Session.curtains_fall)."""
        return self.session.curtains_fall()

    def opening(self) -> Opening:
        return self.session.opening()

    def what_changed(self) -> tuple[frozenset[Ref], str, Callable[[int], str]] | None:
        """For a fresh decision of the seat at the keyboard: what changed on the table since it last looked,
        why a lone Done was taken for it (said once) and what the last move did if its turn ended by itself, and
        the other seat's moves cut to a length."""
        seat = self.session.viewer
        if seat is None:
            return None
        changed = self.session.changed_since_last_look(seat)
        forced = " ".join(x for x in (self.session.forced_note(seat), self.session.outcome_of_last_move(seat)) if x)
        return changed, forced, lambda limit: self.session.moves_since_last_look(seat, limit=limit)

    # ----- computers --------------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        return seat in self.session.bots

    def computer_turn(self) -> ComputerTurn | None:
        """The computer's decision open now, with a `think` to run in a worker; None when it is nobody's."""
        game = self.session.game
        decision = game.decision
        if decision is None or decision.seat not in self.session.bots:
            return None
        bot = self.session.bots[decision.seat]
        ruleset, state = game.ruleset, game.state

        def think() -> Action:
            return bot.choose(ruleset, state, decision)

        return ComputerTurn(decision.seat, self.session.names[decision.seat], bot, len(game.actions), think)

    def think_budget(self, bot: object) -> float | None:
        """The seconds a bot with a thinking clock allots to this decision (None: no clock, or another shape)."""
        clock = getattr(bot, "clock", None)
        if clock is None or getattr(bot, "iterations", None) is not None:
            return None
        try:  # peek only reads: the bot's own thread allots the time
            return float(clock.peek(self.session.game.turn_number()))
        except Exception:  # a clock of another shape: show plain time
            return None

    def computer_chose(self, action: Action, moves: int) -> str | None:
        """Apply a computer's answer if its decision is still open. Returns None once applied, "" when the
        game moved on meanwhile (the answer is dropped), or why the answer was refused."""
        game = self.session.game
        decision = game.decision
        if len(game.actions) != moves or decision is None:
            return ""
        name = self.session.names[decision.seat]
        self.last_computer_move = f"{name} (computer): {game.describe(action)}"  # shown in the prompt, no toast
        number = len(self.computer_moves) + 1
        self.computer_moves.append(f"{name} (computer), move {number}: {game.describe(action)}")
        return self.play(action)

    # ----- auto-pass and stops (the seat at the keyboard) -------------------------------------
    def settings_seat(self) -> int | None:
        """The seat whose auto-pass settings the keys change: a person at the keyboard with a decision open."""
        session = self.session
        seat = session.viewer
        if seat is None or seat in session.bots or session.watching or session.game.decision is None:
            return None
        return seat

    def autopass(self, kind: str) -> bool:
        """Full control on/off ("full"), or a yield, for the seat at the keyboard; False when none applies."""
        seat = self.settings_seat()
        if seat is None:
            return False
        if kind == "full":
            self.session.toggle_full_control(seat)
        else:
            self.session.set_yield(seat, kind)
        self.autosave()
        return True

    def settings(self, seat: int) -> SeatSettings:
        return self.session.autopass[seat]

    def set_settings(self, seat: int, settings: SeatSettings) -> bool:
        """Store a seat's settings; True when its decision is open at the keyboard (a new yield acts at once)."""
        session = self.session
        session.set_settings(seat, settings)
        self.autosave()
        decision = session.game.decision
        return decision is not None and decision.seat == seat and seat == session.viewer

    @property
    def repeatable_kinds(self) -> frozenset[str]:
        """Decision kinds whose highlighted answer `a` gives again (`Responses.repeatable_kinds`)."""
        responses = self.session.game.entry.responses
        return frozenset() if responses is None else frozenset(responses.repeatable_kinds)

    @property
    def stop_stages(self) -> list[tuple[str, str]]:
        """Where a seat may set a stop (`Responses.stop_stages`); none: no stops screen."""
        responses = self.session.game.entry.responses
        return [] if responses is None else list(responses.stop_stages)

    def can_repeat(self, kind: str, seat: int) -> bool:
        """A person at the keyboard answers a question the ruleset lets one answer again."""
        return kind in self.repeatable_kinds and not self.watching and not self.is_computer(seat)

    # ----- the end ----------------------------------------------------------------------------
    def summary(self) -> Summary:
        return summarize(self.session.game)

    def final_view(self) -> Any:
        """The table at the end, everything face up."""
        return self.session.game.view(None)

    def log_lines(self) -> tuple[list[Any], int | None]:
        """The whole log this keyboard may read, for the log screen, and whose eyes read it (None: a spectator
        of two computers, who sees every line with its seat's name)."""
        session = self.session
        if session.watching:
            return session.game.log_for(None), None
        seat = session.viewer  # None (nobody at the keyboard yet): the public lines only
        return (session.game.log_for(seat) if seat is not None else session.game.log_for(-1)), seat
