"""Rich text for the Mythicarium board's detail line: a card's full text (the rows are layout.py's).

Names and card text are appended as plain data (`Text.append`), never parsed as markup.
"""

from __future__ import annotations

from rich.text import Text

from mythtable.engine.text import only_keywords
from mythtable.rulesets.mythicarium.view import MythicariumView

__all__ = ["card_detail", "card_text", "only_keywords"]


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
    text_first: bool = False,
    wounds: int = 0,
) -> Text:
    """One line about a card: name, type, class, cost, numbers (a unit's current ones: HP left of HP once
    `wounds` are on it), keywords, text. `text_first` puts the text
    right after the name (a unit in play: its ability is what a "Use ..." option is about, and the detail box
    has two lines at 80x24)."""
    out = Text()
    out.append(name, style="bold")
    said = bool(text) and not only_keywords(text, words)
    if text_first and said:
        out.append(f" — {text}")
    parts = [kind]
    if klass:
        parts.append(klass)
    if cost is not None:
        parts.append(f"{cost} XP")
    if kind in ("Champion", "Ally", "Minion"):
        health = f"{max(hp - wounds, 0)}/{hp} HP" if wounds else f"{hp} HP"
        parts.append(f"{dp} DP {health} {damage or ''}".strip())
    if words:
        parts.append(", ".join(words))
    out.append(" · " + " · ".join(parts))
    if said and not text_first:
        out.append(f" — {text}")
    return out


def card_detail(view: MythicariumView, uid: object) -> Text | str:
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
                    f"{unit.name} {unit.tag}" if unit.tag else unit.name,
                    unit.type,
                    unit.klass,
                    None,
                    unit.dp,
                    unit.hp,
                    unit.damage,
                    unit.keywords,
                    unit.text,
                    text_first=True,
                    wounds=unit.wounds,
                )
    for entry in view.limbo:
        if entry.uid == uid:
            out = Text()
            out.append(f"{entry.name}: {entry.text}")
            return out
    return ""
