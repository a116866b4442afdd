"""The Mythicarium board widget: both defense lanes, XP, VP and counts, limbo, and the asker's hand.

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
from mythtable.tui.boards.mythicarium.text import card_detail, player_header, unit_line


class MythicariumBoard(Board):
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
        """Card text of what the option is about (as the ruleset's subject says): the unit it aims at
        (a target, a blocker to wound, an attacker to block), else the card or unit it plays or uses."""
        subject = self.subject(action)
        about = subject.target if subject.target is not None else subject.actor
        return "" if about is None else card_detail(view, about)
