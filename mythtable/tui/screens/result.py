"""The end of a game: who won and why, the final board, each seat's score, the counts, the last lines
that decided it, where its record is, and what next (replay it, a rematch, a new game, ...)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.cells import cell_len, chop_cells
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.screen import Screen
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.decision import Result
from mythtable.engine.summary import Summary
from mythtable.engine.text import clean_text, counted
from mythtable.tui.boards.base import Board
from mythtable.tui.host import remote_kind
from mythtable.tui.safe_text import markup, notify, plain


def reason_after_headline(result: Result, names: list[str]) -> str:
    """The reason, without what the headline beside it already says: Mythicarium's reasons begin
    "Bram wins: ..." or "Draw: ..." (as its log and records keep them), which read twice under
    "Bram wins" or "A draw"."""
    reason = result.reason
    said = "Draw: " if result.winner is None else f"{names[result.winner]} wins: "
    if reason.startswith(said) and len(reason) > len(said):
        rest = reason[len(said) :]
        return rest[0].upper() + rest[1:]
    return reason


def result_text(result: Result, names: list[str], title: str, turn_word: str = "turns") -> Content:
    """The result card: the winner's name and the reason (which names players too) as plain text."""
    headline = "A draw" if result.winner is None else f"{names[result.winner]} wins"
    return markup(
        "[b]$title[/b]\n\n[b]$headline[/b]\n$reason\nafter $turns $turn_word",
        title=title,
        headline=headline,
        reason=reason_after_headline(result, names),
        turns=result.turns,
        turn_word=turn_word,
    )


PLAYED_WORDS = {"mythcraft": "spells cast"}
"""What the summary's "played" count is called where "cards played" would be wrong (MythCraft has no cards)."""

TURN_WORDS = {"mythcraft": "round"}
"""What a ruleset's `Result.turns` counts where it is not turns (MythCraft counts rounds, as its status line)."""


RECORD_LABEL = "Record: "

_SEPARATORS = "/" + ("\\" if os.sep == "\\" else "")
_PATH_PIECES = re.compile(f"[^{re.escape(_SEPARATORS)}]*[{re.escape(_SEPARATORS)}]|[^{re.escape(_SEPARATORS)}]+")
"""A path in pieces that each end just after a separator: where a path may fold."""
_NAME_PIECES = re.compile(r"[^-_. ]*[-_. ]|[^-_. ]+")
"""A folder or file name too long for a line in pieces, each ending after a - _ . or space."""


def home_short(path: Path, home: str | None = None) -> str:
    """`path` with the home folder as `~` (as a shell reads it back), when it lies inside it."""
    full = str(path)
    home = os.path.expanduser("~") if home is None else home
    home = home.rstrip(_SEPARATORS)
    if home and full.startswith(home) and full[len(home) : len(home) + 1] in tuple(_SEPARATORS):
        return "~" + full[len(home) :]
    return full


def fold_path(text: str, width: int) -> list[str]:
    """`text` (a path) in lines of at most `width` cells, folded just after a separator, never inside
    a folder or file name unless the name alone is longer than a line (then after a - _ . or space if
    it has one, only then anywhere)."""
    width = max(width, 1)
    pieces: list[str] = []
    for piece in _PATH_PIECES.findall(text):
        if cell_len(piece) <= width:
            pieces.append(piece)
            continue
        for part in _NAME_PIECES.findall(piece):
            pieces.extend(chop_cells(part, width) if cell_len(part) > width else [part])
    lines: list[str] = []
    for piece in pieces:
        if lines and cell_len(lines[-1] + piece) <= width:
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines or [""]


def record_lines(record: Path, width: int | None, home: str | None = None) -> list[str]:
    """Where the record is, for a card `width` cells wide (None: on one line, in full). The full path
    on one line if it fits; else the folder (folded at its separators) above the file name, in full, or
    with `~` for the home folder (as a shell reads it back) when that takes fewer lines."""
    if width is None:
        return [RECORD_LABEL + clean_text(str(record), newlines=False)]
    ways = [_record_lines(str(record), record.name, width)]
    short = home_short(record, home)
    if short != str(record):
        ways.append(_record_lines(short, record.name, width))
    return min(ways, key=len)  # the first of the shortest: the full path where it takes no more lines


def _record_lines(path: str, name: str, width: int) -> list[str]:
    """`path` (ending in the file `name`) laid out after the label in lines of `width` cells."""
    name = name if name and path.endswith(name) else ""
    folder, name = clean_text(path[: len(path) - len(name)], False), clean_text(name, False)
    if cell_len(RECORD_LABEL + folder + name) <= width:
        return [RECORD_LABEL + folder + name]
    indent = len(RECORD_LABEL) if width - len(RECORD_LABEL) >= 24 else 0  # a narrow card: the label alone
    room = width - indent
    lines = (fold_path(folder, room) if folder else []) + (fold_path(name, room) if name else [])
    if indent:
        return [RECORD_LABEL + lines[0]] + [" " * indent + line for line in lines[1:]]
    return [RECORD_LABEL.rstrip(), *lines]


@dataclass(frozen=True)
class EndOfGame:
    """The end-of-game card in parts: the record's path is laid out anew for the width the card gets
    (the terminal's lines would fold it anywhere, even in the middle of a name)."""

    head: Content
    """Who won, the scores and the counts."""
    record: Path | None
    """Where the game's record is (None when it is not saved: watch mode)."""
    story: Content
    """The lines that decided it."""
    unsaved: str = "Not saved (watched games are not recorded)"
    """What the card says in place of the record's path when there is none."""

    def content(self, width: int | None = None, home: str | None = None) -> Content:
        """The card for `width` cells (None: the record's path on one line, as it is)."""
        if self.record is None:
            where = plain(f"{self.unsaved}\n", "dim")
        else:
            where = plain("\n".join(record_lines(self.record, width, home)) + "\n", "dim")
        return Content("").join([self.head, where, self.story])

    @property
    def plain(self) -> str:
        """What the card says, as plain words (the record's full path on one line)."""
        return self.content().plain


class CardVisual(Visual):
    """An `EndOfGame` card drawn at the width it is given (a Textual Visual, so height follows width)."""

    def __init__(self, card: EndOfGame) -> None:
        self.card = card
        self._at: tuple[int | None, Content] | None = None

    def at(self, width: int | None) -> Content:
        if self._at is None or self._at[0] != width:
            self._at = (width, self.card.content(width))
        return self._at[1]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.at(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.at(container_width).get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.card.head.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.at(width).get_height(rules, width)


class ResultCard(Static):
    """The card: an `EndOfGame` laid out for its width, or a plain `Content` card."""

    def __init__(self, card: Content | EndOfGame, **kwargs: Any) -> None:
        self.card = card
        super().__init__(CardVisual(card) if isinstance(card, EndOfGame) else card, **kwargs)

    def shown(self) -> Content:
        """The card as it is laid out now."""
        if isinstance(self.card, EndOfGame):
            return self.card.content(self.size.width or None)
        return self.card

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract(self.shown().plain), "\n"


def end_of_game_text(
    result: Result,
    names: list[str],
    title: str,
    scores: list[tuple[str, str]],
    summary: Summary,
    record: Path | None,
    ruleset_id: str,
    unsaved: str = EndOfGame.unsaved,
) -> EndOfGame:
    """Everything the end of a game says, as plain text in our own markup (names are data)."""
    headline = "A draw" if result.winner is None else f"{names[result.winner]} wins"
    parts = [
        markup(
            "[b]$title · $headline[/b]\n$reason · after $turns\n",
            title=title,
            headline=headline,
            reason=reason_after_headline(result, names),
            turns=counted(result.turns, TURN_WORDS.get(ruleset_id, "turn")),
        )
    ]
    width = max(len(name) for name in names)
    for seat, (score, details) in enumerate(scores):
        mark = "★ " if seat == result.winner else "  "
        line = markup("$mark[b]$name[/b]  $score", mark=mark, name=names[seat].ljust(width), score=score)
        parts.append(line + plain(f"  {details}\n" if details else "\n", newlines=True))
    parts.append(
        plain(
            f"Moves: {names[0]} {summary.actions[0]}, {names[1]} {summary.actions[1]}"
            f" · {PLAYED_WORDS.get(ruleset_id, 'cards played')} {summary.played}"
            f" · damage dealt {summary.damage} · dice rolled {summary.dice}\n",
        )
    )
    story: list[Content] = []
    if summary.deciding:
        story.append(markup("[b]How it ended[/b]"))
        story.extend(plain(f"\n· {line}") for line in summary.deciding)
    return EndOfGame(Content("").join(parts), record, Content("").join(story), unsaved)


class ResultScreen(Screen[str]):
    """Dismisses with "replay", "rematch", "new", "title" or "quit" (or "again" in watch mode)."""

    BINDINGS = [
        Binding("r", "pick('replay')", "Replay"),
        Binding("m", "pick('rematch')", "Rematch"),
        Binding("n", "pick('new')", "New game"),
        Binding("t", "pick('title')", "Title"),
        Binding("t", "pick('title', 'leave')", "Leave table"),  # a seat program: no title screen below
        Binding("q", "pick('quit')", "Quit"),
        Binding("b", "toggle_board", "Board"),
        Binding("c", "copy_record", "Copy path"),
        # Ctrl+Q quits here as everywhere (the app's binding comes first); this one only stands in for it
        # in the footer, where it said Quit a second time beside `q Quit`.
        Binding("ctrl+q", "app.request_quit", "Quit", show=False, priority=True),
        Binding("pageup", "scroll_card(-1)", "Scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_card(1)", "Scroll down", show=False, priority=True),
    ]

    def __init__(
        self,
        text: Content | EndOfGame,
        again_after: float | None = None,
        board: Board | None = None,
        view: Any = None,
        names: list[str] | None = None,
        can_replay: bool = True,
        status: str = "",
        can_start: bool = True,
        title_words: str = "Title screen",
    ) -> None:
        super().__init__()
        self.content = text
        self.text = text.plain
        """What the card says, as plain words (for tests and tools; the record's path on one line)."""
        self.record = text.record if isinstance(text, EndOfGame) else None
        self.again_after = again_after
        """Watch mode: start the next game by itself after this many seconds."""
        self.board = board
        self.view = view
        self.names = names or []
        self.can_replay = can_replay
        self.can_start = can_start
        """A new game may start from here (not at a shared table: its players go back to the title screen)."""
        self.title_words = title_words
        """What `t` does, in words ("Leave the table" where no title screen is below: a shared table's seat program)."""
        self.leaves_table = title_words != "Title screen"
        """The footer names `t` "Leave table", as the card does."""
        self.status = status
        """The top line over the final board, as the game screen's status line was ("Mythicarium · Bram's turn
        14 · game over"): at 80x24 the end screen began mid-board, its top line lost (issue 33, item 5)."""
        self._picked = False

    def on_mount(self) -> None:
        if self.board is not None:
            self.board.show(self.view, None, self.names)  # the game is over: the whole table shows
        if self.again_after is not None:
            self.set_timer(self.again_after, lambda: self.action_pick("again"))
        self.query_one(OptionList).focus()

    def options(self) -> OptionList:
        items = []
        if self.can_replay:
            items += [Option("Replay this game (r)", id="replay"), Option("Rematch, same setup (m)", id="rematch")]
        items += [Option("New game (n)", id="new")] if self.can_start else []
        items += [
            Option(f"{self.title_words} (t)", id="title"),
            Option("Quit (q)", id="quit"),
        ]
        return OptionList(*items, id="result-options")

    def compose(self) -> ComposeResult:
        if self.board is None:  # no board to show: the card alone, in the middle
            with Middle(), Center():
                yield ResultCard(self.content, id="result")
            with Center():
                yield self.options()
        else:
            self.add_class("with-board")
            yield Static(plain(self.status), id="result-status")
            yield self.board
            with Horizontal(id="result-bottom"):
                with VerticalScroll(id="result-card"):
                    yield ResultCard(self.content, id="result")
                yield self.options()
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0] in ("replay", "rematch"):
            return self.can_replay
        if action == "pick" and parameters and parameters[0] == "new":
            return self.can_start
        if action == "pick" and parameters and parameters[0] == "title":  # the footer names `t` as the card does
            return (parameters[1:] == ("leave",)) == self.leaves_table
        if action == "toggle_board":
            return self.board is not None
        if action == "copy_record":
            return self.record is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "title")

    def action_scroll_card(self, direction: int) -> None:
        """PgUp/PgDn read the rest of the card (the lines that decided the game) with the options focused."""
        if self.board is None:
            return
        card = self.query_one("#result-card", VerticalScroll)
        card.scroll_page_down() if direction > 0 else card.scroll_page_up()

    def action_copy_record(self) -> None:
        """The record's full path to the clipboard: the card may show it folded, or with `~`."""
        if self.record is None:
            return
        remote = remote_kind(self.app) is not None  # a remote player's record: the path in their folder
        self.app.copy_to_clipboard(str(self.record if remote else self.record.absolute()))
        notify(self, "The record's full path was sent to the clipboard (if the terminal lets programs set it).")

    def action_toggle_board(self) -> None:
        """The final board full-screen, or back to the result below it."""
        bottom = self.query_one("#result-bottom")
        bottom.display = not bottom.display

    def action_pick(self, choice: str, _words: str = "") -> None:
        if self._picked:  # a second Enter (or key) queued before the screen went: dismissing twice crashed
            return
        self._picked = True
        self.dismiss(choice)
