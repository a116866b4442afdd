"""The remote form of the seat seam (mythtable/play/seat.py): a seat whose game lives in a table host.

`RemoteSeat` answers the seam's questions from the latest frame the host sent this seat (each built there
from the seat's own view, or the public one for a watcher), and turns the seat's acts into messages: a choice
names the decision it answers; a take-back is a request the other player answers. `changed` callbacks run when
a frame arrives, so a screen redraws. Inspection texts come on request (`ask_inspect`), since some rulesets
take tens of milliseconds to write them all. Nothing here imports textual.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from mythtable.engine.autopass import safe_action
from mythtable.engine.decision import NO_SUBJECT, Action, Event, Ref, Subject
from mythtable.engine.game import LogLine
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.summary import Summary
from mythtable.engine.views import view_from_data
from mythtable.play.recap import Returns
from mythtable.play.seat import Opening, SeatDecision, SeatFrame
from mythtable.tables.client import TableClient
from mythtable.tables.protocol import (
    AUTOPASS_KEYS,
    MAX_CHAT,
    Absent,
    Answer,
    AutoPass,
    Chat,
    Choose,
    Frame,
    Inspect,
    Leave,
    TakeBack,
    TalkData,
    Watchers,
    _Message,
)

_SEAT_FRAME: TypeAdapter[SeatFrame] = TypeAdapter(SeatFrame)
_SUMMARY: TypeAdapter[Summary] = TypeAdapter(Summary)
_INSPECTED: TypeAdapter[list[tuple[InspectTarget, Inspection | None]]] = TypeAdapter(
    list[tuple[InspectTarget, Inspection | None]]
)


@cache
def view_type(ruleset_id: str) -> type[Any]:
    """The ruleset's view dataclass (its seats' views and its public view share it)."""
    from mythtable.engine.game import Game

    return type(Game.new(ruleset_id, 0).public_view())


def seat_frame(frame: Frame, line: Callable[..., LogLine] | None = None) -> SeatFrame:
    """The seam's SeatFrame in a host's frame, its view rebuilt as the ruleset's own dataclass and its log from the
    frame's lines, each made by `line(step, text, kind, seat, reveals)` (a seat's cache of lines met before)."""
    if frame.seat_frame is None:
        raise ValueError("the host sent no seat frame")
    bare = _SEAT_FRAME.validate_python({**frame.seat_frame, "view": None, "log": ()})
    make = line or (lambda step, text, kind, seat, reveals: LogLine(step, Event(text, seat, kind, reveals)))
    log = tuple(make(ln.step, ln.text, ln.kind, ln.seat, ln.reveals) for ln in frame.log)
    return dataclasses.replace(bare, view=view_from_data(view_type(frame.ruleset), frame.view), log=log)


def with_talk(log: list[LogLine], talk: list[LogLine]) -> list[LogLine]:
    """The log with each talk line after the lines of its step (in the order said)."""
    merged = list(log)
    for line in talk:
        index = len(merged)
        while index > 0 and merged[index - 1].step > line.step:
            index -= 1
        merged.insert(index, line)
    return merged


class RemoteSeat:
    """A SeatLink over a TableClient (see the module's docstring). Run `pump()` on the screen's loop."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self._listeners: list[Callable[[], None]] = []
        self._sending: set[asyncio.Task[None]] = set()
        """Messages on their way (a task is kept until done, so none is collected half-sent)."""
        self._frame: SeatFrame | None = None
        self._inspected: list[tuple[InspectTarget, Inspection | None]] = []
        self._inspected_at = -1
        """The moves count the inspection texts were written at (-1: none yet)."""
        self._version = -1
        self.inspected_only = False
        """The latest frame only answered `ask_inspect` (the table did not change)."""
        self.keep_inspecting = False
        """The screen is in inspect mode: fresh texts are asked for after every move, not only on `i`."""
        self.notes: list[str] = []
        """What the host refused, newest last (a stale choice, say): the screen shows the latest."""
        self.token: str | None = None
        """This seat's token, when the host showed one (a player without a key gets the seat back with it)."""
        self.muted = False
        """The players' chat lines are left out of this seat's log (`m`); the table's notices stay."""
        self._seen: tuple[str, int | None, int | None, int] | None = None
        """The frame the recaps last looked at (whose decision, moves): frames that change neither are skipped."""
        self._lines: dict[tuple[int, str, str, int | None, bool], LogLine] = {}
        """Each log line met so far, kept by what it says: a new frame's equal lines are the very same objects,
        so the log widget appends only what is new instead of redrawing the whole game every frame."""
        self.handed_over = False
        """This seat has just taken a shared keyboard (tui/screens/table_keyboard.py): its next decision opens safe."""
        self.returns = Returns(None)
        """This seat's recaps, made from its own frames (play/recap.py)."""
        if client.frame is not None:  # its first frame came before this seat was made
            self.token = client.frame.token or client.token
            self.returns.seat = client.frame.seat
            self._frame = self._with_talk(self._recapped(client.frame), client.frame.talk)

    # ----- receiving ----------------------------------------------------------------------------------
    async def pump(self) -> str:
        """Read frames until the host closes; returns why it closed."""
        if self.client.frame is not None:  # read before this seat was made
            self._take(self.client.frame)
            self._changed()
        while True:
            message = await self.client.receive()
            if message is None or message.type == "closed":
                self._changed()
                return self.client.closed or "the table closed"
            if isinstance(message, Frame):
                self._take(message)
            else:
                self.inspected_only = False
                if message.type == "refused":
                    self.notes.append(message.reason)
            self._changed()

    def _take(self, message: Frame) -> None:
        """A frame: the table as it is now, or (the same version again, with texts) the answer to `ask_inspect`,
        which changes nothing else: `inspected_only` tells the screen it need not draw the table again."""
        self.token = message.token or self.token
        self.inspected_only = bool(message.inspect) and self._frame is not None and message.version == self._version
        if not self.inspected_only:
            self._frame = self._with_talk(self._recapped(message), message.talk)
            self._version = message.version
        if message.inspect:
            self._inspected = _INSPECTED.validate_python(message.inspect)
            self._inspected_at = message.moves
            return
        deciding = message.decision is not None  # its options' subjects are read at once (the prompt's panel)
        if self.inspect_stale and message.result is None and (deciding or self.keep_inspecting):
            self._inspected_at = message.moves  # asked once a position: the answer comes as a frame
            self.ask_inspect()

    @property
    def inspect_stale(self) -> bool:
        """The inspection texts are of an earlier position (asked for when this seat decides or inspects; each
        costs the host the texts of everything the seat may inspect, so a seat that only waits asks on `i`)."""
        wire = self.client.frame
        return wire is not None and wire.seat is not None and wire.moves != self._inspected_at

    def _recapped(self, wire: Frame) -> SeatFrame:
        """The frame with this seat's latest recap, from its own log (the talk is not in it yet)."""
        frame = seat_frame(wire, self._line)
        returns = self.returns
        returns.seat = frame.seat
        if wire.away_from is not None:  # back after a drop: its first recap tells what happened meanwhile
            returns.back_from(wire.away_from)
        decision = frame.decision
        moves = decision.moves if decision is not None else max((line.step for line in frame.log), default=0)
        deciding = decision.seat if decision is not None else None
        if (frame.ruleset_id, frame.seat, deciding, moves) != self._seen:
            self._seen = (frame.ruleset_id, frame.seat, deciding, moves)
            returns.see(deciding, moves, frame.log)
        return dataclasses.replace(frame, recap=returns.recap)

    @property
    def turn_ended(self) -> bool:
        """The latest frame brought this seat's turn to its end with results it has not seen (its recap)."""
        return self.returns.ended

    def _line(self, step: int, text: str, kind: str, seat: int | None, reveals: bool = False) -> LogLine:
        key = (step, text, kind, seat, reveals)
        line = self._lines.get(key)
        if line is None:
            line = self._lines[key] = LogLine(step, Event(text, seat, kind, reveals))
        return line

    def _with_talk(self, frame: SeatFrame, talk: list[TalkData]) -> SeatFrame:
        """The frame's log (lines met before, seat_frame made them so) with the table's talk in it, each line after
        its step."""
        log = list(frame.log)
        said = [self._line(t.step, t.text, "chat" if t.said else "table", None) for t in talk]
        if self.muted:
            said = [line for line in said if line.event.kind != "chat"]
        return dataclasses.replace(frame, log=tuple(with_talk(log, said)))

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _send(self, message: _Message) -> None:
        self._sending.add(task := asyncio.get_running_loop().create_task(self._deliver(message)))
        task.add_done_callback(self._sending.discard)

    async def _deliver(self, message: _Message) -> None:
        """Send, or note why not: a table gone mid-send is said on screen (pump sees the close), never raised."""
        try:
            await self.client.send(message)
        except (ConnectionError, OSError, RuntimeError):
            self.notes.append("the table did not get that: the connection is gone")
            self._changed()

    # ----- the seam ------------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return None if self.client.frame is None else self.client.frame.seat

    @property
    def names(self) -> list[str]:
        return [] if self.client.frame is None else list(self.client.frame.names)

    @property
    def ruleset_id(self) -> str:
        return "" if self.client.frame is None else self.client.frame.ruleset

    def frame(self) -> SeatFrame:
        if self._frame is None:
            raise LookupError("no frame from the table yet")
        return self._frame

    def choose(self, index: int, again: bool = False) -> str | None:
        """Send the choice of action `index` of the open decision (`again` is a local convenience: not sent)."""
        wire = self.client.frame
        if self.seat is None:
            return "watchers cannot act at the table"
        if wire is None or wire.decision is None:
            return "it is not your decision"
        decision = self.frame().decision
        if decision is None or not 0 <= index < len(decision.actions):
            return f"there is no option {index + 1}"
        self._send(Choose(decision=wire.decision.id, index=index))
        return None

    def take_back(self) -> str | None:
        """Ask the other player to let this seat take back its move (never done silently)."""
        if self.seat is None:
            return "watchers cannot act at the table"
        self._send(TakeBack())
        return None

    def why_no_takeback(self) -> str:
        return self.notes[-1] if self.notes else "the other player decides whether you may take back a move"

    def say(self, text: str) -> None:
        """A chat line (the host cleans it; it reaches both players' frames)."""
        self._send(Chat(text=text[:MAX_CHAT]))

    def mute(self, on: bool) -> None:
        """Leave the players' chat out of this seat's log, or bring it back (the host keeps sending it)."""
        self.muted = on
        wire = self.client.frame
        if self._frame is not None and wire is not None:
            self._frame = self._with_talk(seat_frame(wire, self._line), wire.talk)
        self._changed()

    def answer(self, accept: bool) -> None:
        """Let the other player take back their move, or not."""
        self._send(Answer(accept=accept))

    def absent(self, choice: str) -> None:
        """About the other, disconnected player: "wait", "computer" (it plays their seat) or "end" (saved)."""
        if choice in ("wait", "computer", "end"):
            self._send(Absent(choice=choice))  # type: ignore[arg-type]

    def allow_watchers(self, allow: bool) -> None:
        """The opener opens or closes the table to watchers."""
        self._send(Watchers(allow=allow))

    def leave(self) -> None:
        """Leave the table (the seat stays held: the same player may come back to it)."""
        self._send(Leave())

    def ask_inspect(self) -> None:
        """Ask the host for what this seat may inspect now (the answer comes as a frame)."""
        if self.seat is not None:
            self._send(Inspect())

    def inspectables(self) -> list[InspectTarget]:
        return [target for target, _ in self._inspected]

    def inspect(self, ref: Ref) -> Inspection | None:
        return next((text for target, text in self._inspected if target.ref == ref), None)

    def why_only_done(self) -> str:
        decision = self.frame().decision
        return decision.why_only_done if decision is not None else ""

    def subject(self, action: Action) -> Subject:
        option = self.frame().option_for(action)
        return option.subject if option is not None else NO_SUBJECT

    def opening(self) -> Opening:
        """An ordinary opening; the first decision after a hand-over at a shared keyboard (`handed_over`) starts on
        the safe option, and its first Enter only confirms (safe keys, as hot-seat: an Enter meant for the curtain
        commits nothing). The table's window is not here, so the safe option is read from the actions' kinds."""
        decision = self.decision
        if not self.handed_over or decision is None or not decision.actions:
            return Opening()
        self.handed_over = False
        safe = safe_action(None, decision)  # type: ignore[arg-type]  # a SeatDecision has what it reads
        index = decision.actions.index(safe) if safe is not None else 0
        return Opening(index, True, after_handover=True)

    # ----- what a local seat has and a remote one has not (the game screen asks both) -------------------
    watching = False
    """A remote seat plays; watchers of a table get the shared public screen (serve/watch_fanout.py)."""
    repeatable_kinds: frozenset[str] = frozenset()
    stop_stages: list[tuple[str, str]] = []
    computer_moves: list[str] = []
    last_computer_move = ""

    @property
    def wire(self) -> Frame | None:
        """The latest frame as the host sent it (the table's own lines: talk, watchers, clock, requests)."""
        return self.client.frame

    @property
    def decision(self) -> SeatDecision | None:
        return None if self._frame is None else self._frame.decision

    @property
    def inspect_seat(self) -> int | None:
        return self.seat

    def can_take_back(self) -> bool:
        """A seat may ask (the host says why not, when it may not)."""
        wire = self.client.frame
        return self.seat is not None and wire is not None and wire.result is None and not self.client.closed

    def can_repeat(self, kind: str, seat: int) -> bool:
        return False

    def settings_seat(self) -> int | None:
        return None  # the stops screen is for seats sharing a keyboard; the auto-pass keys work here too

    def autopass(self, kind: str) -> bool:
        """Full control on/off ("full"), or a yield, for this seat: the table's host keeps its settings and makes
        the passes they give; False for a watcher."""
        key = next((k for k in AUTOPASS_KEYS if k == kind), None)
        if self.seat is None or key is None:
            return False
        self._send(AutoPass(kind=key))
        return True

    # ----- the end --------------------------------------------------------------------------------------
    def summary(self) -> Summary:
        """The finished game's counts, as the host read them from its public lines (zeros before it sends them)."""
        wire = self.client.frame
        if wire is None or wire.summary is None:
            return Summary(0, (0, 0), 0, 0, 0, ())
        return _SUMMARY.validate_python(wire.summary)

    def final_view(self) -> Any:
        """The table at the end as this seat may see it: its own view (a watcher's: the public one); the other
        seat's hidden cards stay with the host."""
        return self.frame().view

    @property
    def saved(self) -> str | None:
        """Where this seat's copy of the finished game is, inside its player's folder (None: no copy)."""
        wire = self.client.frame
        return wire.saved if wire is not None else None

    def log_lines(self) -> tuple[list[LogLine], int | None]:
        return (list(self._frame.log) if self._frame is not None else []), self.seat

    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)
