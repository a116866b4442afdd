"""The encounter builder: name and level, creatures from the creature list placed on a map, a map
editor for walls, difficult ground, floor, the heroes' start squares and items on the ground, every
problem at once, and a save to the user folder (mythtable/userfiles.py).

It reads the creatures and items through the ruleset's encounter capability (`Encounters.kit`, `draft`,
`data`, engine/capabilities.py) and checks the encounter with `Buildable.problems`, the same
check a saved file and a game get, so what the builder calls legal is what the new-game screen offers.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Select, Static

from mythtable.engine.built import built_key, built_name, copied_id, copy_key, name_problem
from mythtable.engine.encounter_kit import DIFFICULT, FLOOR, WALL, EncounterDraft, KitEntry
from mythtable.engine.errors import MythtableError
from mythtable.engine.inspect import Inspection
from mythtable.engine.registry import available, entry
from mythtable.engine.text import clean_name, one_line
from mythtable.tui.colours import ITEM_STYLE
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.built_editor import EMPTY, SEARCH_KEY, BuiltFileEditor
from mythtable.tui.screens.built_editor import slug as file_slug
from mythtable.tui.widgets.card_list import CardList
from mythtable.tui.widgets.inspect import inspection_content
from mythtable.tui.widgets.map_editor import MapEditor
from mythtable.tui.widgets.search_box import SearchBox

DEFAULT_LABEL = "My encounter"
BRUSHES = {WALL: "wall", DIFFICULT: "difficult", FLOOR: "floor"}
"""The brushes in the tools panel (30 columns: "Brush difficult (Shift+arrow)" fits, "difficult ground" did not
and pushed the counts line out of sight)."""
KEYS_HELP = "w wall, d difficult, f floor, 1-4 starts, c creature, o extra, g item, x clear"
"""The map's keys, shown under the tools (the footer has room for only a few)."""


def encounter_rulesets() -> list[str]:
    """The rulesets whose encounters a player builds."""
    return [rid for rid in available() if entry(rid).encounters is not None]


def slug(label: str) -> str:
    """A file name from an encounter's shown name: `The Old Mill #2` -> `the-old-mill-2`."""
    return file_slug(label, "encounter")


class InspectEntryScreen(ModalScreen[None]):
    """A creature's stat block or an item's text, in full; any of Esc, Enter, i closes it."""

    BINDINGS = [Binding("escape,enter,i,q", "close", "Close")]

    def __init__(self, inspection: Inspection, header: str) -> None:
        super().__init__()
        self.inspection = inspection
        self.header = header

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(inspection_content(self.inspection, self.header), id="stat-block")

    def action_close(self) -> None:
        self.dismiss(None)


class EncounterEditorScreen(BuiltFileEditor):
    """Build an encounter: a map with a cursor, creatures and items from a searchable list, the
    rules checked at every change, a save."""

    KIND = "encounters"
    NOUN = "encounter"
    BINDINGS = [
        SEARCH_KEY,
        Binding("i", "inspect", "Inspect"),
        Binding("w,number_sign", "paint('#')", "Wall", show=False),
        Binding("d,colon", "paint(':')", "Difficult", show=False),
        Binding("f,full_stop,space", "paint('.')", "Floor", show=False),
        Binding("1", "start('1')", show=False),
        Binding("2", "start('2')", show=False),
        Binding("3", "start('3')", show=False),
        Binding("4", "start('4')", show=False),
        Binding("c", "creature", "Creature", show=False),
        Binding("o", "extra", show=False),
        Binding("g", "item", "Item", show=False),
        Binding("x,delete", "clear", "Clear", show=False),
        Binding("right_square_bracket", "resize(1, 0)", show=False),
        Binding("left_square_bracket", "resize(-1, 0)", show=False),
        Binding("right_curly_bracket", "resize(0, 1)", show=False),
        Binding("left_curly_bracket", "resize(0, -1)", show=False),
    ]

    def __init__(self, ruleset_id: str | None = None, name: str | None = None) -> None:
        super().__init__(ruleset_id, encounter_rulesets())
        encounters = self.loaded.entry.encounters
        assert encounters is not None  # encounter_rulesets() lists only rulesets with built encounters
        self.encounters = encounters
        kit = self.kit = encounters.kit(self.loaded.content)
        self.entries: dict[str, KitEntry] = {
            **{f"c:{e.id}": e for e in kit.creatures},
            **{f"i:{e.id}": e for e in kit.items},
        }
        self.draft = EncounterDraft.empty(kit.min_width, kit.min_height, DEFAULT_LABEL)
        self.data: dict[str, Any] = {}
        """The draft as file data, written after each change: what the check reads and a save writes."""
        self.brush = WALL
        self.open_name = name
        """A file of the player's to open first (`mythtable encounters edit NAME`)."""
        self.started_from = EMPTY
        """What the draft started from (the start-from list's value)."""
        self.saved_data: dict[str, Any] | None = None
        """The data as last saved or opened: leaving with other data asks first."""

    # ----- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(classes="bar"):
            yield Label("Encounter")
            yield Select([("Empty map", EMPTY)], value=EMPTY, allow_blank=False, compact=True, id="start-from")
            yield Label("Level")
            yield Select(
                [(str(n), str(n)) for n in range(self.kit.min_level, self.kit.max_level + 1)],
                value=str(self.kit.min_level),
                allow_blank=False,
                compact=True,
                id="level",
            )
        with Horizontal(classes="bar"):
            yield Label("Name")
            yield Input(value=DEFAULT_LABEL, max_length=40, compact=True, id="enc-name")
            yield Label("File")
            yield Input(value=slug(DEFAULT_LABEL), max_length=40, compact=True, id="file-name", restrict=r"[a-z0-9-]*")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapEditor(id="map")
                yield Static("", id="problems")
            with Vertical(id="right"):
                yield Static("", id="tools")
                yield SearchBox(placeholder="/ search creatures, items", compact=True, id="search", then="#map")
                yield CardList(self.entry_row, id="entries", then="#map")
        yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_start_choices()
        self.refilter()
        if self.open_name:
            self.start_with(built_key(self.open_name))
        else:
            self.changed()
            self.saved_data = dict(self.data)
        self.set_focus(self.query_one("#map", MapEditor))  # at once: keys typed right after go there

    # ----- choosing what to edit ------------------------------------------------------------------
    def fill_start_choices(self) -> None:
        choices = [("Empty map", EMPTY)]
        for eid, label, _data in self.kit.prebuilt:
            choices.append((plain(one_line(f"Copy of {eid} {label}", 60)), copy_key(eid)))
        self.set_start_choices(choices + self.own_choices())

    @on(Select.Changed, "#start-from")
    def start_from(self, event: Select.Changed) -> None:
        stale = event.value != event.select.value  # posted before the list was set to what was opened
        if isinstance(event.value, str) and not stale and event.value != self.started_from:
            self.start_with(event.value)

    def start_with(self, value: str) -> None:
        """An empty map, a copy of a shipped encounter (pre:<id>) or one of the player's (user:<name>)."""
        self.loaded_from = None
        self.started_from = value
        if (copied := copied_id(value)) is not None:
            data = next((d for eid, _n, d in self.kit.prebuilt if eid == copied), {})
            draft = self.encounters.draft(data)
            draft.name = one_line(f"Copy of {draft.name}", 40)
            file_name = slug(draft.name)
        elif (name := built_name(value)) is not None:
            from mythtable.userfiles import check_file, path_of

            try:
                found = check_file(
                    self.loaded, "encounters", path_of(self.data_root(), self.ruleset_id, "encounters", name)
                )
            except MythtableError as exc:
                self.say(str(exc))
                return
            if found.data is None:
                self.say(f"{name}: {found.problems[0] if found.problems else 'cannot be read'}")
                return
            draft = self.encounters.draft(found.data)
            shown = clean_name(draft.name)[:40]
            draft.name = shown or name
            file_name = name
            self.loaded_from = name
        else:
            draft = EncounterDraft.empty(self.kit.min_width, self.kit.min_height, DEFAULT_LABEL)
            file_name = slug(DEFAULT_LABEL)
        self.draft = draft
        self.saved_data = None
        with self.prevent(Input.Changed, Select.Changed):
            start = self.query_one("#start-from", Select)
            if value in {v for _label, v in start._options}:
                start.value = value
            self.query_one("#enc-name", Input).value = draft.name
            self.query_one("#file-name", Input).value = file_name
            self.query_one("#level", Select).value = str(min(max(draft.level, self.kit.min_level), self.kit.max_level))
        self.changed()
        self.saved_data = dict(self.data)

    # ----- the list of creatures and items ----------------------------------------------------------
    def entry_row(self, key: str) -> Text:
        entry = self.entries.get(key)
        if entry is None:
            return Text(key)
        if entry.kind == "creature":
            on_map = sum(1 for c in self.draft.creatures.values() if c.id == entry.id)
            count = f"{on_map:>2}" if on_map else "  "
            return Text(f"{entry.name[:21]:<21} {entry.short[:3]:<3}{count}")
        return Text(f"* {entry.name[:19]:<19} item", style=ITEM_STYLE)

    @on(Input.Changed, "#search")
    def search_changed(self, event: Input.Changed) -> None:
        self.refilter(event.value)  # the words as they were then: keys typed after may be in the box already

    @on(Input.Submitted, "#search")
    def search_submitted(self, event: Input.Submitted) -> None:
        """Enter in the search box puts the highlighted match on the cursor's square, as in the list (README);
        the map has the keys then (the box's Enter sent the focus there already: search_box.py)."""
        key = self.query_one("#entries", CardList).highlighted_id
        entry = self.entries.get(key) if key else None
        if entry is None:
            self.say("Nothing matches the search: change the words, or Esc")
            self.set_focus(self.query_one("#search", Input))
            return
        if entry.kind == "creature":
            here = self.draft.creatures.get(self.cursor)
            if here is not None and here.id == entry.id:
                self.say(f"{entry.name} is on this square already (c takes it off, x clears the square)")
            else:
                self.action_creature()
        else:
            self.action_item()
        self.set_focus(self.query_one("#map", MapEditor))

    def refilter(self, search: str | None = None) -> None:
        """The creatures and items every word of the search (the box's, unless given) matches."""
        words = (self.query_one("#search", Input).value if search is None else search).lower().split()
        shown = [key for key, e in self.entries.items() if all(w in e.search for w in words)]
        entries = self.query_one("#entries", CardList)
        entries.cursor = 0
        entries.set_rows(shown)

    def highlighted(self, kind: str) -> KitEntry | None:
        key = self.query_one("#entries", CardList).highlighted_id
        entry = self.entries.get(key) if key else None
        return entry if entry is not None and entry.kind == kind else None

    @on(CardList.Highlighted, "#entries")
    def entry_highlighted(self, event: CardList.Highlighted) -> None:
        self.show_detail()

    @on(CardList.Selected, "#entries")
    def entry_selected(self, event: CardList.Selected) -> None:
        """Enter in the list: put the creature or item on the cursor's square, and go back to the map."""
        entry = self.entries.get(event.card_id)
        if entry is None:
            return
        if entry.kind == "creature":
            self.action_creature()
        else:
            self.action_item()
        self.set_focus(self.query_one("#map", MapEditor))  # done already by the list's Enter (key_order.py)

    # ----- the map's keys ---------------------------------------------------------------------------
    @property
    def cursor(self) -> tuple[int, int]:
        return self.query_one("#map", MapEditor).cursor

    def action_paint(self, mark: str) -> None:
        self.brush = mark
        self.draft.paint(self.cursor, mark)
        self.changed()

    def action_start(self, hero: str) -> None:
        self.draft.place_start(self.cursor, hero)
        self.changed()

    def action_creature(self) -> None:
        """Place the creature highlighted in the list on the cursor's square (again: take it off)."""
        entry = self.highlighted("creature")
        if entry is None:
            self.say("Highlight a creature in the list first (Tab to it, or / to search)")
            return
        here = self.draft.creatures.get(self.cursor)
        if here is not None and here.id == entry.id:
            self.draft.remove_creature(self.cursor)
            self.say(f"Took {entry.name} off this square (c again puts it back)")
        elif entry.id not in self.draft.kinds() and len(self.draft.kinds()) >= self.kit.max_kinds:
            self.say(f"An encounter holds at most {self.kit.max_kinds} kinds of creature")
            return
        else:
            self.draft.place_creature(self.cursor, entry.id)
        self.changed()

    def action_extra(self) -> None:
        """The creature on the cursor's square joins only for a 3rd or 4th hero, or again always."""
        here = self.draft.creatures.get(self.cursor)
        if here is None:
            self.say("No creature on this square")
            return
        if not here.extra and len(self.draft.extra_order()) >= self.kit.max_extra:
            self.say(f"Only {self.kit.max_extra} creatures join a bigger party (one for each of heroes 3 and 4)")
            return
        here.extra = not here.extra
        self.changed()

    def action_item(self) -> None:
        """Put the item highlighted in the list on the cursor's square, or take it away."""
        entry = self.highlighted("item")
        if entry is None:
            self.say("Highlight an item in the list first (search for 'item')")
            return
        self.draft.toggle_item(self.cursor, entry.id)
        self.changed()

    def action_clear(self) -> None:
        self.draft.clear(self.cursor)
        self.changed()

    def action_resize(self, dx: int, dy: int) -> None:
        kit = self.kit
        width = min(max(self.draft.width + dx, kit.min_width), kit.max_width)
        height = min(max(self.draft.height + dy, kit.min_height), kit.max_height)
        if (width, height) == (self.draft.width, self.draft.height):
            self.say(
                f"A map is {kit.min_width}-{kit.max_width} squares wide and {kit.min_height}-{kit.max_height} tall"
            )
            return
        self.draft.resize(width, height)
        self.changed()

    @on(MapEditor.Moved)
    def map_moved(self, event: MapEditor.Moved) -> None:
        if event.paint:
            self.draft.paint((event.x, event.y), self.brush)
            self.changed()
        else:
            self.show_detail()

    def action_inspect(self) -> None:
        """The full stat block of the creature on the cursor's square (from the map) or of the
        creature or item highlighted in the list."""
        entry: KitEntry | None = None
        if self.focused is self.query_one("#map", MapEditor):
            here = self.draft.creatures.get(self.cursor)
            if here is not None:
                entry = self.entries.get(f"c:{here.id}")
            elif self.draft.items_at(self.cursor):
                entry = self.entries.get(f"i:{self.draft.items_at(self.cursor)[0]}")
        if entry is None:
            key = self.query_one("#entries", CardList).highlighted_id
            entry = self.entries.get(key) if key else None
        if entry is None:
            self.say("Nothing to inspect here")
            return
        self.app.push_screen(InspectEntryScreen(entry.inspection, f"{entry.kind}: {entry.summary}"))

    # ----- the encounter, its check and what the screen shows ----------------------------------------
    @on(Input.Changed, "#enc-name")
    def name_changed(self, event: Input.Changed) -> None:
        self.draft.name = clean_name(event.value)[:40]
        if self.loaded_from is None:
            with self.prevent(Input.Changed):
                self.query_one("#file-name", Input).value = slug(event.value)
        self.changed()

    @on(Input.Changed, "#file-name")
    def file_name_changed(self, event: Input.Changed) -> None:
        self.check()

    @on(Select.Changed, "#level")
    def level_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value.isdigit():
            self.draft.level = int(event.value)
            self.changed()

    def changed(self) -> None:
        """After every edit: the file data again, the map, the list's counts, the check."""
        self.data = self.encounters.data(self.draft)
        marks = self.encounters.marks
        self.query_one("#map", MapEditor).show(
            list(self.data["map"]),
            frozenset((x, y) for x, y, _i in self.draft.items),
            marks(self.loaded.content, self.draft) if marks is not None else dict.fromkeys(self.draft.creatures, ""),
        )
        self.query_one("#entries", CardList).refresh()
        self.show_tools()
        self.show_detail()
        self.check()

    def check(self) -> None:
        """Every problem of the encounter, as the new-game screen and a saved file would be checked."""
        name = self.query_one("#file-name", Input).value or "encounter"
        try:
            found = self.built_problems(name, self.data)
            problems = [str(p) for p in found]
        except MythtableError as exc:
            problems = [str(exc)]
        problem = name_problem(name)
        if problem is not None:
            problems.append(f"file name: {problem}")
        self.show_problems(problems, "✓ a legal encounter: Ctrl+S saves, Ctrl+G plays", width=300)

    def show_tools(self) -> None:
        d = self.draft
        extra = len(d.extra_order())
        text = Text(f"{d.width}x{d.height} ([ ] wider, {{ }} taller)\n", no_wrap=True)
        text.append(f"Brush {BRUSHES.get(self.brush, self.brush)} (Shift+arrow)\n")
        creatures, items = len(d.creatures), len(d.items)
        text.append(f"{creatures} creature{'' if creatures == 1 else 's'}, {extra} extra, ")
        text.append(f"{items} item{'' if items == 1 else 's'}")
        self.query_one("#tools", Static).update(text, layout=False)

    def square_words(self) -> str:
        """What lies on the cursor's square, in words."""
        d, pos = self.draft, self.cursor
        if not d.on_map(pos):
            return ""
        mark = d.square(pos)
        parts = [
            {WALL: "wall", DIFFICULT: "difficult ground (costs 2 squares of movement)", FLOOR: "floor"}.get(
                mark, f"start square of hero {mark}" if mark in "1234" else f"unknown mark {mark!r}"
            )
        ]
        here = d.creatures.get(pos)
        if here is not None:
            entry = self.entries.get(f"c:{here.id}")
            name = entry.name if entry else f"{here.id} (unknown creature)"
            if here.extra:
                order = d.extra_order().index(pos)
                parts = [f"{name}, joins only with a {'3rd' if order == 0 else '4th'} hero"]
            else:
                parts = [f"{name}, always there"]
        for iid in d.items_at(pos):
            entry = self.entries.get(f"i:{iid}")
            parts.append(f"item {entry.name if entry else iid + ' (unknown item)'}")
        return f"({pos[0]}, {pos[1]}) " + "; ".join(parts)

    def show_detail(self) -> None:
        key = self.query_one("#entries", CardList).highlighted_id
        entry = self.entries.get(key) if key else None
        listed = ""
        if entry is not None:
            verb = "c places" if entry.kind == "creature" else "g puts down"
            listed = f"{entry.name}: {entry.summary} ({verb}, i inspects)"
        text = "\n".join((one_line(self.square_words(), 78), one_line(listed, 78), KEYS_HELP))
        self.query_one("#detail", Static).update(plain(text), layout=False)

    # ----- saving and playing (built_editor.py) -----------------------------------------------------
    def file_data(self) -> dict[str, Any]:
        return self.data

    def play_preset(self, name: str) -> dict[str, str]:
        """This encounter chosen."""
        return {"encounter": built_key(name)}

    def action_save(self) -> bool:
        if not super().action_save():
            return False
        self.saved_data = dict(self.data)
        return True

    def action_back(self) -> None:
        """Back to where the builder was opened from; changes not saved are lost, so it asks first."""
        if self.saved_data == self.data:
            self.app.pop_screen()
            return
        from mythtable.tui.screens.confirm import ConfirmScreen

        def answer(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("Leave the encounter without saving it? (y/n)"), answer)
