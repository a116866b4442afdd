"""The detail line: what the highlighted option means (a square's cost and risk, a target, an item)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from mythtable.engine.decision import Action, Subject
from mythtable.rulesets.mythcraft.view import CombatantView, Forecast, MythcraftView
from mythtable.tui.boards.mythcraft.common import (
    ITEM_STYLE,
    TURNS,
    condition_text,
    find,
    item_name_in,
    reactor,
    token,
    token_style,
)
from mythtable.tui.colours import BLOODIED_COLOUR


def explain(view: MythcraftView, action: Action, subject: Subject) -> str | Text:
    """What an option means, by its subject (the ruleset says what it is about): a target's HP and
    defenses, an item's weight and use, a square's AP cost and Engaged risk. The action itself is
    only matched against the forecasts, never read."""
    kind = subject.kind
    if view.decision_kind in TURNS:
        target = find(view, subject.target) if subject.target is not None else None
        if target is not None:
            f = next((f for f in view.forecasts if f.action == action), None)
            return target_detail(view, subject, target, forecast_detail(f, view) if f else None)
        if subject.item is not None:
            return item_detail(view, str(subject.item), kind, find(view, subject.actor))
        if subject.square is not None:
            return move_detail(view, *subject.square)
    if kind == "react":
        asked = reactor(view)
        if asked is not None and asked.side == 0:
            return Text(reactive_words(asked))
    return ""


def reactive_words(c: CombatantView) -> str:
    """Reactive AP held now, and the cap that applies only to what is kept into the next turn (C-21)."""
    kept = f"{c.name}'s next turn keeps at most {c.reactive_cap} of them (C-21)."
    return f"{c.name} holds {c.reactive_ap} Reactive AP; {kept}"


def number(x: float) -> str:
    """An expected amount: a whole number when it is one, else one decimal."""
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def sides(view: MythcraftView, caster: str) -> tuple[dict[str, int], int]:
    """Each combatant's side, and the caster's (for "foes" and "allies" in an area)."""
    side = {c.uid: c.side for c in view.combatants}
    return side, side.get(caster, 0)


def forecast_words(f: Forecast, view: MythcraftView) -> str:
    """The short forecast beside an option: "65% ~7"; "65% no damage" against an immunity; an area's
    "2 foes ~9, 1 ally ~4, you too"; a heal's "heals 4-11"."""
    if not f.targets:
        return f"heals {f.heal_low}-{f.heal_high}" if f.heal_high else ""
    caster = view.active_uid
    first = f.targets[0]
    if len(f.targets) > 1 or first.uid == caster:
        side, mine = sides(view, caster)
        foes = [t for t in f.targets if side.get(t.uid) != mine]
        friends = [t for t in f.targets if side.get(t.uid) == mine]
        words = []
        if foes:
            words.append(f"{len(foes)} {'foe' if len(foes) == 1 else 'foes'} ~{number(sum(t.damage for t in foes))}")
        if friends:
            n = len(friends)
            words.append(f"{n} {'ally' if n == 1 else 'allies'} ~{number(sum(t.damage for t in friends))}")
        if any(t.uid == caster for t in f.targets):
            words.append("you too")
        return ", ".join(words)
    pct = f"{round(first.hit * 100)}%"
    if not first.deals_damage:
        return pct
    return f"{pct} ~{number(first.damage)}" if first.high else f"{pct} no damage"


def forecast_detail(f: Forecast, view: MythcraftView) -> Text:
    """The forecast in full: the roll needed, the chance, the expected damage and its range (an area: each
    one hit, foes first)."""
    text = Text()
    if not f.targets:
        text.append(f"heals {f.heal_low}-{f.heal_high}, {number(f.heal)} on average", style="green")
        return text
    caster = view.active_uid
    if len(f.targets) > 1 or f.targets[0].uid == caster:
        side, mine = sides(view, caster)
        for i, t in enumerate(sorted(f.targets, key=lambda t: side.get(t.uid) == mine)):
            text.append(", " if i else "hits ")
            who = "you" if t.uid == caster else t.name
            ally = side.get(t.uid) == mine
            text.append(f"{who} {round(t.hit * 100)}% ~{number(t.damage)}", style="bold red" if ally else "bold yellow")
        return text
    t = f.targets[0]
    need = max(2, t.defense_value - t.bonus)
    text.append(f"{round(t.hit * 100)}% to hit", style="bold green")
    text.append(f" (d20 {signed(t.bonus)} vs {t.defense} {t.defense_value}: {need}+)", style="dim")
    if t.deals_damage:
        if t.high:
            spread = f"{t.low}-{t.high}" if t.high > t.low else f"{t.high}"
            text.append(f", ~{number(t.damage)} damage ({spread} a hit)", style="bold yellow")
        else:
            text.append(", no damage (immune, or DR takes it all)", style="bold red")
    return text


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def move_detail(view: MythcraftView, x: int, y: int) -> Text:
    square = next((s for s in view.reachable if (s.x, s.y) == (x, y)), None)
    active = find(view, view.active_uid)
    text = Text(f"Move to ({x}, {y})", style="bold")
    if square is not None and active is not None:
        # the number of squares of movement the walk uses (F-15: rubble and allies count double), as the log says
        text.append(f": {square.squares} square{'s' if square.squares != 1 else ''} of movement")
        if square.squares > max(abs(active.x - x), abs(active.y - y)):
            text.append(" (the way round or through rubble)", style="dim")
    if square is not None:
        if active is not None and active.side == 1:
            text.append(" · uses 1 action", style="yellow")
        elif square.ap_cost == 0:
            text.append(" · 0 AP (inside this Move)", style="green")
        else:
            text.append(f" · {square.ap_cost} AP (a new Move)", style="yellow")
        strikers = [token(o).strip() for uid in square.engaged_by if (o := find(view, uid)) is not None]
        if strikers:
            text.append(f" · leaves the reach of {', '.join(strikers)}: Engaged strike", style="bold red")
    item = next((g for g in view.map.ground if (g.x, g.y) == (x, y)), None)
    if item is not None:
        text.append(f" · {item.name} lies there", style=ITEM_STYLE)
    return text


def target_detail(view: MythcraftView, subject: Subject, target: CombatantView, forecast: Text | None = None) -> Text:
    """The target's HP and state, what the option (`subject`: NO_SUBJECT for none) does to it against
    which defense, its defenses."""
    text = Text()
    text.append(f"{token(target)}", style=token_style(target))
    text.append(f" {target.name}", style="bold")
    text.append(f" HP {target.hp}/{target.max_hp}")
    if target.bloodied:
        text.append(" Bloodied", style=BLOODIED_COLOUR)
    if target.dying:
        text.append(f" dying, DP {target.dp}", style="red")
    for cond in target.conditions:
        text.append(f" {condition_text(cond)}", style="italic cyan")
    if forecast is not None:  # the chance and the damage first: they decide the choice
        text.append(" · ")
        text.append_text(forecast)
    defenses = dict(target.defenses)
    what, against = effect_of(view, subject)
    if what:
        text.append(f" · {what}", style="yellow")
    if against in defenses:
        text.append(f" vs {against} {defenses[against]}", style="bold yellow")
    others = " ".join(f"{name} {value}" for name, value in target.defenses if name != against)
    text.append(f" · {others}", style="cyan")
    return text


def effect_of(view: MythcraftView, subject: Subject) -> tuple[str, str]:
    """What an attack, spell or item does ("Bite 1d6+2 sharp") and the defense it goes against."""
    kind = subject.kind
    if kind == "attack":
        active = find(view, view.active_uid)
        if active is not None and active.side == 1:
            act = next((a for a in active.actions if a.id == subject.ability), None)
            if act is not None:
                return f"{act.name} {act.damage} {act.damage_type or ''}".strip(), act.defense
            return "", ""
        if subject.item is None:
            return "unarmed strike", "AR"
        key = str(subject.item)
        item = view.catalogue.item(key)
        if item is not None:
            return f"{item_name_in(view, key)} {item.damage} {item.damage_type or ''}".strip(), item.defense
    if kind == "cast":
        spell = view.catalogue.spell(str(subject.ability))
        if spell is not None:
            if spell.heal:
                return f"{spell.name} heals {spell.heal}", ""
            area = f" (area {spell.area})" if spell.target == "area" else ""
            return f"{spell.name}{area} {spell.damage} {spell.damage_type or ''}".strip(), spell.defense
    if kind == "use":
        key = str(subject.item)
        item = view.catalogue.item(key)
        if item is not None:
            return item_name_in(view, key) + (f" heals {item.heal}" if item.heal else ""), ""
    if kind in ("grapple", "shove", "trip"):
        return f"{kind} (REF or FORT)", ""
    return "", ""


def item_detail(view: MythcraftView, iid: str, kind: str = "", holder: CombatantView | None = None) -> Text:
    """An item's kind, weight, damage, grip and healing; the load after setting down or picking up."""
    item = view.catalogue.item(iid)
    if item is None:
        return Text("")
    text = Text(item_name_in(view, iid), style="bold")
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


def option_at(
    view: MythcraftView, actions: list[Action], x: int, y: int, subject: Callable[[Action], Subject]
) -> int | None:
    """The index of the option that goes to (x, y) (a move), else of the first option of the turn
    aimed at whoever stands there."""
    here = next((c.uid for c in view.combatants if not c.dead and (c.x, c.y) == (x, y)), None)
    turn = view.decision_kind in TURNS
    aimed = None
    for index, action in enumerate(actions):
        about = subject(action)
        if about.square == (x, y) and about.item is None:
            return index
        if aimed is None and turn and here is not None and about.target == here:
            aimed = index
    return aimed
