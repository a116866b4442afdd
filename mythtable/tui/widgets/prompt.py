"""The prompt: the open decision's legal actions as a keyboard-driven list.

It never changes game state; selecting an option posts `Prompt.Chosen` with the action,
and the game screen applies it. Questions, options and details name players and cards: a `str`
given here is shown as plain text (safe_text.plain), never read as markup.

A notice row above the question carries what the screen has to say (the computer's moves, what the other
seat did, why `u` took nothing back), so no toast covers the options. A long option wraps onto a second line,
indented under its own words. A decision may open "guarded" (safe keys, issue 15): its first Enter only says
"press Enter again", unless the player first moved the highlight or picked a number.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.styles import RulesMap
from textual.message import Message
from textual.visual import RichVisual
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.decision import Action
from mythtable.engine.text import clean_text
from mythtable.tui.safe_text import plain
from mythtable.tui.widgets.steady import steady_update


class ChoiceList(OptionList):
    """An OptionList that tells its prompt about a new highlight at once, in the same frame.

    (The OptionHighlighted message arrives a frame later, which made the detail line lag.)
    """

    DEFAULT_CSS = """
    ChoiceList.-sent { opacity: 0.7; }
    """

    _lines_width = -1
    """The content width the option heights were measured at."""

    @property
    def held(self) -> bool:
        """A choice was sent and its answer is on the way (a shared table): the options are dimmed and keys
        and clicks on them do nothing. A class, not `disabled`: disabling moves the focus away and back, and
        each move of the focus repaints the whole screen."""
        return self.has_class("-sent")

    def _update_lines(self) -> None:
        # Textual measures each option's height once, at the width of that moment; when the list then
        # grows a scrollbar, the content is two cells narrower and an option that now wraps was cut to
        # its first line ("Use the healing draught on Hrodna · heals" without "4-10"). Measure again.
        region = self.scrollable_content_region
        if region and region.width != self._lines_width:
            if self._lines_width != -1:
                self._line_cache.clear()
                self._option_render_cache.clear()
            self._lines_width = region.width
        super()._update_lines()

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        parent = self.parent
        if isinstance(parent, Prompt):
            parent.show_detail_for(highlighted)

    # The player moving the highlight (or clicking) has looked: a guarded decision's Enter then chooses.
    def _looked(self) -> None:
        parent = self.parent
        if isinstance(parent, Prompt):
            parent.guarded = False

    def action_cursor_up(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_cursor_down()

    def action_first(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_first()

    def action_last(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_last()

    def action_page_up(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_page_up()

    def action_page_down(self) -> None:
        if self.held:
            return
        self._looked()
        super().action_page_down()

    async def _on_click(self, event: events.Click) -> None:
        if self.held:
            return
        self._looked()
        await super()._on_click(event)

    def action_select(self) -> None:
        if self.held:
            return
        parent = self.parent
        if isinstance(parent, Prompt) and parent.hold_first_enter(self.highlighted):
            return
        super().action_select()


def prompt_rows(question: str, labels: list[str], width: int, notice: str = "") -> int:
    """The rows a prompt takes at `width` cells to show every option at once: the notice and the question
    (three rows at most each), the options wrapped as they wrap, and the detail line."""

    def wrapped(text: str, cells: int, most: int | None = None) -> int:
        rows = max(1, len(textwrap.wrap(text, max(cells, 8)) or [""]))
        return rows if most is None else min(rows, most)

    rows = wrapped(notice, width, 3) if notice else 0
    rows += wrapped(question, width, 3)
    rows += sum(wrapped(clean_text(label, newlines=False), width - 3) for label in labels)
    return rows + 2


def option_row(key: str, label: str) -> Table:
    """One option: its number, then its words, wrapped under themselves (never cut)."""
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(no_wrap=True, width=1)
    row.add_column(ratio=1)
    row.add_row(Text(key, style="bold"), Text(clean_text(label, newlines=False)))
    return row


ROW_HEIGHTS: dict[tuple[str, str, int], int] = {}
"""Rows an option takes, by its number, words and width: the same words come back move after move."""


class OptionRow(RichVisual):
    """One option as the list draws it (`option_row`), its height measured once per words and width.

    The list measures every option again when it is given new options and whenever it is resized (the
    options take rows from the board, so it is resized with most decisions), and Rich measures a table by
    rendering it: with many options (MythCraft's squares and attacks) that was a good part of a move."""

    def __init__(self, widget: OptionList, key: str, label: str) -> None:
        super().__init__(widget, option_row(key, label))
        self.key = key
        self.label = label

    def get_height(self, rules: RulesMap, width: int) -> int:
        known = (self.key, self.label, width)
        height = ROW_HEIGHTS.get(known)
        if height is None:
            if len(ROW_HEIGHTS) >= 4096:
                ROW_HEIGHTS.clear()
            height = ROW_HEIGHTS[known] = super().get_height(rules, width)
        return height


class Prompt(Vertical):
    """A question, its options (digits 1-9 pick directly), and a detail line for the highlighted one."""

    DEFAULT_CSS = """
    Prompt { height: 1fr; }
    Prompt > #notice { height: auto; max-height: 3; color: $text-warning; display: none; }
    Prompt > #question { height: auto; max-height: 3; color: $accent; text-style: bold; }
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
        self.labels: list[str] = []
        self.guarded = False
        """The next Enter only confirms (a fresh decision after a hand-over, untouched so far)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="notice")
        yield Static("", id="question")
        yield ChoiceList(id="options", compact=True)
        yield Static("", id="detail")

    @property
    def options(self) -> OptionList:
        return self.query_one(OptionList)

    @property
    def held(self) -> bool:
        """The options are dimmed while a choice is on its way (`hold`)."""
        return self.query_one(ChoiceList).held

    def hold(self, on: bool) -> None:
        """Dim the options and let no key or click choose (a choice was sent), or let them choose again."""
        self.query_one(ChoiceList).set_class(on, "-sent")

    def ask(
        self, question: str, choices: list[tuple[Action, str]], highlight: int = 0, confirm_first: bool = False
    ) -> None:
        """Show a new decision with option `highlight` highlighted (the first by default). With `confirm_first`
        the first Enter on the untouched highlight only asks for a second one."""
        self.question += 1
        steady_update(self.query_one("#question", Static), plain(question))
        self.actions = [action for action, _ in choices]
        self.labels = [label for _, label in choices]
        options = self.options
        options.clear_options()
        items = []
        for index, (_, label) in enumerate(choices, start=1):
            key = f"{index}" if index <= 9 else " "
            items.append(Option(OptionRow(options, key, label)))
        options.add_options(items)
        self.hold(False)
        self.set_detail("")
        if items:
            options.highlighted = highlight if 0 <= highlight < len(items) else 0  # explained at once
            if options.highlighted:  # once laid out (wrapped options change the heights): bring it into view
                options.call_after_refresh(options.scroll_to_highlight)
        self.guarded = confirm_first and bool(items)

    def rows_wanted(self, width: int) -> int:
        """The rows the notice, the question, every option and the detail line take at `width` cells."""
        notice = self.query_one("#notice", Static)
        question = str(self.query_one("#question", Static).render())
        return prompt_rows(question, self.labels, width, str(notice.render()) if notice.display else "")

    def hold_first_enter(self, highlighted: int | None) -> bool:
        """Enter on a guarded decision: say what a second Enter chooses, and choose nothing now."""
        if not self.guarded or highlighted is None or not 0 <= highlighted < len(self.labels):
            return False
        self.guarded = False
        self.note(f"Press Enter again to choose: {self.labels[highlighted]}")
        return True

    def note(self, text: str) -> None:
        """Show `text` in the notice row above the question ("" hides the row)."""
        notice = self.query_one("#notice", Static)
        steady_update(notice, plain(text))
        notice.display = bool(text)

    def wait(self, message: str) -> None:
        """No decision for this seat right now (a computer is thinking, the game is over)."""
        self.question += 1
        steady_update(self.query_one("#question", Static), plain(message))
        self.actions = []
        self.labels = []
        self.guarded = False
        if self.options.option_count:  # an empty list cleared again repaints its every row
            self.options.clear_options()
        self.set_detail("")

    def set_detail(self, text: str | Text) -> None:
        shown = plain(text) if isinstance(text, str) else text  # a board's Text is never markup
        steady_update(self.query_one("#detail", Static), shown, layout=False)  # fixed height: no relayout

    def choose_index(self, index: int) -> None:
        self.guarded = False
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
