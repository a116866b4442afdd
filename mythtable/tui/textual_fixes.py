"""Guards for Textual bugs that key mashing reaches; imported once by the app.

OptionList page up/down before the list has been laid out (a Select's overlay just opened, or a
list right after a resize) looks up `_index_to_line[...]` while that map is still empty and
raises KeyError, which ends the app. Seen with Textual 8.2.8 (also reported against SelectOverlay
elsewhere). Until it is fixed upstream, such a key press does nothing.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _safe_move_page(self: OptionList, direction: Any) -> None:
    if (self.highlighted or 0) not in self._index_to_line:
        return  # not laid out yet: nothing to page through
    _move_page(self, direction)


OptionList._move_page = _safe_move_page  # type: ignore[method-assign]
