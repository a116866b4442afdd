"""The seat seam: what one seat's screen needs from a table, as plain data and a small interface.

A screen draws a `SeatFrame` and acts through a `SeatLink`; it never knows whether the game runs in
this process (`mythtable.tui.local_seat.LocalSeat`: hot-seat, curtain, computers, autosave) or in a
table host elsewhere (issue 32). Everything in a frame is plain data (frozen dataclasses, tuples,
strings, the ruleset's frozen view), so a frame can cross a socket; nothing here imports textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from mythtable.engine.decision import Action, Decision, Ref, Result, Subject
from mythtable.engine.game import Game, LogLine
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.play.recap import Recap


@dataclass(slots=True, frozen=True)
class SeatOption:
    """One option of the open decision as the prompt lists it: copies of one card in hand are one
    option (`copies` of them). `index` is its place in the decision's actions (what `choose` takes)."""

    index: int
    action: Action
    label: str
    subject: Subject
    copies: int = 1

    @property
    def words(self) -> str:
        """The label as the prompt shows it, copies counted as a deck list counts them ("×2")."""
        return self.label if self.copies == 1 else f"{self.label} ×{self.copies}"


@dataclass(slots=True, frozen=True)
class SeatDecision:
    """The open decision. Its prompt, actions and options are filled only for the seat that decides; any
    other seat learns whose decision it is and its kind, nothing of what may be chosen."""

    seat: int
    kind: str
    prompt: str
    moves: int
    """Moves made when it opened: a choice sent for an older decision is refused, not misapplied."""
    actions: tuple[Action, ...] = ()
    options: tuple[SeatOption, ...] = ()
    why_only_done: str = ""
    """Why it offers only done / pass, when the ruleset can say ("" otherwise)."""

    def allows(self, action: Action) -> bool:
        """True when `action` is one of this seat's options (never, for a seat that does not decide)."""
        return action in self.actions


@dataclass(slots=True, frozen=True)
class SeatFrame:
    """A snapshot of the table for one seat's screen."""

    ruleset_id: str
    title: str
    names: tuple[str, ...]
    roles: tuple[str, ...]
    seat: int | None
    """Whose eyes the view and log are for; None: everything (two computers watched at this keyboard)."""
    view: Any
    decision: SeatDecision | None
    log: tuple[LogLine, ...]
    turn: int
    stage: str
    result: Result | None = None
    scores: tuple[tuple[str, str], ...] = ()
    """Each seat's standing once the game is over, as (score, details)."""
    choosing: str = ""
    """Who decides now: " · Ana to decide" ("" when over)."""
    watchers: int = 0
    log_names: bool = False
    """The log holds every seat's private lines, each read with its seat's name (a watcher is nobody's "you")."""
    status: tuple[str, ...] = ()
    """Table status lines ("Bram disconnected, waiting 9:41"); none at a local table."""
    recap: Recap | None = None
    """What happened since this seat last looked, results first (play/recap.py); None before its first return."""

    def option_for(self, action: Action) -> SeatOption | None:
        """The listed option that is `action`, if any."""
        if self.decision is None:
            return None
        return next((o for o in self.decision.options if o.action == action), None)


@dataclass(slots=True, frozen=True)
class Opening:
    """How a decision opens on screen (safe keys): where the highlight starts (an index into the decision's
    actions), and whether the first Enter only confirms instead of choosing."""

    highlight: int = 0
    confirm_first: bool = False
    after_handover: bool = False
    """False: an ordinary decision, whose list opens at its top (as the board arranged it)."""


@runtime_checkable
class SeatLink(Protocol):
    """What one seat's screen asks of its table. Local: the game is here and acts at once. Remote: a
    table host answers, and `changed` tells the screen when a new frame is ready."""

    seat: int | None
    """The seat this screen plays (None: it only watches). Locally in hot-seat, the seat at the keyboard."""

    @property
    def names(self) -> list[str]: ...

    @property
    def ruleset_id(self) -> str: ...

    def frame(self) -> SeatFrame:
        """The table as this seat may see it now."""
        ...

    def choose(self, index: int, again: bool = False) -> str | None:
        """Choose the open decision's action `index` (SeatDecision.actions); with `again`, once more each
        time the same seat is asked the same kind of question with it still on offer. Returns why it was
        refused, or None."""
        ...

    def take_back(self) -> str | None:
        """Take back this seat's last move (a remote table asks the other player first); why not, or None."""
        ...

    def why_no_takeback(self) -> str:
        """Why `take_back` is refused now, in words a player understands."""
        ...

    def inspectables(self) -> list[InspectTarget]:
        """What this seat may inspect now, in cursor order."""
        ...

    def inspect(self, ref: Ref) -> Inspection | None:
        """The full text of `ref` as this seat may read it, or None."""
        ...

    def why_only_done(self) -> str:
        """Why the open decision offers only done / pass ("" when it offers more, or nobody can say)."""
        ...

    def subject(self, action: Action) -> Subject:
        """What an action of the open decision is about (the frame's options carry it for each option)."""
        ...

    def opening(self) -> Opening:
        """How the open decision opens: after a hand-over at a shared keyboard, on the safe option."""
        ...

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback` (on the screen's own loop) whenever a new frame is ready."""
        ...

    # what the game screen's keys ask of either form (a remote seat answers most with "no": it has no curtain,
    # no computer of its own, no auto-pass; its table has the answers)
    @property
    def watching(self) -> bool:
        """This keyboard only watches two computers (never, at a shared table: its watchers get a shared screen)."""
        ...

    @property
    def decision(self) -> Decision | SeatDecision | None:
        """The open decision as the screen checks a choice against it (`allows`, `actions`)."""
        ...

    @property
    def inspect_seat(self) -> int | None:
        """Whose eyes inspecting uses."""
        ...

    @property
    def repeatable_kinds(self) -> frozenset[str]:
        """Decision kinds whose highlighted answer `a` gives again (none at a shared table)."""
        ...

    def can_take_back(self) -> bool:
        """Whether `u` takes back (or, between terminals, asks to) now."""
        ...

    def can_repeat(self, kind: str, seat: int) -> bool: ...

    def log_lines(self) -> tuple[list[LogLine], int | None]:
        """The whole log this seat may read (the log screen), and whose eyes read it."""
        ...


def decision_of(game: Game, seat: int | None, deciding: bool) -> SeatDecision | None:
    """The open decision as `seat` may know it: with its prompt and options only when `deciding` (the seat's
    own). Another seat learns whose decision it is and its kind: a prompt may name a card still in its
    chooser's hand ("Choose a target for <card>"), so it stays with the chooser, here as at a table host."""
    decision = game.decision
    if decision is None:
        return None
    moves = len(game.actions)
    if not deciding:
        return SeatDecision(decision.seat, decision.kind, "", moves)
    where = {action: index for index, action in reversed(list(enumerate(decision.actions)))}
    options = tuple(
        SeatOption(where[action], action, words, game.subject(action), copies)
        for action, words, copies in game.options()
    )
    why = game.why_only_done() or ""
    return SeatDecision(decision.seat, decision.kind, decision.prompt, moves, tuple(decision.actions), options, why)


def frame_of(
    game: Game,
    seat: int | None,
    view: Any,
    log_seat: int | None,
    deciding: bool,
    choosing: str = "",
    watchers: int = 0,
    status: tuple[str, ...] = (),
    recap: Recap | None = None,
) -> SeatFrame:
    """A frame of `game` for `seat`, from a view and log the caller chose for it (a table host passes the
    seat's own view, or the public view for a watcher): nothing else of the state goes in."""
    ruleset = game.ruleset
    result = game.result
    return SeatFrame(
        ruleset_id=ruleset.id,
        title=ruleset.title,
        names=tuple(game.setup.players),
        roles=tuple(s.role for s in ruleset.seats),
        seat=seat,
        view=view,
        decision=decision_of(game, seat, deciding),
        log=tuple(game.log_for(log_seat)),
        turn=game.turn_number(),
        stage=game.stage(),
        result=result,
        scores=tuple(game.scores()) if result is not None else (),
        choosing=choosing,
        watchers=watchers,
        log_names=log_seat is None,
        status=status,
        recap=recap,
    )
