"""A plain board for rulesets that have no board of their own yet: the view, pretty-printed."""

from __future__ import annotations

from rich.pretty import Pretty
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from mythtable.tui.boards.base import Board


class GenericBoard(Board[object]):
    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="pretty")

    def show(self, view: object, viewer: int | None, names: list[str]) -> None:
        self.query_one("#pretty", Static).update(Pretty(view, max_length=20, max_depth=4))


BOARD = GenericBoard
