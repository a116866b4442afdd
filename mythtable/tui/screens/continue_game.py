"""Continue (the unfinished games in the save folder) and Replays (the finished ones), newest first.

Both lists manage their saves too (issue 16): d deletes, r renames, x exports a copy of the record,
each after a question; a save being played in another session is refused with a word why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.errors import MythtableError
from mythtable.engine.registry import UnknownRuleset, get
from mythtable.paths import in_room
from mythtable.saves import SaveInfo, SaveManager, SaveStore
from mythtable.tui.host import remote_kind
from mythtable.tui.messages import ResumeGame
from mythtable.tui.safe_text import notify, plain
from mythtable.tui.screens.confirm import AskScreen, ConfirmScreen


def save_label(info: SaveInfo) -> str:
    """One save in one line (its names and ruleset as the save holds them: show it with `plain`):
    who won, or whose move it is."""
    record = info.record
    try:
        title = get(record.ruleset).title
    except UnknownRuleset:
        title = record.ruleset
    players = " vs ".join(record.setup.players)
    when = record.updated.replace("T", " ")[:16]
    standing = info.standing()
    standing = f" · {standing}" if standing else ""
    return f"{title} · {players} · turn {record.turn}{standing} · {when}"


class ContinueScreen(Screen[None]):
    """Unfinished games to resume; with `finished`, finished games to watch in the replay viewer."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("d", "delete", "Delete"),
        Binding("r", "rename", "Rename"),
        Binding("x", "export", "Export"),
    ]

    def __init__(self, store: SaveStore, finished: bool = False) -> None:
        super().__init__()
        self.store = store
        self.finished = finished
        self.manager = SaveManager(store)
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        saves, problems = self.store.list()
        self.saves = [s for s in saves if s.finished == self.finished]
        with Vertical():
            yield Static("[b]Replay a finished game[/b]" if self.finished else "[b]Continue a game[/b]")
            if self.saves:
                yield OptionList(*(Option(self.prompt(s), id=str(i)) for i, s in enumerate(self.saves)))
                yield Static("", id="where")
            else:
                none = "finished" if self.finished else "unfinished"
                yield Static(f"No {none} games are saved yet.", id="empty")
                yield Static(plain(f"Saves are kept in {self.shown_path(self.store.folder)}"), id="where")
            if problems:
                shown = "\n".join(f"· {in_room(p, self.store.folder.parent)}" for p in problems[:5])
                more = f"\n· and {len(problems) - 5} more" if len(problems) > 5 else ""
                yield Static(plain(f"{len(problems)} save(s) could not be read:\n{shown}{more}"), id="problems")
        yield Footer()

    def prompt(self, info: SaveInfo) -> Content:
        """The save's line, and a second line when it is open in another session (kept whole, not wrapped)."""
        first, _, second = self.label(info).partition(" · open in another session")
        content = plain(first, newlines=False)
        if second:
            content += plain(f"\n  open in another session{second}", style="italic")
        return content

    def label(self, info: SaveInfo) -> str:
        """The save's line; an unfinished game open in another session says so (it can only be watched)."""
        line = save_label(info)
        if self.finished:
            return line
        holder = self.store.open_elsewhere(info)
        if holder is None:
            return line
        return line + f" · open in another session{holder.since_text()} (watch only)"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Where the highlighted save lives, and its name for the keys that manage it."""
        info = self.saves[int(event.option.id or 0)]
        self.query_one("#where", Static).update(plain(self.shown_path(info.path), "dim"))

    def shown_path(self, path: Path) -> str:
        """Where a save lives: its full path at this machine; for a remote player, the path inside their own
        folder (the server's folders are none of their business)."""
        if remote_kind(self.app) is None:
            return str(path)
        return (
            str(path.relative_to(self.store.folder.parent))
            if path.is_relative_to(self.store.folder.parent)
            else path.name
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.saves[int(event.option.id or 0)]
        if not self.finished:
            self.app.post_message(ResumeGame(info, replace=self))
            return
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

    # ----- managing saves ---------------------------------------------------------------
    def highlighted(self) -> SaveInfo | None:
        if not self.saves:
            return None
        index = self.query_one(OptionList).highlighted
        return None if index is None else self.saves[index]

    def action_delete(self) -> None:
        info = self.highlighted()
        if info is None:
            return
        question = f"Delete {info.name}?\n{save_label(info)}\n\nIts record is gone for good. (y/n)"

        def answer(yes: bool | None) -> None:
            if yes:
                self.manage(lambda: self.manager.delete(info.path), f"Deleted {info.name}.")

        self.app.push_screen(ConfirmScreen(question), answer)

    def action_rename(self) -> None:
        info = self.highlighted()
        if info is None:
            return

        def answer(name: str | None) -> None:
            if name is not None and name.strip() and name.strip() != info.name:
                self.manage(lambda: self.manager.rename(info.path, name), f"Renamed {info.name} to {name.strip()}.")

        self.app.push_screen(AskScreen(f"New name for {info.name}:", info.name), answer)

    def action_export(self) -> None:
        """A copy of the highlighted save's record. At this machine: to a path the player types (never over a
        file, never through a link). A remote player names no path on the server (issue 29): over SSH the record
        is shown as a code to copy, in a browser it is downloaded."""
        info = self.highlighted()
        if info is None:
            return
        remote = remote_kind(self.app)
        if remote == "web":
            self.manage(lambda: self.download(info), f"Your browser is downloading {info.path.name}.")
            return
        if remote is not None:
            from mythtable.codes import encode_record
            from mythtable.tui.screens.take_away import RecordCodeScreen

            try:
                code = encode_record(self.manager.record_text(info.path))
            except MythtableError as exc:
                notify(self, exc, title="Nothing to copy", severity="warning")
                return
            self.app.push_screen(RecordCodeScreen(info.name, code))
            return
        default = str(Path.home() / info.path.name)

        def answer(path: str | None) -> None:
            if path is not None and path.strip():
                target = Path(path.strip())
                self.manage(lambda: self.manager.export(info.path, target), f"Exported {info.name} to {target}.")

        self.app.push_screen(AskScreen(f"Copy the record of {info.name} to (a file or a folder):", default), answer)

    def download(self, info: SaveInfo) -> None:
        """The record to the browser, as a download named by the program (the save's file name)."""
        import io

        text = self.manager.record_text(info.path)
        self.app.deliver_text(
            io.StringIO(text),
            save_directory=self.store.folder.parent / "downloads",  # not written to by the web driver
            save_filename=info.path.name,
            mime_type="application/json",
        )

    def manage(self, do: Callable[[], object], done: str) -> None:
        """Run one change; say what happened, or why nothing did, and show the list as it is now."""
        try:
            do()
        except MythtableError as exc:
            notify(self, exc, title="Nothing changed", severity="warning")
        else:
            notify(self, done)
        self.refresh_list()  # after a refusal too: the folder may have changed behind the list

    def refresh_list(self) -> None:
        index = self.query_one(OptionList).highlighted if self.saves else None
        self.call_after_refresh(self._recompose_at, index)

    async def _recompose_at(self, index: int | None) -> None:
        await self.recompose()
        if self.saves and index is not None:
            self.query_one(OptionList).highlighted = min(index, len(self.saves) - 1)
