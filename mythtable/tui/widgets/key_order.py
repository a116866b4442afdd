"""Keys act in the order they were typed, even when a key moves the focus in the middle of a burst.

Why: the app hands each key to the widget focused when it reads the key (a quick typist, a paste or
tmux send-keys gives it several at once), but it looks up a key's binding only after the key has
travelled up from that widget, against the widget focused *then*. Two ways keys were lost or misread:

- A key that moves the focus (`/` to the search box, Enter from it to the list, Tab) is looked up
  late, and the keys read after it have already been handed to the widget it leaves: the map dropped
  `ash` typed right after `/`, and the search box took the `c` typed after Enter for a letter.
- When a key has moved the focus meanwhile, the keys before it were looked up from the new focus:
  the map's own keys (h j k l) found nothing there.

A widget with `KeysInTurn` looks its keys up itself, in its own turn, from itself upwards; once one
of them has sent the focus on, it passes the keys it still gets up as `HandedOn`, behind the messages
it posted before (Changed, Selected), and the screen gives them to the widget focused now
(screens/built_editor.py), once what came before them is done.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widget import Widget


class HandedOn(Message):
    """A key a widget got after it had sent the focus on: for the widget focused now."""

    def __init__(self, key: events.Key) -> None:
        super().__init__()
        self.key = key


async def run_binding(widget: Widget, key: str) -> bool:
    """Run the (non-priority) binding of `key` found first from `widget` up to the app, as the app
    would with `widget` focused; whether one ran."""
    for node in widget.ancestors_with_self:
        for binding in node._bindings.key_to_bindings.get(key, ()):
            if not binding.priority and await widget.app.run_action(binding.action, node):
                return True
    return False


class KeysInTurn:
    """For a focusable widget: its keys act in its own turn, and once a key has sent the focus on,
    the keys it still gets go on too (see the module's docstring)."""

    _sent_focus = False

    def send_focus(self, selector: str) -> None:
        """The focus to the widget `selector` names on this screen, now."""
        assert isinstance(self, Widget)
        self._sent_focus = True
        self.screen.set_focus(self.screen.query_one(selector))

    def hand_on(self, event: events.Key) -> bool:
        """Pass `event` up as HandedOn if it came after this widget sent the focus on; whether it did."""
        assert isinstance(self, Widget)
        if not self.is_attached:
            event.stop()  # its screen is gone: a key typed for it is not the next screen's
            return True
        if self.screen.focused is self:
            self._sent_focus = False
            return False
        if not self._sent_focus:
            return False
        event.stop()
        event.prevent_default()
        self.post_message(HandedOn(events.Key(event.key, event.character)))
        return True

    async def run_in_turn(self, event: events.Key) -> bool:
        """Run the key's binding now, from this widget up; whether one ran."""
        assert isinstance(self, Widget)
        focused = self.screen.focused
        if not await run_binding(self, event.key):
            return False
        event.stop()
        event.prevent_default()
        if self.is_attached and self.screen.focused is not focused and focused is self:
            self._sent_focus = True  # this key (Tab, ...) sent the focus on: the keys after it go on too
        return True

    async def _on_key(self, event: events.Key) -> None:
        if self.hand_on(event) or await self.run_in_turn(event):
            return
        await super()._on_key(event)  # type: ignore[misc]
