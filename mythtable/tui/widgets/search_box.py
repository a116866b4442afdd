"""The builders' search box: an Input whose keys act in its own turn, and whose Enter may send the
focus on (to the list it filters).

Typed in one burst (tmux send-keys '/cinder' Enter c), the keys after the Enter reach this box before
the Enter has moved the focus (the app looks the Enter's binding up only when the key has travelled up
to it); typed in here they changed the search (`cinderc`, which finds nothing), and in the deck builder
the words typed after an Enter changed the list before the Enter added its card. So the Enter (and the
box's other keys that are not text) act in the box's own turn, in the order typed, and the keys that
still arrive after the focus went on go on to the list (widgets/key_order.py). `/` is no letter here:
it starts a new search (screens/built_editor.py).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input

from mythtable.tui.widgets.key_order import KeysInTurn


class SearchBox(KeysInTurn, Input):
    """A search box; `then`: the selector (on its screen) of the widget that Enter sends the focus to."""

    def __init__(self, *, then: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.then = then

    async def _on_key(self, event: events.Key) -> None:
        if self.hand_on(event):
            return
        if event.is_printable and event.key != "slash":
            await Input._on_key(self, event)  # text: typed in
            return
        if await self.run_in_turn(event):
            if event.key == "enter" and self.then is not None:
                self.send_focus(self.then)
            return
        await Input._on_key(self, event)
