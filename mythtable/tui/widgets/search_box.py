"""The builders' search box: an Input whose Enter may send the focus on (to the list it filters).

Typed in one burst with the Enter (tmux send-keys '/cinder' Enter c), the keys after the Enter reach
this box before the Enter has moved the focus; typed in here they would change the search (`cinderc`,
which finds nothing). So the Enter moves the focus in the box's own turn, and the keys that still
arrive go on to the list, after the words typed before them have filtered it (widgets/key_order.py).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input

from mythtable.tui.widgets.key_order import FocusHandOff


class SearchBox(FocusHandOff, Input):
    """A search box; `then`: the selector (on its screen) of the widget that Enter sends the focus to."""

    def __init__(self, *, then: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.then = then

    async def _on_key(self, event: events.Key) -> None:
        if self.hand_on(event):
            return
        if self.then is not None and event.key == "enter":
            event.stop()
            event.prevent_default()
            self.send_focus(self.then)
            await self.action_submit()
            return
        await super()._on_key(event)
