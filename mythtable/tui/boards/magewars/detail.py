"""The prompt's detail line for the highlighted option: card text for what the option is about,
as the ruleset's subject names it (`Game.subject`), read from the view only."""

from __future__ import annotations

from rich.text import Text

from mythtable.rulesets.magewars.view import (
    CardView,
    GameView,
    PlayerView,
    PrintedCard,
    StackItemView,
    UnitView,
    WeaveView,
)
from mythtable.tui.boards.magewars.render import (
    LINE_NAMES,
    all_units,
)

Shown = CardView | UnitView | WeaveView
"""A card the view shows somewhere on the table or in a hand."""


def line_units(player: PlayerView, line: str) -> tuple[UnitView, ...]:
    """The units on one of a player's lines ("offensive" or "defensive"; none for another word)."""
    return player.offensive if line == "offensive" else player.defensive if line == "defensive" else ()


PLAIN_DETAIL = {
    "combat": "Open combat: Declaration, Attack, Defense, Damage or capture, then the counter-attack.",
    "end": "End your turn (discard down to 7 at the End).",
    "pass": "Let the other player answer; two passes in a row resolve the top of the stack or end the step.",
    "done": "Finish this step with what you have chosen.",
    "cancel": "Go back without doing it.",
    "damage": "The defender's Tower loses Tower Levels equal to the attacker's Power.",
}


def unit_brief(view: GameView, uid: int) -> Text:
    """A unit in a few words: name, Power, Guard, damage and keywords."""
    card = find_card(view, uid)
    if card is None or not card.card_id:
        return Text("a face-down card", style="dim italic")
    out = Text(card.name, style="bold")
    if isinstance(card, WeaveView):  # no Power or Guard (no option names a weave here)
        return out
    out.append(f" P{card.power}", style="bold red")
    out.append(f" G{card.guard}", style="bold green")
    if isinstance(card, UnitView) and card.wounds:
        out.append(f" {card.wounds} damage", style="bold yellow")
    if card.keywords:
        out.append(" " + " ".join(card.keywords), style="italic cyan")
    return out


def attack_detail(view: GameView, attacker: int, target: int | str) -> Text:
    """An attack option: the attacker, and what it would hit (the Hero, or what stands on the line).
    `target` is as the subject names it: a Hero's uid, "line:offensive", "line:defensive" or "tower"."""
    out = unit_brief(view, attacker)
    out.append(" ⟶ ", style="bold red")
    if isinstance(target, int):
        out.append_text(unit_brief(view, target))
        return out
    line = target.removeprefix("line:")
    out.append(f"the {LINE_NAMES.get(line, line)}", style="bold")
    side = next((p for p in view.players if any(u.uid == attacker for u in all_units(p))), None)
    if side is None:
        return out
    defender = view.players[1 - side.seat]
    if line == "tower":
        out.append(f" (Tower Level {defender.tower})")
        return out
    units = line_units(defender, line)
    shown = [u.name for u in units if u.card_id and not u.face_down]
    hidden = len(units) - len(shown)
    parts = shown + ([f"{hidden} face-down"] if hidden else [])
    out.append(f" ({', '.join(parts) or 'empty'})", style="dim")
    return out


def find_card(view: GameView, uid: int) -> Shown | None:
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
        laid: tuple[CardView | WeaveView, ...] = (*player.row, *player.line_weaves, *player.graveyard)
        for shown in laid:
            if shown.uid == uid:
                return shown
    return None


def describe_uid(view: GameView, uid: int) -> Text:
    """The card text of one card the view shows; a face-down card of the other seat stays hidden."""
    card = find_card(view, uid)
    if card is None:
        for item in view.stack:
            if item.uid == uid:
                return card_text(item.name, item)
        return Text("")
    if not card.card_id:
        return Text("A face-down card.", style="dim italic")
    return card_text(card.name, card)


def card_text(name: str, shown: Shown | StackItemView) -> Text:
    """Name, stats and rules text first (the prompt shows two lines), then type and requirements:
    the printed card comes with the view (`info`), the current Power, Guard and damage too."""
    info = shown.info
    out = Text()
    out.append(name, style="bold")
    if info is None:
        return out
    if info.type == "unit":
        now = shown if isinstance(shown, (CardView, UnitView)) else info  # its Power and Guard as they stand
        out.append(f" P{now.power}", style="bold red")
        out.append(f" G{now.guard}", style="bold green")
        wounds = shown.wounds if isinstance(shown, UnitView) else 0
        if wounds:
            out.append(f" {wounds} damage", style="bold yellow")
        if info.keywords:
            out.append(" " + " ".join(info.keywords), style="italic cyan")
    elif info.cost:
        out.append(f" ({info.cost} Tower)", style="yellow")
    if isinstance(shown, (CardView, UnitView)) and shown.face_down:
        out.append(" face-down", style="magenta")
    body = info.ability_text
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


def requirements(info: PrintedCard) -> str:
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
