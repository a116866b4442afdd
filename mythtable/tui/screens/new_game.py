"""The new-game form: ruleset, player names, the ruleset's own setup fields, and a seed."""

from __future__ import annotations

import secrets

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from mythtable.engine.errors import MythtableError
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import Loaded, available, entries
from mythtable.engine.text import MAX_NAME_LENGTH, clean_name, clean_text, same_names_problem
from mythtable.tui.host import data_folder
from mythtable.tui.messages import StartGame
from mythtable.tui.safe_text import plain
from mythtable.tui.session import CONTROLLER_LABELS, controller_choices
from mythtable.userfiles import BuiltFile

NAME_INPUT_LENGTH = 4 * MAX_NAME_LENGTH
"""The name boxes take more than a name may hold, so that a long paste gets a message, not a cut."""


def seat_label(role: str) -> str:
    """The name box's label in a player's words: "Name (Heroes)", "Name (Player 1)"."""
    return f"Name ({role})"


class NewGameScreen(Screen[None]):
    HEADING = "[b]New game[/b]  (Tab moves between fields; Enter on Start, or Ctrl+S)"
    START_LABEL = "Start"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, ruleset_id: str | None = None, preset: dict[str, str] | None = None) -> None:
        super().__init__()
        self.ruleset_id = ruleset_id or available()[0]
        self.preset = dict(preset or {})
        """Field values chosen before the form opens (the deck editor's "play it": deck1=user:NAME)."""
        self.field_selects: dict[str, Select[str]] = {}
        """The ruleset's fields now (the ones of a ruleset left may still be in the DOM, being removed)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(self.HEADING)
            with Horizontal(classes="row"):
                yield Label("Ruleset")
                yield Select(
                    [(plain(found.title), rid) for rid, found in entries().items()],
                    value=self.ruleset_id,
                    allow_blank=False,
                    compact=True,
                    id="ruleset",
                )
            for seat in ("p1", "p2"):
                with Horizontal(classes="row"):
                    yield Label("", id=f"{seat}-label")
                    yield Input(id=seat, compact=True, max_length=NAME_INPUT_LENGTH)
                with Horizontal(classes="row"):
                    yield Label("  played by")
                    yield Select(
                        [(CONTROLLER_LABELS["human"], "human")],
                        value="human",
                        allow_blank=False,
                        compact=True,
                        id=f"{seat}-controller",
                    )
            yield VerticalScroll(id="fields")
            yield Static("", id="built-problems")
            with Horizontal(classes="row"):
                yield Label("Seed (optional)")
                yield Input(placeholder="random", id="seed", compact=True, type="integer", max_length=12)
            yield Static("", id="error")
            yield Button(self.START_LABEL, id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_fields()
        for select in self.query("#ruleset").results(Select):  # none if the screen is already leaving
            select.focus()

    @on(Input.Changed, "#p1, #p2")
    def name_changed(self, event: Input.Changed) -> None:
        """A pasted escape sequence or control character goes at once: the box shows what the name will."""
        cleaned = clean_text(event.value, newlines=False)
        if cleaned != event.value:
            event.input.value = cleaned

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            self.ruleset_id = event.value
            self.fill_fields()

    def fill_fields(self) -> None:
        """Rebuild the ruleset-specific fields (decks, encounter, party, ...)."""
        if not self.is_attached or not self.query("#p1-label"):
            return  # a late Select.Changed after the screen was left: nothing to fill
        error = self.query_one("#error", Static)
        fields = self.query_one("#fields", VerticalScroll)
        fields.remove_children()
        try:
            loaded, unplayable = self.offered()
        except MythtableError as exc:
            error.update(plain(f"Cannot load {self.ruleset_id}: {exc}"))
            return
        error.update("")
        self.show_unplayable(unplayable)
        ruleset = loaded.ruleset
        controllers = [(CONTROLLER_LABELS[c], c) for c in controller_choices(self.ruleset_id)]
        for seat, key in enumerate(("p1", "p2")):
            self.query_one(f"#{key}-label", Label).update(plain(seat_label(ruleset.seats[seat].role)))
            self.query_one(f"#{key}", Input).value = ruleset.seats[seat].default_name
            select = self.query_one(f"#{key}-controller", Select)
            select.set_options(controllers)
            select.value = "human"
        rows = []
        self.field_selects = {}
        for f in ruleset.setup_fields(loaded.content):
            choices = [(plain(c.label, newlines=False), c.value) for c in f.choices]
            value = self.preset.get(f.key, f.default)
            if value not in {c.value for c in f.choices} and not (f.optional and value == ""):
                value = f.default  # a preset "" leaves an optional field empty (the party builder's "play it")
            select: Select[str] = Select(
                choices,
                value=value if value else Select.NULL,
                allow_blank=f.optional,
                compact=True,
                id=f"field-{f.key}",
                prompt="(none)" if f.default else "(default)",
            )
            self.field_selects[f.key] = select
            rows.append(Horizontal(Label(plain(f.label)), select, classes="row"))
        fields.mount_all(rows)

    def collect_controllers(self) -> list[str]:
        values = [self.query_one(f"#{k}-controller", Select).value for k in ("p1", "p2")]
        return [v if isinstance(v, str) else "human" for v in values]

    def offered(self) -> tuple[Loaded, list[BuiltFile]]:
        """The ruleset with the decks, parties and encounters the player built beside the prebuilt
        ones, and the built files that cannot be played (listed with their problem, never offered)."""
        from mythtable.saves import data_dir
        from mythtable.userfiles import offered

        return offered(self.ruleset_id, data_dir(data_folder(self.app)))

    def show_unplayable(self, unplayable: list[BuiltFile]) -> None:
        lines = [f"Not offered: {found.describe()}" for found in unplayable[:4]]
        if len(unplayable) > 4:
            lines.append(f"... and {len(unplayable) - 4} more (mythtable validate lists them all)")
        for note in self.query("#built-problems").results(Static):
            note.update(plain("\n".join(lines)))
            note.display = bool(lines)

    def collect(self) -> tuple[str, int, Setup]:
        loaded, _ = self.offered()
        names = [clean_name(self.query_one(f"#{k}", Input).value) for k in ("p1", "p2")]  # as they will show
        if not all(names):
            raise MythtableError("both players need a name")
        same = same_names_problem(names)
        if same is not None:
            raise MythtableError(same)
        options = {}
        for f in loaded.ruleset.setup_fields(loaded.content):
            select = self.field_selects[f.key]
            # A Select takes its value when mounted: a Ctrl+S right after the form appeared (the
            # fields are mounted after the screen) reads the default the field shows.
            value = select.value if select.is_mounted else self.preset.get(f.key, f.default)
            options[f.key] = value if isinstance(value, str) else ""
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else secrets.randbelow(2**31)
        except ValueError:
            raise MythtableError("the seed must be a whole number") from None
        if seed < 0:
            raise MythtableError("the seed must be zero or positive")
        setup = Setup(players=names, options=options)
        loaded.ruleset.check_setup(loaded.content, setup)  # names too long for MAX_NAME_LENGTH, say
        from mythtable.saves import data_dir
        from mythtable.userfiles import attach

        attach(self.ruleset_id, setup, data_dir(data_folder(self.app)))  # the game carries them
        return self.ruleset_id, seed, setup

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            ruleset_id, seed, setup = self.collect()
        except MythtableError as exc:
            self.query_one("#error", Static).update(plain(exc))
            return
        controllers = self.collect_controllers()
        self.app.post_message(StartGame(ruleset_id, seed, setup, replace=self, controllers=controllers))

    def action_back(self) -> None:
        self.app.pop_screen()
