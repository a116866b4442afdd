"""The stops screen (key `s`): the seat at the keyboard sees and edits when it is asked (issue 15).

It shows and changes only that seat's own settings: its stops, full control and its yield. Nothing about the
other seat is on it (not its settings, not whether it has any), so opening it in front of the other player
reveals nothing but one's own choices. The screen edits a copy and hands it back on close; the game screen
stores it through the Session (remembered under the player's name, and in the save).
"""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from mythtable.engine.autopass import PACES, YIELD_COMBAT, YIELD_NONE, YIELD_TURN, SeatSettings
from mythtable.tui.safe_text import markup, plain

YIELD_WORDS = {
    YIELD_NONE: "no standing pass",
    YIELD_TURN: "pass until my turn",
    YIELD_COMBAT: "pass until the end of this combat",
}

ALWAYS = (
    "Whatever you set here, you are asked when the other player puts something in limbo / on the stack, aims at "
    "your units or attacks you, and at every decision only you can make. A pass is cleared when the other player "
    "aims at your units."
)


class StopsScreen(ModalScreen[SeatSettings | None]):
    """A list of switches: full control, the standing pass, and one stop per stage. Enter or space flips one;
    Escape keeps the changes and goes back."""

    BINDINGS = [
        Binding("escape,s,q", "close", "Back"),
        Binding("space", "flip", "Switch", show=False),
    ]

    def __init__(
        self, player: str, settings: SeatSettings, stages: list[tuple[str, str]], pace: float | None = None
    ) -> None:
        super().__init__()
        self.pace_shown = pace
        """The computer's pace in use now, when a computer plays (a row sets it); None: no such row."""
        self.player = player
        self.settings = replace(settings)
        self.original = settings
        self.stages = stages
        """(stage key, label): where a stop means something in this ruleset."""
        self.rows: list[str] = []
        """What each option switches: "full", "yield:<kind>" or "stop:<stage key>"."""

    def compose(self) -> ComposeResult:
        with Vertical(id="stops-box"):
            yield Static(markup("[b]When $player is asked[/b]", player=self.player), id="stops-title")
            yield OptionList(id="stops-list")
            yield Static(plain(ALWAYS), id="stops-help")
        yield Footer()

    def on_mount(self) -> None:
        self.rows = ["full", *(f"yield:{k}" for k in YIELD_WORDS), *(f"stop:{key}" for key, _ in self.stages)]
        if not self.stages:  # no windows to pass in this ruleset: only the computer's pace
            self.rows = []
        if self.pace_shown is not None:
            self.rows.append("pace")
        options = self.query_one(OptionList)
        options.add_options([Option(plain(self.label(row))) for row in self.rows])
        options.highlighted = 0
        options.focus()

    def label(self, row: str) -> str:
        """The words of one switch, with its state: [x] on, [ ] off, (•) the chosen standing pass."""
        settings = self.settings
        if row == "pace":
            pace = settings.pace if settings.pace is not None else self.pace_shown
            return f"Computer pace: at least {pace:.1f} s between its moves (Enter: {self.next_pace(pace):.1f} s)"
        if row == "full":
            box = "[x]" if settings.full_control else "[ ]"
            return f"{box} Full control: ask me at every window (hides whether I could answer)"
        kind, _, key = row.partition(":")
        if kind == "yield":
            dot = "(•)" if settings.yield_ == key else "( )"
            return f"{dot} {YIELD_WORDS[key].capitalize()}"
        name = dict(self.stages).get(key, key)
        box = "[x]" if key in settings.stops else "[ ]"
        return f"{box} Stop at {name}: ask me even with nothing to answer"

    def flip(self, index: int) -> None:
        """Switch the row at `index` and redraw the list."""
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        settings = self.settings
        if row == "pace":
            pace = settings.pace if settings.pace is not None else self.pace_shown
            self.settings = replace(settings, pace=self.next_pace(pace or 0.0))
        elif row == "full":
            self.settings = replace(settings, full_control=not settings.full_control)
        elif row.startswith("yield:"):
            self.settings = replace(settings, yield_=row.partition(":")[2])
        else:
            key = row.partition(":")[2]
            self.settings = replace(settings, stops=settings.stops ^ {key})
        options = self.query_one(OptionList)
        for number, name in enumerate(self.rows):
            options.replace_option_prompt_at_index(number, plain(self.label(name)))

    @staticmethod
    def next_pace(pace: float | None) -> float:
        """The next pace of the cycle after `pace` (PACES, round again after the slowest)."""
        later = [p for p in PACES if p > (pace or 0.0) + 1e-9]
        return later[0] if later else PACES[0]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.flip(event.option_index)

    def action_flip(self) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None:
            self.flip(highlighted)

    def action_close(self) -> None:
        self.dismiss(None if self.settings == self.original else self.settings)
