"""What the deck, party and encounter builders share: the ruleset they build for, the list of the
player's own files to start from, a save to the user folder (mythtable/userfiles.py) that never
writes over another file unasked, the play key that opens the new-game form with the file chosen,
and the search box's `/` key.

A builder says what differs through four hooks: `KIND` (the files' kind: "decks", "parties",
"encounters"), `file_data` (what a save writes), `offered_as` (the words that tell where the new-game
screen offers a saved file) and `play_preset` (what the new-game form starts with).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Select, Static

from mythtable.engine.built import Problem, built_key, name_problem
from mythtable.engine.errors import MythtableError
from mythtable.engine.registry import Loaded, load
from mythtable.engine.text import one_line
from mythtable.tui.host import data_folder
from mythtable.tui.safe_text import plain
from mythtable.tui.widgets.key_order import HandedOn

EMPTY = "empty"
"""The start-from list's value for a builder's empty start."""

SEARCH_KEY = Binding("slash", "search", "Search")
"""`/` to the search box. The map, the lists and the box run it in their own turn (widgets/key_order.py),
so the keys typed right after it, even in one burst, go to the box."""


def slug(label: str, fallback: str = "deck") -> str:
    """A file name from a shown name: `My Deck #2` -> `my-deck-2` (`fallback` when nothing is left)."""
    words = re.findall(r"[a-z0-9]+", label.lower())
    return "-".join(words)[:40].strip("-") or fallback


class BuiltFileEditor(Screen[None]):
    """A builder of one kind of built file; the subclasses fill in the hooks."""

    KIND: ClassVar[str] = ""
    """The files' kind, as mythtable/userfiles.py names it: "decks", "parties" or "encounters"."""
    NOUN: ClassVar[str] = ""
    """What one file holds, in words: "deck", "party", "encounter"."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+g", "play", "Play it"),
    ]

    def __init__(self, ruleset_id: str | None, rulesets: list[str]) -> None:
        super().__init__()
        self.ruleset_id = ruleset_id if ruleset_id in rulesets else rulesets[0]
        self.loaded: Loaded = load(self.ruleset_id)
        self.problems: list[str] = []
        self.loaded_from: str | None = None
        """The file the builder's data came from: saving writes over it without asking."""
        self.message = ""
        """The last thing the builder said (saved, refused): tests read it."""

    # ----- the hooks ------------------------------------------------------------------------------
    def file_data(self) -> dict[str, Any]:
        """What a save writes."""
        raise NotImplementedError

    def offered_as(self, name: str) -> str:
        """Where the new-game screen offers the file saved as `name`, in words."""
        return f"offered as user:{name}"

    def play_preset(self, name: str) -> dict[str, str]:
        """The new-game form's fields set to the file saved as `name`."""
        raise NotImplementedError

    # ----- the player's own files -----------------------------------------------------------------
    def data_root(self) -> Any:
        from mythtable.saves import data_dir

        return data_dir(data_folder(self.app))

    def own_choices(self) -> list[tuple[str, str]]:
        """The player's files of this kind, for the start-from list (user:<name>)."""
        from mythtable.userfiles import library

        choices: list[tuple[str, str]] = []
        for found in library(self.ruleset_id, self.data_root(), self.KIND):
            if name_problem(found.name) is not None:
                continue  # a file mythtable cannot name (`validate` lists it); nothing to edit here
            mark = "" if found.ok else " (not legal yet)"
            choices.append((plain(one_line(f"Yours: {found.name}{mark}", 60)), built_key(found.name)))
        return choices

    def set_start_choices(self, choices: list[tuple[str, str]]) -> None:
        """The start-from list anew, on its empty start, without starting over."""
        select = self.query_one("#start-from", Select)
        with self.prevent(Select.Changed):
            select.set_options(choices)
            select.value = EMPTY

    # ----- the rules ------------------------------------------------------------------------------
    def built_problems(self, name: str, data: Any) -> list[Problem]:
        """Every problem of the file being built, by the ruleset's own check (`Buildable.problems`): the
        same check a saved file and the new-game screen get."""
        built = self.loaded.entry.built
        assert built is not None, "a builder is offered only for a ruleset that builds its kind"
        return built.problems(self.loaded.content, self.KIND, name, data)

    def show_problems(self, problems: list[str], legal: str, most: int = 4, width: int = 200) -> None:
        """Keep every problem found (play and tests read them) and show the first `most` in red,
        or `legal` in green when there are none."""
        self.problems = [one_line(p, width) for p in problems]
        widget = self.query_one("#problems", Static)
        if not self.problems:
            widget.update(Text(legal, style="green"), layout=False)
            return
        lines = [f"✗ {p}" for p in self.problems[:most]]
        if len(self.problems) > most:
            lines.append(f"  and {len(self.problems) - most} more")
        widget.update(Text("\n".join(lines), style="red"), layout=False)

    # ----- the search box -------------------------------------------------------------------------
    def action_search(self) -> None:
        """`/`: a new search. The focus goes to the search box at once (`set_focus`; `focus` waits for
        the next refresh); the box selects its words as it gets the focus, so what is typed replaces
        them. In the box already, `/` selects them too (search_box.py: there it is no letter)."""
        search = self.query_one("#search", Input)
        if self.focused is search:
            search.select_all()
        else:
            self.set_focus(search)

    @on(HandedOn)
    def hand_on(self, message: HandedOn) -> None:
        """A key a widget got after it sent the focus on (Enter, Tab, / in the map or a list): to the
        widget focused now, in the screen's turn, after what that widget posted before it."""
        message.stop()
        key = message.key
        key.set_sender(self.app)
        (self.focused or self)._forward_event(key)  # forwarded: the app looks up its binding, no more

    # ----- saving and playing ---------------------------------------------------------------------
    def say(self, text: str) -> None:
        from mythtable.paths import in_room

        text = in_room(text, self.data_root())  # a remote player sees paths inside their folder only
        self.message = text
        self.notify(plain(text), timeout=4)

    def action_save(self) -> bool:
        """Save to the file named in the file box; a file there already is written over only when
        the builder opened it. Work in progress may be saved: it is listed, not offered for play."""
        from mythtable.userfiles import path_of, save

        name = self.query_one("#file-name", Input).value
        root = self.data_root()
        try:
            path = path_of(root, self.ruleset_id, self.KIND, name)
            if path.exists() and self.loaded_from != name:
                self.say(f"{path.name} exists already: change the file name (or start from it to edit it)")
                return False
            save(root, self.ruleset_id, self.KIND, name, self.file_data(), overwrite=True, allow_problems=True)
        except MythtableError as exc:
            self.say(str(exc))
            return False
        self.loaded_from = name
        if self.problems:
            self.say(f"Saved {path}; not legal yet, so not offered for play ({len(self.problems)} problems)")
        else:
            self.say(f"Saved {path}; {self.offered_as(name)} on the new-game screen")
        return True

    def action_play(self) -> None:
        """Save, then open the new-game form with this file chosen."""
        if self.problems:
            self.say(f"The {self.NOUN} is not legal yet: mend what the list says first")
            return
        if not self.action_save():
            return
        from mythtable.tui.screens.new_game import NewGameScreen

        name = self.query_one("#file-name", Input).value
        self.app.push_screen(NewGameScreen(self.ruleset_id, preset=self.play_preset(name)))

    def action_back(self) -> None:
        self.app.pop_screen()
