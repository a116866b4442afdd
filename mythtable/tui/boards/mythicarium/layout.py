"""How the Mythicarium board fits a terminal: rows of text for a lane, a hand and limbo at a width.

Pure functions over the view (no widgets), so the fitting is tested without an app. Names and card
text are appended as plain data (`Text.append`), never parsed as markup.

A unit is one row: a mark column (◆ changed), its type mark, its name (short form when the lane is
narrow, names.short_names), DP, HP and damage type, then a tail of keywords and state. A wide lane
spells the state out and lists equipment under the unit; a narrow one uses the symbols of LEGEND.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from mythtable.engine.decision import Ref
from mythtable.rulesets.mythicarium.view import HandCard, MythicariumView, PlayerView, UnitView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.boards.mythicarium.names import preferred, short_names

KEYWORD_ABBREV = {
    "Berserk": "Bz",
    "Double Assault": "DA",
    "Lightning": "Lt",
    "Critical Hit": "CH",
    "Celerity": "Ce",
}
TYPE_MARK = {"Champion": "★", "Ally": "•", "Minion": "·"}
CHANGED = "◆"
FOCUS = "▸"
"""In a unit's mark column: what the highlighted option is about (over ◆)."""
WIDE = 50
"""A lane at least this many cells wide spells states out and shows equipment on rows of its own."""
MIN_NAME = 10
GOOD_NAME = 16
LIMBO_ROWS = 2
"""Limbo never takes more rows than this (what does not fit is counted, "+N more")."""
"""A name column this wide reads well enough that no row's tail should wrap to keep it wider."""
"""Names never get a column narrower than this (a row too long then wraps its tail)."""

LEGEND: list[tuple[str, str]] = [
    ("★ • ·", "Champion · Ally · Minion"),
    ("▶", "whose turn it is (the name underlined decides now)"),
    ("3⚔", "DP: damage the unit deals"),
    ("6♥  4/6♥", "HP of an unwounded unit / HP left of HP once wounded"),
    ("P  M", "Physical / Magical damage"),
    ("Bz DA Lt CH Ce", "Berserk · Double Assault · Lightning · Critical Hit · Celerity"),
    ("↷  exhausted", "exhausted (used this turn)"),
    ("✧  new", "new: may not exhaust this turn"),
    ("✝  DOWNED", "downed"),
    ("◇3", "shield: prevents the next 3 wounds"),
    ("⚒", "carries equipment (a wide board lists it: └ name +DP/+HP)"),
    ("ATK1", "attacking, as attacker number 1 of this combat"),
    ("⛨1", "blocks attacker ATK1 (⛨? a blocker choosing whom to block)"),
    ("×2", "a Critical Hit doubles its damage this round"),
    ("↯3", "3 wounds placed on it in Damage Assignment, dealt at Resolution"),
    ("◆", "changed by the last moves"),
    ("▸", "what the highlighted option is about (its unit, its target)"),
    ("▲2 ▼3", "units above / below the lane's view: [ and ] scroll"),
    ("~2", "a short name numbered so two names never look alike"),
    ("Hound A  Hound B", "two units of the same card: each keeps its letter while it is in play"),
]
"""Every symbol the board draws, with its meaning (the legend screen and the rules screen show it)."""


def keywords(words: tuple[str, ...]) -> str:
    return " ".join(KEYWORD_ABBREV.get(w, w[:2]) for w in words)


@dataclass
class Look:
    """What every row of one board shares: short names, column widths, combat numbers, marks."""

    labels: dict[str, str]
    name_width: int
    dp_width: int
    hp_width: int
    wide: bool
    attack_no: dict[int, int] = field(default_factory=dict)
    selected: int = -1
    crits: frozenset[int] = frozenset()
    placed: dict[int, int] = field(default_factory=dict)
    changed: frozenset[Ref] = frozenset()
    cursor: Ref | None = None
    focus: frozenset[Ref] = frozenset()
    chosen: dict[str, str] = field(default_factory=dict)
    """Full name -> the short name its card chose (the view's short_names)."""

    def label(self, name: str) -> str:
        return self.labels.get(name, name)

    def unit_label(self, unit: UnitView) -> str:
        """The unit's short name, and its letter when it has a look-alike in play ("Hound B"): the letter always
        shows, the name gives way to it (its card's short name, which the column always has room for)."""
        if not unit.tag:
            return self.label(unit.name)
        room = self.name_width - len(unit.tag) - 1
        short = self.label(unit.name)
        if len(short) > room:
            short = preferred(unit.name, room, self.chosen)
        return f"{short} {unit.tag}"


def stage_words(view: MythicariumView) -> str:
    """The stage for the status line ("Combat: declare blockers (Double Assault round)")."""
    extra = " (Double Assault round)" if view.combat is not None and view.combat.round > 1 else ""
    return f"{view.stage_label}{extra}"


def under_discussion(view: MythicariumView) -> list[Ref]:
    """The units a combat is about, first first: a blocker choosing, the attackers not yet blocked, the rest."""
    combat = view.combat
    if combat is None or view.deciding is None:
        return []
    blocked = {attacker for _, attacker in combat.blocks}
    refs: list[Ref] = [combat.selected_blocker] if combat.selected_blocker >= 0 else []
    refs.extend(a for a in combat.attackers if a not in blocked)
    refs.extend(combat.attackers)
    return refs


def board_names(view: MythicariumView) -> list[str]:
    """Every name the board may draw: units, their equipment, hands and limbo."""
    names: list[str] = []
    for player in view.players:
        for unit in player.lane:
            names.append(unit.name)
            names.extend(eq.name for eq in unit.equipment)
        names.extend(card.name for card in player.hand or ())
    names.extend(entry.name for entry in view.limbo)
    names.extend(entry.target_name for entry in view.limbo if entry.target_name)
    return names


def chosen_names(view: MythicariumView) -> dict[str, str]:
    """Every name the board may draw -> the short name its card chose (what the view says of each card)."""
    out: dict[str, str] = {}
    for player in view.players:
        for unit in player.lane:
            out[unit.name] = unit.short_name or unit.name
            out.update((eq.name, eq.short_name or eq.name) for eq in unit.equipment)
        out.update((card.name, card.short_name or card.name) for card in player.hand or ())
    out.update((entry.name, entry.short_name or entry.name) for entry in view.limbo)
    return out


def _tail(unit: UnitView, look: Look, wide: bool) -> list[tuple[str, str]]:
    """The keywords and state of a unit as (text, style) pieces, spelled out when `wide`."""
    parts: list[tuple[str, str]] = []
    if unit.keywords:
        parts.append((keywords(unit.keywords), "italic"))
    if unit.downed:
        parts.append(("DOWNED" if wide else "✝", "bold red"))
    elif unit.exhausted:
        parts.append(("exhausted" if wide else "↷", "dim"))
    elif unit.sick:
        parts.append(("new" if wide else "✧", "dim italic"))
    if unit.shield:
        parts.append((f"◇{unit.shield}", "cyan"))
    if unit.equipment and not wide:
        parts.append(("⚒" if len(unit.equipment) == 1 else f"⚒{len(unit.equipment)}", "dim"))
    if unit.uid in look.crits:
        parts.append(("×2", "bold red"))
    placed = look.placed.get(unit.uid, 0)
    if placed:
        parts.append((f"↯{placed} placed" if wide else f"↯{placed}", "bold yellow"))
    number = look.attack_no.get(unit.uid)
    if number is not None:
        parts.append((f"⚔ATK{number}" if wide else f"ATK{number}", "bold red"))
    if unit.blocking >= 0:
        blocked = look.attack_no.get(unit.blocking)
        mark = f"⛨{blocked}" if blocked is not None else "⛨"
        parts.append((f"{mark} blocks ATK{blocked}" if wide and blocked is not None else mark, "bold blue"))
    elif unit.uid == look.selected:
        parts.append(("⛨? choosing" if wide else "⛨?", "bold blue"))
    return parts


def _tail_len(parts: list[tuple[str, str]]) -> int:
    return sum(len(text) + 1 for text, _ in parts)


def hp_text(unit: UnitView) -> str:
    """HP as "6" while unwounded, "4/6" once wounded (HP left / HP)."""
    if unit.wounds == 0:
        return str(unit.hp)
    return f"{max(unit.hp - unit.wounds, 0)}/{unit.hp}"


def make_look(view: MythicariumView, lane_width: int, changed: frozenset[Ref], cursor: Ref | None) -> Look:
    """Column widths and short names for lanes `lane_width` cells wide (both lanes share them, so one
    name has one form on the whole board)."""
    units = [u for p in view.players for u in p.lane]
    dp_width = max((len(str(u.dp)) for u in units), default=1)
    hp_width = max((len(hp_text(u)) for u in units), default=1)
    wide = lane_width >= WIDE
    combat = view.combat
    look = Look({}, 0, dp_width, hp_width, wide, changed=changed, cursor=cursor, chosen=chosen_names(view))
    if combat is not None:
        look.attack_no = {uid: n for n, uid in enumerate(combat.attackers, start=1)}
        look.selected = combat.selected_blocker
        look.crits = frozenset(combat.crits)
        look.placed = dict(combat.placed)
    names = board_names(view)
    longest = max((len(u.name) + (len(u.tag) + 1 if u.tag else 0) for u in units), default=MIN_NAME)
    fixed = 3 + 1 + dp_width + 1 + 1 + hp_width + 1 + 2  # "◆★ " name " 3⚔ 4/6♥ P" (the ◆ column is the lane's margin)
    tails = [_tail_len(_tail(u, look, False)) for u in units]
    # every row fits with its tail while names keep GOOD_NAME cells; past that the name column gives way
    # to the second-longest tail only, and the one row with the longest tail wraps it
    tails.sort()
    room = tails[-1] if tails else 0
    if lane_width - fixed - room < GOOD_NAME and len(tails) > 1:
        room = tails[-2]
    # never narrower than a unit's chosen short name (and its letter): a name is whole or short, never cut
    needed = max((len(look.chosen.get(u.name, u.name)) + (len(u.tag) + 1 if u.tag else 0) for u in units), default=0)
    look.name_width = max(MIN_NAME, min(longest, max(needed, lane_width - fixed - room)))
    look.labels = short_names(names, look.name_width, look.chosen)
    return look


def unit_rows(unit: UnitView, look: Look, width: int) -> list[Text]:
    """One unit: one row, and a row per equipment on a wide lane (or when the tail must wrap)."""
    row = Text(no_wrap=True, overflow="ellipsis")
    changed = unit.uid in look.changed
    if unit.uid in look.focus:  # the highlighted option is about it: the mark column says so
        row.append(FOCUS, style="bold magenta")
    else:
        row.append(CHANGED if changed else " ", style="bold yellow")
    row.append(f"{TYPE_MARK.get(unit.type, '?')} ", style="dim")
    name_style = "strike dim" if unit.downed else ("bold" if unit.type == "Champion" else "")
    row.append(f"{look.unit_label(unit):<{look.name_width}}", style=name_style)
    row.append(f" {unit.dp:>{look.dp_width}}⚔", style="bold red")
    row.append(f" {hp_text(unit):>{look.hp_width}}♥", style="bold green" if unit.wounds == 0 else "bold yellow")
    magical = unit.damage == "Magical"
    row.append(" M" if magical else " P", style="magenta" if magical else "cyan")
    rows = [row]
    tail = _tail(unit, look, look.wide)
    if look.wide and row.cell_len + _tail_len(tail) > width:
        tail = _tail(unit, look, False)
    if row.cell_len + _tail_len(tail) > width:  # too long even in symbols: the tail goes on a row of its own
        extra = Text("     ", no_wrap=True, overflow="ellipsis")
        for text, style in tail:
            extra.append(f" {text}", style=style)
        rows.append(extra)
    else:
        for text, style in tail:
            row.append(f" {text}", style=style)
    if look.wide:
        for eq in unit.equipment:
            sub = Text(no_wrap=True, overflow="ellipsis")
            sub.append(CHANGED if eq.uid in look.changed else " ", style="bold yellow")
            sub.append(f"    └ {eq.name} +{eq.dp}/+{eq.hp}", style="dim")
            sub.stylize(inspect_style(eq.uid))
            rows.append(sub)
    if look.cursor == unit.uid:
        for r in rows:
            r.stylize("reverse")
    for r in rows[:1] if look.wide and unit.equipment else rows:
        r.stylize(inspect_style(unit.uid))  # a click inspects it
    return rows


def header_rows(
    player: PlayerView, view: MythicariumView, look: Look, width: int, two: bool, above: int, below: int
) -> list[Text]:
    """The player's name, VP, XP and counts: on two rows, or folded onto one when the lane is short."""
    active = player.seat == view.active
    deciding = player.seat == view.deciding
    seat = player.seat
    head = Text(" ", no_wrap=True, overflow="ellipsis")
    head.append("▶ " if active else "  ", style="bold yellow")
    head.append(
        player.name, style=Style.parse("bold underline" if deciding else "bold") + inspect_style(f"player:{seat}")
    )
    for ref, label, value in ((f"vp:{seat}", "VP", f"{player.vp}/20"), (f"xp:{seat}", "XP", str(player.xp))):
        head.append("  ")
        if ref in look.changed:
            head.append(CHANGED, style="bold yellow")
        head.append(f"{label} {value}", style="bold green" if label == "VP" else "bold yellow")
    pieces: list[Text] = []
    for ref, label, count in (
        (f"hand:{seat}", "hand", player.hand_count),
        (f"deck:{seat}", "deck", player.deck_count),
        (f"grave:{seat}", "grave", player.graveyard_count),
    ):
        piece = Text()
        if ref in look.changed:
            piece.append(CHANGED, style="bold yellow")
        piece.append(f"{label} {count}", style="dim")
        pieces.append(piece)
    scroll = Text()
    if above:
        scroll.append(f" ▲{above}", style="bold cyan")
    if below:
        scroll.append(f" ▼{below}", style="bold cyan")
    if look.cursor in (f"vp:{seat}", f"xp:{seat}"):
        head.stylize("reverse")
    if two:
        _right(head, scroll, width)
        counts = Text("   ", no_wrap=True, overflow="ellipsis")
        counts.append_text(Text(" · ", style="dim").join(pieces))
        return [head, counts]
    # one row: the counts that fit, then the scroll marks at the right edge
    for piece in pieces:
        if head.cell_len + 3 + piece.cell_len + scroll.cell_len <= width:
            head.append(" · ", style="dim")
            head.append_text(piece)
    _right(head, scroll, width)
    return [head]


def _right(row: Text, tail: Text, width: int) -> None:
    """Put `tail` at the right edge of `row` (or just after it when the row is full)."""
    if not tail:
        return
    gap = max(width - row.cell_len - tail.cell_len, 0)
    row.append(" " * gap)
    row.append_text(tail)


def lane_blocks(player: PlayerView, look: Look, width: int) -> list[list[Text]]:
    """Each unit of the lane as its rows."""
    return [unit_rows(unit, look, width) for unit in player.lane]


def fit_window(sizes: list[int], rows: int, top: int, want: int | None) -> tuple[int, int]:
    """The first and one-past-last block shown in `rows` rows, from `top` (clamped) and moved so
    that block `want` shows; blocks are `sizes` rows tall."""
    count = len(sizes)
    if count == 0:
        return 0, 0
    # the last top from which the lane's end is reached
    last_top, used = count, 0
    while last_top > 0 and used + sizes[last_top - 1] <= rows:
        last_top -= 1
        used += sizes[last_top]
    top = max(0, min(top, last_top, count - 1))
    if want is not None:
        if want < top:
            top = want
        else:
            while top < want and sum(sizes[top : want + 1]) > rows:
                top += 1
    end, used = top, 0
    while end < count and used + sizes[end] <= rows:
        used += sizes[end]
        end += 1
    return top, max(end, top + 1 if rows > 0 else top)


def pack(label: Text, items: Iterable[Text], width: int, sep: str = " · ") -> list[Text]:
    """`label` then `items` packed into rows of `width` cells, never splitting an item."""
    rows = [label.copy()]
    fresh = True
    for item in items:
        row = rows[-1]
        label_only = len(rows) == 1 and fresh and row.cell_len > 1
        if (not fresh or label_only) and row.cell_len + len(sep) * (not fresh) + item.cell_len > width:
            row = Text(" ")
            rows.append(row)
            fresh = True
        if not fresh:
            row.append(sep, style="dim")
        row.append_text(item)
        fresh = False
    for row in rows:
        row.no_wrap = True
        row.overflow = "ellipsis"
    return rows


def hand_item(card: HandCard, look: Look, full: bool) -> Text:
    item = Text()
    if card.uid in look.changed:
        item.append(CHANGED, style="bold yellow")
    item.append(card.name if full else look.label(card.name), style="bold" if card.type != "Legend" else "bold magenta")
    item.append(f" {card.cost}", style="yellow")
    if look.cursor == card.uid:
        item.stylize("reverse")
    item.stylize(inspect_style(card.uid))
    return item


def hand_card_row(card: HandCard, look: Look, width: int) -> Text:
    """A card on a row of its own (a wide board): name, cost, type and numbers, then its text."""
    row = Text(no_wrap=True, overflow="ellipsis")
    row.append(CHANGED if card.uid in look.changed else " ", style="bold yellow")
    row.append(card.name, style="bold" if card.type != "Legend" else "bold magenta")
    row.append(f" {card.cost} XP", style="yellow")
    kind = card.type
    if card.type in TYPE_MARK:
        kind += f" {card.dp}⚔ {card.hp}♥ {'M' if card.damage == 'Magical' else 'P'}"
    if card.keywords:
        kind += f" {keywords(card.keywords)}"
    row.append(f" · {kind}", style="dim")
    if card.text:  # the keywords above are short forms (Lt): their full names here say no more twice
        row.append(f" — {card.text}")
    if look.cursor == card.uid:
        row.stylize("reverse")
    row.stylize(inspect_style(card.uid))
    row.truncate(width, overflow="ellipsis")
    return row


def hand_rows(view: MythicariumView, look: Look, width: int, max_rows: int) -> list[Text]:
    """The hands the view shows: a card per row with its text when there is room for all of them,
    else names packed (full names when they fit `max_rows`, else the short forms)."""
    hands = [(p, p.hand) for p in view.players if p.hand is not None]
    if not hands:
        return [Text("(no hand is shown)", style="dim")]
    rows: list[Text] = []
    many = len(hands) > 1
    per_hand = max(max_rows // len(hands), 1)
    for player, hand in hands:
        title = f"{player.name}'s hand" if many else "Hand"
        label = Text(f"{title} {len(hand)}/{player.hand_limit}:", style="bold")
        if not hand:
            rows.append(label + Text(" empty", style="dim"))
            continue
        if look.wide and len(hand) + 1 <= per_hand:
            rows.append(label)
            rows.extend(hand_card_row(card, look, width) for card in hand)
            continue
        label.append(" ")
        packed = pack(label, [hand_item(c, look, True) for c in hand], width)
        if len(packed) > per_hand:
            packed = fit_rows(label, [hand_item(c, look, False) for c in hand], width, per_hand)
        rows.extend(packed)
    return rows


def fit_rows(label: Text, items: list[Text], width: int, max_rows: int, sep: str = " · ") -> list[Text]:
    """`pack`, but in at most `max_rows` rows: the items that do not fit become "+N more"."""
    rows = pack(label, items, width, sep)
    shown = len(items)
    while len(rows) > max_rows and shown > 0:
        shown -= 1
        rows = pack(label, [*items[:shown], Text(f"+{len(items) - shown} more", style="bold")], width, sep)
    return rows[:max_rows]


def limbo_rows(view: MythicariumView, look: Look, width: int) -> list[Text]:
    """What waits in limbo, the next to resolve first; short names unless full ones fit two rows."""
    if not view.limbo:
        return []

    def items(full: bool) -> list[Text]:
        out = []
        for index, entry in enumerate(reversed(view.limbo)):
            item = Text()
            if entry.uid in look.changed:
                item.append(CHANGED, style="bold yellow")
            item.append(entry.name if full else look.label(entry.name), style="bold" if index == 0 else "")
            if entry.kind == "ability":
                item.append(" (ability)")
            if entry.target_name:
                item.append(f" → {entry.target_name if full else look.label(entry.target_name)}")
            item.append(f" [{view.players[entry.owner].name}]")
            if look.cursor == entry.uid:
                item.stylize("reverse")
            item.stylize(inspect_style(entry.uid))
            out.append(item)
        return out

    first = "top resolves first" if look.wide else "next first"
    label = Text(f"Limbo ({first}): " if len(view.limbo) > 1 else "Limbo: ", style="bold magenta")
    rows = pack(label, items(True), width, sep="  ·  ")
    if len(rows) > LIMBO_ROWS:
        rows = fit_rows(label, items(False), width, LIMBO_ROWS, sep="  ·  ")
    return rows
