"""The one way text from players, records, saves and content reaches the screen.

Textual reads a plain `str` given to a Static, Label, Option, Select or notification as markup:
a player named `[/]` ended the app with a MarkupError, `Bob [AFK]` showed as `Bob `, and a name
holding `[@click=app.screenshot(...)]` became a link that wrote a file when clicked. And a name
holding an escape sequence (a window title, the clipboard) went to the terminal as it was.

So every screen builds what it shows here:

- `plain(value)`: the value as text, cleaned (engine/text.py), never read as markup;
- `markup(template, name=value, ...)`: our own markup, with each `$name` filled in as plain text;
- `notify(widget, message, ...)`: a notification whose message and title are plain text.

`guard_terminal()` is the last line behind them, for text that reaches a widget some other way
(an Input's pasted value, Rich renderables made from content): whatever a widget draws, no
control character in its text is written to the terminal. The app installs it once.
"""

from __future__ import annotations

import re
from typing import Any

from textual.content import Content
from textual.notifications import SeverityLevel
from textual.strip import Strip

from mythtable.engine.text import BIDI_CONTROLS, clean_text


def plain(value: object, style: str = "", newlines: bool = True) -> Content:
    """`value` as text for any widget: never markup, no escape sequence or control character."""
    content = Content(clean_text(str(value), newlines=newlines))
    return content.stylize(style) if style else content


def markup(template: str, **values: object) -> Content:
    """Our own `template` markup (a literal in the code) with `$name` filled in as plain text."""
    return Content.from_markup(template, **{key: clean_text(str(value)) for key, value in values.items()})


def notify(
    widget: Any,
    message: object,
    *,
    title: object = "",
    severity: SeverityLevel = "information",
    timeout: float | None = None,
) -> None:
    """`widget.notify` with the message and title as plain text (errors quote names and records)."""
    widget.notify(
        clean_text(str(message)),
        title=clean_text(str(title), newlines=False),
        severity=severity,
        timeout=timeout,
        markup=False,
    )


_TERMINAL_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "\u2028\u2029]")
"""Nothing a widget draws on a line needs these; a terminal would obey them instead of printing."""

_render = Strip.render


def _render_guarded(self: Strip, console: Any) -> str:
    """Strip.render, with control characters dropped from the text (not the styles) of the line."""
    if self._render_cache is None and _TERMINAL_UNSAFE.search("".join([s.text for s in self._segments])):
        clean = Strip(
            [s if s.control else s._replace(text=_TERMINAL_UNSAFE.sub("", s.text)) for s in self._segments],
            self.cell_length,  # what is dropped takes no cells
        )
        self._render_cache = _render(clean, console)
    return _render(self, console)


def guard_terminal() -> None:
    """Drop control characters from the text of every line drawn (once; a no-op after that)."""
    Strip.render = _render_guarded  # type: ignore[method-assign]
