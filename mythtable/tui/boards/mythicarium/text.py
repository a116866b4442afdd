"""Rich text for the Mythicarium board: one unit per line, a player's header, a card's full text.

Names and card text are appended as plain data (`Text.append`), never parsed as markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

KEYWORD_ABBREV = {
    "Berserk": "Bz",
    "Double Assault": "DA",
    "Lightning": "Lt",
    "Critical Hit": "CH",
    "Celerity": "Ce",
}
TYPE_MARK = {"Champion": "★", "Ally": "•", "Minion": "·"}


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


def card_detail(view: Any, uid: object) -> Text | str:
    """The text of the card `uid` wherever the view shows it: a hand, a lane, limbo; empty if nowhere."""
    for player in view.players:
        for card in player.hand or ():
            if card.uid == uid:
                return card_text(
                    card.name, card.type, card.klass, card.cost, card.dp, card.hp, card.damage, card.keywords, card.text
                )
        for unit in player.lane:
            if unit.uid == uid:
                return card_text(
                    unit.name, unit.type, unit.klass, None, unit.dp, unit.hp, unit.damage, unit.keywords, ""
                )
    for entry in view.limbo:
        if entry.uid == uid:
            out = Text()
            out.append(f"{entry.name}: {entry.text}")
            return out
    return ""
