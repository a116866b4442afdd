"""The whole game log on one screen: search it, and filter it to this turn, combat, dice or your own lines.

It shows exactly the lines the viewer may read (the game screen hands it `Game.log_for(viewer)`, and it
drops any other seat's private line again itself): never the other seat's hand. Log text names players
and cards: it is data, drawn as plain text, never as markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.game import LogLine
from mythtable.engine.text import clean_text
from mythtable.play.recap import starts_turn
from mythtable.tui.safe_text import markup, notify
from mythtable.tui.widgets.log import STYLES, for_everyone

FILTERS: tuple[tuple[str, str], ...] = (
    ("all", "all lines"),
    ("turn", "this turn"),
    ("combat", "combat"),
    ("dice", "dice"),
    ("mine", "my private lines"),
)
"""The filters `f` cycles through, as (key, words for the header)."""

COMBAT_WORDS = re.compile(
    r"\b(attacks?|attackers?|blocks?|blockers?|combat|counter-attacks?|damage|wounds?|hits?|miss(es)?|dies|"
    r"destroyed|falls?|dying|strikes?)\b",
    re.IGNORECASE,
)
DICE_WORDS = re.compile(r"\b(d\d+|rolls?|rolled|dice|die)\b", re.IGNORECASE)
MATCH_STYLE = "reverse"


def is_combat(line: LogLine) -> bool:
    return line.event.kind in ("combat", "damage", "death") or bool(COMBAT_WORDS.search(line.event.text))


def is_dice(line: LogLine) -> bool:
    return line.event.kind == "dice" or bool(DICE_WORDS.search(line.event.text))


def filtered(lines: Sequence[LogLine], key: str, viewer: int | None) -> list[LogLine]:
    """The lines one filter keeps, in order."""
    if key == "turn":
        start = max((i for i, line in enumerate(lines) if starts_turn(line)), default=0)
        return list(lines[start:])
    if key == "combat":
        return [line for line in lines if is_combat(line)]
    if key == "dice":
        return [line for line in lines if is_dice(line)]
    if key == "mine":
        # the spectator (viewer None, every line given) reads every seat's private lines here
        return [line for line in lines if line.event.seat is not None and viewer in (None, line.event.seat)]
    return list(lines)


class LogViewScreen(Screen[None]):
    """The full log: arrows and PgUp/PgDn read it, `/` searches, n/N go to the next/previous match,
    `f` changes the filter, Esc goes back to the game."""

    BINDINGS = [
        Binding("slash", "search", "Search"),
        Binding("n", "next_match(1)", "Next match"),
        Binding("N,shift+n", "next_match(-1)", "Previous", key_display="N"),
        Binding("f", "cycle_filter", "Filter"),
        Binding("escape,q,l", "leave", "Back"),
    ]

    def __init__(self, lines: Sequence[LogLine], viewer: int | None, names: list[str] | None = None) -> None:
        """`viewer` None with `names` is the spectator's view (watch mode): every line, private ones
        prefixed with their seat's name. Otherwise only public lines and the viewer's own."""
        super().__init__()
        self.everything = viewer is None and names is not None
        self.viewer = viewer
        self.names = names
        self.all_lines = [line for line in lines if self.everything or line.event.seat in (None, viewer)]
        """What this viewer may read; every filter works on these only."""
        self.filter_index = 0
        self.query_text = ""
        self.shown: list[LogLine] = []
        self.searching = False
        """Between / and Enter: typed keys belong to the search line."""
        self.typed = ""

    @property
    def filter_key(self) -> str:
        return FILTERS[self.filter_index][0]

    def compose(self) -> ComposeResult:
        yield Static("", id="log-head")
        yield OptionList(id="log-lines")
        yield Static("", id="log-search")
        yield Footer()

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#log-lines", OptionList).focus()

    # ----- drawing ----------------------------------------------------------------------
    def line_text(self, line: LogLine) -> str:
        event = line.event
        text = clean_text(event.text)
        if self.names is not None and event.seat is not None:
            text = for_everyone(text, clean_text(self.names[event.seat]))
        return text

    def styled(self, line: LogLine) -> Text:
        """One line as plain text in its log style, each match of the search marked."""
        event = line.event
        text = Text(self.line_text(line), style=STYLES.get("private" if event.seat is not None else event.kind, ""))
        if self.query_text:
            text.highlight_regex(re.compile(re.escape(self.query_text), re.IGNORECASE), MATCH_STYLE)
        return text

    def refill(self, keep_end: bool = True) -> None:
        """Show the lines of the current filter (the newest highlighted, as in the game's log)."""
        self.shown = filtered(self.all_lines, self.filter_key, self.viewer)
        options = self.query_one("#log-lines", OptionList)
        here = options.highlighted
        options.clear_options()
        options.add_options([Option(self.styled(line)) for line in self.shown])
        if self.shown:
            keep = here is not None and not keep_end
            options.highlighted = min(here, len(self.shown) - 1) if keep and here is not None else len(self.shown) - 1
        self.update_head()

    def update_head(self, matches: int | None = None) -> None:
        found = ""
        if self.query_text:
            count = matches if matches is not None else len(self.matches())
            found = f" · “{self.query_text}”: {count} line(s)"
        self.query_one("#log-head", Static).update(
            markup(
                "[b]Log[/b] · $filter · $count line(s)$found",
                filter=FILTERS[self.filter_index][1],
                count=len(self.shown),
                found=found,
            )
        )

    def matches(self) -> list[int]:
        """Indexes of the shown lines that hold the search text (case does not matter)."""
        if not self.query_text:
            return []
        needle = self.query_text.casefold()
        return [i for i, line in enumerate(self.shown) if needle in self.line_text(line).casefold()]

    # ----- keys -------------------------------------------------------------------------
    def action_search(self) -> None:
        """Start typing a search: keys go to the search line until Enter (search) or Esc (cancel).

        The line is typed by this screen's key handler, never by a focused input box: every key
        goes through one queue in order, so a fast typist or a paste loses nothing to a focus change."""
        self.searching = True
        self.typed = ""
        self.show_search_line()

    def show_search_line(self) -> None:
        line = self.query_one("#log-search", Static)
        line.display = self.searching
        line.update(
            markup("[b]/[/b]$typed[reverse] [/reverse]  [dim]Enter: search · Esc: cancel[/dim]", typed=self.typed)
        )

    def on_key(self, event: events.Key) -> None:
        """Typing a search. `/` starts it here rather than only by its binding (bindings run once the key
        has bubbled up to the app, after the keys typed next reached this screen)."""
        if not self.searching:
            if event.key == "slash":
                event.stop()
                event.prevent_default()
                self.action_search()
            return
        event.stop()
        event.prevent_default()  # n, f, q and Enter are letters of the search now, not keys of the screen
        if event.key == "enter":
            self.submit(self.typed)
            return
        if event.key == "escape":
            self.searching = False
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
        elif event.is_printable and event.character:
            self.typed += event.character
        self.show_search_line()

    def submit(self, value: str) -> None:
        """Search for `value` from the top: the first match is highlighted, n/N go on from there."""
        self.searching = False
        self.show_search_line()
        self.query_text = clean_text(value, newlines=False).strip()
        self.refill(keep_end=False)
        if self.query_text:
            self.action_next_match(1, from_start=True)

    def action_next_match(self, direction: int, from_start: bool = False) -> None:
        """Highlight the next (or previous) line holding the search text, wrapping around."""
        if not self.query_text:
            notify(self, "Press / to search first.", severity="information")
            return
        found = self.matches()
        if not found:
            notify(self, f"No line holds “{self.query_text}”.", title="Search", severity="warning")
            self.update_head(0)
            return
        options = self.query_one("#log-lines", OptionList)
        here = options.highlighted
        if from_start or here is None:
            target = found[0] if direction > 0 else found[-1]
        elif direction > 0:
            target = next((i for i in found if i > here), found[0])
        else:
            target = next((i for i in reversed(found) if i < here), found[-1])
        options.highlighted = target
        options.scroll_to_highlight()
        self.update_head(len(found))

    def action_cycle_filter(self) -> None:
        self.filter_index = (self.filter_index + 1) % len(FILTERS)
        self.refill()

    def action_leave(self) -> None:
        self.dismiss(None)

    @property
    def visible_texts(self) -> list[str]:
        """The shown lines as plain words (for tests and tools)."""
        return [self.line_text(line) for line in self.shown]
