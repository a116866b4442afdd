"""The Mage Wars board's legend: every symbol it draws, with the rule clause behind it where there is
one (the `k` key shows it, through `MageWarsBoard.legend`)."""

from __future__ import annotations

from mythtable.tui.boards.magewars.render import CHANGED, CURSOR

LEGEND: list[tuple[str, str]] = [
    ("Off / Offensive", "Offensive Line: attacks must aim at it while it holds a unit (W-20)"),
    ("Def / Defensive", "Defensive Line: attacked once the Offensive Line is empty (W-21)"),
    ("Row / Tower row", "the Tower line: Resources (in their element's colour), Holdings, face-down cards"),
    ("Grv / Graveyard", "used and destroyed cards, newest first (on tall terminals)"),
    ("Tower 30", "Tower Level: at 0 or below the player loses (H-15); green above 20, yellow above 10, else red"),
    ("tier 3", "Tower tier = Tower Level // 10 (H-12); some cards need a tier"),
    ("T30 t3", "Tower Level 30, tier 3 (a narrow header)"),
    ("h7 d23 g2", "cards in hand, in the deck, in the graveyard (a narrow header)"),
    ("▶", "the active player; the underlined player name decides now"),
    ("P4", "Power: the damage the unit deals (H-16)"),
    ("G4", "Guard: the damage it can take; it is destroyed when its damage reaches it (H-16, H-17)"),
    ("2 dmg / 2dmg", "damage on the unit; it stays from turn to turn (H-17)"),
    ("Air / Aerial", "Aerial: not bound by line rules, may aim at any line or the Tower (W-23, H-29)"),
    ("Hero", "Hero (bold name): the only unit an attack can aim at by itself (W-25)"),
    ("rdy / ready", "ready: may attack or block (a narrow board writes no word for it)"),
    ("exh / exhausted", "exhausted: cannot attack, counter-attack or block (H-18)"),
    ("atk / attacking", "attacking in the combat under way"),
    ("blk / blocking", "blocking in the combat under way"),
    ("▒ / down / face-down", "face-down card, name in magenta italics: not a unit; only its owner knows it (H-20)"),
    ("≈", "a weave spell attached to the unit or line (H-24)"),
    ("⌂", "a Holding in the Tower row (an unblocked attack on the Tower may capture it, H-34)"),
    ("×2", "two cards alike"),
    ("2T", "Tower cost: Tower Levels paid to play it"),
    (
        "fast / slow / weave",
        "spell speeds: fast whenever you hold priority (F-14), slow in your Main phase with an"
        " empty stack (H-23), weave like slow, then stays attached (H-24)",
    ),
    ("res / holding / ritual", "a hand card's kind: Resource, Holding, Ritual"),
    ("P3/G5", "a unit card in hand: its printed Power and Guard"),
    ("Fire Earth Wind Water", "elements; a card is drawn in its first element's colour"),
    ("Admir. Oda Deep.", "a long name cut to fit (a dot marks each cut; #2 tells look-alikes apart)"),
    (CHANGED, "changed by the last moves, since this seat last decided"),
    (CURSOR, "the inspect cursor"),
    ("underlined unit", "what the highlighted option is about (of units alike, this one)"),
    ("[ ]", "scroll both sides when a line holds more units than fit"),
]
