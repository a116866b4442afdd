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

from mythtable.engine.decision import NO_SUBJECT, Action, Ref, Subject
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.views import view_from_data
from mythtable.play.seat import Opening, SeatFrame
from mythtable.tables.client import TableClient
from mythtable.tables.protocol import Chat, Choose, Frame, Inspect, TakeBack, _Message

_SEAT_FRAME: TypeAdapter[SeatFrame] = TypeAdapter(SeatFrame)
_INSPECTED: TypeAdapter[list[tuple[InspectTarget, Inspection | None]]] = TypeAdapter(
    list[tuple[InspectTarget, Inspection | None]]
)


@cache
def view_type(ruleset_id: str) -> type[Any]:
    """The ruleset's view dataclass (its seats' views and its public view share it)."""
    from mythtable.engine.game import Game

    return type(Game.new(ruleset_id, 0).public_view())


def seat_frame(frame: Frame) -> SeatFrame:
    """The seam's SeatFrame in a host's frame, its view rebuilt as the ruleset's own dataclass."""
    if frame.seat_frame is None:
        raise ValueError("the host sent no seat frame")
    bare = _SEAT_FRAME.validate_python({**frame.seat_frame, "view": None})
    return dataclasses.replace(bare, view=view_from_data(view_type(frame.ruleset), frame.view))


class RemoteSeat:
    """A SeatLink over a TableClient (see the module's docstring). Run `pump()` on the screen's loop."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self._listeners: list[Callable[[], None]] = []
        self._frame: SeatFrame | None = None
        self._inspected: list[tuple[InspectTarget, Inspection | None]] = []
        self.notes: list[str] = []
        """What the host refused, newest last (a stale choice, say): the screen shows the latest."""

    # ----- receiving ----------------------------------------------------------------------------------
    async def pump(self) -> str:
        """Read frames until the host closes; returns why it closed."""
        while True:
            message = await self.client.receive()
            if message is None or message.type == "closed":
                self._changed()
                return self.client.closed or "the table closed"
            if isinstance(message, Frame):
                self._frame = seat_frame(message)
                if message.inspect:
                    self._inspected = _INSPECTED.validate_python(message.inspect)
            elif message.type == "refused":
                self.notes.append(message.reason)
            self._changed()

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _send(self, message: _Message) -> None:
        asyncio.get_running_loop().create_task(self.client.send(message))

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
        self._send(Chat(text=text[:200]))

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
        return Opening()

    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)
