"""The inspect panel's text for MythCraft (engine/inspect.py): every combatant and every item on the
ground, in full. Everything in MythCraft is public, so every seat may inspect everything.

Also `changes`: which combatants two views of the same seat show differently (the board marks them).
"""

from __future__ import annotations

from mythtable.engine.decision import Ref
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.rulesets.mythcraft.content import MythcraftContent
from mythtable.rulesets.mythcraft.state import State
from mythtable.rulesets.mythcraft.view import CombatantView, MythcraftView, build_view

CONDITION_RULES = {
    "prone": "Prone: melee attacks on it gain TA, ranged ones take TD; standing up costs 1 AP (F-26).",
    "grappled": "Grappled: speed 0 until it escapes or the grappler lets go (F-33).",
    "dodge": "Dodging: +2 AR, REF and FORT (F-25).",
    "stopped": "Stopped: speed 0.",
    "frightened": "Frightened: TD on attacks while the source is in sight; no move may end closer to it (F-32).",
    "bleeding": "Bleeding X: X damage at the start of each of the bearer's turns.",
    "burning": "Burning X: X fire damage at the start of each of the bearer's turns; putting it out costs 3 AP.",
    "dazed": "Dazed: at most 3 AP a turn, no Reactive AP, no carry-over (F-27).",
}


def duration(rounds: int, name: str) -> str:
    """How long a condition lasts, naming whose turns count (a hero is never "it")."""
    if rounds < 0:
        return "until removed"
    if rounds == 0:
        return f"until the start of {name}'s next turn"
    return f"for {rounds} more of {name}'s turns"


def inspectables(state: State, seat: int | None) -> list[InspectTarget]:
    """Everyone on the map in turn order, then the dead, then the items on the ground."""
    view = build_view(state, seat)
    by_uid = {c.uid: c for c in view.combatants}
    out = [InspectTarget(e.uid, "Initiative order", e.name) for e in view.initiative.order if e.uid in by_uid]
    listed = {t.ref for t in out}
    out += [InspectTarget(c.uid, "Map", c.name) for c in view.combatants if c.uid not in listed]
    out += [InspectTarget(f"ground:{g.x},{g.y}:{g.item}", "Ground", g.name) for g in view.map.ground]
    return out


def inspect(state: State, seat: int | None, ref: Ref) -> Inspection | None:
    """The full text of a combatant or of an item on the ground; None for anything else."""
    view = build_view(state, seat)
    key = str(ref)
    if key.startswith("ground:"):
        return ground_item(state, view, key)
    c = next((c for c in view.combatants if c.uid == key), None)
    if c is None:
        return None
    return Inspection(c.uid, c.name, tuple(hero_lines(state, view, c) if c.side == 0 else creature_lines(state, c)))


def ground_item(state: State, view: MythcraftView, key: str) -> Inspection | None:
    try:
        _, where, iid = key.split(":", 2)
        x, y = (int(n) for n in where.split(","))
    except ValueError:
        return None
    if not any((g.x, g.y, g.item) == (x, y, iid) for g in view.map.ground):
        return None
    item = state.content.items[iid]
    title = item.name[:1].upper() + item.name[1:]
    return Inspection(key, title, (f"On the ground at ({x}, {y}).", *item_lines(state, iid)))


def item_lines(state: State, iid: str) -> list[str]:
    return item_words(state.content, iid)


def item_words(content: MythcraftContent, iid: str) -> list[str]:
    """An item's kind, weight, damage, armor and use: the same words in a game and in the builder."""
    it = content.items[iid]
    grip = "" if it.grip == "none" else f", {it.grip.replace('_', ' ')}"
    lines = [f"{it.kind.capitalize()}, weight {it.weight}{grip}."]
    if it.damage:
        reach = f"reach {it.reach_ft} ft" if it.reach_ft else ""
        far = f"range {max(it.range_ft, it.thrown_ft)} ft" + (" (thrown)" if it.thrown_ft else "")
        span = ", ".join(p for p in (reach, far if (it.range_ft or it.thrown_ft) else "") if p)
        lines.append(f"Damage {it.damage} {it.damage_type or ''} vs {it.defense}, {it.attribute or 'STR'}; {span}.")
    if it.ar or it.ar_bonus or it.ref_bonus or it.fort_bonus:
        lines.append(f"Armor: AR {it.ar} +{it.ar_bonus}, REF +{it.ref_bonus}, FORT +{it.fort_bonus}.")
    if it.heal:
        lines.append(f"Heals {it.heal} ({it.use_apc} AP to use).")
    if it.ends:
        lines.append("Ends " + ", ".join(it.ends) + ".")
    if it.grants:
        lines.append(f"Grants {it.grants.replace('_', ' ').title()} for {it.grant_rounds} rounds ({it.use_apc} AP).")
    return lines


def common_lines(c: CombatantView) -> list[str]:
    lines = [f"At ({c.x}, {c.y}). HP {c.hp}/{c.max_hp}" + (" · Bloodied" if c.bloodied else "") + "."]
    if c.dead:
        lines.append("Dead.")
    elif c.dying:
        lines.append(f"Dying: {c.dp} of 8 Death Points.")
    lines.append("Defenses: " + ", ".join(f"{n} {v}" for n, v in c.defenses) + ".")
    lines.append("Attributes: " + ", ".join(f"{n} {v:+d}" for n, v in c.attributes) + ".")
    for cond in c.conditions:
        rule = CONDITION_RULES.get(cond.name, cond.name.capitalize())
        value = f" (X = {cond.value})" if cond.value else ""
        lines.append(f"{rule}{value} Lasts {duration(cond.rounds, c.name)}.")
    return lines


def hero_lines(state: State, view: MythcraftView, c: CombatantView) -> list[str]:
    t = state.content.heroes[c.kind]
    lines = [f"Hero: {t.title}, level {c.level}. Speed {c.speed_ft} ft ({c.speed_squares} squares a Move)."]
    lines += common_lines(c)
    ap = f"AP {c.ap}: {c.fresh_ap} fresh, {c.carried_reactive_ap} Reactive AP carried into this turn"
    if c.special_ap:
        ap += f", {c.special_ap} {'Rage' if c.special_kind == 'rage' else 'Holy Support'} AP"
    lines.append(ap + ".")
    lines.append(
        f"Reactive AP held now: {c.reactive_ap}; at most {c.reactive_cap} are kept into {c.name}'s next turn (C-21)."
    )
    if c.max_sp:
        lines.append(f"Spell Points {c.sp}/{c.max_sp}.")
    lines.append(f"Feature: {t.feature.replace('_', ' ')}.")
    for label, iid in (("Main hand", c.weapon), ("Off hand", c.off_hand), ("Armor", c.armor)):
        if not iid:
            continue
        if label == "Off hand" and iid == c.weapon:  # a second one of the same: its numbers are read once
            lines.append(f"Off hand: another {state.content.items[iid].name}, as in the main hand.")
            continue
        lines.append(f"{label}: {state.content.items[iid].name}. " + " ".join(item_lines(state, iid)))
    if c.carried:
        names = ", ".join(state.content.items[i].name for i in c.carried)
        lines.append(
            f"Carried: {names}. Load {c.carried_weight}/{c.capacity}" + (" (encumbered)." if c.encumbered else ".")
        )
    for sid in t.spells:
        sp = state.content.spells[sid]
        cost = f"{sp.apc} AP" + (f" + {sp.spc} SP" if sp.spc else "")
        lines.append(f"Spell {sp.name} ({cost}, range {sp.range_ft} ft): {sp.text}")
    return lines


def creature_lines(state: State, c: CombatantView) -> list[str]:
    d = state.content.creatures[c.kind]
    lines = [f"Creature: {d.name}, level {d.level}, {d.size}. Speed {c.speed_ft} ft ({c.speed_squares} squares)."]
    lines += common_lines(c)
    lines.append(f"Actions left this turn: {c.actions_left} of {d.action_count}.")
    for a in d.actions:
        if a.kind == "move":
            continue
        once = " (once per encounter)" if a.once_per_encounter else ""
        dmg = f" {a.damage} {a.damage_type or ''}".rstrip() if a.damage else ""
        lines.append(
            f"{a.name}{once}: +{a.bonus} vs {a.defense}, {a.range or 'special'} {a.range_ft} ft,{dmg}. {a.text}"
        )
    for tr in (*d.traits, *d.features):
        lines.append(f"{tr.name}: {tr.text}")
    for r in d.reactions:
        lines.append(f"Reaction {r.name}: {r.text}")
    if d.resist:
        lines.append("Resists: " + ", ".join(f"{k} {v}" for k, v in d.resist.items()) + ".")
    if d.vulnerable:
        lines.append("Vulnerable: " + ", ".join(f"{k} {v}" for k, v in d.vulnerable.items()) + ".")
    if d.immune:
        lines.append("Immune: " + ", ".join(d.immune) + ".")
    return lines
