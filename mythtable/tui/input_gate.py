"""Keys are read no faster than the app handles them: the last link of the servers' input backpressure.

Textual's driver reads the terminal (or, on the web, the server's pipe) in a thread and hands every key to the
app's event loop as it is parsed, however far behind the app is. A client that sends keys faster than the app
handles them (issue 29: 64 KiB chunks of `jk` over SSH for 15 s) piled up millions of waiting key events: the
game grew to hundreds of megabytes, and all that input was stale anyway.

Here the input thread waits, after every `BATCH` messages it hands on, until the loop has taken them in and the
app, its screen and the focused widget have no more than `MOST` messages waiting between them. While it waits it
reads nothing, so the terminal's buffer fills, then the server's (pty_process.INPUT_HIGH), then the server stops
taking the client's data (SSH: the channel's window is not reopened; web: the socket is not read). A person at
a keyboard, or pasting, never meets the gate: it only slows input down to the speed the game handles it at.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.driver import Driver
    from textual.message import Message

BATCH = 32
"""Messages the input thread hands on between two looks at the app's backlog."""
MOST = 32
"""Messages that may wait in the app, its screen and the focused widget before the input thread waits too."""
RECHECK = 0.005
"""Seconds between looks while the app is behind."""


class InputGate:
    """Counts what the input thread hands on and holds it back until the app has caught up."""

    def __init__(self, app: App[Any], loop: asyncio.AbstractEventLoop, exit_event: threading.Event | None) -> None:
        self.app, self.loop, self.exit_event = app, loop, exit_event
        self.sent = 0  # by the input thread
        self.posted = 0  # on the loop, once each message is in the app's queue
        self._since_check = 0
        self._free = threading.Event()
        self._free.set()

    async def post(self, message: Message) -> None:
        """On the loop: hand the message to the app (what Driver.send_message does), and count it."""
        try:
            await self.app._post_message(message)
        finally:
            self.posted += 1

    def backlog(self) -> int:
        """On the loop: messages waiting in the app, its screen and the focused widget, or still on their way."""
        app = self.app
        waiting = self.sent - self.posted
        pumps: list[Any] = [app]
        with contextlib.suppress(Exception):  # no screen yet, or the app is closing
            pumps.append(app.screen)
        if app.focused is not None:
            pumps.append(app.focused)
        return waiting + sum(pump.message_queue_size for pump in pumps)

    def _check(self) -> None:
        if self.app.is_running and self.backlog() > MOST:
            self.loop.call_later(RECHECK, self._check)
            return
        self._free.set()

    def wait_turn(self) -> None:
        """In the input thread, after handing a message on: every BATCH messages, wait for the app to catch up.
        Gives up when the driver stops (its exit event), so that stopping never waits on a stuck app."""
        self.sent += 1
        self._since_check += 1
        if self._since_check < BATCH:
            return
        self._since_check = 0
        self._free.clear()
        try:
            self.loop.call_soon_threadsafe(self._check)
        except RuntimeError:  # the loop is closed: the app is gone
            return
        while not self._free.wait(0.05):
            if self.exit_event is not None and self.exit_event.is_set():
                return
            if self.loop.is_closed():
                return


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def gated(driver_class: type[Driver]) -> type[Driver]:
    """`driver_class` whose input thread waits for the app (see the module's docstring). Messages the driver sends
    from the loop's own thread (a resize after SIGWINCH) go as before."""

    class Gated(driver_class):  # type: ignore[valid-type,misc]
        _input_gate: InputGate | None = None

        def send_message(self, message: Message) -> None:
            loop = self._loop
            if _on_loop(loop):
                super().send_message(message)
                return
            gate = self._input_gate
            if gate is None:
                gate = self._input_gate = InputGate(self._app, loop, getattr(self, "exit_event", None))
            asyncio.run_coroutine_threadsafe(gate.post(message), loop=loop)
            gate.wait_turn()

    Gated.__name__ = Gated.__qualname__ = f"Gated{driver_class.__name__}"
    return Gated
