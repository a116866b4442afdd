"""The combat panel: the five combat steps with the current one lit, and each attack with its target
and blockers; which units attack and block, for the sides."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from mythtable.engine.decision import Ref
from mythtable.rulesets.magewars.view import GameView
from mythtable.tui.boards.base import inspect_style
from mythtable.tui.boards.magewars.render import (
    CHANGED,
    LINE_NAMES,
    all_units,
    target_name,
)

COMBAT_STEPS = (
    # (step keys, short name, long name)
    (("combat.declaration",), "Declaration", "Declaration"),
    (("combat.attack",), "Attack", "Attack"),
    (("combat.defense",), "Defense", "Defense"),
    (("combat.damage",), "Damage/capture", "Damage or capture"),
    (("counter.attack", "counter.defense", "counter.damage"), "Counter", "Counter-attack"),
)


STATUS_LABELS = {
    "combat.declaration": "Combat 1/5 Declaration step",
    "combat.attack": "Combat 2/5 Attack step",
    "combat.defense": "Combat 3/5 Defense step",
    "combat.damage": "Combat 4/5 Damage or capture",
    "counter.attack": "Combat 5/5 Counter-attack",
    "counter.defense": "Combat 5/5 Counter-attack: defense",
    "counter.damage": "Combat 5/5 Counter-attack: damage",
}


def step_words(view: GameView) -> str:
    """The step for the status line; combat steps numbered and named (declaration to counter-attack)."""
    label = str(STATUS_LABELS.get(view.step, view.step_label))
    if view.stack and view.step in ("main", "combat.declaration", "combat.defense", "counter.defense"):
        label += f" · stack {len(view.stack)}"
    return label


def stack_text(view: GameView, changed: frozenset[Ref] = frozenset(), cursor: Ref | None = None) -> Text:
    """The stack, top first: each spell or ability, its target and its owner."""
    text = Text("Stack, top first: ", style="bold magenta")
    for index, item in enumerate(reversed(view.stack)):
        if index:
            text.append(" · ", style="dim")
        owner = view.players[item.seat].name
        kind = "'s ability" if item.kind == "ability" else ""
        if item.uid in changed:
            text.append(CHANGED, style="bold yellow")
        name = Text(f"{item.name}{kind}", style="bold" if index == 0 else "")
        if cursor == item.uid:
            name.stylize("reverse")
        name.stylize(inspect_style(item.uid))  # a click inspects it
        text.append_text(name)
        target = item.target
        if target.startswith("unit:"):
            text.append(f" → {target.split(' ', 1)[1] if ' ' in target else '?'}")
        elif target.startswith("line:"):
            text.append(f" → {LINE_NAMES.get(target[5:], target[5:])}")
        text.append(f" ({owner})", style="dim")
    return text


def combat_roles(view: GameView) -> dict[int, str]:
    """Which units attack and which block in the combat under way."""
    roles: dict[int, str] = {}
    if view.combat is None:
        return roles
    for attack in view.combat.attacks:
        roles[attack.attacker] = "attacking"
        for blocker in attack.blockers:
            roles[blocker] = "blocking"
    return roles


def combat_track(step: str, who: str, long: bool) -> Text:
    """Who attacks whom, then the five combat steps with the current one lit."""
    track = Text()
    track.append(who, style="bold")
    for index, (keys, short_name, long_name) in enumerate(COMBAT_STEPS):
        if index:
            track.append(" › ", style="dim")
        name = long_name if long else short_name
        if step in keys:
            track.append(f" {name} ", style="bold black on yellow")
        else:
            track.append(name, style="dim")
    return track


class CombatRender:
    """The combat track (declaration → counter-attack, the current step lit) and each attack."""

    def __init__(self, view: GameView) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        combat = view.combat
        if combat is None:
            return
        width = options.max_width
        players = view.players
        unit_names = {u.uid: u.name for p in players for u in all_units(p)}
        who = f"{players[combat.attacking_seat].name} ⚔ {players[combat.defending_seat].name} "
        tracks = [combat_track(view.step, who, long) for long in (True, False)] + [combat_track(view.step, "", False)]
        track = next((t for t in tracks if t.cell_len <= width), tracks[-1])
        track.truncate(width, overflow="ellipsis")
        yield track
        if not combat.attacks:
            choosing = view.decision_kind in ("declare_attackers", "counter_attackers")
            yield Text("  choosing attackers..." if choosing else "  no attacks", style="dim italic")
        for attack in combat.attacks:
            line = Text("  ")
            line.append(attack.name, style="bold")
            line.append(f" P{attack.power}", style="bold red")
            line.append(" → ")
            line.append(target_name(attack.current_target, unit_names), style="bold")
            if attack.current_target != attack.declared_target:
                line.append(f" (moved from {target_name(attack.declared_target, unit_names)})", style="yellow")
            if attack.blockers:
                blockers = ", ".join(unit_names.get(b, "?") for b in attack.blockers)
                line.append(f"  blocked by {blockers}", style="blue")
            for index, part in enumerate(line.wrap(console, max(10, width - 4))):  # every blocker stays readable
                yield Text.assemble("" if index == 0 else "    ", part)
