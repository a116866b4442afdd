"""The side panels: the initiative track, the active combatant's card (AP, kit) and the roster."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from mythtable.rulesets.mythcraft.view import CombatantView, InitiativeEntry, MythcraftView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.boards.mythcraft.common import (
    ACTIVE_STYLE,
    CARRIED_COLOUR,
    CARRIED_STYLE,
    FOCUS_STYLE,
    FRESH_COLOUR,
    FRESH_STYLE,
    SPECIAL_COLOUR,
    SPECIAL_NAME,
    condition_text,
    item_name,
    signed,
    token,
    token_style,
)
from mythtable.tui.colours import BLOODIED_COLOUR, CREATURE_TEXT, DYING_TEXT, SPELL_POINTS_COLOUR, TURN_MARK_STYLE


def roll_words(entry: InitiativeEntry) -> str:
    """An Initiative roll in full: d20 + AWR = total, and any roll-offs."""
    words = f"{entry.roll}{signed(entry.awr)}={entry.total}"
    return words + (" r" + ",".join(str(r) for r in entry.rolloffs) if entry.rolloffs else "")


def short_name(c: CombatantView) -> str:
    """A name short enough for a narrow panel: the short name its creature or hero chose in the content, with
    a creature's letter ("Rattlebone B" for "Rattlebone Sentry B"; full names are in the inspect panel)."""
    return str(c.short_name or c.name)


def shortest_name(c: CombatantView) -> str:
    """The last resort of the narrowest track (a map 18 squares wide at 80 columns): the last word of the short
    name and a creature's letter ("Crows A" for "Carrion Crows A"), a hero's own name."""
    if c.side == 0:
        return short_name(c)
    kind = str(c.kind_name) or str(c.name)
    suffix = c.name[len(kind) :].strip() if c.name.startswith(kind) else ""
    short = short_name(c)
    base = short[: len(short) - len(suffix)] if suffix else short
    return f"{base.split()[-1]} {suffix}".strip()


def fitting_name(c: CombatantView, width: int) -> str:
    """The name, else the short name, else the shortest, whichever first fits `width` cells."""
    return next((n for n in (str(c.name), short_name(c)) if len(n) <= width), shortest_name(c))


class TrackRender:
    """The initiative track: the round, then everyone in turn order with d20 + AWR = total."""

    def __init__(self, view: MythcraftView, focus: str) -> None:
        self.view = view
        self.focus = focus

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        view = self.view
        init = view.initiative
        head = Text(f"Round {init.round}", style="bold")
        head.append(" · initiative", style="dim")
        head.truncate(width, overflow="ellipsis")
        yield head
        by_uid = {c.uid: c for c in view.combatants}
        entries = [(i, e, by_uid[e.uid]) for i, e in enumerate(init.order) if e.uid in by_uid]
        # full: "Ash Hound A 15+2=17 r6"; else the total only; else short names ("Hound A"), never cut
        full = max((5 + len(c.name) + len(roll_words(e)) for _, e, c in entries), default=0) <= width
        names = {c.uid: c.name for _, _, c in entries}
        if not full and max((7 + len(n) for n in names.values()), default=0) > width:
            names = {uid: short_name(by_uid[uid]) for uid in names}
        if not full and max((7 + len(n) for n in names.values()), default=0) > width:
            names = {uid: shortest_name(by_uid[uid]) for uid in names}
        name_width = max((len(n) for n in names.values()), default=0)
        for index, entry, c in entries:
            current = index == init.current and c.uid == view.active_uid
            line = Text()
            if current:
                line.append("▶", style=TURN_MARK_STYLE)
            else:
                line.append("✚" if c.dying else " ", style="bold red")
            line.append(token(c), style=ACTIVE_STYLE if current else token_style(c))
            line.append(" ")
            name = Text(names[c.uid], style=self.name_style(c, current))
            if full:
                name.truncate(max(3, width - line.cell_len - len(roll_words(entry)) - 1), pad=True)
            else:
                name.truncate(name_width, pad=True)
            line.append_text(name)
            line.append(" ")
            if full:
                line.append(f"{entry.roll}", style="bold")
                line.append(signed(entry.awr), style="cyan")
                line.append(f"={entry.total}", style="bold")
                if entry.rolloffs:
                    line.append(" r" + ",".join(str(r) for r in entry.rolloffs), style="magenta")
            else:
                line.append(f"{entry.total:>2}", style="bold")
            if c.uid == self.focus and not current:
                line.stylize("reverse", 1, 3)
            line.truncate(width, overflow="ellipsis")
            line.stylize(inspect_style(c.uid))  # a click inspects it (the map's clicks choose targets)
            yield line
        for c in view.combatants:
            if c.dead:
                line = Text()
                line.append("✝", style="dim")
                line.append(token(c), style="dim strike")
                line.append(" ")
                line.append(fitting_name(c, width - 9), style="dim strike")
                line.append(" dead", style="dim")
                line.truncate(width, overflow="ellipsis")
                line.stylize(inspect_style(c.uid))
                yield line

    @staticmethod
    def name_style(c: CombatantView, current: bool) -> str:
        if c.dying:
            return DYING_TEXT
        if current:
            return TURN_MARK_STYLE
        return "" if c.side == 0 else CREATURE_TEXT


def ap_meter(c: CombatantView) -> Text:
    """Fresh AP (green), carried Reactive AP (blue), spent AP (hollow), special AP (red or gold)."""
    meter = Text()
    pool = c.fresh_ap + c.carried_reactive_ap
    for i in range(max(pool, c.ap)):
        if i >= c.ap:
            meter.append("□", style="dim")
        elif i < c.fresh_ap:
            meter.append("■", style=FRESH_STYLE)
        else:
            meter.append("■", style=CARRIED_STYLE)
    if c.special_ap:
        meter.append(" ")
        meter.append("◆" * c.special_ap, style=f"bold {SPECIAL_COLOUR.get(c.special_kind, '')}")
    return meter


Piece = tuple[str | Text, str]
"""Words that stay together on a line, and their style."""


class CardRender:
    """Rows of pieces; a row's pieces flow onto more lines when the width runs out."""

    def __init__(self, rows: list[list[Piece]]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for row in self.rows:
            line = Text(no_wrap=True, overflow="ellipsis")
            for words, style in row:
                gap = 1 if line.cell_len else 0
                size = words.cell_len if isinstance(words, Text) else len(words)
                if line.cell_len and line.cell_len + gap + size > width:
                    yield line
                    line = Text(no_wrap=True, overflow="ellipsis")
                    gap = 0
                if size > width:  # too long for any line: it wraps on lines of its own
                    if line.cell_len:
                        yield line
                    piece = words.copy() if isinstance(words, Text) else Text(words, style=style)
                    yield from piece.wrap(console, width, overflow="fold")
                    line = Text(no_wrap=True, overflow="ellipsis")
                    continue
                line.append(" " * gap)
                if isinstance(words, Text):
                    line.append_text(words)
                else:
                    line.append(words, style=style)
            if line.cell_len or not row:
                line.truncate(width, overflow="ellipsis")
                yield line


def head_row(c: CombatantView, asked: bool) -> list[Piece]:
    row: list[Piece] = [(token(c), ACTIVE_STYLE if not asked else FOCUS_STYLE), (c.name, "bold")]
    if c.side == 0:
        row.append((f"L{c.level}", "dim"))
    if asked:
        row.append(("reacting", "bold magenta"))
    return row


def hero_card(c: CombatantView, asked: bool) -> CardRender:
    """The hero's Action Points (fresh, carried Reactive, special), weapon, shield and load."""
    rows: list[list[Piece]] = [head_row(c, asked)]
    if asked:  # on someone else's turn only Reactive AP can be spent
        rows.append([("Reactive", ""), ("■" * c.reactive_ap, CARRIED_STYLE), (f"{c.reactive_ap}", "bold")])
        rows.append([(f"(at most {c.reactive_cap} kept into {c.name}'s turn)", "dim")])
        return CardRender(rows + kit_rows(c))
    ap: list[Piece] = [("AP", ""), (ap_meter(c), ""), (f"{c.ap}", "bold")]
    if c.special_ap:
        ap[-1] = (f"{c.ap}+{c.special_ap}", "bold")
    rows.append(ap)
    # carried: the Reactive AP kept into this turn, never more than the cap (C-21)
    parts: list[Piece] = [
        (f"{c.fresh_ap} fresh", FRESH_COLOUR),
        (f"{c.carried_reactive_ap} carried (max {c.reactive_cap})", CARRIED_COLOUR),
    ]
    if c.special_ap:
        name = SPECIAL_NAME.get(c.special_kind, "special")
        parts.append((f"{c.special_ap} {name}", SPECIAL_COLOUR.get(c.special_kind, "")))
    if c.max_sp:
        parts.append((f"SP {c.sp}/{c.max_sp}", SPELL_POINTS_COLOUR))
    rows.append(parts)
    return CardRender(rows + kit_rows(c))


def kit_rows(c: CombatantView) -> list[list[Piece]]:
    """Weapon, shield (or off hand) and carried weight against capacity."""
    kit: list[Piece] = [(f"⚔ {item_name(c.weapon, c.weapon_name)}", "")]
    if c.off_hand:
        kit.append((f"⛨ {item_name(c.off_hand, c.off_hand_name)}", ""))
    kit.append((f"load {c.carried_weight}/{c.capacity}", "bold red" if c.encumbered else ""))
    if c.encumbered:
        kit.append(("encumbered", "red"))
    kit.append((f"speed {c.speed_squares}", "dim"))
    return [kit]


def creature_card(c: CombatantView, asked: bool) -> CardRender:
    rows: list[list[Piece]] = [head_row(c, asked)]
    rows.append([("Actions left", ""), (f"{c.actions_left}", "bold"), (f"speed {c.speed_squares}", "dim")])
    rows.append([(f"{name} {value}", "dim") for name, value in c.defenses[:3]])
    attacks: list[Piece] = []
    for act in c.actions:
        if act.kind in ("attack", "area_attack"):
            once = "*" if act.once_per_encounter else ""
            attacks.append((f"{act.name}{once} {act.damage}".strip(), CREATURE_TEXT))
    rows.append(attacks)
    return CardRender(rows)


class RosterRender:
    """Everyone's HP, Bloodied, Death Points and conditions; names too when there is room."""

    def __init__(self, view: MythcraftView) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        people = sorted(self.view.combatants, key=lambda c: (c.dead, c.side))
        width = options.max_width
        if width >= 26:
            longest = max((len(c.name) for c in people), default=0)
            for c in people:
                yield roster_line(c, self.view.active_uid, min(longest, width - 16))
            return
        # narrow: as many combatants on a line as fit
        yield from CardRender([[(roster_line(c, self.view.active_uid), "") for c in people]]).__rich_console__(
            console, options
        )


def roster_line(c: CombatantView, active_uid: str, name_width: int = 0) -> Text:
    """A combatant's HP, Bloodied, Death Points and conditions, in one (wrapping) line."""
    line = Text()
    line.append(token(c), style=("dim strike" if c.dead else ACTIVE_STYLE if c.uid == active_uid else token_style(c)))
    line.append(" ")
    if name_width > 0:
        name = Text(c.name, style="dim strike" if c.dead else "")
        name.truncate(name_width, overflow="ellipsis", pad=True)
        line.append_text(name)
        line.append(" ")
    if c.dead:
        line.append("dead", style="dim")
        line.stylize(inspect_style(c.uid))  # a click inspects it
        return line
    hp_style = f"bold {FRESH_COLOUR}" if not c.bloodied else f"bold {BLOODIED_COLOUR}"
    if c.hp == 0:
        hp_style = "bold red"
    line.append(f"{c.hp}", style=hp_style)
    line.append(f"/{c.max_hp}", style="dim")
    if c.bloodied and c.hp > 0:
        line.append(" Bloodied", style=BLOODIED_COLOUR)
    if c.dying:
        line.append(" dying", style="bold red")
    if c.dp or c.dying:
        line.append(f" DP {c.dp}/8", style="red")
    for cond in c.conditions:
        line.append(f" {condition_text(cond)}", style="italic cyan")
    line.stylize(inspect_style(c.uid))  # a click inspects it
    return line
