"""The MythCraft board: the map, the track, the card and the roster, laid out side by side.

A turn reads like a tactics game's: the options are grouped (Attack, Cast, Move, Maneuver, Item,
React, End turn), a key each; attacks and spells come first with their hit chance and expected
damage (the ruleset's forecast); moves are made on the map, and Enter on a combatant or an item on
the map lists what can be done to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action, Ref, Subject
from mythtable.rulesets.mythcraft.view import CombatantView, MythcraftView
from mythtable.tui.boards.base import Board, footer_width
from mythtable.tui.boards.mythcraft.common import (
    ENGAGED_STYLE,
    FREE_MOVE_BG,
    ITEM_STYLE,
    MOVE_BG_NEW,
    REACH_STYLE,
    TURNS,
    find,
    reactor,
    round_words,
)
from mythtable.tui.boards.mythcraft.detail import explain, forecast_words
from mythtable.tui.boards.mythcraft.grid import MapGrid
from mythtable.tui.boards.mythcraft.panels import RosterRender, TrackRender, creature_card, hero_card

GROUPS: tuple[tuple[str, str, str, frozenset[str]], ...] = (
    ("a", "attack", "Attack", frozenset({"attack", "special"})),
    ("c", "cast", "Cast", frozenset({"cast"})),
    ("m", "move", "Move", frozenset({"move"})),
    (
        "n",
        "maneuver",
        "Maneuver",
        frozenset({"grapple", "shove", "trip", "escape", "help", "dodge", "stand", "prone", "douse"}),
    ),
    ("t", "item", "Item", frozenset({"equip", "stow", "set_down", "pick_up", "use"})),
    ("r", "react", "React", frozenset({"react", "decline", "keep", "defend"})),
    ("x", "end", "End", frozenset({"end"})),
)
"""(key, name, label, action kinds): the groups of a turn, in the order the full list shows them
(moves last: they are made on the map)."""
TURN_ORDER = {
    kind: rank
    for rank, kinds in enumerate(
        (
            ("attack", "special"),
            ("cast",),
            ("grapple", "shove", "trip", "escape", "help"),
            ("dodge", "stand", "douse"),
            ("use", "equip", "pick_up"),
            ("end",),
            ("prone", "stow", "set_down"),  # seldom worth it: after ending the turn
            ("move",),  # a list of squares is the map's job
        )
    )
    for kind in kinds
}
"""The full list of a turn: what hurts the enemy first, what only hurts the mover last but for the moves."""
GROUP_OF = {kind: name for _, name, _, kinds in GROUPS for kind in kinds}


class MythCraftBoard(Board[MythcraftView]):
    """At 80 columns a turn's footer holds Rules, Quit, Take back, Inspect and five group keys, and no more.
    So the keys named elsewhere on screen are named in the footer only while it has room for them whole
    (OPTIONAL_KEYS), and work either way: the question names the map's key ("m: move on the map." or
    "g: the map."), the legend line under the map names k, a group's heading names Esc. The group keys
    are named while the options have the keyboard (the map cursor's or the inspect panel's keys take
    their place then)."""

    SHOW_TURN = False  # the status names the round already
    MIN_ROWS = 22  # the map stays whole (and doubled at 120x40): its many options, the moves, are chosen on it
    SCREEN_BINDINGS: ClassVar[list[Binding]] = [
        Binding("g", "grid", "Map"),
        Binding("g", "grid_quiet", "Map", show=False),  # g while the question names the map's key
        *[Binding(key, f"group_{name}", label) for key, name, label, _ in GROUPS],
        *[Binding(key, f"group_{name}_quiet", label, show=False) for key, name, label, _ in GROUPS],
        Binding("escape", "all_options", "All"),
        Binding("escape", "all_options_quiet", "All", show=False),
    ]
    OPTIONAL_KEYS: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("group_move", "m", "Move"),
        ("legend", "k", "Legend"),
        ("recap", "r", "Recap"),
        ("all_options", "escape", "All"),
    )
    """(action, key, words) of the footer's keys named elsewhere on screen, most useful first: each is named in the
    footer when it fits whole after the keys always named and the optional ones before it."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: MythcraftView | None = None
        self.question = ""
        self.choices: list[tuple[Action, str]] = []
        """The open decision's options as arranged (the full list; a group shows part of it)."""
        self.about: dict[Action, Subject] = {}
        """Each of those options' subject (asked once a decision: the group keys ask on every footer refresh)."""
        self._kinds: tuple[list[tuple[Action, str]], dict[Action, Subject], frozenset[str]] | None = None
        """The options and subjects `choice_kinds` last read, and their kinds."""
        self.group = ""
        """The group (or "at:x,y" for a square of the map) the prompt lists now; "" for all."""
        self.pointed: Ref | None = None
        self.marked: frozenset[Ref] = frozenset()
        self.map_key_asked = False
        """The question names the map's key (m or g) on this decision: the footer need not."""
        self._measuring = False
        for _, name, _, _ in GROUPS:
            setattr(self, f"action_group_{name}", self._group_action(name))
            setattr(self, f"action_group_{name}_quiet", self._group_action(name))

    def _group_action(self, name: str) -> Callable[[], None]:
        def act() -> None:
            self.show_group(name)

        return act

    def compose(self) -> ComposeResult:
        with Horizontal(id="mc-row"):
            with VerticalScroll(id="mc-map"):
                yield MapGrid(id="mc-grid")
                yield Static("", id="mc-legend")
            with VerticalScroll(id="mc-track-box"):
                yield Static("", id="mc-track")
            with VerticalScroll(id="mc-side"):
                yield Static("", id="mc-card")
                yield Static("", id="mc-roster")

    @property
    def grid(self) -> MapGrid:
        return self.query_one(MapGrid)

    def on_resize(self) -> None:
        self.screen.refresh_bindings()  # which keys the footer has room to name
        if self.view is not None and self.fit_scale():
            self.grid.draw()
            self.query_one("#mc-legend", Static).update(self.legend_line(self.view, self.grid.text_width))

    def fit_scale(self) -> bool:
        """Double the squares when the board has the room (about 120 x 40 and up); True if changed."""
        if self.view is None:
            return False
        m = self.view.map
        width, height = self.size
        panels = 56  # what the track, the card and the roster need beside the map to read well
        scale = 2 if 4 * m.width + 4 + panels <= width and 2 * m.height + 2 <= height else 1
        changed = scale != self.grid.scale
        self.grid.scale = scale
        return changed

    def show(self, view: MythcraftView, viewer: int | None, names: list[str]) -> None:
        self.view = view
        self.choices = []  # until the screen asks (a computer's turn, the end of the game: no group keys)
        self.about = {}
        self.group = ""
        self.map_key_asked = False
        grid = self.grid
        grid.view = view
        grid.subject_of = self.subject
        grid.on_pick = self.pick_square
        grid.focus_action = None
        grid.pointed = str(self.pointed) if self.pointed is not None else ""
        grid.marked = frozenset(str(r) for r in self.marked)
        grid.moves = {}  # until the screen asks: nobody moves for a computer, or after the game
        self.fit_scale()
        grid.draw()
        self.query_one("#mc-legend", Static).update(self.legend_line(view, grid.text_width))
        asked = reactor(view)
        self.query_one("#mc-track", Static).update(TrackRender(view, asked.uid if asked else ""))
        self.show_side(view, asked)

    def legend_line(self, view: MythcraftView, width: int = 0) -> Text:
        """The map's symbols in use now, and `k` for them all (the footer has no room for "k Legend" on a
        turn). Wrapped to `width` (the map's) between entries, never between a symbol and its word."""
        entries: list[tuple[str, str, str]] = []  # (symbol, its style, its word)
        costs = {s.ap_cost for s in view.reachable}
        if 0 in costs and view.decision_kind == "hero_turn":
            entries.append((" ", f"on {FREE_MOVE_BG}", "0 AP"))
        if 1 in costs:
            entries.append((" ", f"on {MOVE_BG_NEW}", "1 AP" if view.decision_kind == "hero_turn" else "move"))
        if any(s.engaged_by for s in view.reachable):
            entries.append(("!", ENGAGED_STYLE, "strike"))
        if view.active_reach and view.decision_kind in TURNS:
            entries.append(("•", REACH_STYLE, "reach"))
        if view.map.ground:
            entries.append(("*", ITEM_STYLE, "item"))
        entries.append(("k", "bold", "legend"))
        text = Text()
        column = 0
        for symbol, style, word in entries:
            joined = symbol.isspace()  # a colour swatch (one cell) sits right against its word
            size = len(symbol) + (0 if joined else 1) + len(word)
            if column and width and column + 1 + size > width:
                text.append("\n")
                column = 0
            elif column:
                text.append(" ")
                column += 1
            text.append(symbol, style=style)
            text.append(word if joined else " " + word)
            column += size
        return text

    def legend(self) -> list[tuple[str, str]]:
        """Every symbol of the MythCraft board and what it means."""
        return [
            ("1H 2M …", "a hero: party number and initial (blue)"),
            ("hA i …", "a creature: kind letter and its letter (red)"),
            ("▶", "whose turn it is (initiative track)"),
            ("██ ░░", "wall; rubble (costs 2 squares of movement, F-15)"),
            ("* ", "an item on the ground"),
            (
                "green square",
                "a move: dark green costs 1 AP (a new Move), bright green 0 AP (inside this Move)",
            ),
            ("!", "moving there leaves a hostile's reach: it may strike (Engaged, F-24)"),
            ("•", "in melee reach (red) or in range of the highlighted attack or spell (violet)"),
            ("area", "squares a highlighted area spell fills (dark red); tokens inside are underlined"),
            ("◆", "the square the highlighted option is about"),
            ("magenta token", "the target of the highlighted option, or who is asked"),
            ("[]", "the map cursor (g)"),
            ("■ □ ◆", "AP: fresh or carried (■), spent (□), Rage or Holy Support AP (◆)"),
            ("✚ ✝", "dying; dead"),
            ("65% ~7", "chance to hit the target's defense and the expected damage, misses counted"),
            ("·2t", "a condition's turns left; ·n: ends at the start of the bearer's next turn"),
        ]

    def show_side(self, view: MythcraftView, asked: CombatantView | None) -> None:
        shown = asked or find(view, view.active_uid)
        card = self.query_one("#mc-card", Static)
        if shown is None:
            card.update(Text(view.result or "Between turns", style="bold"))
        elif shown.side == 0:
            card.update(hero_card(shown, asked is not None))
        else:
            card.update(creature_card(shown, asked is not None))
        self.query_one("#mc-roster", Static).update(RosterRender(view))

    # ----- the options, grouped ------------------------------------------------------------
    def arrange_options(self, question: str, choices: list[tuple[Action, str]]) -> tuple[str, list[tuple[Action, str]]]:
        """On a turn: attacks and spells first with their forecast, then maneuvers, items, ending the turn,
        and the moves last (the map is where they are chosen; the question says how)."""
        view = self.view
        about = self.about = {action: self.subject(action) for action, _ in choices}
        out = list(choices)
        if view is not None and view.decision_kind in TURNS:
            forecasts = {f.action: f for f in view.forecasts}
            out = []
            for action, label in choices:
                f = forecasts.get(action)
                words = forecast_words(f, view) if f is not None else ""
                out.append((action, f"{label} · {words}" if words else label))
            out.sort(key=lambda c: TURN_ORDER.get(about[c[0]].kind, 5))
            question += " m: move on the map." if view.reachable else " g: the map."
        self.map_key_asked = view is not None and view.decision_kind in TURNS
        self.question = question
        self.choices = out
        self.group = ""
        self.grid.moves = {
            square: a for a, _ in out if about[a].kind == "move" and (square := about[a].square) is not None
        }
        return question, out

    def subject_of(self, action: Action) -> Subject:
        """The subject of one of the arranged options, as asked when they were arranged."""
        about = self.about.get(action)
        return about if about is not None else self.subject(action)

    def kind_of(self, action: Action) -> str:
        return self.subject_of(action).kind

    def group_choices(self, name: str) -> list[tuple[Action, str]]:
        kinds = next(k for _, n, _, k in GROUPS if n == name)
        return [c for c in self.choices if self.kind_of(c[0]) in kinds]

    def show_group(self, name: str) -> None:
        """List one group's options (again: the whole list); Move goes to the map."""
        prompt = self.grid.prompt()
        if prompt is None or not self.choices:
            return
        if name == "move":
            self.action_grid()
            return
        if self.group == name:
            self.action_all_options()
            return
        chosen = self.group_choices(name)
        if not chosen:
            return
        label = next(lab for _, n, lab, _ in GROUPS if n == name)
        self.list_options(f"{label} · Esc: all options", chosen, name)

    def list_options(self, heading: str, chosen: list[tuple[Action, str]], group: str) -> None:
        prompt = self.grid.prompt()
        if prompt is None:
            return
        self.group = group
        prompt.ask(heading, chosen)
        prompt.options.focus()
        if self.screen is not None:
            self.screen.refresh_bindings()

    def action_all_options(self) -> None:
        prompt = self.grid.prompt()
        if prompt is None or not self.group:
            return
        self.group = ""
        prompt.ask(self.question, self.choices)
        prompt.options.focus()
        self.screen.refresh_bindings()

    def action_all_options_quiet(self) -> None:
        self.action_all_options()

    def pick_square(self, square: tuple[int, int]) -> bool:
        """Enter or a click on a square of the map with no move: list what can be done to whoever stands
        there (attacks and spells that reach an enemy, help for an ally), or pick up the item there."""
        view = self.view
        prompt = self.grid.prompt()
        if view is None or prompt is None or not self.choices:
            return False
        if square in self.grid.moves:  # a move there: the full list back, so it can be highlighted
            if self.group:
                self.action_all_options()
            return False
        here = next((c for c in view.combatants if not c.dead and (c.x, c.y) == square), None)
        if here is None:
            picks = [
                a for a, _ in self.choices if (about := self.subject_of(a)).kind == "pick_up" and about.square == square
            ]
            if picks:
                prompt.choose(picks[0])
                return True
            return False
        if here.uid == view.active_uid:
            chosen = [
                c
                for c in self.choices
                if self.kind_of(c[0]) not in ("move", "end")
                and (self.subject_of(c[0]).target in (None, here.uid))
                and self.subject_of(c[0]).square is None
            ]
        else:
            chosen = [c for c in self.choices if self.subject_of(c[0]).target == here.uid]
        if not chosen:
            prompt.set_detail(Text(f"Nothing on offer now reaches {here.name}.", style="dim"))
            return False
        self.list_options(f"{here.name} · Esc: all options", chosen, f"at:{square[0]},{square[1]}")
        return True

    # ----- the screen's questions ---------------------------------------------------------
    def status(self, view: MythcraftView) -> str:
        return round_words(view)

    def detail(self, view: MythcraftView, action: Action) -> str | Text:
        """What the highlighted option means; the map marks its square, reach, area or target meanwhile."""
        grid = self.grid
        grid.focus_action = action
        grid.draw()
        return explain(view, action, self.subject(action))

    # ----- reading the table (issues 15 and 16) ---------------------------------------------
    def point_at(self, ref: Ref | None) -> None:
        self.pointed = ref
        grid = self.grid
        grid.pointed = str(ref) if ref is not None else ""
        grid.draw()

    def mark_changed(self, refs: frozenset[Ref], redraw: bool = True) -> None:
        self.marked = refs
        grid = self.grid
        grid.marked = frozenset(str(r) for r in refs)
        if redraw:
            grid.draw()

    # ----- keys the board adds to the game screen -------------------------------------------
    def key_enabled(self, name: str) -> bool | None:
        if self.view is None:
            return False
        if name == "grid":  # named in the footer only when the question does not name the map's key
            return not self.map_key_asked
        if name == "grid_quiet":
            return True
        if name == "all_options_quiet":
            return bool(self.group)
        if name == "all_options":
            return bool(self.group) and self.fits(name)
        if name.endswith("_quiet"):  # the group's key, unnamed: it works whatever the footer shows
            return self.group_usable(name[len("group_") : -len("_quiet")])
        if name == "group_move":
            return self.group_usable("move") and self.options_have_keys() and self.fits(name)
        if name.startswith("group_"):
            return self.group_usable(name[len("group_") :]) and self.options_have_keys()
        return True

    def group_usable(self, group: str) -> bool:
        """The group's key does something now: it has options (Move: squares on the map)."""
        if group == "move":
            return bool(self.grid.moves)
        kinds = next(k for _, n, _, k in GROUPS if n == group)
        return not kinds.isdisjoint(self.choice_kinds())

    def choice_kinds(self) -> frozenset[str]:
        """The kinds of the options as arranged, found once per question: the footer asks whether each group
        key is usable many times over while it measures its keys (before, each asking went through every option)."""
        known = self._kinds
        if known is None or known[0] is not self.choices or known[1] is not self.about:
            known = self._kinds = (self.choices, self.about, frozenset(self.kind_of(a) for a, _ in self.choices))
        return known[2]

    def options_have_keys(self) -> bool:
        """The options list has the keyboard: neither the map cursor nor the inspect panel (their own keys
        fill the footer then; a group key still leaves them for its list)."""
        return not self.grid.has_focus and not getattr(self.screen, "inspecting", False)

    def names_key(self, action: str) -> bool:
        """k and r are named in the footer while it has room (the legend line under the map names k always;
        the recap's own heading names r when it opens by itself)."""
        if action in ("legend", "recap"):
            return self.fits(action)
        return True

    def fits(self, action: str) -> bool:
        """Whether the optional key for `action` (OPTIONAL_KEYS) shows whole in the footer: the footer's
        other keys as they stand (the optional ones left out), then the optional ones in order."""
        shown = self.footer_bindings()
        if shown is None:
            return False  # measuring: the optional keys are left out
        screen = self.screen
        used = footer_width(self.app, [b.binding for b in shown.values() if b.binding.show])
        for other, key, words in self.OPTIONAL_KEYS:
            taken = shown.get(key)
            usable = (taken is None or taken.node is screen) and self.optional_usable(other)
            width = footer_width(self.app, [Binding(key, other, words)])
            if other == action:
                return usable and used + width - 1 <= self.app.size.width
            if usable:
                used += width
        return False

    def optional_usable(self, action: str) -> bool:
        """The optional key would be named if it had room."""
        if action == "group_move":
            return self.group_usable("move") and self.options_have_keys()
        if action == "all_options":
            return bool(self.group)
        if action == "recap":  # the React group's r takes the key while it has options
            return not self.group_usable("react")
        return action == "legend"  # the game screen names k for every board with a legend, as this one

    def action_grid(self) -> None:
        grid = self.grid
        if grid.has_focus:
            grid.action_leave()
        else:
            grid.enter()

    def action_grid_quiet(self) -> None:
        self.action_grid()


BOARD = MythCraftBoard
