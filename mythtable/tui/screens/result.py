"""The end of a game: who won and why, the final board, each seat's score, the counts, the last lines
that decided it, where its record is, and what next (replay it, a rematch, a new game, ...)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.decision import Result
from mythtable.engine.summary import Summary
from mythtable.tui.boards.base import Board
from mythtable.tui.safe_text import markup, plain


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


def end_of_game_text(
    result: Result,
    names: list[str],
    title: str,
    scores: list[tuple[str, str]],
    summary: Summary,
    record: Path | None,
    ruleset_id: str,
) -> Content:
    """Everything the end of a game says, as plain text in our own markup (names are data)."""
    headline = "A draw" if result.winner is None else f"{names[result.winner]} wins"
    parts = [
        markup(
            "[b]$title · $headline[/b]\n$reason · after $turns $turn_word\n",
            title=title,
            headline=headline,
            reason=reason_after_headline(result, names),
            turns=result.turns,
            turn_word="turn" if result.turns == 1 else "turns",
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
    where = f"Record: {record}" if record is not None else "Not saved (watched games are not recorded)"
    parts.append(plain(where + "\n", "dim"))
    if summary.deciding:
        parts.append(markup("[b]How it ended[/b]"))
        parts.extend(plain(f"\n· {line}") for line in summary.deciding)
    return Content("").join(parts)


class ResultScreen(Screen[str]):
    """Dismisses with "replay", "rematch", "new", "title" or "quit" (or "again" in watch mode)."""

    BINDINGS = [
        Binding("r", "pick('replay')", "Replay"),
        Binding("m", "pick('rematch')", "Rematch"),
        Binding("n", "pick('new')", "New game"),
        Binding("t", "pick('title')", "Title"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("b", "toggle_board", "Board"),
        Binding("pageup", "scroll_card(-1)", "Scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_card(1)", "Scroll down", show=False, priority=True),
    ]

    def __init__(
        self,
        text: Content,
        again_after: float | None = None,
        board: Board | None = None,
        view: Any = None,
        names: list[str] | None = None,
        can_replay: bool = True,
    ) -> None:
        super().__init__()
        self.content = text
        self.text = text.plain
        """What the card says, as plain words (for tests and tools)."""
        self.again_after = again_after
        """Watch mode: start the next game by itself after this many seconds."""
        self.board = board
        self.view = view
        self.names = names or []
        self.can_replay = can_replay
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
        items += [
            Option("New game (n)", id="new"),
            Option("Title screen (t)", id="title"),
            Option("Quit (q)", id="quit"),
        ]
        return OptionList(*items, id="result-options")

    def compose(self) -> ComposeResult:
        if self.board is None:  # no board to show: the card alone, in the middle
            with Middle(), Center():
                yield Static(self.content, id="result")
            with Center():
                yield self.options()
        else:
            self.add_class("with-board")
            yield self.board
            with Horizontal(id="result-bottom"):
                with VerticalScroll(id="result-card"):
                    yield Static(self.content, id="result")
                yield self.options()
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0] in ("replay", "rematch"):
            return self.can_replay
        if action == "toggle_board":
            return self.board is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "title")

    def action_scroll_card(self, direction: int) -> None:
        """PgUp/PgDn read the rest of the card (the lines that decided the game) with the options focused."""
        if self.board is None:
            return
        card = self.query_one("#result-card", VerticalScroll)
        card.scroll_page_down() if direction > 0 else card.scroll_page_up()

    def action_toggle_board(self) -> None:
        """The final board full-screen, or back to the result below it."""
        bottom = self.query_one("#result-bottom")
        bottom.display = not bottom.display

    def action_pick(self, choice: str) -> None:
        if self._picked:  # a second Enter (or key) queued before the screen went: dismissing twice crashed
            return
        self._picked = True
        self.dismiss(choice)
