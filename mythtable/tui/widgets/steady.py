"""Update a Static only when what it shows changes.

`Static.update` always repaints the widget, and by default lays out the whole screen again, even when the
content is the same. The game screen sets its status line, notice, question and the board's hand after every
move, most of them unchanged; at a shared table over SSH each seat is a process of its own, and those
needless repaints and layouts were part of what every move cost each of them.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


def steady_update(widget: Static, content: VisualType, layout: bool = True) -> bool:
    """Put `content` in `widget` unless it shows equal content already; True when it changed. `layout`: as
    `Static.update` (False for a widget whose size never changes with its content)."""
    if type(widget.content) is type(content) and widget.content == content:
        return False
    widget.update(content, layout=layout)
    return True
