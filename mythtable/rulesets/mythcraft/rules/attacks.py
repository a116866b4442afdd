"""The attack frame: the d20 roll, modifiers (F-5..F-13, H-15), hit or miss, damage and riders."""

from __future__ import annotations

from mythtable.engine.decision import Decision, Event
from mythtable.rulesets.mythcraft.rules.board import dist, line_of_sight
from mythtable.rulesets.mythcraft.rules.conditions import add_cond
from mythtable.rulesets.mythcraft.rules.damage import damage
from mythtable.rulesets.mythcraft.rules.formulas import CREATURES, HEROES, crit_threshold
from mythtable.rulesets.mythcraft.rules.reactions import offer
from mythtable.rulesets.mythcraft.rules.units import (
    able,
    can_react,
    defense,
    hostiles,
    is_turn_of,
    occupant,
    possessive,
    roll,
    unit,
)
from mythtable.rulesets.mythcraft.state import INDEFINITE, UNTIL_START, AttackFrame, AttackSpec, State, Unit


def modifiers(state: State, a: Unit, t: Unit, spec: AttackSpec) -> tuple[int, int]:
    """Tactical advantage and disadvantage on an attack: Prone (F-26), flanking (H-15), adjacent hostiles on a
    ranged attack (F-8), Help (H-4), Pack Hunter, Frightened (F-32)."""
    ta = td = 0
    if spec.melee:
        if "prone" in t.conds:
            ta += 1  # F-26
        if dist(a.x, a.y, t.x, t.y) == 1:  # H-15 flanking
            o = occupant(state, 2 * t.x - a.x, 2 * t.y - a.y)
            if o is not None and o.side == a.side and o is not a and able(o):
                ta += 1
    elif spec.ranged:
        if "prone" in t.conds:
            td += 1  # F-26
        td += sum(1 for o in hostiles(state, a) if dist(o.x, o.y, a.x, a.y) == 1 and not o.dying)  # F-8
    if "prone" in a.conds:
        td += 1
    for h in state.units:
        if h.help_target == t.uid and h is not a and h.side == a.side:
            ta += 1
            h.help_target = ""
            break
    if a.side == CREATURES and spec.creature:
        c = state.content.creatures[a.kind]
        if any(tr.effect == "pack_hunter" for tr in c.traits) and any(
            o.kind == a.kind and o is not a and not o.dead and dist(o.x, o.y, t.x, t.y) == 1 for o in state.units
        ):
            ta += 1
    fr = a.conds.get("frightened")
    if fr:
        try:
            src = unit(state, fr[2])
            if not src.dead and line_of_sight(state.board, (a.x, a.y), (src.x, src.y)):
                td += 1  # F-32
        except KeyError:
            pass
    return ta, td


def step_attack(state: State, f: AttackFrame, events: list[Event]) -> Decision | None:
    """One step of an attack frame: roll the d20 once, then judge each target in turn (a Parry or Ward may be
    offered before the hit resolves), then resolve the hit."""
    a = unit(state, f.attacker)
    spec = f.spec
    ph = f.phase
    if ph == "roll":
        if a.dead or a.dying:
            state.stack.pop()
            return None
        f.nat = state.rng.roll(20)
        f.phase = "target"
        return None
    if ph == "target":
        if f.target_index >= len(f.targets):
            state.stack.pop()
            after_attack(state, f, a, events)
            return None
        t = unit(state, f.targets[f.target_index])
        if t.dead:
            f.target_index += 1
            return None
        if spec.defense == "?" and not f.defense:
            if t.defs[1] == t.defs[2] or not able(t):
                f.defense = "REF" if defense(state, t, "REF") >= defense(state, t, "FORT") else "FORT"
            else:
                return Decision(
                    t.side,
                    "grapple_defense",
                    f"{t.name}: defend against {a.name}'s {spec.name} with REF "
                    f"{defense(state, t, 'REF')} or FORT {defense(state, t, 'FORT')}?",
                    [("defend", "REF"), ("defend", "FORT")],
                )
        dname = f.defense or spec.defense
        f.defense = dname
        ta, td = modifiers(state, a, t, spec)
        nat = f.nat
        luck = a.attrs[6] if a.side == HEROES else 0
        total = nat + spec.mod + ta - td + (luck if luck < 0 else 0)
        dtype = spec.damage_type
        vuln = t.vuln.get(dtype, 0) if dtype else 0
        defv = defense(state, t, dname)
        if dtype and not vuln:
            defv += t.resist.get(dtype, 0)
        defv -= vuln
        thr = crit_threshold(luck, vuln)
        auto = nat >= thr or nat == 20
        hit = nat != 1 and (auto or total >= defv)
        crit = nat >= thr and spec.kind in ("damage", "effect")
        parts = [f"d20 {nat}"]
        if spec.label:
            parts.append(f"{spec.label} {spec.mod}")
        elif spec.mod:
            parts.append(str(spec.mod))
        text = " + ".join(parts)
        if ta:
            text += f" + TA {ta}"
        if td:
            text += f" - TD {td}"
        if luck < 0:
            text += f" - LUCK {-luck}"
        verdict = "crit" if (hit and crit) else "hit" if hit else "miss"
        if nat == 1:
            verdict += " (natural 1)"
        events.append(
            Event(
                f"{a.name} attacks {t.name} with {spec.name}: {text} = {total} vs {dname} {defv}: {verdict}",
                kind="dice",
                reveals=True,
            )
        )
        f.total, f.defense_value, f.hit, f.crit, f.auto = total, defv, hit, hit and crit, auto
        f.phase = "resolve"
        if hit and not auto and total < defv + 2 and can_react(t) and t.side == HEROES:
            name = ""
            if t.feature == "parry" and dname == "AR":
                name = "parry"
            elif t.feature == "ward" and dname in ("ANT", "LOG", "WILL"):
                name = "ward"
            if name and t.reactive >= 1 and name not in t.used and not is_turn_of(state, t):
                offer(state, t, name, a, events, defense=dname)
        return None
    # resolve
    t = unit(state, f.targets[f.target_index])
    hit = f.hit
    if f.bonus:
        defv = f.defense_value + f.bonus
        hit = f.auto or (f.total >= defv and f.nat != 1)
        events.append(Event(f"{f.total} vs {f.defense} {defv}: {'hit' if hit else 'miss'}.", kind="dice"))
    f.target_index += 1
    f.phase = "target"
    f.bonus = 0
    f.defense = ""
    if not hit:
        if spec.melee and len(f.targets) == 1:
            f.missed = True
        return None
    if t.dead:
        return None
    kind = spec.kind
    if kind == "damage":
        deal(state, f, a, t, events)
    elif kind == "grapple":
        t.conds["grappled"] = [0, INDEFINITE, a.uid]
        events.append(Event(f"{t.name} is Grappled by {a.name} (speed 0)."))
    elif kind == "escape":
        a.conds.pop("grappled", None)
        events.append(Event(f"{a.name} breaks free."))
    elif kind == "trip":
        add_cond(state, t, "prone", 0, 0, a.uid, events)
    elif kind == "shove":
        shove(state, a, t, events)
    if not t.dead:
        for cond, value, rounds in spec.riders:
            add_cond(state, t, cond, value, rounds, a.uid, events)
        if f.stop and not t.dying:
            t.conds["stopped"] = [0, UNTIL_START, a.uid]
            t.move_left = 0
            events.append(Event(f"{t.name}'s speed drops to 0 until {possessive(state, t)} next turn."))
    return None


def deal(state: State, f: AttackFrame, a: Unit, t: Unit, events: list[Event]) -> None:
    """Damage on a hit: F-9 crits for weapons, magic crits add LUCK, H-13 for creatures."""
    spec = f.spec
    n, s, b = spec.dice_n, spec.dice_sides, spec.bonus
    crit = f.crit
    luck = a.attrs[6] if a.side == HEROES else 0
    if spec.creature and state.fixed_damage:
        amount = spec.average + (n * s if crit else 0)
        how = f"fixed {spec.average}" + (f" + max dice {n * s} (crit)" if crit else "")
    else:
        if crit and not spec.magic:
            extra = roll(state, n, s)
            amount = n * s + b + sum(extra) + max(luck, 0)
            how = f"crit: max {n * s + b} + {n}d{s} {sum(extra)}" + (f" + LUCK {luck}" if luck > 0 else "")
        else:
            if f.dice is None:
                f.dice = tuple(roll(state, n, s))  # an area attack rolls its damage once (F-11)
            dice = f.dice
            amount = sum(dice) + b
            how = f"{n}d{s} {sum(dice)}" + (f" + {b}" if b else "") if n else f"{b}"
            if crit and luck > 0:
                amount += luck
                how += f" + LUCK {luck} (crit)"
    events.append(Event(f"Damage: {how} = {amount} {spec.damage_type}.", kind="dice", reveals=True))
    damage(state, t, max(0, amount), spec.damage_type, events)


def shove(state: State, a: Unit, t: Unit, events: list[Event]) -> None:
    """F-34: push the target one square straight away, if that square is open (a grapple held at range ends)."""
    dx = (t.x > a.x) - (t.x < a.x)
    dy = (t.y > a.y) - (t.y < a.y)
    q = (t.x + dx, t.y + dy)
    if q in state.board.neigh.get((t.x, t.y), ()) and occupant(state, q[0], q[1]) is None:
        t.x, t.y = q
        state.moved += 1
        events.append(Event(f"{t.name} is shoved 5 ft to ({q[0]}, {q[1]})."))
        for o in state.units:
            g = o.conds.get("grappled")
            if g:
                src = unit(state, g[2])
                if dist(src.x, src.y, o.x, o.y) > 1:
                    del o.conds["grappled"]
                    events.append(Event(f"{o.name} is no longer Grappled."))
    else:
        events.append(Event(f"{t.name} has nowhere to be shoved."))


def after_attack(state: State, f: AttackFrame, a: Unit, events: list[Event]) -> None:
    """Grim Reprisal: an adjacent hero missed the creature with a melee attack."""
    if not f.missed or a.dead or a.side != HEROES:
        return
    t = unit(state, f.targets[0])
    if t.dead or t.side != CREATURES or not can_react(t) or "grim_reprisal" in t.used:
        return
    if not any(r.trigger == "missed_by_adjacent_melee" for r in state.content.creatures[t.kind].reactions):
        return
    if dist(a.x, a.y, t.x, t.y) != 1:
        return
    offer(state, t, "grim_reprisal", a, events)
