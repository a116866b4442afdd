"""The builders' search box: an Input whose Enter may send the focus on (to the list it filters), and
which hands on the keys it gets after the focus left it.

Why: the app hands each key to the widget focused when it reads the key. Typed in one burst with the
Enter (a quick typist, a paste, tmux send-keys '/cinder' Enter c), the keys after the Enter reach this
box before the Enter has moved the focus; typed in here they would change the search (`cinderc`, which
finds nothing) instead of acting where the player meant them. So the Enter moves the focus in this
box's own turn, and a key that still arrives goes on to the focused widget, after what the box has to
tell the screen (the words typed before it), so that it acts on the list the search left.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input


class SearchBox(Input):
    """A search box; `then`: the selector (on its screen) of the widget that Enter sends the focus to."""

    def __init__(self, *, then: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.then = then

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        if screen.focused is not self:
            event.stop()
            event.prevent_default()
            self.call_later(self._hand_on, events.Key(event.key, event.character))
            return
        if self.then is not None and event.key == "enter":
            event.stop()
            event.prevent_default()
            screen.set_focus(screen.query_one(self.then))
            await self.action_submit()
            return
        await super()._on_key(event)

    def _hand_on(self, key: events.Key) -> None:
        """To the widget focused now, as if the app had handed it there."""
        target = self.screen.focused or self.screen
        key.set_sender(self.app)
        target._forward_event(key)  # forwarded: the app passes it up the bindings, not round again
