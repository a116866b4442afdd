"""The end of a game: who won, why, and after how many turns."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.decision import Result
from mythtable.tui.safe_text import markup


def result_text(result: Result, names: list[str], title: str, turn_word: str = "turns") -> Content:
    """The result card: the winner's name and the reason (which names players too) as plain text."""
    headline = "A draw" if result.winner is None else f"{names[result.winner]} wins"
    return markup(
        "[b]$title[/b]\n\n[b]$headline[/b]\n$reason\nafter $turns $turn_word",
        title=title,
        headline=headline,
        reason=result.reason,
        turns=result.turns,
        turn_word=turn_word,
    )


class ResultScreen(Screen[str]):
    """Dismisses with "new", "title" or "quit"."""

    BINDINGS = [
        Binding("n", "pick('new')", "New game"),
        Binding("t", "pick('title')", "Title"),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(self, text: Content, again_after: float | None = None) -> None:
        super().__init__()
        self.content = text
        self.text = text.plain
        """What the card says, as plain words (for tests and tools)."""
        self.again_after = again_after
        """Watch mode: start the next game by itself after this many seconds."""
        self._picked = False

    def on_mount(self) -> None:
        if self.again_after is not None:
            self.set_timer(self.again_after, lambda: self.action_pick("again"))

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.content, id="result")
            with Center():
                yield OptionList(
                    Option("New game", id="new"),
                    Option("Title screen", id="title"),
                    Option("Quit", id="quit"),
                )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "title")

    def action_pick(self, choice: str) -> None:
        if self._picked:  # a second Enter (or key) queued before the screen went: dismissing twice crashed
            return
        self._picked = True
        self.dismiss(choice)
