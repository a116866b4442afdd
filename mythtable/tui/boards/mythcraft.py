"""The MythCraft combat table: the grid map, the initiative track, the active combatant's card
(Action Points, weapon, shield, load) and everyone's HP, Bloodied, Death Points and conditions.

Everything is public in MythCraft, so the board draws the whole view. Squares are two characters
wide: heroes are a digit and an initial on blue, creatures a letter pair on red. The movement
range of the active combatant is shaded green, the squares in its melee reach are marked red,
and the square or combatant that the highlighted option is about is shown in magenta.

Grid cursor: when moves are on offer, "g" moves the keyboard to the map; the arrows move a
cursor, Enter moves there, and Escape or "g" goes back to the option list. The prompt's list
follows the cursor, so the detail line always explains the square under it. With a mouse, a
click on a square highlights its option and a second click chooses it.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action
from mythtable.tui.boards.base import Board

HERO_STYLE = "bold white on #1f4f8f"
CREATURE_STYLE = "bold white on #8f2f2f"
HERO_STYLE_ALT = "bold white on #3068b0"
CREATURE_STYLE_ALT = "bold white on #b04848"
DYING_STYLE = "bold #ff8080 on #3a1f1f"
ACTIVE_STYLE = "bold black on #e8c547"
FOCUS_STYLE = "bold white on #a040b0"
CURSOR_STYLE = "bold black on #f0f0f0"
MOVE_BG = "#1e3f27"
MOVE_BG_NEW = "#16301e"
WALL_STYLE = "#7a7a7a on #4a4a4a"
RUBBLE_STYLE = "#b09060"
ITEM_STYLE = "bold #f0d060"
FLOOR_STYLE = "#5a5a5a"
REACH_STYLE = "#e06060"
FRESH_COLOUR = "#5fd75f"
CARRIED_COLOUR = "#5fafd7"
SPECIAL_COLOUR = {"rage": "#ff5f5f", "support": "#ffd75f"}
FRESH_STYLE = f"bold {FRESH_COLOUR}"
CARRIED_STYLE = f"bold {CARRIED_COLOUR}"
SPECIAL_NAME = {"rage": "Rage", "support": "Holy Support"}
CONDITION_SHORT = {"dodge": "Dodging", "stopped": "Stopped"}
"""Condition names as shown (the others are capitalized; Bleeding and Burning add their X)."""
TARGETED = {"attack": 2, "cast": 2, "use": 2, "grapple": 1, "shove": 1, "trip": 1, "help": 1}
"""Action kind -> position of the combatant uid it is aimed at."""
ITEM_ACTIONS = ("equip", "stow", "set_down", "pick_up", "use")


@cache
def content() -> Any:
    """The public MythCraft content (item, spell and creature definitions); never game state."""
    from mythtable.engine.registry import load

    return load("mythcraft").content


def item_name(iid: str) -> str:
    if not iid:
        return "—"
    items = content().items
    name = str(items[iid].name) if iid in items else iid.replace("_", " ")
    return name[:1].upper() + name[1:]


def token(c: Any) -> str:
    """Two characters: a hero's party number and initial, a creature's kind letter and suffix."""
    if c.side == 0:
        digits = "".join(ch for ch in c.uid if ch.isdigit()) or "?"
        return f"{digits[-1]}{str(c.name)[:1]}".ljust(2)[:2]
    creatures = content().creatures
    kind_name = str(creatures[c.kind].name) if c.kind in creatures else c.name
    letter = kind_name.split()[-1][:1].lower()
    suffix = c.name[len(kind_name) :].strip() if c.name.startswith(kind_name) else ""
    return (letter + suffix[:1]).ljust(2)


def token_style(c: Any, alternate: bool = False) -> str:
    """A hero's or creature's colours; on the map every other square a shade lighter, so that
    neighbours read as two tokens ("hA" beside "i ", not "hAi ")."""
    if c.dying:
        return DYING_STYLE
    if alternate:
        return HERO_STYLE_ALT if c.side == 0 else CREATURE_STYLE_ALT
    return HERO_STYLE if c.side == 0 else CREATURE_STYLE


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def condition_text(cond: Any) -> str:
    name = CONDITION_SHORT.get(cond.name, cond.name.capitalize())
    return f"{name} {cond.value}" if cond.value else name


def reactor(view: Any) -> Any | None:
    """Who is asked in a reaction or a choice (the prompt starts with that combatant's name)."""
    if view.decision_kind in ("hero_turn", "creature_turn", ""):
        return None
    named = [c for c in view.combatants if not c.dead and view.prompt.startswith(c.name)]
    return max(named, key=lambda c: len(c.name)) if named else None


def find(view: Any, uid: object) -> Any | None:
    return next((c for c in view.combatants if c.uid == uid), None)


# ----- renderables that fit the width they get -----------------------------------------------


class TrackRender:
    """The initiative track: the round, then everyone in turn order with d20 + AWR = total."""

    def __init__(self, view: Any, focus: str) -> None:
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
        for index, entry in enumerate(init.order):
            c = by_uid.get(entry.uid)
            if c is None:
                continue
            current = index == init.current and c.uid == view.active_uid
            line = Text()
            if current:
                line.append("▶", style="bold #e8c547")
            else:
                line.append("✚" if c.dying else " ", style="bold red")
            line.append(token(c), style=ACTIVE_STYLE if current else token_style(c))
            line.append(" ")
            parts = f"{entry.roll}{signed(entry.awr)}={entry.total}"
            if entry.rolloffs:
                parts += " r" + ",".join(str(r) for r in entry.rolloffs)
            name_width = max(3, width - line.cell_len - len(parts) - 1)
            name = Text(c.name, style=self.name_style(c, current))
            name.truncate(name_width, overflow="ellipsis", pad=True)
            line.append_text(name)
            line.append(" ")
            line.append(f"{entry.roll}", style="bold")
            line.append(signed(entry.awr), style="cyan")
            line.append(f"={entry.total}", style="bold")
            if entry.rolloffs:
                line.append(" r" + ",".join(str(r) for r in entry.rolloffs), style="magenta")
            if c.uid == self.focus and not current:
                line.stylize("reverse", 1, 3)
            line.truncate(width, overflow="ellipsis")
            yield line
        for c in view.combatants:
            if c.dead:
                line = Text()
                line.append("✝", style="dim")
                line.append(token(c), style="dim strike")
                line.append(" ")
                line.append(c.name, style="dim strike")
                line.append(" dead", style="dim")
                line.truncate(width, overflow="ellipsis")
                yield line

    @staticmethod
    def name_style(c: Any, current: bool) -> str:
        if c.dying:
            return "bold #ff8080"
        if current:
            return "bold #e8c547"
        return "" if c.side == 0 else "#e0a0a0"


def ap_meter(c: Any) -> Text:
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


def head_row(c: Any, asked: bool) -> list[Piece]:
    row: list[Piece] = [(token(c), ACTIVE_STYLE if not asked else FOCUS_STYLE), (c.name, "bold")]
    if c.side == 0:
        row.append((f"L{c.level}", "dim"))
    if asked:
        row.append(("reacting", "bold magenta"))
    return row


def hero_card(c: Any, asked: bool) -> CardRender:
    """The hero's Action Points (fresh, carried Reactive, special), weapon, shield and load."""
    rows: list[list[Piece]] = [head_row(c, asked)]
    if asked:  # on someone else's turn only Reactive AP can be spent
        rows.append([("Reactive", ""), ("■" * c.reactive_ap, CARRIED_STYLE), (f"{c.reactive_ap}", "bold")])
        rows.append([(f"keeps up to {c.reactive_cap}", "dim")])
        return CardRender(rows + kit_rows(c))
    ap: list[Piece] = [("AP", ""), (ap_meter(c), ""), (f"{c.ap}", "bold")]
    if c.special_ap:
        ap[-1] = (f"{c.ap}+{c.special_ap}", "bold")
    rows.append(ap)
    parts: list[Piece] = [(f"{c.fresh_ap} fresh", FRESH_COLOUR), (f"{c.carried_reactive_ap} carried", CARRIED_COLOUR)]
    if c.special_ap:
        name = SPECIAL_NAME.get(c.special_kind, "special")
        parts.append((f"{c.special_ap} {name}", SPECIAL_COLOUR.get(c.special_kind, "")))
    parts.append((f"Reactive {c.reactive_ap}/{c.reactive_cap}", "dim"))
    if c.max_sp:
        parts.append((f"SP {c.sp}/{c.max_sp}", "#af87ff"))
    rows.append(parts)
    return CardRender(rows + kit_rows(c))


def kit_rows(c: Any) -> list[list[Piece]]:
    """Weapon, shield (or off hand) and carried weight against capacity."""
    kit: list[Piece] = [(f"⚔ {item_name(c.weapon)}", "")]
    if c.off_hand:
        kit.append((f"⛨ {item_name(c.off_hand)}", ""))
    kit.append((f"load {c.carried_weight}/{c.capacity}", "bold red" if c.encumbered else ""))
    if c.encumbered:
        kit.append(("encumbered", "red"))
    kit.append((f"speed {c.speed_squares}", "dim"))
    return [kit]


def creature_card(c: Any, asked: bool) -> CardRender:
    rows: list[list[Piece]] = [head_row(c, asked)]
    rows.append([("Actions left", ""), (f"{c.actions_left}", "bold"), (f"speed {c.speed_squares}", "dim")])
    rows.append([(f"{name} {value}", "dim") for name, value in c.defenses[:3]])
    attacks: list[Piece] = []
    for act in creature_actions(c.kind):
        if act.kind in ("attack", "area_attack"):
            once = "*" if act.once_per_encounter else ""
            attacks.append((f"{act.name}{once} {act.damage}".strip(), "#e0a0a0"))
    rows.append(attacks)
    return CardRender(rows)


class RosterRender:
    """Everyone's HP, Bloodied, Death Points and conditions; names too when there is room."""

    def __init__(self, view: Any) -> None:
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


def roster_line(c: Any, active_uid: str, name_width: int = 0) -> Text:
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
        return line
    hp_style = "bold #5fd75f" if not c.bloodied else "bold #ffaf00"
    if c.hp == 0:
        hp_style = "bold red"
    line.append(f"{c.hp}", style=hp_style)
    line.append(f"/{c.max_hp}", style="dim")
    if c.bloodied and c.hp > 0:
        line.append(" Bloodied", style="#ffaf00")
    if c.dying:
        line.append(" dying", style="bold red")
    if c.dp or c.dying:
        line.append(f" DP {c.dp}/8", style="red")
    for cond in c.conditions:
        line.append(f" {condition_text(cond)}", style="italic cyan")
    return line


def explain(view: Any, action: Action) -> str | Text:
    """What an option means: a square's AP cost and Engaged risk, a target's HP and defenses."""
    kind = action[0]
    if kind == "move" and len(action) == 3:
        return move_detail(view, int(action[1]), int(action[2]))
    if kind in TARGETED and len(action) > TARGETED[kind]:
        target = find(view, action[TARGETED[kind]])
        if target is not None:
            return target_detail(view, action, target)
    if kind in ITEM_ACTIONS and len(action) > 1:
        return item_detail(str(action[1]), str(action[0]), find(view, view.active_uid))
    if kind == "react":
        asked = reactor(view)
        if asked is not None and asked.side == 0:
            return Text(f"{asked.name} holds {asked.reactive_ap} Reactive AP (cap {asked.reactive_cap}).")
    return ""


def move_detail(view: Any, x: int, y: int) -> Text:
    square = next((s for s in view.reachable if (s.x, s.y) == (x, y)), None)
    active = find(view, view.active_uid)
    text = Text(f"Move to ({x}, {y})", style="bold")
    if active is not None:
        steps = max(abs(active.x - x), abs(active.y - y))
        text.append(f", {steps} square{'s' if steps != 1 else ''} away")
    if square is not None:
        if active is not None and active.side == 1:
            text.append(" · uses 1 action", style="yellow")
        elif square.ap_cost == 0:
            text.append(" · 0 AP (inside this Move)", style="green")
        else:
            text.append(f" · {square.ap_cost} AP (a new Move)", style="yellow")
    if active is not None:
        strikers = [token(o).strip() for o in engagers(view, active, x, y)]
        if strikers:
            text.append(f" · leaves the reach of {', '.join(strikers)}: Engaged strike", style="bold red")
    item = next((g for g in view.map.ground if (g.x, g.y) == (x, y)), None)
    if item is not None:
        text.append(f" · {item.name} lies there", style=ITEM_STYLE)
    return text


def target_detail(view: Any, action: Action, target: Any) -> Text:
    """The target's HP and state, what the option does to it against which defense, its defenses."""
    text = Text()
    text.append(f"{token(target)}", style=token_style(target))
    text.append(f" {target.name}", style="bold")
    text.append(f" HP {target.hp}/{target.max_hp}")
    if target.bloodied:
        text.append(" Bloodied", style="#ffaf00")
    if target.dying:
        text.append(f" dying, DP {target.dp}", style="red")
    for cond in target.conditions:
        text.append(f" {condition_text(cond)}", style="italic cyan")
    defenses = dict(target.defenses)
    what, against = effect_of(view, action)
    if what:
        text.append(f" · {what}", style="yellow")
    if against in defenses:
        text.append(f" vs {against} {defenses[against]}", style="bold yellow")
    others = " ".join(f"{name} {value}" for name, value in target.defenses if name != against)
    text.append(f" · {others}", style="cyan")
    return text


def effect_of(view: Any, action: Action) -> tuple[str, str]:
    """What an attack, spell or item does ("Bite 1d6+2 sharp") and the defense it goes against."""
    kind, key = action[0], str(action[1]) if len(action) > 1 else ""
    if kind == "attack":
        active = find(view, view.active_uid)
        if active is not None and active.side == 1:
            act = next((a for a in creature_actions(active.kind) if a.id == key), None)
            if act is not None:
                return f"{act.name} {act.damage} {act.damage_type or ''}".strip(), act.defense
            return "", ""
        if key == "unarmed":
            return "unarmed strike", "AR"
        item = content().items.get(key)
        if item is not None:
            return f"{item_name(key)} {item.damage} {item.damage_type or ''}".strip(), item.defense
    if kind == "cast":
        spell = content().spells.get(key)
        if spell is not None:
            if spell.heal:
                return f"{spell.name} heals {spell.heal}", ""
            area = f" (area {spell.area})" if spell.target == "area" else ""
            return f"{spell.name}{area} {spell.damage} {spell.damage_type or ''}".strip(), spell.defense
    if kind == "use":
        item = content().items.get(key)
        if item is not None:
            return item_name(key) + (f" heals {item.heal}" if item.heal else ""), ""
    if kind in ("grapple", "shove", "trip"):
        return f"{kind} (REF or FORT)", ""
    return "", ""


def engagers(view: Any, mover: Any, x: int, y: int) -> list[Any]:
    """Foes whose melee reach the mover is in now but (x, y) is not: they may strike as it leaves.
    A hint only: the engine decides along the path, once per foe and round."""
    out = []
    for o in view.combatants:
        if o.side == mover.side or o.dead or o.dying:
            continue
        reach = 1 if o.side == 0 else creature_reach(o.kind)
        now = max(abs(o.x - mover.x), abs(o.y - mover.y))
        then = max(abs(o.x - x), abs(o.y - y))
        if 0 < now <= reach < then:
            out.append(o)
    return out


def creature_reach(kind: str) -> int:
    reaches = [a.range_ft // 5 for a in creature_actions(kind) if a.range in ("melee", "reach")]
    return max(reaches, default=0)


def creature_actions(kind: str) -> list[Any]:
    creatures = content().creatures
    return list(creatures[kind].actions) if kind in creatures else []


def item_detail(iid: str, kind: str = "", holder: Any = None) -> Text:
    """An item's kind, weight, damage, grip and healing; the load after setting down or picking up."""
    item = content().items.get(iid)
    if item is None:
        return Text("")
    text = Text(item_name(iid), style="bold")
    text.append(f" · {item.kind} · weight {item.weight}")
    if item.damage:
        text.append(f" · {item.damage} {item.damage_type}")
    if item.grip not in ("none", "one_hand"):
        text.append(f" · {item.grip.replace('_', ' ')}")
    if item.heal:
        text.append(f" · heals {item.heal}")
    if holder is not None and holder.capacity and kind in ("set_down", "pick_up"):
        after = holder.carried_weight + (item.weight if kind == "pick_up" else -item.weight)
        style = "bold red" if after > holder.capacity else "green"
        text.append(f" · load {holder.carried_weight} → {after}/{holder.capacity}", style=style)
    return text


def option_at(view: Any, actions: list[Action], x: int, y: int) -> int | None:
    """The index of the move to (x, y), else of the first option aimed at whoever stands there."""
    here = next((c.uid for c in view.combatants if not c.dead and (c.x, c.y) == (x, y)), None)
    aimed = None
    for index, action in enumerate(actions):
        kind = action[0]
        if kind == "move" and len(action) == 3 and (action[1], action[2]) == (x, y):
            return index
        at = TARGETED.get(str(kind))
        if aimed is None and here is not None and at is not None and len(action) > at and action[at] == here:
            aimed = index
    return aimed


# ----- the map ----------------------------------------------------------------------------------


def append_runs(text: Text, cells: list[tuple[str, str]]) -> None:
    """Append cells, one span for each run of cells in the same style (a map redraws per key)."""
    run, run_style = "", None
    for glyph, style in cells:
        if style != run_style and run:
            text.append(run, style=run_style)
            run = ""
        run += glyph
        run_style = style
    if run:
        text.append(run, style=run_style)


class MapGrid(Static, can_focus=True):
    """The battle map, two characters a square, with column and row numbers."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", "Cursor", key_display="↑↓←→"),
        Binding("down", "cursor(0, 1)", "↓", show=False),
        Binding("left", "cursor(-1, 0)", "←", show=False),
        Binding("right", "cursor(1, 0)", "→", show=False),
        Binding("enter", "pick", "Move here"),
        Binding("escape,g", "leave", "Back to list"),
    ]
    DEFAULT_CSS = """
    MapGrid { width: auto; height: auto; padding: 0 1 0 0; }
    MapGrid:focus { background: $boost; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__("", **kw)
        self.view: Any = None
        self.focus_action: Action | None = None
        self.cursor: tuple[int, int] | None = None
        self.scale = 1  # 2 on large terminals: squares of 4 x 2 characters

    def draw(self) -> None:
        view = self.view
        if view is None:
            self.update("")
            return
        self.update(self.render_map(view))

    def render_map(self, view: Any) -> Text:
        m = view.map
        walls = set(m.walls)
        rubble = set(m.rubble)
        ground = {(g.x, g.y) for g in m.ground}
        moves = {(s.x, s.y): s.ap_cost for s in view.reachable}
        units = {(c.x, c.y): c for c in view.combatants if not c.dead}
        active = find(view, view.active_uid)
        asked = reactor(view)
        reach: set[tuple[int, int]] = set()
        if active is not None and view.active_reach and view.decision_kind in ("hero_turn", "creature_turn"):
            r = view.active_reach
            for y in range(max(0, active.y - r), min(m.height, active.y + r + 1)):
                for x in range(max(0, active.x - r), min(m.width, active.x + r + 1)):
                    if (x, y) != (active.x, active.y) and (x, y) not in walls:
                        reach.add((x, y))
        focus_square, focus_uid = self.focus_of(view)
        big = self.scale > 1
        text = Text(no_wrap=True)
        text.append("   ")
        for x in range(m.width):
            label_style = "#8a8a8a" if x % 2 else "#5f87af"
            if focus_square and focus_square[0] == x:
                label_style = "bold #e060f0"
            text.append(f" {x:<2} " if big else f"{x:<2}", style=label_style)
        for y in range(m.height):
            row: list[tuple[str, str]] = []
            for x in range(m.width):
                pos = (x, y)
                glyph, style = "· ", FLOOR_STYLE
                if pos in walls:
                    glyph, style = "██", WALL_STYLE
                elif pos in units:
                    c = units[pos]
                    glyph = token(c)
                    style = token_style(c, (x + y) % 2 == 1)
                    if active is not None and c.uid == active.uid:
                        style = ACTIVE_STYLE
                    if c.uid == focus_uid or (asked is not None and c.uid == asked.uid):
                        style = FOCUS_STYLE
                else:
                    if pos in rubble:
                        glyph, style = "░░", RUBBLE_STYLE
                    if pos in ground:
                        glyph, style = "* ", ITEM_STYLE
                    if pos in reach and glyph == "· ":
                        glyph, style = "• ", REACH_STYLE
                    if pos in moves:
                        style = f"{style} on {MOVE_BG if moves[pos] == 0 else MOVE_BG_NEW}"
                if pos == focus_square:
                    style = FOCUS_STYLE
                    if glyph in ("· ", "• "):
                        glyph = "◆ "
                if pos == self.cursor:
                    style = CURSOR_STYLE
                    if glyph in ("· ", "• ", "◆ "):
                        glyph = "[]"
                row.append((glyph, style))
            label_style = "bold #e060f0" if focus_square and focus_square[1] == y else "#8a8a8a"
            text.append("\n")
            text.append(f"{y:>2} ", style=label_style)
            if big:
                append_runs(text, [(g * 2 if g[0] in "█░" else f" {g} ", st) for g, st in row])
                # a square is 4 x 2 characters: the second line is its colour only
                text.append("\n   ")
                append_runs(text, [(g * 2 if g[0] in "█░" else "    ", st) for g, st in row])
            else:
                append_runs(text, row)
        return text

    def focus_of(self, view: Any) -> tuple[tuple[int, int] | None, str]:
        """The square or combatant the highlighted option is about."""
        action = self.focus_action
        if not action:
            return None, ""
        kind = action[0]
        if kind == "move" and len(action) == 3:
            return (int(action[1]), int(action[2])), ""
        if kind in TARGETED and len(action) > TARGETED[kind]:
            return None, str(action[TARGETED[kind]])
        return None, ""

    # ----- grid cursor ------------------------------------------------------------------
    def move_actions(self) -> dict[tuple[int, int], int]:
        """Square -> index of its move option in the prompt."""
        prompt = self.prompt()
        if prompt is None:
            return {}
        out: dict[tuple[int, int], int] = {}
        for index, action in enumerate(prompt.actions):
            if action[0] == "move" and len(action) == 3:
                out[(int(action[1]), int(action[2]))] = index
        return out

    def prompt(self) -> Any:
        from mythtable.tui.widgets.prompt import Prompt

        found = self.screen.query(Prompt)
        return found.first() if found else None

    def enter(self) -> None:
        """Give the keyboard to the map (when moves are on offer)."""
        if self.move_actions() and self.view is not None:
            self.focus()

    def focus_on_click(self) -> bool:
        return False  # a click picks a square; the keyboard stays with the option list

    def on_focus(self) -> None:
        """The cursor starts on the highlighted square, else on the mover."""
        if self.view is None:
            return
        focus_square, _ = self.focus_of(self.view)
        active = find(self.view, self.view.active_uid)
        if focus_square is not None:
            self.cursor = focus_square
        elif active is not None:
            self.cursor = (active.x, active.y)
        else:
            self.cursor = (0, 0)
        self.sync()

    def on_blur(self) -> None:
        self.cursor = None
        self.draw()

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None or self.view is None:
            return
        m = self.view.map
        x = min(max(self.cursor[0] + dx, 0), m.width - 1)
        y = min(max(self.cursor[1] + dy, 0), m.height - 1)
        self.cursor = (x, y)
        self.sync()

    def sync(self) -> None:
        """Highlight the cursor square's move option in the prompt (its detail explains it)."""
        prompt = self.prompt()
        index = self.move_actions().get(self.cursor) if self.cursor else None
        if prompt is not None:
            if index is not None:
                prompt.options.highlighted = index
            else:
                self.focus_action = None
                prompt.set_detail(self.square_text(*(self.cursor or (0, 0))))
        self.draw()

    def square_text(self, x: int, y: int) -> Text:
        """What is on a square the cursor is on, where no move goes: who stands there, or what."""
        view = self.view
        if view is None:
            return Text("")
        here = next((c for c in view.combatants if not c.dead and (c.x, c.y) == (x, y)), None)
        if here is not None:
            return target_detail(view, ("inspect",), here)
        if (x, y) in set(view.map.walls):
            return Text(f"({x}, {y}): a wall.", style="dim")
        words = f"({x}, {y}): out of reach this turn."
        if (x, y) in set(view.map.rubble):
            words = f"({x}, {y}): rubble (2 squares of movement), out of reach this turn."
        return Text(words, style="dim")

    def on_click(self, event: events.Click) -> None:
        """A click on a square highlights its option (a move there, else the first option aimed at
        whoever stands there); a click on the square already highlighted chooses it."""
        offset = event.get_content_offset(self)
        prompt = self.prompt()
        if offset is None or self.view is None or prompt is None or not prompt.actions:
            return
        x, y = (offset.x - 3) // (2 * self.scale), (offset.y - 1) // self.scale
        if offset.x < 3 or not (0 <= x < self.view.map.width and 0 <= y < self.view.map.height):
            return
        index = option_at(self.view, prompt.actions, x, y)
        if index is None:
            prompt.set_detail(self.square_text(x, y))
            return
        event.stop()
        if prompt.options.highlighted == index:
            prompt.choose_index(index)
        else:
            prompt.options.highlighted = index

    def action_pick(self) -> None:
        index = self.move_actions().get(self.cursor) if self.cursor else None
        prompt = self.prompt()
        if index is None or prompt is None:
            self.app.bell()
            return
        prompt.options.focus()
        prompt.choose_index(index)

    def action_leave(self) -> None:
        prompt = self.prompt()
        if prompt is not None:
            prompt.options.focus()


# ----- the board --------------------------------------------------------------------------


class MythCraftBoard(Board):
    SHOW_TURN = False  # the status names the round already
    SCREEN_BINDINGS: ClassVar[list[Binding]] = [Binding("g", "grid", "Grid cursor")]
    DEFAULT_CSS = """
    MythCraftBoard #mc-row { height: 1fr; }
    MythCraftBoard #mc-map { width: auto; height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    MythCraftBoard #mc-track-box { width: 1fr; max-width: 34; height: 1fr; padding: 0 1;
        border-left: solid $panel-lighten-2; scrollbar-size-vertical: 1; }
    MythCraftBoard #mc-side { width: 1fr; min-width: 22; height: 1fr; padding: 0 1;
        border-left: solid $panel-lighten-2; scrollbar-size-vertical: 1; }
    MythCraftBoard #mc-card { height: auto; border-bottom: solid $panel-lighten-2; }
    MythCraftBoard #mc-legend { height: auto; color: $text-muted; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: Any = None

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
        if self.fit_scale():
            self.grid.draw()

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

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        self.view = view
        grid = self.grid
        grid.view = view
        grid.focus_action = None
        self.fit_scale()
        grid.draw()
        self.query_one("#mc-legend", Static).update(self.legend(view))
        asked = reactor(view)
        self.query_one("#mc-track", Static).update(TrackRender(view, asked.uid if asked else ""))
        self.show_side(view, asked)

    def legend(self, view: Any) -> Text:
        text = Text("   ")
        if view.reachable:
            text.append("  ", style=f"on {MOVE_BG_NEW}")
            text.append(" move  ")
        if view.active_reach and view.decision_kind in ("hero_turn", "creature_turn"):
            text.append("•", style=REACH_STYLE)
            text.append(" reach  ")
        if view.map.ground:
            text.append("*", style=ITEM_STYLE)
            text.append(" item")
        return text

    def show_side(self, view: Any, asked: Any | None) -> None:
        shown = asked or find(view, view.active_uid)
        card = self.query_one("#mc-card", Static)
        if shown is None:
            card.update(Text(view.result or "Between turns", style="bold"))
        elif shown.side == 0:
            card.update(hero_card(shown, asked is not None))
        else:
            card.update(creature_card(shown, asked is not None))
        self.query_one("#mc-roster", Static).update(RosterRender(view))

    # ----- the screen's questions ---------------------------------------------------------
    def status(self, view: Any) -> str:
        if view.result:
            return str(view.result)
        active = find(view, view.active_uid)
        turn = f"{active.name}'s turn" if active is not None else "between turns"
        asked = reactor(view)
        if asked is not None:
            doing = "may react" if view.decision_kind == "reaction" else "chooses"
            return f"Round {view.round} · {asked.name} {doing}"
        return f"Round {view.round} · {turn}"

    def detail(self, view: Any, action: Action) -> str | Text:
        """What the highlighted option means; the map marks its square or target meanwhile."""
        grid = self.grid
        grid.focus_action = action
        grid.draw()
        return explain(view, action)

    # ----- keys the board adds to the game screen -------------------------------------------
    def key_enabled(self, name: str) -> bool | None:
        if name == "grid":
            return bool(self.view is not None and self.grid.move_actions())
        return True

    def action_grid(self) -> None:
        grid = self.grid
        if grid.has_focus:
            grid.action_leave()
        else:
            grid.enter()


BOARD = MythCraftBoard
