"""From the title screen: choose which ruleset's reference to read."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.registry import available, get
from mythtable.tui.safe_text import plain


class PickRulesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static("[b]Which rules?[/b]")
            with Center():
                yield OptionList(*(Option(plain(get(rid).title), id=rid) for rid in available()))
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from mythtable.tui.screens.rules import RulesScreen

        ruleset = get(event.option.id or "")
        self.app.push_screen(RulesScreen(ruleset.title, ruleset.id, None))

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)
