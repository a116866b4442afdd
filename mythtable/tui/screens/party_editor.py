"""The party builder: make a MythCraft party of 1 to 4 heroes, each at a level 1-5 with attributes,
gear, carried items and spells; watch what the game derives from each (HP, AP, defenses, ...) and
every problem at once; save the party to the user folder (mythtable/userfiles.py).

It reads heroes through the ruleset's party capability (`Parties.hero_fields`, `hero_templates`,
`hero_data`, `hero_sheet`, engine/capabilities.py): the sheet is computed by the game's own code, and the
party is checked with `Buildable.problems`, the same check a saved file and the new-game screen
get. Names a player types are data: shown as plain text, never markup.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Label, Select, Static

from mythtable.engine.built import HeroField, built_name, name_problem
from mythtable.engine.errors import MythtableError
from mythtable.engine.registry import available, entry
from mythtable.engine.text import clean_name, one_line
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.built_editor import EMPTY, BuiltFileEditor, slug
from mythtable.tui.widgets.card_list import CardList

MOST_HEROES = 4
LABEL_WIDTH = 22


def party_rulesets() -> list[str]:
    """The rulesets whose parties a player builds."""
    return [rid for rid in available() if entry(rid).parties is not None]


def hero_id(name: str, taken: set[str]) -> str:
    """A hero's id from its name (lower-case letters and _), unlike the others of the party."""
    base = "_".join(re.findall(r"[a-z]+", name.lower()))[:24] or "hero"
    found, k = base, 0
    while found in taken:
        k += 1
        found = f"{base}_{chr(ord('a') + k % 26) * (1 + k // 26)}"
    return found


PYDANTIC_WORDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"List should have at least (\d+) items? after validation, not \d+"), r"needs at least \1"),
    (re.compile(r"List should have at most (\d+) items? after validation, not \d+"), r"may have at most \1"),
    (re.compile(r"Field required"), "is missing"),
    (re.compile(r"Extra inputs are not permitted"), "is not a field a hero has"),
    (re.compile(r"Input should be a valid integer.*"), "must be a whole number"),
    (re.compile(r"Input should be a valid string.*"), "must be text"),
    (re.compile(r"Input should be greater than or equal to (-?\d+)"), r"may not be below \1"),
    (re.compile(r"Input should be less than or equal to (-?\d+)"), r"may not be above \1"),
]
"""pydantic's wording of a broken shape, in a player's words (the rest of a message is the ruleset's own)."""

FIELD_WORDS = {"attributes": "attributes", "level": "level", "name": "name", "title": "title", "feature": "feature"}


def problem_words(field: str, message: str, rule: str, heroes: list[dict[str, Any]]) -> str:
    """One problem of the party as a player reads it: "Hero 1 (Mara): STR +12 is above +2 ... (F-40)", "The
    party has no hero yet: Ctrl+N adds one", never "field 'hero[0].attributes.STR': ..."."""
    for pattern, words in PYDANTIC_WORDS:
        message = pattern.sub(words, message)
    rule_note = f" ({rule})" if rule and f"({rule})" not in message else ""
    if field == "hero" and not heroes:
        return "The party has no hero yet: Ctrl+N adds one"
    match = re.match(r"hero\[(\d+)\](?:\.(\w+))?(?:\.(\w+))?", field)
    if match is None:
        where = "The party" if field in ("", "hero") else f"The party's {field}"
        return f"{where}: {message}{rule_note}"
    index = int(match[1])
    name = one_line(str(heroes[index].get("name", "")), 20) if index < len(heroes) else ""
    who = f"Hero {index + 1}" + (f" ({name})" if name else "")
    what, detail = match[2], match[3]
    if what is None or (detail is not None and detail in message) or (what == "attributes" and detail is None):
        return f"{who}: {message}{rule_note}"
    label = FIELD_WORDS.get(what, what.replace("_", " "))
    return f"{who}, {label}{' ' + detail if detail else ''}: {message}{rule_note}"


class PartyEditorScreen(BuiltFileEditor):
    """Build a party: heroes from empty or a copy of a prebuilt one, every value by keys, the sheet
    and the problems live, save."""

    KIND = "parties"
    NOUN = "party"
    BINDINGS = [
        Binding("ctrl+n", "add_hero", "Add hero"),
        Binding("ctrl+r", "remove_hero", "Remove hero"),
        Binding("left_square_bracket", "hero(-1)", "Hero", key_display="["),
        Binding("right_square_bracket", "hero(1)", "Hero", key_display="]", show=False),
        Binding("right,plus,equals_sign", "step(1)", "+", show=False),
        Binding("left,minus", "step(-1)", "-", show=False),
    ]

    def __init__(self, ruleset_id: str | None = None) -> None:
        super().__init__(ruleset_id, party_rulesets())
        parties = self.loaded.entry.parties
        assert parties is not None  # party_rulesets() lists only rulesets with parties
        self.parties = parties
        content = self.loaded.content
        self.fields: list[HeroField] = parties.hero_fields(content)
        self.by_key = {f.key: f for f in self.fields}
        self.templates = parties.hero_templates(content)
        self.heroes: list[dict[str, Any]] = []
        self.current = 0
        self.sheet: list[str] = []

    # ----- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(classes="bar"):
            yield Label("Parties")
            yield Select([("Empty party", EMPTY)], value=EMPTY, allow_blank=False, compact=True, id="start-from")
        with Horizontal(classes="bar"):
            yield Label("Name")
            yield Input(value="My party", max_length=40, compact=True, id="party-name")
            yield Label("File")
            yield Input(value="my-party", max_length=40, compact=True, id="file-name", restrict=r"[a-z0-9-]*")
        with Horizontal(classes="bar"):
            yield Static("", id="heroes")
            yield Select(
                [("Blank hero", EMPTY), *((plain(f"Copy of {label}"), tid) for tid, label in self.templates)],
                value=self.templates[0][0] if self.templates else EMPTY,
                allow_blank=False,
                compact=True,
                id="add-from",
            )
        with Horizontal(classes="bar"):
            yield Label("Hero")
            yield Input(value="", max_length=40, compact=True, id="hero-name", placeholder="name")
            yield Label("Title")
            yield Input(value="", max_length=40, compact=True, id="hero-title", placeholder="title")
        with Horizontal(id="main"):
            yield CardList(self.field_row, id="fields")
            with Vertical(id="right"):
                yield Static("", id="sheet")
                yield Static("", id="problems")
        yield Static("", id="help")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_start_choices()
        self.query_one("#fields", CardList).set_rows([f.key for f in self.fields])
        self.show_hero()
        self.query_one("#fields", CardList).focus()

    # ----- choosing what to edit -------------------------------------------------------------
    def fill_start_choices(self) -> None:
        self.set_start_choices([("Empty party", EMPTY), *self.own_choices()])

    @on(Select.Changed, "#start-from")
    def start_from(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):
            return
        try:
            self.start_with(event.value)
        except MythtableError as exc:  # the file went away or became unreadable since the list was made
            self.say(str(exc))

    def start_with(self, value: str) -> None:
        """An empty party, or one of the player's own (user:<name>); what a file holds is data."""
        label, file_name = "My party", "my-party"
        self.heroes, self.current, self.loaded_from = [], 0, None
        if (name := built_name(value)) is not None:
            from mythtable.userfiles import check_file, path_of

            found = check_file(self.loaded, "parties", path_of(self.data_root(), self.ruleset_id, "parties", name))
            data = found.data or {}
            heroes = data.get("hero")
            self.heroes = [copy.deepcopy(h) for h in heroes if isinstance(h, dict)] if isinstance(heroes, list) else []
            shown = data.get("name")
            label = clean_name(shown)[:40] if isinstance(shown, str) and clean_name(shown) else name
            file_name = name
            self.loaded_from = name
        with self.prevent(Input.Changed):
            self.query_one("#party-name", Input).value = label
            self.query_one("#file-name", Input).value = file_name
        self.show_hero()

    # ----- the heroes ---------------------------------------------------------------------------
    @property
    def hero(self) -> dict[str, Any] | None:
        return self.heroes[self.current] if 0 <= self.current < len(self.heroes) else None

    def action_add_hero(self) -> None:
        """A new hero: a copy of the prebuilt hero chosen beside the list, or a blank one."""
        if len(self.heroes) >= MOST_HEROES:
            self.say(f"A party has at most {MOST_HEROES} heroes")
            return
        chosen = self.query_one("#add-from", Select).value
        template = chosen if isinstance(chosen, str) and chosen != EMPTY else None
        hero = self.parties.hero_data(self.loaded.content, template)
        hero["id"] = hero_id(str(hero.get("name", "")), {str(h.get("id")) for h in self.heroes})
        self.heroes.append(hero)
        self.current = len(self.heroes) - 1
        self.show_hero()

    def action_remove_hero(self) -> None:
        """Ctrl+R asks first: a hero built up field by field is gone with one stray key otherwise."""
        hero = self.hero
        if hero is None:
            self.say("No hero to remove")
            return
        from mythtable.tui.screens.confirm import ConfirmScreen

        name = one_line(str(hero.get("name", "")), 40) or "this hero"

        def answer(yes: bool | None) -> None:
            if yes and hero in self.heroes:
                self.remove_hero(hero)

        self.app.push_screen(ConfirmScreen(f"Remove {name} from the party? (y/n)"), answer)

    def remove_hero(self, hero: dict[str, Any]) -> None:
        index = next(k for k, h in enumerate(self.heroes) if h is hero)
        gone = self.heroes.pop(index)
        self.current = max(0, min(self.current if self.current < index else self.current - 1, len(self.heroes) - 1))
        self.say(f"Removed {one_line(str(gone.get('name', '')), 40)}")
        self.show_hero()

    def action_hero(self, delta: int) -> None:
        if self.heroes:
            self.current = (self.current + delta) % len(self.heroes)
            self.show_hero()

    def show_hero(self) -> None:
        """Everything about the current hero again: tabs, its name boxes, its rows, sheet and problems."""
        hero = self.hero
        with self.prevent(Input.Changed):
            for box, key in (("#hero-name", "name"), ("#hero-title", "title")):
                widget = self.query_one(box, Input)
                widget.value = clean_name(str(hero.get(key, "")))[:40] if hero else ""
                widget.disabled = hero is None
        self.query_one("#fields", CardList).refresh()
        self.refresh_party()

    def refresh_party(self) -> None:
        tabs = Text()
        for k, hero in enumerate(self.heroes):
            name = one_line(str(hero.get("name", "")), 12) or "?"
            tabs.append(f" {k + 1} {name} ", style="reverse" if k == self.current else "")
        if len(self.heroes) < MOST_HEROES:
            tabs.append("  ^N adds:", style="dim")
        if not self.heroes:
            tabs = Text("No heroes yet: ^N adds", style="dim")
        self.query_one("#heroes", Static).update(tabs, layout=False)
        self.refresh_sheet()
        self.check()

    # ----- the hero's rows ------------------------------------------------------------------------
    def value_of(self, f: HeroField) -> Any:
        """Where a row's value lives in the hero's data (engine/built.py HeroField.key)."""
        hero = self.hero or {}
        if ":" in f.key:
            key, item = f.key.split(":", 1)
            held = hero.get(key)
            held = held if isinstance(held, list) else []
            return held.count(item) if f.kind == "count" else item in held
        if "." in f.key:
            key, sub = f.key.split(".", 1)
            table = hero.get(key)
            return table.get(sub) if isinstance(table, dict) else None
        return hero.get(f.key, "" if f.choices and f.choices[0][0] == "" else None)

    def shown_value(self, f: HeroField) -> str:
        value = self.value_of(f)
        if f.kind == "count":
            return str(value) if value else "-"
        if f.kind == "toggle":
            return "yes" if value else "-"
        for choice, shown in f.choices:
            if choice == value:
                return shown
        return f"{value!r} (not a choice)"

    def field_row(self, key: str) -> Text:
        f = self.by_key.get(key)
        if f is None:
            return Text(key)
        if self.hero is None:
            return Text(f"{f.label[:LABEL_WIDTH]:<{LABEL_WIDTH}} ", style="dim")
        text = Text(f"{f.label[:LABEL_WIDTH]:<{LABEL_WIDTH}} ")
        value = self.shown_value(f)
        empty = value in ("-", "none")
        text.append(f"‹ {value} ›" if not empty else f"  {value}", style="dim" if empty else "bold")
        return text

    def action_step(self, delta: int) -> None:
        """Left/Right (or -/+) on the highlighted row: the previous/next choice, one copy fewer/more,
        or the spell taken/left out."""
        fields = self.query_one("#fields", CardList)
        key = fields.highlighted_id
        hero = self.hero
        if key is None or hero is None or self.focused is not fields:
            return
        f = self.by_key[key]
        value = self.value_of(f)
        if ":" in f.key:
            list_key, item = f.key.split(":", 1)
            held = hero.get(list_key)
            held = list(held) if isinstance(held, list) else []
            if f.kind == "count":
                if delta > 0 and value < f.most:
                    held.append(item)
                elif delta < 0 and item in held:
                    held.reverse()
                    held.remove(item)
                    held.reverse()
            else:  # a toggle: either key takes it or leaves it out
                held = [i for i in held if i != item] if value else [*held, item]
            hero[list_key] = held
        else:
            values = [c for c, _shown in f.choices]
            at = values.index(value) + delta if value in values else (0 if delta > 0 else len(values) - 1)
            new = values[max(0, min(len(values) - 1, at))]
            if "." in f.key:
                key_, sub = f.key.split(".", 1)
                table = hero.get(key_)
                hero[key_] = {**(table if isinstance(table, dict) else {}), sub: new}
            elif new is None or new == "":
                hero.pop(f.key, None)
            else:
                hero[f.key] = new
        fields.changed_row(key)
        self.refresh_party()

    @on(CardList.Selected, "#fields")
    def selected(self, event: CardList.Selected) -> None:
        """Enter: the next choice, one copy more, or the spell taken/left out."""
        self.action_step(1)

    @on(CardList.Highlighted, "#fields")
    def highlighted(self, event: CardList.Highlighted) -> None:
        f = self.by_key.get(event.card_id)
        help_text = f.help if f is not None else ""
        keys = "←/→ or -/+ change · [ ] hero · ^N add · ^R remove · ^S save"
        width = max(self.size.width - 2, 20)
        self.query_one("#help", Static).update(Text(one_line(help_text, width) + "\n" + keys), layout=False)

    # ----- names ---------------------------------------------------------------------------------
    @on(Input.Changed, "#hero-name")
    def hero_name_changed(self, event: Input.Changed) -> None:
        hero = self.hero
        if hero is None:
            return
        hero["name"] = event.value
        hero["id"] = hero_id(event.value, {str(h.get("id")) for h in self.heroes if h is not hero})
        self.refresh_party()

    @on(Input.Changed, "#hero-title")
    def hero_title_changed(self, event: Input.Changed) -> None:
        if self.hero is not None:
            self.hero["title"] = event.value
            self.refresh_party()

    @on(Input.Changed, "#party-name")
    def name_changed(self, event: Input.Changed) -> None:
        if self.loaded_from is None:
            with self.prevent(Input.Changed):
                self.query_one("#file-name", Input).value = slug(event.value, "party")
        self.check()

    @on(Input.Changed, "#file-name")
    def file_changed(self, event: Input.Changed) -> None:
        self.check()

    # ----- the sheet and the rules ---------------------------------------------------------------
    def refresh_sheet(self) -> None:
        hero = self.hero
        widget = self.query_one("#sheet", Static)
        if hero is None:
            self.sheet = []
            widget.update(Text("Add a hero: choose whom to copy\n(top right), then Ctrl+N", style="dim"), layout=False)
            return
        self.sheet = self.parties.hero_sheet(self.loaded.content, hero)
        if not self.sheet:
            widget.update(Text("(mend the problems to see the sheet)", style="dim"), layout=False)
            return
        widget.update(Text("\n".join(one_line(line, 60) for line in self.sheet)), layout=False)

    def party_data(self) -> dict[str, Any]:
        label = clean_name(self.query_one("#party-name", Input).value)[:40] or "My party"
        return {"name": label, "hero": [copy.deepcopy(h) for h in self.heroes]}

    def check(self) -> None:
        """Every problem of the party, as the new-game screen and a saved file would be checked."""
        name = self.query_one("#file-name", Input).value or "party"
        try:
            found = self.built_problems(name, self.party_data())
            problems = [problem_words(p.field, p.message, p.rule, self.heroes) for p in found]
        except MythtableError as exc:
            problems = [str(exc)]
        problem = name_problem(name)
        if problem is not None:
            problems.insert(0, f"file name: {problem}")
        self.show_problems(problems, "✓ a legal party")

    # ----- saving and playing (built_editor.py) ---------------------------------------------------
    def file_data(self) -> dict[str, Any]:
        return self.party_data()

    def offered_as(self, name: str) -> str:
        return f"its heroes are offered as user:{name}/<hero>"

    def play_preset(self, name: str) -> dict[str, str]:
        """This party's heroes (and no others)."""
        preset = {f"hero{k}": f"user:{name}/{h['id']}" for k, h in enumerate(self.heroes, start=1)}
        if len(self.heroes) >= 2:
            preset.update({f"hero{k}": "" for k in range(len(self.heroes) + 1, MOST_HEROES + 1)})
        return preset
