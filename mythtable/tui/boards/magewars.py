"""The Mage Wars CCG table: both players' Offensive Line, Defensive Line and Tower row, the
Tower Level and tier, the fast-cast stack, the combat in progress and the asker's hand.

The viewer's side is on the right, the opponent's on the left. Everything comes from the
view: face-down cards of the other seat arrive nameless, the other seat's hand arrives only
as a count, and the board never looks further. Card text for the prompt's detail line comes
from the view, or from the public card list by a card id that the view already shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action
from mythtable.tui.boards.base import Board

LINE_NAMES = {"offensive": "Offensive Line", "defensive": "Defensive Line", "tower": "Tower"}
ELEMENT_STYLE = {"Earth": "yellow", "Fire": "red", "Wind": "cyan", "Water": "blue"}
LINE_LABELS = {
    # key: (narrow label, wide label, style)
    "offensive": ("Off", "Offensive", "bold white on #7a2a2a"),
    "defensive": ("Def", "Defensive", "bold white on #2a4a7a"),
    "row": ("Row", "Tower row", "bold white on #4a4a4a"),
    "grave": ("Grv", "Graveyard", "white on #303030"),
}
WIDE = 48
"""Below this many columns a side uses short labels and words."""

COMBAT_STEPS = (
    # (step keys, short name, long name)
    (("combat.declaration",), "Declaration", "Declaration"),
    (("combat.attack",), "Attack", "Attack"),
    (("combat.defense",), "Defense", "Defense"),
    (("combat.damage",), "Damage/capture", "Damage or capture"),
    (("counter.attack", "counter.defense", "counter.damage"), "Counter", "Counter-attack"),
)
STATUS_LABELS = {
    "combat.declaration": "Combat 1/5 Declaration step",
    "combat.attack": "Combat 2/5 Attack step",
    "combat.defense": "Combat 3/5 Defense step",
    "combat.damage": "Combat 4/5 Damage or capture",
    "counter.attack": "Combat 5/5 Counter-attack",
    "counter.defense": "Combat 5/5 Counter-attack: defense",
    "counter.damage": "Combat 5/5 Counter-attack: damage",
}
UID_ARGS: dict[str, tuple[int, ...]] = {
    # action kind -> positions of arguments that are card uids ("assign" carries an amount at 2,
    # "attack" a target kind at 2 and a hero uid at 3 only when the kind is "hero").
    "lay": (1,),
    "set": (1,),
    "deploy": (1,),
    "deploy_down": (1,),
    "move": (1,),
    "flip": (1,),
    "ritual": (1,),
    "cast": (1,),
    "ability": (1,),
    "attack": (1,),
    "withdraw": (1,),
    "block": (1,),
    "unblock": (1,),
    "unit": (1,),
    "assign": (1,),
    "capture": (1,),
    "discard": (1,),
}


@cache
def card_catalogue() -> dict[str, Any]:
    """The public card list (definitions by card id); never the game state."""
    from mythtable.engine.registry import load

    cards: dict[str, Any] = load("magewars").content.cards
    return cards


# ----- small renderers ----------------------------------------------------------------------


@dataclass
class UnitRow:
    """One unit as a name and a tail of stats in forms from the widest to the most compact
    (see `side_level`), plus its weaves."""

    name: Text
    tails: tuple[Text, ...]
    subs: list[Text] = field(default_factory=list)
    full: bool = False  # a row without stats (hidden cards): not aligned with the others


class LineRender:
    """A line's units, one per row, the label in a coloured column; fits the width it is given."""

    def __init__(
        self, key: str, rows: list[UnitRow], empty: str, extra: Iterable[Text] = (), peers: Iterable[UnitRow] = ()
    ) -> None:
        self.key = key
        self.rows = rows
        self.empty = empty
        self.extra = list(extra)
        self.peers = [row for row in (*rows, *peers) if not row.full]
        """Rows the columns align with: this line's and the other line's of the same side."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        short, long, style = LINE_LABELS[self.key]
        level = side_level(width, self.peers)
        label = f"{long:<9}" if level == 0 else short
        yield from self.lines(width, label, style, level)

    def lines(self, width: int, label: str, style: str, level: int) -> Iterator[Text]:
        pad = " " * len(label)
        if not self.rows:
            line = Text.assemble((label, style), " ", (self.empty, "dim italic"))
            line.truncate(width, overflow="ellipsis")
            yield line
        else:
            tails = [row.tails[level] for row in self.rows]
            tail_width = max((row.tails[level].cell_len for row in self.peers), default=0)
            longest = max((row.name.cell_len for row in self.peers), default=0)
            name_width = max(4, min(longest, width - len(label) - tail_width - 2))
            for index, (row, tail) in enumerate(zip(self.rows, tails, strict=True)):
                line = Text()
                line.append(label if index == 0 else pad, style=style)
                line.append(" ")
                name = row.name.copy()
                if not row.full:
                    name.truncate(name_width, overflow="ellipsis", pad=True)
                line.append_text(name)
                if not row.full:
                    line.append(" ")
                    line.append_text(tail)
                line.truncate(width, overflow="ellipsis")
                yield line
                for sub in row.subs:
                    yield self.sub_line(pad, style, sub, width)
        for sub in self.extra:
            yield self.sub_line(pad, style, sub, width)

    @staticmethod
    def sub_line(pad: str, style: str, sub: Text, width: int) -> Text:
        line = Text()
        line.append(pad, style=style)
        line.append(" └ ", style="dim")
        line.append_text(sub)
        line.truncate(width, overflow="ellipsis")
        return line


class RowRender:
    """The Tower row (Resources, Holdings, face-down cards) or the graveyard, wrapped after a label."""

    def __init__(self, items: list[Text], empty: str, key: str = "row", peers: Iterable[UnitRow] = ()) -> None:
        self.items = items
        self.empty = empty
        self.key = key
        self.peers = [row for row in peers if not row.full]
        """The side's unit rows: the label is long only when theirs are."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        short, long, style = LINE_LABELS[self.key]
        label = f"{long:<9}" if side_level(width, self.peers) == 0 else short
        pad = " " * len(label)
        if not self.items:
            yield Text.assemble((label, style), " ", (self.empty, "dim italic"))
            return
        current = Text.assemble((label, style), " ")
        used = False
        for item in self.items:
            piece = item.copy()
            joint = " · " if used else ""
            if used and current.cell_len + len(joint) + piece.cell_len > width:
                yield current
                current = Text.assemble((pad, style), " ")
                joint = ""
            current.append(joint, style="dim")
            current.append_text(piece)
            used = True
        current.truncate(width, overflow="ellipsis")
        yield current


LEVELS = 3
"""Unit rows come in three forms: long words and labels, short words, short words without "down"."""


def side_level(width: int, rows: list[UnitRow]) -> int:
    """The widest form in which every unit's full name fits (the long one only from WIDE columns)."""
    name = max((row.name.cell_len for row in rows), default=0)
    for level in range(LEVELS):
        label = 9 if level == 0 else 3
        if level == 0 and width < WIDE:
            continue
        tail = max((row.tails[level].cell_len for row in rows), default=0)
        if label + 1 + name + 1 + tail <= width:
            return level
    return LEVELS - 1


class FitText:
    """The first of some texts, longest first, that fits the width it is rendered at (else the last, cut)."""

    def __init__(self, *texts: Text) -> None:
        self.texts = texts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        text = next((t for t in self.texts if t.cell_len <= width), self.texts[-1]).copy()
        text.no_wrap = True
        text.overflow = "ellipsis"
        yield text


# ----- what a unit or card says --------------------------------------------------------------


def keyword_words(keywords: tuple[str, ...], wide: bool) -> str:
    short = {"Aerial": "Air", "Hero": "Hero"}
    return " ".join(k if wide else short.get(k, k[:3]) for k in keywords)


def unit_row(unit: Any, roles: dict[int, str], names: dict[int, str], marks: bool = False) -> UnitRow:
    """A unit's row: name, Power, Guard, damage, keywords and state (ready, exhausted, face-down);
    its weaves on rows of their own, or with `marks` as a ≈ in the row."""
    name = Text()
    if unit.face_down:
        name.append("▒ ", style="magenta")
    name.append(unit.name, style="bold" if "Hero" in unit.keywords else "")
    if unit.face_down:
        name.stylize("italic")
    role = roles.get(unit.uid, "")
    tails = []
    for level in range(LEVELS):
        wide = level == 0
        tail = Text()
        tail.append(f"P{unit.power}", style="bold red")
        tail.append(" ")
        tail.append(f"G{unit.guard}", style="bold green")
        if unit.wounds:
            tail.append(f" {unit.wounds} dmg" if wide else f" {unit.wounds}dmg", style="bold yellow")
        if unit.keywords:
            tail.append(f" {keyword_words(unit.keywords, wide)}", style="italic cyan")
        if marks and unit.weaves:
            tail.append(" ≈" * len(unit.weaves), style="magenta")
        if unit.face_down:  # the most compact form leaves it to the ▒ before the name
            tail.append((" face-down", " down", "")[level], style="magenta")
        elif role == "attacking":
            tail.append(" attacking" if wide else " atk", style="bold red reverse")
        elif role == "blocking":
            tail.append(" blocking" if wide else " blk", style="bold blue reverse")
        elif unit.exhausted:
            tail.append(" exhausted" if wide else " exh", style="yellow")
        else:
            tail.append(" ready" if wide else " rdy", style="green")
        tails.append(tail)
    subs = [
        weave_text(weave, names, "" if weave.controller == unit.owner else f"{names.get(weave.controller, '?')}'s")
        for weave in unit.weaves
        if not marks
    ]
    return UnitRow(name, tuple(tails), subs)


def weave_text(weave: Any, names: dict[int, str], note: str = "") -> Text:
    """A weave under its unit or line: its name, and a note (whose, when not the unit's own)."""
    return Text.assemble(("≈ ", "magenta"), (weave.name, "magenta"), (f" ({note})" if note else "", "dim"))


def card_style(card: Any) -> str:
    if card.elements:
        return ELEMENT_STYLE.get(card.elements[0], "")
    return ""


def row_item(card: Any) -> Text:
    """One Tower row card: a Resource by its element colour, a Holding marked, face-down dimmed."""
    text = Text()
    if card.face_down:
        text.append("▒ ", style="magenta")
        text.append(card.name, style="italic")
        text.append(" (face-down)", style="magenta")
        return text
    if card.type == "holding":
        text.append("⌂ ", style="bold magenta")
        text.append(card.name, style="bold magenta")
        return text
    text.append(card.name, style=f"bold {card_style(card)}")
    if len(card.elements) > 1:
        text.append("(" + "+".join(e[:2] for e in card.elements) + ")", style="dim")
    return text


def hand_item(card: Any) -> Text:
    """A hand card with what matters most when choosing it: stats, speed and Tower cost."""
    text = Text(card.name, style=f"bold {card_style(card)}")
    if card.type == "unit":
        text.append(f" P{card.power}/G{card.guard}", style="dim")
        if card.keywords:
            text.append(" " + keyword_words(card.keywords, False), style="dim italic")
        if card.tower_cost:
            text.append(f" {card.tower_cost}T", style="dim")
    elif card.type == "casting":
        cost = f" {card.tower_cost}T" if card.tower_cost else ""
        text.append(f" {card.speed}{cost}", style="dim")
    elif card.type == "ritual":
        cost = f" {card.tower_cost}T" if card.tower_cost else ""
        text.append(f" ritual{cost}", style="dim")
    elif card.type == "holding":
        text.append(" holding", style="dim")
    elif card.type == "resource":
        text.append(" res", style="dim")
    return text


def target_name(target: str, unit_names: dict[int, str]) -> str:
    if target.startswith("hero:"):
        return unit_names.get(int(target[5:]), "a Hero")
    return LINE_NAMES.get(target, target)


def all_units(player: Any) -> Iterator[Any]:
    yield from player.offensive
    yield from player.defensive


# ----- the board -----------------------------------------------------------------------------


class LineWidget(Static):
    """One line of one player: the Offensive Line, the Defensive Line or the Tower row."""

    DEFAULT_CSS = "LineWidget { height: auto; }"

    def __init__(self, key: str, **kw: Any) -> None:
        super().__init__("", **kw)
        self.key = key


class SideView(VerticalScroll):
    """One player's half of the table: a header, then the three lines."""

    DEFAULT_CSS = """
    SideView { width: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    SideView > .header { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", classes="header")
        yield LineWidget("offensive", classes="offensive")
        yield LineWidget("defensive", classes="defensive")
        yield LineWidget("row", classes="row")
        yield LineWidget("grave", classes="grave")

    COMPACT = 2
    """Compact forms for a crowded side: 1, the Tower row as a summary; 2, weaves as marks too."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.compact = 0
        self._shown: tuple[Any, Any, dict[int, str], dict[int, str]] | None = None

    def show(self, view: Any, player: Any, names: dict[int, str], roles: dict[int, str]) -> None:
        self._shown = (view, player, names, roles)
        self.compact = 0
        self.draw()
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """After layout: while the side does not fit its rows, draw it more compactly."""
        if not self.is_attached:  # the game screen went away before this refresh came round
            return
        if self._shown is not None and self.max_scroll_y > 0 and self.compact < self.COMPACT:
            self.compact += 1
            self.draw()
            self.call_after_refresh(self.fit)

    def draw(self) -> None:
        assert self._shown is not None
        view, player, names, roles = self._shown
        marks = self.compact >= 2
        self.query_one(".header", Static).update(player_header(view, player))
        rows: dict[str, list[UnitRow]] = {}
        for key in ("offensive", "defensive"):
            units = getattr(player, key)
            rows[key] = [unit_row(unit, roles, names, marks) for unit in units if unit.card_id]
            hidden = sum(1 for unit in units if not unit.card_id)
            if hidden:
                rows[key].append(UnitRow(hidden_text(hidden), (Text(),) * LEVELS, full=True))
        for key, other in (("offensive", "defensive"), ("defensive", "offensive")):
            extra = [weave_text(w, names, "line") for w in player.line_weaves if w.attached_to == f"line:{key}"]
            render = LineRender(key, rows[key], "no units", extra, peers=rows[other])
            self.query_one(f".{key}", LineWidget).update(render)
        if self.compact:
            items = row_summary(player.row)
        else:
            items = grouped(row_item(card) for card in player.row if card.card_id)
            hidden = sum(1 for card in player.row if not card.card_id)
            if hidden:
                items.append(hidden_text(hidden))
        peers = [*rows["offensive"], *rows["defensive"]]
        self.query_one(".row", LineWidget).update(RowRender(items, "no cards", "row", peers))
        grave = [Text(card.name, style="dim") for card in reversed(player.graveyard)]
        self.query_one(".grave", LineWidget).update(RowRender(grouped(grave), "empty", "grave", peers))
        self.query_one(".grave", LineWidget).set_class(bool(self.compact), "folded")


def row_summary(row: tuple[Any, ...]) -> list[Text]:
    """A crowded Tower row in one line: Holdings, sources by element (H-13), face-down cards."""
    holdings = sum(1 for card in row if card.type == "holding" and not card.face_down)
    sources: dict[str, int] = {}
    for card in row:
        if card.type == "resource" and not card.face_down:
            for element in card.elements:
                sources[element] = sources.get(element, 0) + 1
    down = sum(1 for card in row if card.face_down)
    items = [Text(f"⌂{holdings} holding{'s' if holdings > 1 else ''}", style="bold magenta")] if holdings else []
    items += [Text(f"{e} {n}", style=f"bold {ELEMENT_STYLE.get(e, '')}") for e, n in sources.items()]
    if down:
        items.append(Text(f"▒{down} face-down", style="dim"))
    return items


def grouped(items: Iterable[Text]) -> list[Text]:
    """Identical cards once, with a count: "Ember Hearth ×2"."""
    order: list[Text] = []
    counts: dict[str, int] = {}
    for item in items:
        if item.plain not in counts:
            order.append(item)
            counts[item.plain] = 0
        counts[item.plain] += 1
    out = []
    for item in order:
        count = counts[item.plain]
        out.append(Text.assemble(item, (f" ×{count}", "bold")) if count > 1 else item)
    return out


def hidden_text(count: int) -> Text:
    """The other seat's face-down cards on a line or row: only how many there are."""
    return Text(f"{'▒' * min(count, 4)} {count} face-down card{'s' if count > 1 else ''}", style="dim")


def player_header(view: Any, player: Any) -> FitText:
    """Name, Tower Level and tier, then counts; the active player has ▶, the asked one is underlined."""
    tower_style = "bold green" if player.tower > 20 else ("bold yellow" if player.tower > 10 else "bold red")
    head = Text()
    head.append("▶ " if player.seat == view.active else "  ", style="bold yellow")
    deciding = player.seat == view.priority and not view.over
    head.append(player.name, style="bold underline" if deciding else "bold")
    head.append(" Tower ", style="dim")
    head.append(str(player.tower), style=tower_style)
    head.append(f" tier {player.tier}", style="bold")
    full = Text.assemble(
        head,
        (f" · hand {player.hand_count} · deck {player.deck_count} · grave {player.grave_count}", "dim"),
        (" · laid a card" if player.laid_this_turn and player.seat == view.active else "", "dim italic"),
    )
    medium = Text.assemble(head, (f" · hand {player.hand_count} · deck {player.deck_count}", "dim"))
    short = Text.assemble(head, (f" hand {player.hand_count} deck {player.deck_count}", "dim"))
    return FitText(full, medium, short)


class MageWarsBoard(Board):
    DEFAULT_CSS = """
    MageWarsBoard #sides { height: 1fr; }
    MageWarsBoard #side-left { border-right: solid $panel-lighten-2; }
    MageWarsBoard .panel { height: auto; max-height: 4; padding: 0 1; background: $boost; scrollbar-size-vertical: 1; }
    MageWarsBoard #stack-panel { max-height: 2; }
    MageWarsBoard #hand-panel { max-height: 3; background: $surface-lighten-1; }
    MageWarsBoard.busy #hand-panel { max-height: 2; }
    MageWarsBoard.tall .panel { max-height: 5; }
    MageWarsBoard.tall #hand-panel { max-height: 9; }
    MageWarsBoard SideView > .grave { display: none; }
    MageWarsBoard.tall SideView > .grave { display: block; }
    MageWarsBoard.tall SideView > .grave.folded { display: none; }
    MageWarsBoard .panel > Static { height: auto; }
    """

    TALL = 18
    """From this many rows on, the hand lists one card a line with its text."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._last: tuple[Any, int | None, list[str]] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="sides"):
            yield SideView(id="side-left")
            yield SideView(id="side-right")
        with VerticalScroll(id="combat-panel", classes="panel"):
            yield Static(id="combat")
        with VerticalScroll(id="stack-panel", classes="panel"):
            yield Static(id="stack")
        with VerticalScroll(id="hand-panel", classes="panel"):
            yield Static(id="hand")

    def on_resize(self) -> None:
        """Tall or short: re-render the last view for the new size (nothing else changes)."""
        if self._last is not None:
            self.show(*self._last)

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        self._last = (view, viewer, names)
        self.set_class(self.size.height >= self.TALL, "tall")
        self.set_class(view.combat is not None or bool(view.stack), "busy")  # the hand yields rows
        me = viewer if viewer is not None else 1
        seat_names = {player.seat: player.name for player in view.players}
        roles = combat_roles(view)
        self.query_one("#side-left", SideView).show(view, view.players[1 - me], seat_names, roles)
        self.query_one("#side-right", SideView).show(view, view.players[me], seat_names, roles)
        self.show_combat(view)
        self.show_stack(view)
        self.show_hands(view)

    # ----- panels -----------------------------------------------------------------------
    def show_combat(self, view: Any) -> None:
        panel = self.query_one("#combat-panel")
        combat = view.combat
        if combat is None:
            panel.display = False
            return
        panel.display = True
        self.query_one("#combat", Static).update(CombatRender(view))

    def show_stack(self, view: Any) -> None:
        panel = self.query_one("#stack-panel")
        if not view.stack:
            panel.display = False
            return
        panel.display = True
        text = Text("Stack, top first: ", style="bold magenta")
        for index, item in enumerate(reversed(view.stack)):
            if index:
                text.append(" · ", style="dim")
            owner = view.players[item.seat].name
            kind = "'s ability" if item.kind == "ability" else ""
            text.append(f"{item.name}{kind}", style="bold" if index == 0 else "")
            target = item.target
            if target.startswith("unit:"):
                text.append(f" → {target.split(' ', 1)[1] if ' ' in target else '?'}")
            elif target.startswith("line:"):
                text.append(f" → {LINE_NAMES.get(target[5:], target[5:])}")
            text.append(f" ({owner})", style="dim")
        self.query_one("#stack", Static).update(text)

    def show_hands(self, view: Any) -> None:
        hands: list[tuple[str, tuple[Any, ...]]] = []
        if view.seat is None:
            hands = [(player.name, hand) for player, hand in zip(view.players, view.hands, strict=False)]
        else:
            hands = [(view.players[view.seat].name, view.hand)]
        tall = self.has_class("tall")
        text = Text()
        for name, hand in hands:
            if text:
                text.append("\n")
            text.append(f"{name}'s hand ({len(hand)}): ", style="bold")
            if tall:
                for card in hand:
                    text.append("\n  ")
                    text.append_text(hand_item(card))
                    text.append(f" — {card.text}", style="dim")
            else:
                for index, item in enumerate(grouped(hand_item(card) for card in hand)):
                    if index:
                        text.append(" · ", style="dim")
                    text.append_text(item)
            if not hand:
                text.append("empty", style="dim italic")
        if tall:
            text.no_wrap = True
            text.overflow = "ellipsis"
        self.query_one("#hand", Static).update(text)

    # ----- the status line and the prompt's detail line ----------------------------------
    def status(self, view: Any) -> str:
        """The step; combat steps numbered and named (declaration to counter-attack)."""
        label = str(STATUS_LABELS.get(view.step, view.step_label))
        if view.stack and view.step in ("main", "combat.declaration", "combat.defense", "counter.defense"):
            label += f" · stack {len(view.stack)}"
        return label

    def detail(self, view: Any, action: Action) -> str | Text:
        """Card text for the card or unit an option is about (only arguments that are uids)."""
        kind = str(action[0])
        if kind == "line" and len(action) > 1:
            return self.line_detail(view, str(action[1]))
        if kind == "attack" and len(action) > 3 and isinstance(action[1], int):
            return attack_detail(view, action[1], str(action[2]), action[3])
        positions = UID_ARGS.get(kind, ())
        uids = [action[i] for i in positions if i < len(action) and isinstance(action[i], int)]
        if not uids:
            return Text(PLAIN_DETAIL.get(kind, ""), style="dim")
        return describe_uid(view, int(uids[0]))

    def line_detail(self, view: Any, line: str) -> Text:
        seat = view.priority if view.priority is not None else view.active
        player = view.players[seat]
        units = getattr(player, line, ())
        names = ", ".join(u.name for u in units) or "no units"
        return Text(f"Your {LINE_NAMES.get(line, line)}: {names}.")


PLAIN_DETAIL = {
    "combat": "Open combat: Declaration, Attack, Defense, Damage or capture, then the counter-attack.",
    "end": "End your turn (discard down to 7 at the End).",
    "pass": "Let the other player answer; two passes in a row resolve the top of the stack or end the step.",
    "done": "Finish this step with what you have chosen.",
    "cancel": "Go back without doing it.",
    "damage": "The defender's Tower loses Tower Levels equal to the attacker's Power.",
}


def unit_brief(view: Any, uid: int) -> Text:
    """A unit in a few words: name, Power, Guard, damage and keywords."""
    card = find_card(view, uid)
    if card is None or not card.card_id:
        return Text("a face-down card", style="dim italic")
    out = Text(card.name, style="bold")
    out.append(f" P{card.power}", style="bold red")
    out.append(f" G{card.guard}", style="bold green")
    if getattr(card, "wounds", 0):
        out.append(f" {card.wounds} damage", style="bold yellow")
    if card.keywords:
        out.append(" " + " ".join(card.keywords), style="italic cyan")
    return out


def attack_detail(view: Any, attacker: int, how: str, target: Any) -> Text:
    """An attack option: the attacker, and what it would hit (the Hero, or what stands on the line)."""
    out = unit_brief(view, attacker)
    out.append(" ⟶ ", style="bold red")
    if how == "hero" and isinstance(target, int):
        out.append_text(unit_brief(view, target))
        return out
    line = str(target)
    out.append(f"the {LINE_NAMES.get(line, line)}", style="bold")
    side = next((p for p in view.players if any(u.uid == attacker for u in all_units(p))), None)
    if side is None:
        return out
    defender = view.players[1 - side.seat]
    if line == "tower":
        out.append(f" (Tower Level {defender.tower})")
        return out
    units = getattr(defender, line, ())
    shown = [u.name for u in units if u.card_id and not u.face_down]
    hidden = len(units) - len(shown)
    parts = shown + ([f"{hidden} face-down"] if hidden else [])
    out.append(f" ({', '.join(parts) or 'empty'})", style="dim")
    return out


def combat_roles(view: Any) -> dict[int, str]:
    """Which units attack and which block in the combat under way."""
    roles: dict[int, str] = {}
    if view.combat is None:
        return roles
    for attack in view.combat.attacks:
        roles[attack.attacker] = "attacking"
        for blocker in attack.blockers:
            roles[blocker] = "blocking"
    return roles


def combat_track(step: str, who: str, long: bool) -> Text:
    """Who attacks whom, then the five combat steps with the current one lit."""
    track = Text()
    track.append(who, style="bold")
    for index, (keys, short_name, long_name) in enumerate(COMBAT_STEPS):
        if index:
            track.append(" › ", style="dim")
        name = long_name if long else short_name
        if step in keys:
            track.append(f" {name} ", style="bold black on yellow")
        else:
            track.append(name, style="dim")
    return track


class CombatRender:
    """The combat track (declaration → counter-attack, the current step lit) and each attack."""

    def __init__(self, view: Any) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        combat = view.combat
        width = options.max_width
        players = view.players
        unit_names = {u.uid: u.name for p in players for u in all_units(p)}
        who = f"{players[combat.attacking_seat].name} ⚔ {players[combat.defending_seat].name} "
        tracks = [combat_track(view.step, who, long) for long in (True, False)] + [combat_track(view.step, "", False)]
        track = next((t for t in tracks if t.cell_len <= width), tracks[-1])
        track.truncate(width, overflow="ellipsis")
        yield track
        if not combat.attacks:
            choosing = view.decision_kind in ("declare_attackers", "counter_attackers")
            yield Text("  choosing attackers..." if choosing else "  no attacks", style="dim italic")
        for attack in combat.attacks:
            line = Text("  ")
            line.append(attack.name, style="bold")
            line.append(f" P{attack.power}", style="bold red")
            line.append(" → ")
            line.append(target_name(attack.current_target, unit_names), style="bold")
            if attack.current_target != attack.declared_target:
                line.append(f" (moved from {target_name(attack.declared_target, unit_names)})", style="yellow")
            if attack.blockers:
                blockers = ", ".join(unit_names.get(b, "?") for b in attack.blockers)
                line.append(f"  blocked by {blockers}", style="blue")
            for index, part in enumerate(line.wrap(console, max(10, width - 4))):  # every blocker stays readable
                yield Text.assemble("" if index == 0 else "    ", part)


def find_card(view: Any, uid: int) -> Any | None:
    """A card or unit in the view by uid: hands, lines, Tower rows, weaves, graveyards."""
    for card in view.hand:
        if card.uid == uid:
            return card
    for hand in view.hands:
        for card in hand:
            if card.uid == uid:
                return card
    for player in view.players:
        for unit in all_units(player):
            if unit.uid == uid:
                return unit
            for weave in unit.weaves:
                if weave.uid == uid:
                    return weave
        for card in (*player.row, *player.line_weaves, *player.graveyard):
            if card.uid == uid:
                return card
    return None


def describe_uid(view: Any, uid: int) -> Text:
    """The card text of one card the view shows; a face-down card of the other seat stays hidden."""
    card = find_card(view, uid)
    if card is None:
        for item in view.stack:
            if item.uid == uid:
                return catalogue_text(item.card_id, item.name)
        return Text("")
    if not card.card_id:
        return Text("A face-down card.", style="dim italic")
    return catalogue_text(card.card_id, card.name, card)


def catalogue_text(card_id: str, name: str, shown: Any = None) -> Text:
    """Name, stats and rules text first (the prompt shows two lines), then type and requirements."""
    info = card_catalogue().get(card_id)
    out = Text()
    out.append(name, style="bold")
    if info is None:
        return out
    if info.type == "unit":
        out.append(f" P{getattr(shown, 'power', info.power)}", style="bold red")
        out.append(f" G{getattr(shown, 'guard', info.guard)}", style="bold green")
        wounds = getattr(shown, "wounds", 0)
        if wounds:
            out.append(f" {wounds} damage", style="bold yellow")
        if info.keywords:
            out.append(" " + " ".join(info.keywords), style="italic cyan")
    elif info.cost:
        out.append(f" ({info.cost} Tower)", style="yellow")
    if getattr(shown, "face_down", False):
        out.append(" face-down", style="magenta")
    body = info.ability.text if info.ability else ""
    text = info.text if info.type != "unit" or not body else body
    if text:
        out.append(f" — {text}")
    kind = f"{info.speed}-cast spell" if info.type == "casting" and info.speed else info.type
    parts = ["/".join(info.elements) + f" {kind}" if info.elements else kind]
    if info.type == "unit" and info.cost:
        parts.append(f"costs {info.cost} Tower")
    needs = requirements(info)
    if needs:
        parts.append(f"needs {needs}")
    out.append(" · " + ", ".join(parts), style="dim")
    return out


def requirements(info: Any) -> str:
    out = []
    if info.req_holding:
        out.append("a Holding")
    for element, count in info.req_elements:
        out.append(f"{count} {element}")
    if info.min_tower:
        out.append(f"Tower {info.min_tower}+")
    if info.min_tier:
        out.append(f"tier {info.min_tier}")
    return ", ".join(out)


BOARD = MageWarsBoard
