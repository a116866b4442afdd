"""The legend: what each symbol on the board means (key k on the game screen).

The entries come from the board (`Board.legend()`), so each ruleset explains its own symbols;
they are shown as plain text, never read as markup.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


def legend_table(entries: list[tuple[str, str]]) -> Table:
    """Symbol | meaning, one row each."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for symbol, meaning in entries:
        table.add_row(Text(symbol), Text(meaning))
    return table


def legend_markdown(entries: list[tuple[str, str]]) -> str:
    """The legend as a Markdown section, for the rules screen (symbols in code spans, so never markup)."""
    if not entries:
        return ""
    lines = ["## Symbols on the board", ""]
    lines.extend(f"- `{symbol}` {meaning}" for symbol, meaning in entries)
    return "\n".join(lines)


class LegendScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,k,q,enter", "close", "Back")]

    def __init__(self, title: str, entries: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.entries = entries

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="legend-box"):
            yield Static(Text(f"{self.title_text}: symbols on the board"), id="legend-title")
            if self.entries:
                yield Static(legend_table(self.entries), id="legend")
            else:
                yield Static(Text("This board draws no symbols that need a legend."), id="legend")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
