"""The Mage Wars CCG board widget: both sides, then the combat, stack and hand panels."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from mythtable.engine.decision import Action, Subject
from mythtable.tui.boards.base import Board
from mythtable.tui.boards.magewars.combat import STATUS_LABELS, CombatRender, combat_roles
from mythtable.tui.boards.magewars.detail import PLAIN_DETAIL, attack_detail, describe_uid
from mythtable.tui.boards.magewars.render import (
    LINE_NAMES,
    grouped,
    hand_item,
)
from mythtable.tui.boards.magewars.side import SideView

ATTACK_DECISIONS = frozenset({"declare_attackers", "counter_attackers"})
"""Decision kinds whose options pick an attacker and its target."""


class MageWarsBoard(Board):
    TALL = 18
    """From this many rows on, the hand lists one card a line with its text."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._last: tuple[Any, int | None, list[str]] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="sides"):
            yield SideView(id="side-left")
            yield SideView(id="side-right")
        with VerticalScroll(id="combat-panel", classes="panel"):
            yield Static(id="combat")
        with VerticalScroll(id="stack-panel", classes="panel"):
            yield Static(id="stack")
        with VerticalScroll(id="hand-panel", classes="panel"):
            yield Static(id="hand")

    def on_resize(self) -> None:
        """Tall or short: re-render the last view for the new size (nothing else changes)."""
        if self._last is not None:
            self.show(*self._last)

    def show(self, view: Any, viewer: int | None, names: list[str]) -> None:
        self._last = (view, viewer, names)
        self.set_class(self.size.height >= self.TALL, "tall")
        self.set_class(view.combat is not None or bool(view.stack), "busy")  # the hand yields rows
        me = viewer if viewer is not None else 1
        seat_names = {player.seat: player.name for player in view.players}
        roles = combat_roles(view)
        self.query_one("#side-left", SideView).show(view, view.players[1 - me], seat_names, roles)
        self.query_one("#side-right", SideView).show(view, view.players[me], seat_names, roles)
        self.show_combat(view)
        self.show_stack(view)
        self.show_hands(view)

    # ----- panels -----------------------------------------------------------------------
    def show_combat(self, view: Any) -> None:
        panel = self.query_one("#combat-panel")
        combat = view.combat
        if combat is None:
            panel.display = False
            return
        panel.display = True
        self.query_one("#combat", Static).update(CombatRender(view))

    def show_stack(self, view: Any) -> None:
        panel = self.query_one("#stack-panel")
        if not view.stack:
            panel.display = False
            return
        panel.display = True
        text = Text("Stack, top first: ", style="bold magenta")
        for index, item in enumerate(reversed(view.stack)):
            if index:
                text.append(" · ", style="dim")
            owner = view.players[item.seat].name
            kind = "'s ability" if item.kind == "ability" else ""
            text.append(f"{item.name}{kind}", style="bold" if index == 0 else "")
            target = item.target
            if target.startswith("unit:"):
                text.append(f" → {target.split(' ', 1)[1] if ' ' in target else '?'}")
            elif target.startswith("line:"):
                text.append(f" → {LINE_NAMES.get(target[5:], target[5:])}")
            text.append(f" ({owner})", style="dim")
        self.query_one("#stack", Static).update(text)

    def show_hands(self, view: Any) -> None:
        hands: list[tuple[str, tuple[Any, ...]]] = []
        if view.seat is None:
            hands = [(player.name, hand) for player, hand in zip(view.players, view.hands, strict=False)]
        else:
            hands = [(view.players[view.seat].name, view.hand)]
        tall = self.has_class("tall")
        text = Text()
        for name, hand in hands:
            if text:
                text.append("\n")
            text.append(f"{name}'s hand ({len(hand)}): ", style="bold")
            if tall:
                for card in hand:
                    text.append("\n  ")
                    text.append_text(hand_item(card))
                    text.append(f" — {card.text}", style="dim")
            else:
                for index, item in enumerate(grouped(hand_item(card) for card in hand)):
                    if index:
                        text.append(" · ", style="dim")
                    text.append_text(item)
            if not hand:
                text.append("empty", style="dim italic")
        if tall:
            text.no_wrap = True
            text.overflow = "ellipsis"
        self.query_one("#hand", Static).update(text)

    # ----- the status line and the prompt's detail line ----------------------------------
    def status(self, view: Any) -> str:
        """The step; combat steps numbered and named (declaration to counter-attack)."""
        label = str(STATUS_LABELS.get(view.step, view.step_label))
        if view.stack and view.step in ("main", "combat.declaration", "combat.defense", "counter.defense"):
            label += f" · stack {len(view.stack)}"
        return label

    def detail(self, view: Any, action: Action) -> str | Text:
        """Card text for what the option is about, as its subject (`Game.subject`) names it: an
        attack's attacker and target, a chosen unit, a chosen line, else the card played or used."""
        subject: Subject = self.subject(action)
        actor, target = subject.actor, subject.target
        if actor is None and target is None:
            return Text(PLAIN_DETAIL.get(str(action[0]), ""), style="dim")
        if view.decision_kind in ATTACK_DECISIONS and isinstance(actor, int) and target is not None:
            return attack_detail(view, actor, target)
        if isinstance(target, int):
            return describe_uid(view, target)
        if target == "tower":
            return Text(PLAIN_DETAIL["damage"], style="dim")
        if isinstance(target, str) and target.startswith("line:"):
            return self.line_detail(view, target[5:])
        return describe_uid(view, int(actor)) if isinstance(actor, int) else Text("")

    def line_detail(self, view: Any, line: str) -> Text:
        seat = view.priority if view.priority is not None else view.active
        player = view.players[seat]
        units = getattr(player, line, ())
        names = ", ".join(u.name for u in units) or "no units"
        return Text(f"Your {LINE_NAMES.get(line, line)}: {names}.")
