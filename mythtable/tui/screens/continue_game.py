"""Continue (the unfinished games in the save folder) and Replays (the finished ones), newest first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.registry import UnknownRuleset, get
from mythtable.saves import SaveInfo, SaveStore
from mythtable.tui.messages import ResumeGame
from mythtable.tui.safe_text import notify, plain


def save_label(info: SaveInfo) -> str:
    """One save in one line (its names and ruleset as the save holds them: show it with `plain`)."""
    record = info.record
    try:
        title = get(record.ruleset).title
    except UnknownRuleset:
        title = record.ruleset
    players = " vs ".join(record.setup.players)
    when = record.updated.replace("T", " ")[:16]
    return f"{title} · {players} · turn {record.turn} · {when}"


class ContinueScreen(Screen[None]):
    """Unfinished games to resume; with `finished`, finished games to watch in the replay viewer."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, store: SaveStore, finished: bool = False) -> None:
        super().__init__()
        self.store = store
        self.finished = finished

    def compose(self) -> ComposeResult:
        saves, problems = self.store.list()
        self.saves = [s for s in saves if s.finished == self.finished]
        with Vertical():
            yield Static("[b]Replay a finished game[/b]" if self.finished else "[b]Continue a game[/b]")
            if self.saves:
                yield OptionList(
                    *(Option(plain(self.label(s), newlines=False), id=str(i)) for i, s in enumerate(self.saves))
                )
            else:
                none = "finished" if self.finished else "unfinished"
                yield Static(f"No {none} games are saved yet.", id="empty")
            if problems:
                shown = "\n".join(f"· {p}" for p in problems[:5])
                more = f"\n· and {len(problems) - 5} more" if len(problems) > 5 else ""
                yield Static(plain(f"{len(problems)} save(s) could not be read:\n{shown}{more}"), id="problems")
        yield Footer()

    def label(self, info: SaveInfo) -> str:
        """The save's line; an unfinished game open in another session says so (it can only be watched)."""
        line = save_label(info)
        if self.finished:
            return line
        holder = self.store.open_elsewhere(info)
        if holder is None:
            return line
        return line + f" · open in another session{holder.since_text()} (watch only)"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.saves[int(event.option.id or 0)]
        if not self.finished:
            self.app.post_message(ResumeGame(info, replace=self))
            return
        from mythtable.engine.errors import MythtableError
        from mythtable.engine.replay import ReplayCursor
        from mythtable.tui.screens.replay import ReplayScreen

        try:
            cursor = ReplayCursor(info.record)
        except MythtableError as exc:
            notify(self, exc, title="Cannot replay this game", severity="error")
            return
        self.app.push_screen(ReplayScreen(cursor))

    def action_back(self) -> None:
        self.app.pop_screen()
