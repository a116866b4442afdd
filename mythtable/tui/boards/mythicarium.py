"""The Mythicarium table: both defense lanes, XP, VP and counts, limbo, and the asker's hand.

The viewer's side is on the right, the opponent's on the left; hands other than the
viewer's are never rendered (the view does not even contain them).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action
from mythtable.tui.boards.base import Board

KEYWORD_ABBREV = {
    "Berserk": "Bz",
    "Double Assault": "DA",
    "Lightning": "Lt",
    "Critical Hit": "CH",
    "Celerity": "Ce",
}
TYPE_MARK = {"Champion": "★", "Ally": "•", "Minion": "·"}
CARD_ACTIONS = {"play", "use", "target", "attack", "blocker", "block", "unblock", "wound", "discard"}
"""Actions whose integer arguments are card uids (others, like "first", carry seats)."""


def keywords(words: tuple[str, ...]) -> str:
    return " ".join(KEYWORD_ABBREV.get(w, w[:2]) for w in words)


def unit_line(unit: Any, names: dict[int, str]) -> Text:
    """One unit in one line: type, name, DP, remaining/max HP, damage type, keywords, state."""
    line = Text()
    line.append(f"{TYPE_MARK.get(unit.type, '?')} ", style="dim")
    name_style = "strike dim" if unit.downed else ("bold" if unit.type == "Champion" else "")
    line.append(f"{unit.name[:17]:<17}", style=name_style)
    line.append(f" {unit.dp}⚔", style="bold red")
    left = max(unit.hp - unit.wounds, 0)
    line.append(f" {left}", style="bold green" if unit.wounds == 0 else "bold yellow")
    line.append(f"/{unit.hp}♥", style="green")
    line.append(" M" if unit.damage == "Magical" else " P", style="magenta" if unit.damage == "Magical" else "cyan")
    if unit.keywords:
        line.append(f" {keywords(unit.keywords)}", style="italic")
    if unit.downed:
        line.append(" DOWNED", style="bold red")
    elif unit.exhausted:
        line.append(" exh", style="dim")
    elif unit.sick:
        line.append(" new", style="dim italic")
    if unit.attacking:
        line.append(" ⚔ATK", style="bold red")
    if unit.blocking >= 0:
        line.append(f" ⛨{names.get(unit.blocking, '?')[:8]}", style="bold blue")
    for eq in unit.equipment:
        line.append(f"\n   └ {eq.name[:18]} +{eq.dp}/+{eq.hp}", style="dim")
    return line


def player_header(player: Any, active: bool, deciding: bool) -> Text:
    head = Text()
    head.append("▶ " if active else "  ", style="bold yellow")
    head.append(player.name[:12], style="bold underline" if deciding else "bold")
    head.append(f"  VP {player.vp}/20", style="bold green")
    head.append(f"  XP {player.xp}", style="bold yellow")
    head.append(
        f"\n  deck {player.deck_count} · hand {player.hand_count} · grave {player.graveyard_count}", style="dim"
    )
    return head


class MythicariumBoard(Board):
    DEFAULT_CSS = """
    MythicariumBoard #lanes { height: 1fr; }
    MythicariumBoard .lane { width: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    MythicariumBoard #lane-left { border-right: solid $panel-lighten-2; }
    MythicariumBoard #limbo { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    MythicariumBoard #hand { height: auto; max-height: 4; padding: 0 1; border-top: solid $panel-lighten-2; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="lanes"):
            with VerticalScroll(classes="lane", id="lane-left"):
                yield Static(id="left")
            with VerticalScroll(classes="lane", id="lane-right"):
                yield Static(id="right")
        yield Static(id="limbo")
        yield Static(id="hand")

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        me = viewer if viewer is not None else 1
        sides = {"left": view.players[1 - me], "right": view.players[me]}
        unit_names = {u.uid: u.name for p in view.players for u in p.lane}
        for slot, player in sides.items():
            text = player_header(player, player.seat == view.active, player.seat == view.deciding)
            for unit in player.lane:
                text.append("\n")
                text.append(unit_line(unit, unit_names))
            self.query_one(f"#{slot}", Static).update(text)
        self.show_limbo(view)
        self.show_hands(view)

    def show_limbo(self, view: Any) -> None:
        limbo = self.query_one("#limbo", Static)
        if not view.limbo:
            limbo.display = False
            return
        limbo.display = True
        text = Text("Limbo (top resolves first): ", style="bold magenta")
        for index, entry in enumerate(reversed(view.limbo)):
            if index:
                text.append("  ·  ")
            owner = view.players[entry.owner].name
            target = f" → {entry.target_name}" if entry.target_name else ""
            kind = " (ability)" if entry.kind == "ability" else ""
            text.append(f"{entry.name}{kind}{target} [{owner}]", style="bold" if index == 0 else "")
        limbo.update(text)

    def show_hands(self, view: Any) -> None:
        text = Text()
        for player in view.players:
            if player.hand is None:
                continue
            if text:
                text.append("\n")
            text.append(f"{player.name}'s hand ({len(player.hand)}/{player.hand_limit}): ", style="bold")
            for index, card in enumerate(player.hand):
                if index:
                    text.append(" · ", style="dim")
                text.append(card.name, style="bold" if card.type != "Legend" else "bold magenta")
                text.append(f" {card.cost}", style="yellow")
        self.query_one("#hand", Static).update(text or Text("(no hand is shown)", style="dim"))

    def status(self, view: Any) -> str:
        extra = ""
        if view.combat is not None and view.combat.round > 1:
            extra = " (Double Assault round)"
        return f"{view.stage_label}{extra}"

    def detail(self, view: Any, action: Action) -> str | Text:
        """Card text for the card or unit an option is about."""
        if action[0] not in CARD_ACTIONS:
            return ""
        for arg in action[1:]:
            if not isinstance(arg, int):
                continue
            for player in view.players:
                for card in player.hand or ():
                    if card.uid == arg:
                        return card_text(
                            card.name,
                            card.type,
                            card.klass,
                            card.cost,
                            card.dp,
                            card.hp,
                            card.damage,
                            card.keywords,
                            card.text,
                        )
                for unit in player.lane:
                    if unit.uid == arg:
                        return card_text(
                            unit.name, unit.type, unit.klass, None, unit.dp, unit.hp, unit.damage, unit.keywords, ""
                        )
            for entry in view.limbo:
                if entry.uid == arg:
                    return Text(f"{entry.name}: {entry.text}")
        return ""


def card_text(
    name: str,
    kind: str,
    klass: str | None,
    cost: int | None,
    dp: int,
    hp: int,
    damage: str | None,
    words: tuple[str, ...],
    text: str,
) -> Text:
    out = Text()
    out.append(name, style="bold")
    parts = [kind]
    if klass:
        parts.append(klass)
    if cost is not None:
        parts.append(f"{cost} XP")
    if kind in ("Champion", "Ally", "Minion"):
        parts.append(f"{dp} DP {hp} HP {damage or ''}".strip())
    if words:
        parts.append(", ".join(words))
    out.append(" · " + " · ".join(parts))
    if text:
        out.append(f" — {text}")
    return out


BOARD = MythicariumBoard
