"""The asker's hand (both hands for the replay viewer): one card a row with its text when the board
has the rows, else wrapped between cards, each with its stats while that fits, else by name."""

from __future__ import annotations

from rich.text import Text

from mythtable.rulesets.magewars.view import CardView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.boards.magewars.render import Marks, RowItem, card_style, grouped_items, hand_item


def hands_text(
    hands: list[tuple[str, tuple[CardView, ...]]], listed: bool, rows: int, width: int, marks: Marks
) -> tuple[Text, dict[int, int]]:
    """The hand panel's text, and the row each card is on when `listed` (one a row, with its text)."""
    where: dict[int, int] = {}
    text = Text()
    lines = 0
    for name, hand in hands:
        if text:
            text.append("\n")
            lines += 1
        header = f"{name}'s hand ({len(hand)}): "
        text.append(header, style="bold")
        if listed:
            for card in hand:
                text.append("\n")
                lines += 1
                where[card.uid] = lines
                mark, style = marks.gutter((card.uid,))
                text.append((mark if mark.strip() else " ") + " ", style=style)
                item = hand_item(card)
                if marks.pointed((card.uid,)):
                    item.stylize("reverse")
                item.append(f" — {card_words(card)}", style="dim")
                item.truncate(max(8, width - 2), overflow="ellipsis")  # one row a card, never wrapped
                item.stylize(inspect_style(card.uid))  # a click inspects it
                text.append_text(item)
        else:
            text.append_text(hand_in_rows(hand, rows, width, len(header), marks))
        if not hand:
            text.append("empty", style="dim italic")
    return text, where


def card_words(card: CardView) -> str:
    """What a hand row says of a card: its ability's rules first (what it does when used, "Pay 1 Tower
    Level: +1 Power"), then its printed text; a row is cut at the terminal's edge, so the rules go first."""
    ability = card.info.ability_text if card.info is not None else ""
    if ability and ability not in card.text:
        return f"{ability} {card.text}".strip()
    return card.text


def hand_in_rows(hand: tuple[CardView, ...], rows: int, width: int, header: int, marks: Marks) -> Text:
    """A hand on a few rows: each card with its stats, speed and cost while that fits, else by
    name only (the inspect panel has the rest); a card is never split over two rows."""
    forms = (
        [(hand_item(card), card.uid) for card in hand],
        [(Text(card.name, style=f"bold {card_style(card)}"), card.uid) for card in hand],
    )
    items: list[Text] = []
    for pairs in forms:
        items = [hand_piece(item, marks) for item in grouped_items(pairs)]
        if packed_rows(header, [item.cell_len for item in items], width) <= rows:
            break
    out = Text()
    used = header
    for index, item in enumerate(items):
        joint = " · " if index else ""
        tail = 0 if index == len(items) - 1 else 2  # room for the " ·" that ends a wrapped row
        if used + len(joint) + item.cell_len + tail > width and used > 0:  # wrapped here, between cards
            out.append(" ·\n" if index else "\n", style="dim")
            used, joint = 0, ""
        out.append(joint, style="dim")
        out.append_text(item)
        used += len(joint) + item.cell_len
    return out


def hand_piece(item: RowItem, marks: Marks) -> Text:
    """One hand card (or several alike) as one piece, with its change mark and the cursor."""
    piece = Text()
    mark, style = marks.gutter(item.uids)
    if mark.strip():
        piece.append(mark, style=style)
    body = item.text.copy()
    if marks.pointed(item.uids):
        body.stylize("reverse")
    piece.append_text(body)
    if item.uids:
        piece.stylize(inspect_style(item.uids[0]))  # a click inspects it (the first of several alike)
    return piece


def packed_rows(first: int, pieces: list[int], width: int) -> int:
    """Rows that pieces of these widths take, joined by " · ", after `first` cells on the first row."""
    rows, used = 1, first
    for index, size in enumerate(pieces):
        joint = 3 if index else 0
        tail = 0 if index == len(pieces) - 1 else 2  # " ·" ends a wrapped row
        if used + joint + size + tail > width and used > 0:
            rows, used = rows + 1, size
        else:
            used += joint + size
    return rows
