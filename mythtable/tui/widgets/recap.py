"""The recap panel: what happened since this seat last looked, results first (issue 33, item 1).

It shares the log's column and takes it while open (`r` opens and closes it); the game screen opens it by
itself when a seat comes back to a combat's result. The lines are data, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from mythtable.play.recap import Recap


def recap_text(recap: Recap | None, heading: str = "Since you last looked · r") -> Text:
    """The recap as the panel shows it: a heading, the results picked out, then the moves."""
    text = Text(f"{heading}\n", style="bold")
    if recap is None:
        text.append("Nothing has happened since you last looked.")
        return text
    for line in recap.lines():
        style = "bold" if line in ("Results:", "What happened:") else ""
        if recap.results and line.startswith("  ") and line[2:] in recap.results:
            style = "yellow"
        text.append(line + "\n", style=style)
    text.rstrip()
    return text


class RecapPanel(VerticalScroll, can_focus=True):
    """The recap in the log's column, scrolling when longer than the column."""

    DEFAULT_CSS = """
    RecapPanel { display: none; height: 1fr; border-left: solid $panel-lighten-2; padding: 0 0 0 1;
        scrollbar-size-vertical: 1; }
    RecapPanel #recap-text { height: auto; }
    """

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("", id="recap-text")

    def show(self, recap: Recap | None) -> None:
        self.query_one("#recap-text", Static).update(recap_text(recap))
        self.scroll_home(animate=False)
