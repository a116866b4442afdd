"""Key presses for tests that play long games by keys, without Pilot.press's idle waits.

`Pilot.press` waits twice per key for the process to go CPU-idle (`wait_for_idle`: at least 20 ms each, in 20 ms
steps while the app still renders); a test that presses a few hundred keys spends most of its time there. `press`
posts each key straight into the app's queue, as the terminal driver would, and waits until the screen has handled
the messages it caused (the app forwards the key to the focused widget, whose handler may post more): until no
queue of the app or of its screen's widgets holds a message. Callers that read the app's state next still
`await pilot.pause()` first, as they did after `Pilot.press`; that waits for idle once, so the state they read is
as settled as before.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot


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


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press `keys` in order, each one handled by the screen before the next is sent."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(app, key))
        await pilot._wait_for_screen()
        await app.animator.wait_until_complete()
        await pilot._wait_for_screen()
        for _ in range(10):  # messages posted while handling the key (a screen pushed, a message bubbling up)
            if not any(node.message_queue_size for node in (app, *app.screen.walk_children(with_self=True))):
                break
            await pilot._wait_for_screen()
