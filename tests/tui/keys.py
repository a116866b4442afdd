"""Key presses and waits for tests that drive the app, without Pilot's waits for the process to go idle.

`Pilot.press` waits twice per key for the process to go CPU-idle (`wait_for_idle`: at least 20 ms each, in 20 ms
steps while the app still renders) and `Pilot.pause` once; a test that presses a few hundred keys spent most of its
time there, and a loaded machine made each wait longer. Here the waits are for what the test needs instead:

- `settle` waits until the app has done everything the keys so far started: no message queued anywhere (the app
  forwards a key to the focused widget, whose handler may post more), no animation, the screen laid out and
  painted and its after-refresh callbacks run; an app told to quit has stopped. What `Pilot.pause` gave by waiting
  for idle, as a condition rather than a guess;
- `press` posts each key into the app's queue, as the terminal driver would, and settles after each.

Neither waits for time: a computer's move comes after a timer and a think in a thread, so a test that waits for
one loops on `pilot.pause(seconds)` until it has come, as one that waits for a timer or a thinking bar does.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.screen import UPDATE_PERIOD

SETTLE_ROUNDS = 1000
"""Rounds of work `settle` allows before it gives up: an app that is never done is a bug worth a failure."""


def key_event(app: Any, key: str) -> events.Key:
    """The Key event a terminal driver would send for `key` ("a", "enter", "/"), sent by `app`."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    char: str | None
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


def _queued(app: Any) -> bool:
    """Whether a message waits in the queue of the app or of a node of its current screen."""
    return any(node.message_queue_size for node in (app, *app.screen.walk_children(with_self=True)))


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press `keys` in order, each one handled, and the screen laid out and painted, before the next is sent, as
    between a player's keys (the screen's refresh timer fires in between; a key may depend on the layout the one
    before caused: a box the key before hid gives up the focus only once it is laid out)."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(app, key))
        await settle(pilot)


def _stopped(app: Any) -> bool:
    """The app has failed or has stopped: nothing to wait for (leaving `run_test` raises its error)."""
    return app._exception is not None or not app.is_running


async def _closed(app: Any, seconds: float = 30.0) -> None:
    """An app told to exit closes in its own time (its screens and widgets go first): wait until it has stopped."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not _stopped(app) and loop.time() < deadline:
        await asyncio.sleep(0.001)


def _needs_refresh(screen: Any) -> bool:
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    )


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the app is done with everything the keys so far started (see the module's docstring)."""
    app = pilot.app
    for _ in range(SETTLE_ROUNDS):
        if app._exit:
            await _closed(app)
        if _stopped(app):
            return
        if not await pilot._wait_for_screen():
            return
        await app.animator.wait_until_complete()
        if _stopped(app):
            return
        screen = app.screen
        if _needs_refresh(screen):
            if screen.is_current and not app._batch_count:
                screen._on_timer_update()  # lay out and paint now, as Pilot.pause does; after-refresh callbacks follow
            else:  # a screen on its way in, or an update batched: the screen's own refresh timer will do it
                await asyncio.sleep(UPDATE_PERIOD)
            continue
        if _queued(app):
            continue
        await asyncio.sleep(0)  # a thread's call_from_thread arrives through the loop
        if not _queued(app) and not _needs_refresh(app.screen):
            return
    raise AssertionError(f"the app did not settle in {SETTLE_ROUNDS} rounds")
