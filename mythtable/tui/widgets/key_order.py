"""Keys act in the order they were typed, even when a key moves the focus in the middle of a burst.

Why: the app hands each key to the widget focused when it reads the key (a quick typist, a paste or
tmux send-keys gives it several at once), but it looks up a key's binding only after the key has
travelled up from that widget, against the widget focused *then*. Two ways keys were lost or misread:

- A key read later in the burst moved the focus first (`/` to the search box: a priority binding,
  run as the app reads it). The earlier keys were then looked up from the search box: the map's own
  keys (h j k l) found nothing there, and the screen's letter keys were taken for text. A widget with
  `KeysInTurn` looks its keys up itself, in its own turn, from itself upwards.
- A key moved the focus in the widget's own turn (Enter in the search box or the creature list), and
  the keys read after it had already been handed to that widget. It passes them up as `HandedOn`,
  behind the messages it posted before (Changed, Selected), and the screen gives them to the widget
  focused now (screens/built_editor.py), once what came before them is done.
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


class FocusHandOff:
    """For a widget that sends the focus on in its own turn: the keys it gets afterwards go on too."""

    _sent_focus = False

    def send_focus(self, selector: str) -> None:
        """The focus to the widget `selector` names on this screen, now."""
        assert isinstance(self, Widget)
        self._sent_focus = True
        self.screen.set_focus(self.screen.query_one(selector))

    def hand_on(self, event: events.Key) -> bool:
        """Pass `event` up as HandedOn if it came after this widget sent the focus on; whether it did."""
        assert isinstance(self, Widget)
        if self.screen.focused is self:
            self._sent_focus = False
            return False
        if not self._sent_focus:
            return False
        event.stop()
        event.prevent_default()
        self.post_message(HandedOn(events.Key(event.key, event.character)))
        return True


class KeysInTurn(FocusHandOff, Widget):
    """A focusable widget whose keys act in its own turn (see the module's docstring)."""

    async def _on_key(self, event: events.Key) -> None:
        if self.hand_on(event):
            return
        if await run_binding(self, event.key):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)
