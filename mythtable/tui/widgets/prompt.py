"""The prompt: the open decision's legal actions as a keyboard-driven list.

It never changes game state; selecting an option posts `Prompt.Chosen` with the action,
and the game screen applies it. Questions, options and details name players and cards: a `str`
given here is shown as plain text (safe_text.plain), never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.decision import Action
from mythtable.tui.safe_text import plain


class ChoiceList(OptionList):
    """An OptionList that tells its prompt about a new highlight at once, in the same frame.

    (The OptionHighlighted message arrives a frame later, which made the detail line lag.)
    """

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        parent = self.parent
        if isinstance(parent, Prompt):
            parent.show_detail_for(highlighted)


class Prompt(Vertical):
    """A question, its options (digits 1-9 pick directly), and a detail line for the highlighted one."""

    DEFAULT_CSS = """
    Prompt { height: 1fr; }
    Prompt > #question { height: auto; max-height: 2; color: $accent; text-style: bold; }
    Prompt > OptionList { height: 1fr; border: none; padding: 0; }
    Prompt > #detail { height: 2; color: $text-muted; }
    """

    class Chosen(Message):
        """An option was picked. `question` numbers the question it answered: keys typed ahead arrive
        after the next question is up, and must not answer a question nobody has read."""

        def __init__(self, action: Action, question: int) -> None:
            super().__init__()
            self.action = action
            self.question = question

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.actions: list[Action] = []
        self.explain: Callable[[Action], str | Text] = lambda action: ""
        """Words for the highlighted option (set by the game screen); called in the same frame."""
        self.question = 0
        """Counts the questions shown (`ask` and `wait`), so a stale `Chosen` can be told apart."""

    def compose(self) -> ComposeResult:
        yield Static("", id="question")
        yield ChoiceList(id="options", compact=True)
        yield Static("", id="detail")

    @property
    def options(self) -> OptionList:
        return self.query_one(OptionList)

    def ask(self, question: str, choices: list[tuple[Action, str]]) -> None:
        """Show a new decision; the first option is highlighted."""
        self.question += 1
        self.query_one("#question", Static).update(plain(question))
        self.actions = [action for action, _ in choices]
        options = self.options
        options.clear_options()
        items = []
        for index, (_, label) in enumerate(choices, start=1):
            key = f"{index}" if index <= 9 else " "
            items.append(Option(Content.assemble((f"{key} ", "bold"), plain(label, newlines=False))))
        options.add_options(items)
        options.disabled = False
        self.set_detail("")
        if items:
            options.highlighted = 0  # explains the first option at once (after the clear above)

    def wait(self, message: str) -> None:
        """No decision for this seat right now (a computer is thinking, the game is over)."""
        self.question += 1
        self.query_one("#question", Static).update(plain(message))
        self.actions = []
        self.options.clear_options()
        self.set_detail("")

    def set_detail(self, text: str | Text) -> None:
        shown = plain(text) if isinstance(text, str) else text  # a board's Text is never markup
        self.query_one("#detail", Static).update(shown, layout=False)  # fixed height: no relayout

    def choose_index(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.post_message(self.Chosen(self.actions[index], self.question))

    def choose(self, action: Action) -> None:
        """Pick `action` of the question on screen (a board's map or cursor picks this way)."""
        self.post_message(self.Chosen(action, self.question))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose_index(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # handled in show_detail_for, called by the list itself

    def show_detail_for(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.actions):
            self.set_detail("")
            return
        self.set_detail(self.explain(self.actions[index]))
