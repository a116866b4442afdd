"""Rich renderables and texts for the Mage Wars table: unit rows in three widths, lines, the Tower
row, hand cards. Names are put in `Text` objects as plain text (never parsed as markup)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from mythtable.rulesets.magewars.view import CardView, PlayerView, UnitView, WeaveView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.colours import MW_DEFENSIVE_LINE, MW_GRAVEYARD, MW_OFFENSIVE_LINE, MW_TOWER_ROW

LINE_NAMES = {"offensive": "Offensive Line", "defensive": "Defensive Line", "tower": "Tower"}


ELEMENT_STYLE = {"Earth": "yellow", "Fire": "red", "Wind": "cyan", "Water": "blue"}


LINE_LABELS = {
    # key: (narrow label, wide label, style)
    "offensive": ("Off", "Offensive", f"bold white on {MW_OFFENSIVE_LINE}"),
    "defensive": ("Def", "Defensive", f"bold white on {MW_DEFENSIVE_LINE}"),
    "row": ("Row", "Tower row", f"bold white on {MW_TOWER_ROW}"),
    "grave": ("Grv", "Graveyard", f"white on {MW_GRAVEYARD}"),
}


WIDE = 48
"""Below this many columns a side uses short labels and words."""


@dataclass
class UnitRow:
    """One unit as a name and a tail of stats in forms from the widest to the most compact
    (see `side_level`), plus its weaves."""

    name: Text
    tails: tuple[Text, ...]
    subs: list[Text] = field(default_factory=list)
    full: bool = False  # a row without stats (hidden cards): not aligned with the others
    uid: int | None = None
    face_down: bool = False
    hidden: tuple[int, ...] = ()
    """The other seat's face-down cards a `full` row counts (marked when one of them changed)."""


@dataclass(frozen=True)
class Marks:
    """What the board draws over the cards: short names, what changed, the inspect cursor."""

    short: dict[str, str] = field(default_factory=dict)
    """Full name → the form shown (names.abbreviate over the whole board); absent: the full name."""
    changed: frozenset[object] = frozenset()
    cursor: object = None
    level: int = 0
    """The most detailed form allowed (see `side_level`): both sides of a board use the same one."""
    subject: frozenset[object] = frozenset()
    """What the highlighted option is about: underlined (three Boulderback Oxen: this one)."""

    def gutter(self, uids: Iterable[int | None], face_down: bool = False) -> tuple[str, str]:
        """The one cell before a unit or card: the inspect cursor, a change mark, or face-down."""
        uids = list(uids)
        if self.cursor is not None and self.cursor in uids:
            return CURSOR, "bold reverse"
        if any(uid in self.changed for uid in uids if uid is not None):
            return CHANGED, "bold yellow"
        if face_down:
            return "▒", "magenta"
        return " ", ""

    def pointed(self, uids: Iterable[int | None]) -> bool:
        return self.cursor is not None and self.cursor in list(uids)


CURSOR = "▸"
CHANGED = "*"
NO_MARKS = Marks()


def name_room(width: int, rows: list[UnitRow], at_least: int = 0) -> int:
    """The cells left for a unit's name at `width`, beside the label, the mark and the stats."""
    rows = [row for row in rows if not row.full]
    level = side_level(width, rows, at_least)
    label = 9 if level == 0 else 3
    tail_width = max((row.tails[level].cell_len for row in rows), default=0)
    return max(4, width - label - tail_width - 2)


def name_plan(width: int, rows: list[UnitRow], at_least: int = 0) -> tuple[int, int]:
    """The form (see `side_level`) and the name column's width for rows at `width` cells."""
    rows = [row for row in rows if not row.full]
    longest = max((row.name.cell_len for row in rows), default=0)
    return side_level(width, rows, at_least), max(4, min(longest, name_room(width, rows, at_least)))


class LineRender:
    """A line's units, one per row, the label in a coloured column; fits the width it is given."""

    def __init__(
        self,
        key: str,
        rows: list[UnitRow],
        empty: str,
        extra: Iterable[Text] = (),
        peers: Iterable[UnitRow] = (),
        marks: Marks = NO_MARKS,
    ) -> None:
        self.key = key
        self.rows = rows
        self.empty = empty
        self.extra = list(extra)
        self.marks = marks
        self.peers = [row for row in (*rows, *peers) if not row.full]
        """Rows the columns align with: this line's and the other line's of the same side."""
        self._drawn: dict[int, list[Text]] = {}
        """The rows at each width asked (the widget compares them with those on screen, then draws them)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.render_lines(options.max_width)

    def render_lines(self, width: int) -> list[Text]:
        drawn = self._drawn.get(width)
        if drawn is None:
            short, long, style = LINE_LABELS[self.key]
            level = side_level(width, self.peers, self.marks.level)
            label = f"{long:<9}" if level == 0 else short
            drawn = self._drawn[width] = list(self.lines(width, label, style, level))
        return drawn

    def index_of(self, uid: int) -> int | None:
        """The line (from 0) a unit's row is drawn on, whatever the width."""
        index = 0
        for row in self.rows:
            if row.uid == uid or uid in row.hidden:
                return index
            index += 1 + len(row.subs)
        return None

    def lines(self, width: int, label: str, style: str, level: int) -> Iterator[Text]:
        pad = " " * len(label)
        if not self.rows:
            line = Text.assemble((label, style), " ", (self.empty, "dim italic"))
            line.truncate(width, overflow="ellipsis")
            yield line
        else:
            tails = [row.tails[level] for row in self.rows]
            _, name_width = name_plan(width, self.peers, self.marks.level)
            for index, (row, tail) in enumerate(zip(self.rows, tails, strict=True)):
                line = Text()
                line.append(label if index == 0 else pad, style=style)
                mark, mark_style = self.marks.gutter([row.uid, *row.hidden], row.face_down)
                line.append(mark, style=mark_style)
                name = row.name.copy()
                if not row.full:
                    name = Text(self.marks.short.get(name.plain, name.plain), style=name.style)
                    if self.marks.pointed([row.uid]):
                        name.stylize("reverse")
                    if row.uid in self.marks.subject:
                        name.stylize("bold underline")
                    name.truncate(name_width, overflow="ellipsis", pad=True)
                line.append_text(name)
                if not row.full:
                    line.append(" ")
                    line.append_text(tail)
                line.truncate(width, overflow="ellipsis")
                ref = row.uid if row.uid is not None else (row.hidden[0] if row.hidden else None)
                if ref is not None:
                    line.stylize(inspect_style(ref), len(label))  # a click inspects it (the label is the line's)
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


@dataclass
class RowItem:
    """A card (or several alike) in the Tower row or the graveyard, with the uids it stands for."""

    text: Text
    uids: tuple[int, ...] = ()


class RowRender:
    """The Tower row (Resources, Holdings, face-down cards) or the graveyard, wrapped after a label."""

    def __init__(
        self,
        items: list[RowItem],
        empty: str,
        key: str = "row",
        peers: Iterable[UnitRow] = (),
        marks: Marks = NO_MARKS,
    ) -> None:
        self.items = items
        self.empty = empty
        self.key = key
        self.marks = marks
        self.peers = [row for row in peers if not row.full]
        """The side's unit rows: the label is long only when theirs are."""
        self._placed: dict[int, tuple[list[Text], dict[int, int]]] = {}
        """`placed` at each width asked (drawn, measured and searched for a card's row)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.render_lines(options.max_width)

    def index_of(self, uid: int, width: int) -> int | None:
        """The line (from 0) a card is drawn on at `width`."""
        return self.placed(width)[1].get(uid)

    def render_lines(self, width: int) -> list[Text]:
        return self.placed(width)[0]

    def placed(self, width: int) -> tuple[list[Text], dict[int, int]]:
        known = self._placed.get(width)
        if known is None:
            known = self._placed[width] = self._place(width)
        return known

    def _place(self, width: int) -> tuple[list[Text], dict[int, int]]:
        short, long, style = LINE_LABELS[self.key]
        label = f"{long:<9}" if side_level(width, self.peers, self.marks.level) == 0 else short
        pad = " " * len(label)
        if not self.items:
            return [Text.assemble((label, style), " ", (self.empty, "dim italic"))], {}
        out: list[Text] = []
        where: dict[int, int] = {}
        current = Text.assemble((label, style), " ")
        used = False
        for item in self.items:
            piece = Text()
            mark, mark_style = self.marks.gutter(item.uids)
            if mark.strip():
                piece.append(mark, style=mark_style)
            body = item.text.copy()
            if self.marks.pointed(item.uids):
                body.stylize("reverse")
            piece.append_text(body)
            if item.uids:
                piece.stylize(inspect_style(item.uids[0]))  # a click inspects it (the first of several alike)
            joint = " · " if used else ""
            if used and current.cell_len + len(joint) + piece.cell_len > width:
                out.append(current)
                current = Text.assemble((pad, style), " ")
                joint = ""
            current.append(joint, style="dim")
            current.append_text(piece)
            for uid in item.uids:
                where[uid] = len(out)
            used = True
        current.truncate(width, overflow="ellipsis")
        out.append(current)
        return out, where


LEVELS = 3
"""Unit rows come in three forms: long words and labels, short words, short words without "down" and
"rdy" (a unit with no state word is ready)."""


def side_level(width: int, rows: list[UnitRow], at_least: int = 0) -> int:
    """The widest form in which every unit's full name fits (the long one only from WIDE columns),
    and no wider than `at_least` (the board draws both sides in one form)."""
    name = max((row.name.cell_len for row in rows), default=0)
    for level in range(min(at_least, LEVELS - 1), LEVELS):
        label = 9 if level == 0 else 3
        if level == 0 and width < WIDE:
            continue
        tail = max((row.tails[level].cell_len for row in rows), default=0)
        if label + 1 + name + 1 + tail <= width:
            return level
    return LEVELS - 1


class FitText:
    """The first of some texts, longest first, that fits the width it is rendered at (else the last, cut).

    FitTexts in one `group` (the two players' headers) take the same form: the most compact any of them
    needs, so both halves abbreviate alike."""

    def __init__(self, *texts: Text, group: list[FitText] | None = None) -> None:
        self.texts = texts
        self.group = group if group is not None else [self]
        if self not in self.group:
            self.group.append(self)

    def first_fit(self, width: int) -> int:
        return next((i for i, t in enumerate(self.texts) if t.cell_len <= width), len(self.texts) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        index = max(member.first_fit(width) for member in self.group)
        text = self.texts[min(index, len(self.texts) - 1)].copy()
        text.no_wrap = True
        text.overflow = "ellipsis"
        yield text


def keyword_words(keywords: tuple[str, ...], wide: bool) -> str:
    short = {"Aerial": "Air", "Hero": "Hero"}
    return " ".join(k if wide else short.get(k, k[:3]) for k in keywords)


def unit_row(unit: UnitView, roles: dict[int, str], names: dict[int, str], marks: bool = False) -> UnitRow:
    """A unit's row: name, Power, Guard, damage, keywords and state (ready, exhausted, face-down);
    its weaves on rows of their own, or with `marks` as a ≈ in the row."""
    style = "bold" if "Hero" in unit.keywords else ""
    name = Text(unit.name, style=f"{style} italic magenta" if unit.face_down else style)
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
        if unit.face_down:  # the most compact form leaves it to the ▒ before the name and its colour
            tail.append((" face-down", " down", "")[level], style="magenta")
        elif role == "attacking":
            tail.append(" attacking" if wide else " atk", style="bold red reverse")
        elif role == "blocking":
            tail.append(" blocking" if wide else " blk", style="bold blue reverse")
        elif unit.exhausted:
            tail.append(" exhausted" if wide else " exh", style="yellow")
        elif level < LEVELS - 1:  # the most compact form says only what is not ready
            tail.append(" ready" if wide else " rdy", style="green")
        tails.append(tail)
    subs = [
        weave_text(weave, names, "" if weave.controller == unit.owner else f"{names.get(weave.controller, '?')}'s")
        for weave in unit.weaves
        if not marks
    ]
    return UnitRow(name, tuple(tails), subs, uid=unit.uid, face_down=unit.face_down)


def weave_text(weave: WeaveView, names: dict[int, str], note: str = "") -> Text:
    """A weave under its unit or line: its name, and a note (whose, when not the unit's own)."""
    return Text.assemble(("≈ ", "magenta"), (weave.name, "magenta"), (f" ({note})" if note else "", "dim"))


def card_style(card: CardView) -> str:
    if card.elements:
        return ELEMENT_STYLE.get(card.elements[0], "")
    return ""


def row_item(card: CardView) -> Text:
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


def hand_item(card: CardView) -> Text:
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


def all_units(player: PlayerView) -> Iterator[UnitView]:
    yield from player.offensive
    yield from player.defensive


def row_summary(row: tuple[CardView, ...]) -> list[RowItem]:
    """A crowded Tower row in one line: Holdings, sources by element (H-13), face-down cards."""
    holdings = tuple(card.uid for card in row if card.type == "holding" and not card.face_down)
    sources: dict[str, list[int]] = {}
    for card in row:
        if card.type == "resource" and not card.face_down:
            for element in card.elements:
                sources.setdefault(element, []).append(card.uid)
    down = tuple(card.uid for card in row if card.face_down)
    n = len(holdings)
    items = [RowItem(Text(f"⌂{n} holding{'s' if n > 1 else ''}", style="bold magenta"), holdings)] if n else []
    items += [
        RowItem(Text(f"{e} {len(uids)}", style=f"bold {ELEMENT_STYLE.get(e, '')}"), tuple(uids))
        for e, uids in sources.items()
    ]
    if down:
        items.append(RowItem(Text(f"▒{len(down)} face-down", style="dim"), down))
    return items


def grouped_items(pairs: Iterable[tuple[Text, int]]) -> list[RowItem]:
    """Identical cards once, with a count ("Ember Hearth ×2"), standing for all their uids."""
    order: list[Text] = []
    uids: dict[str, list[int]] = {}
    for item, uid in pairs:
        if item.plain not in uids:
            order.append(item)
            uids[item.plain] = []
        uids[item.plain].append(uid)
    out = []
    for item in order:
        count = len(uids[item.plain])
        text = Text.assemble(item, (f" ×{count}", "bold")) if count > 1 else item
        out.append(RowItem(text, tuple(uids[item.plain])))
    return out


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
