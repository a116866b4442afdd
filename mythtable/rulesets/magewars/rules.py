"""The Mage Wars CCG state machine: turn structure, priority and the stack, combat.

Everything here works on the plain `State`. `advance` moves the game through every step that
needs no choice and caches the next open `Decision` on the state. Clause IDs in comments
refer to shared/rules/magewars.md and assets/magewars/rules.toml.
"""

from __future__ import annotations

from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.magewars.content import UNIT_OPS, Effect, Info
from mythtable.rulesets.magewars.state import (
    EMPTY_DECK_PENALTY,
    FPB_CAP,
    HAND_LIMIT,
    LINES,
    MAX_TOWER,
    TOWER,
    Attack,
    Card,
    Combat,
    StackItem,
    State,
    TargetReq,
)

WINDOW_STEPS = frozenset({"main", "combat.declaration", "combat.defense", "counter.defense"})
LINE_LABEL = {"offensive": "Offensive Line", "defensive": "Defensive Line", "tower": "Tower"}
DONE: Action = ("done",)
PASS: Action = ("pass",)
CANCEL: Action = ("cancel",)

# ----------------------------------------------------------------------------------------
# Queries
# ----------------------------------------------------------------------------------------


def is_unit_in_play(state: State, uid: int) -> bool:
    c = state.cards[uid]
    return (c.zone == "offensive" or c.zone == "defensive") and not c.face_down


def sources(state: State, seat: int) -> tuple[bool, dict[str, int]]:
    """(has a face-up Holding, element -> number of face-up sources) for H-13 / H-14."""
    has_holding = False
    counts: dict[str, int] = {}
    cards = state.cards
    for uid in state.players[seat].row:
        c = cards[uid]
        if c.face_down:
            continue
        t = c.d.type
        if t == "holding":
            has_holding = True
        elif t == "resource":
            for e in c.d.elements:
                counts[e] = counts.get(e, 0) + 1
    return has_holding, counts


def meets(state: State, seat: int, d: Info, src: tuple[bool, dict[str, int]] | None = None) -> bool:
    """Deploy/cast requirements as thresholds (H-13); nothing is used up."""
    tower = state.players[seat].tower
    if d.min_tower and tower < d.min_tower:
        return False
    if d.min_tier and tower // 10 < d.min_tier:
        return False
    if d.req_holding or d.req_elements:
        if src is None:
            src = sources(state, seat)
        if d.req_holding and not src[0]:
            return False
        counts = src[1]
        for e, n in d.req_elements:
            if counts.get(e, 0) < n:
                return False
    return True


def tier(tower: int) -> int:
    """H-12: Tower tier is Tower Level // 10 (never below 0)."""
    return max(0, tower) // 10


def field_bonus(state: State, c: Card) -> int:
    """H-43 (O-1): +1 per face-up source of each element the unit requires, at most +3."""
    if not c.d.req_elements:
        return 0
    counts = sources(state, c.controller)[1]
    total = 0
    for e, _n in c.d.req_elements:
        total += counts.get(e, 0)
    return min(FPB_CAP, total)


def weave_bonus(state: State, c: Card, op: str) -> int:
    total = 0
    for p in state.players:
        for wid in p.weaves:
            w = state.cards[wid]
            if w.att_unit == c.uid or (w.att_line == c.zone and w.controller == c.controller):
                eff = w.d.effect
                if eff is not None:
                    for o in eff.ops:
                        if o.op == op:
                            total += o.amount
    return total


def power(state: State, c: Card) -> int:
    """H-16: printed Power + Field Power Bonus + modifiers (never below 0)."""
    p = c.d.power + field_bonus(state, c) + c.power_mod
    if state.players[0].weaves or state.players[1].weaves:
        p += weave_bonus(state, c, "power")
    return p if p > 0 else 0


def guard(state: State, c: Card) -> int:
    g = c.d.guard + c.guard_mod
    if state.players[0].weaves or state.players[1].weaves:
        g += weave_bonus(state, c, "guard")
    return g if g > 0 else 0


def occupied(state: State, seat: int, line: str) -> bool:
    """A line holds a unit: a face-up non-Aerial unit (H-20 face-down cards and H-29 Aerials don't count)."""
    cards = state.cards
    for uid in state.players[seat].line(line):
        c = cards[uid]
        if not c.face_down and not c.d.aerial:
            return True
    return False


def shown_step(state: State) -> str:
    """The step players see: once combat is declared (W-7, W-12) an answer to it is in the Declaration step."""
    if state.step == "main" and state.intent == "combat":
        return "combat.declaration"
    return state.step


def has_unit(state: State, seat: int, line: str) -> bool:
    """A line holds any face-up unit, Aerial included (W-20: the line may be attacked)."""
    cards = state.cards
    return any(not cards[uid].face_down for uid in state.players[seat].line(line))


def legal_targets(state: State, attacker: Card, dfn: int) -> list[tuple[str, int]]:
    """Attack targets under line rules W-18..W-26 and H-29: (line, hero uid or -1).

    H-29: Aerial defenders never close the way to the lines behind them, but a line that holds
    only Aerial units still holds units and stays a legal target (W-20); W-24's Tower is an extra option.
    """
    lines: tuple[str, ...]
    if attacker.d.aerial:
        lines = ("offensive", "defensive", TOWER)
    else:
        open_lines: list[str] = []
        for ln in LINES:
            if has_unit(state, dfn, ln):
                open_lines.append(ln)
            if occupied(state, dfn, ln):
                break
        else:
            open_lines.append(TOWER)
        lines = tuple(open_lines)
    out = [(ln, -1) for ln in lines]
    p = state.players[dfn]
    cards = state.cards
    for ln in lines:
        if ln == TOWER:
            continue
        for uid in p.line(ln):
            c = cards[uid]
            if c.d.hero and not c.face_down:
                out.append((ln, uid))
    return out


def can_block(blocker: Card, attacker: Card) -> bool:
    """H-45 (O-3): only Aerial units may block an Aerial attacker."""
    return not attacker.d.aerial or blocker.d.aerial


def unit_targets(state: State, seat: int, kind: str) -> list[Action]:
    """Target actions for an effect target kind; [] when there is none."""
    out: list[Action] = []
    if kind == "own_line":
        return [("line", "offensive"), ("line", "defensive")]
    seats: tuple[int, ...]
    if kind == "own_unit":
        seats = (seat,)
    elif kind in ("enemy_unit", "enemy_hero"):
        seats = (1 - seat,)
    else:
        seats = (seat, 1 - seat)
    cards = state.cards
    for s in seats:
        p = state.players[s]
        for uid in p.offensive + p.defensive:
            c = cards[uid]
            if c.face_down:
                continue
            if kind == "enemy_hero" and not c.d.hero:
                continue
            out.append(("unit", uid))
    return out


def needs_target(eff: Effect | None) -> bool:
    return eff is not None and eff.target not in ("none", "self")


# ----------------------------------------------------------------------------------------
# Small state changes
# ----------------------------------------------------------------------------------------


def name_of(state: State, seat: int) -> str:
    return state.players[seat].name


def draw(state: State, seat: int, events: list[Event]) -> None:
    """H-8 / H-5: draw one card, or lose 2 Tower Levels when the deck is empty."""
    p = state.players[seat]
    if not p.deck:
        p.tower -= EMPTY_DECK_PENALTY
        events.append(Event(f"{p.name} has no card to draw and loses {EMPTY_DECK_PENALTY} Tower Levels."))
        return
    uid = p.deck.pop()
    p.hand.append(uid)
    c = state.cards[uid]
    c.zone = "hand"
    events.append(Event(f"{p.name} draws a card."))
    events.append(Event(f"You draw {c.d.name}.", seat=seat, kind="draw", reveals=True))


def remove_from_zone(state: State, c: Card) -> None:
    p = state.players[c.controller]
    z = c.zone
    if z == "hand":
        state.players[c.owner].hand.remove(c.uid)
    elif z == "offensive":
        p.offensive.remove(c.uid)
    elif z == "defensive":
        p.defensive.remove(c.uid)
    elif z == "row":
        p.row.remove(c.uid)
    elif z == "weave":
        p.weaves.remove(c.uid)
    elif z == "deck":
        state.players[c.owner].deck.remove(c.uid)
    elif z == "grave":
        state.players[c.owner].grave.remove(c.uid)
    # "stack": the stack item was already popped


def to_grave(state: State, c: Card) -> None:
    """A card leaves play for its owner's graveyard (H-35); weaves on a unit follow it (H-24)."""
    was_unit = c.zone in ("offensive", "defensive")
    remove_from_zone(state, c)
    c.zone = "grave"
    c.controller = c.owner
    c.face_down = False
    c.wounds = 0
    c.exhausted = False
    c.power_mod = 0
    c.guard_mod = 0
    c.att_unit = -1
    c.att_line = ""
    state.players[c.owner].grave.append(c.uid)
    if was_unit:
        for p in state.players:
            for wid in p.weaves[:]:
                if state.cards[wid].att_unit == c.uid:
                    to_grave(state, state.cards[wid])


def sweep(state: State, events: list[Event]) -> None:
    """Destroy every unit whose damage reached its Guard (H-17)."""
    dead: list[Card] = []
    cards = state.cards
    for p in state.players:
        for uid in p.offensive + p.defensive:
            c = cards[uid]
            if not c.face_down and c.wounds >= guard(state, c):
                dead.append(c)
    for c in dead:
        events.append(Event(f"{c.d.name} ({name_of(state, c.controller)}) is destroyed."))
        to_grave(state, c)


def check_towers(state: State, events: list[Event]) -> bool:
    """H-15: a Tower at 0 or below loses; both at once is a draw."""
    t0 = state.players[0].tower <= 0
    t1 = state.players[1].tower <= 0
    if not (t0 or t1):
        return False
    state.over = True
    state.decision = None
    if t0 and t1:
        state.winner = None
        state.reason = "Both Towers fell at once: a draw"
    else:
        loser = 0 if t0 else 1
        state.winner = 1 - loser
        state.reason = f"{name_of(state, loser)}'s Tower fell"
    events.append(Event(state.reason + "."))
    return True


def drop_exhausted_blocker(state: State, c: Card, events: list[Event]) -> None:
    """H-18: an exhausted unit cannot block; while blocks are open (the Attack step) its block ends."""
    cb = state.combat
    if cb is None or state.step != "combat.attack":
        return
    for a in cb.attacks:
        if c.uid in a.blockers:
            a.blockers.remove(c.uid)
            events.append(Event(f"{c.d.name} is exhausted and no longer blocks."))


def apply_effect(
    state: State, seat: int, eff: Effect, target: int, line: str, src: int, lasting: bool, events: list[Event]
) -> None:
    """Interpret an effect's ops. Until-end-of-turn changes go to the unit's modifiers."""
    cards = state.cards
    units: list[Card] = []
    if eff.target == "self":
        if is_unit_in_play(state, src):
            units = [cards[src]]
    elif eff.target == "own_line":
        units = [cards[u] for u in state.players[seat].line(line) if not cards[u].face_down]
    elif target >= 0 and is_unit_in_play(state, target):
        units = [cards[target]]
    fizzled = eff.target != "none" and not units and eff.target != "own_line"
    for op in eff.ops:
        k = op.op
        n = op.amount
        if k in UNIT_OPS:
            for c in units:
                if k == "damage":
                    c.wounds += n
                    events.append(Event(f"{c.d.name} takes {n} damage."))
                elif k == "heal":
                    c.wounds = max(0, c.wounds - n)
                elif k == "power":
                    c.power_mod += n
                elif k == "guard":
                    c.guard_mod += n
                elif k == "ready":
                    c.exhausted = False
                elif k == "exhaust":
                    c.exhausted = True
                    drop_exhausted_blocker(state, c, events)
        elif k == "draw":
            for _ in range(n):
                draw(state, seat, events)
        elif k == "tower_damage":
            state.players[1 - seat].tower -= n
            events.append(Event(f"{name_of(state, 1 - seat)}'s Tower loses {n} Tower Levels."))
        elif k == "tower_damage_all":
            for pl in state.players:
                pl.tower -= n
            events.append(Event(f"Both Towers lose {n} Tower Levels."))
        elif k == "tower_heal":
            p = state.players[seat]
            p.tower = min(MAX_TOWER, p.tower + n)  # H-48: never above 30
            events.append(Event(f"{p.name}'s Tower rises to {p.tower}."))
    if fizzled:
        events.append(Event("The target is gone; the effect has no target."))
    sweep(state, events)


# ----------------------------------------------------------------------------------------
# Legal actions
# ----------------------------------------------------------------------------------------


def fast_actions(state: State, seat: int) -> list[Action]:
    """What a seat holding priority may do at fast-cast speed (F-14, H-22, H-49)."""
    out: list[Action] = []
    p = state.players[seat]
    cards = state.cards
    src = sources(state, seat)
    for uid in p.hand:
        c = cards[uid]
        d = c.d
        if (
            d.speed == "fast"
            and meets(state, seat, d, src)
            and (
                not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
            )
        ):
            out.append(("cast", uid))
    if not state.stack:  # F-15: only fast-casts and activated abilities answer a spell (over H-22)
        flip_actions(state, seat, src, out, units=True)
    ability_actions(state, seat, out, fast_only=True)
    return out


def flip_actions(state: State, seat: int, src: tuple[bool, dict[str, int]], out: list[Action], units: bool) -> None:
    """H-22: a face-down card may be turned face-up when its requirements are met now."""
    p = state.players[seat]
    cards = state.cards
    for zone in (p.offensive, p.defensive, p.row):
        for uid in zone:
            c = cards[uid]
            if not c.face_down:
                continue
            d = c.d
            if d.type == "unit" and not units:
                continue
            if not meets(state, seat, d, src):
                continue
            if d.type == "ritual" and needs_target(d.effect) and not unit_targets(state, seat, d.effect.target):  # type: ignore[union-attr]
                continue
            out.append(("flip", uid))


def ability_actions(state: State, seat: int, out: list[Action], fast_only: bool) -> None:
    p = state.players[seat]
    cards = state.cards
    for uid in p.offensive + p.defensive:
        c = cards[uid]
        a = c.d.ability
        if a is None or c.face_down:
            continue
        if fast_only and not a.fast:
            continue
        if a.exhaust and c.exhausted:
            continue
        if needs_target(a.effect) and not unit_targets(state, seat, a.effect.target):
            continue
        out.append(("ability", uid))


def main_actions(state: State) -> list[Action]:
    """The active player's Main-phase options with an empty stack (H-9, H-21, H-22, H-23, H-24)."""
    seat = state.active
    p = state.players[seat]
    cards = state.cards
    src = sources(state, seat)
    out: list[Action] = []
    for uid in p.hand:
        d = cards[uid].d
        t = d.type
        if t == "resource" or t == "holding":
            if not p.laid:
                out.append(("lay", uid))
                out.append(("set", uid))
        elif t == "unit":
            ok = meets(state, seat, d, src)
            for ln in LINES:
                if ok:
                    out.append(("deploy", uid, ln))
                out.append(("deploy_down", uid, ln))
        elif t == "ritual":
            out.append(("set", uid))
            if meets(state, seat, d, src) and (
                not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
            ):
                out.append(("ritual", uid))
        elif meets(state, seat, d, src) and (
            not needs_target(d.effect) or unit_targets(state, seat, d.effect.target)  # type: ignore[union-attr]
        ):
            out.append(("cast", uid))
    flip_actions(state, seat, src, out, units=True)
    ability_actions(state, seat, out, fast_only=False)
    if not p.moved:
        for uid in p.offensive + p.defensive:
            if not cards[uid].face_down:
                out.append(("move", uid))
    if not state.combat_done:
        out.append(("combat",))
    out.append(("end",))
    return out


def attacker_actions(state: State, cb: Combat) -> list[Action]:
    """Declaration (W-13..W-15) or counter-attack (H-37, H-38): attacker+target pairs."""
    seat = cb.atk
    cards = state.cards
    declared = {a.attacker for a in cb.attacks}
    out: list[Action] = []
    for uid in state.players[seat].offensive:
        c = cards[uid]
        if uid in declared:
            out.append(("withdraw", uid))
            continue
        if c.face_down or c.exhausted:
            continue
        if not cb.counter and c.entered == state.turn:  # H-19
            continue
        if cb.counter and uid in cb.blockers_used:  # H-37
            continue
        for ln, hero in legal_targets(state, c, cb.dfn):
            out.append(("attack", uid, "hero", hero) if hero >= 0 else ("attack", uid, "line", ln))
    out.append(DONE)
    return out


def blocker_candidates(state: State, cb: Combat, blocker: Card) -> list[Action]:
    out: list[Action] = []
    cards = state.cards
    for a in cb.attacks:
        if is_unit_in_play(state, a.attacker) and can_block(blocker, cards[a.attacker]):
            out.append(("unit", a.attacker))
    return out


def block_actions(state: State, cb: Combat) -> list[Action]:
    """H-31 / H-39: ready face-up units block; counter blockers must not have attacked."""
    out: list[Action] = []
    cards = state.cards
    blocking = {b for a in cb.attacks for b in a.blockers}
    p = state.players[cb.dfn]
    for uid in p.offensive + p.defensive:
        c = cards[uid]
        if c.face_down:
            continue
        if uid in blocking:
            out.append(("unblock", uid))
            continue
        if c.exhausted or (cb.counter and uid in cb.attacked):
            continue
        if blocker_candidates(state, cb, c):
            out.append(("block", uid))
    return out


def attack_step_actions(state: State, cb: Combat, seat: int) -> list[Action]:
    """W-27, W-29, W-34: defender blocks and flips; either side may use face-down Rituals."""
    out: list[Action] = []
    src = sources(state, seat)
    flips: list[Action] = []
    flip_actions(state, seat, src, flips, units=seat == cb.dfn)
    if seat == cb.dfn:
        out.extend(block_actions(state, cb))
        # W-29: face-down units; W-34: Rituals. Resources and Holdings wait for a priority window.
        out.extend(a for a in flips if state.cards[int(a[1])].d.type in ("unit", "ritual"))
    else:
        out.extend(a for a in flips if state.cards[int(a[1])].d.type == "ritual")
    # W-34 / H-22: a Ritual may also be played from hand, with its requirements met now
    cards = state.cards
    for uid in state.players[seat].hand:
        d = cards[uid].d
        if (
            d.type == "ritual"
            and meets(state, seat, d, src)
            and (not needs_target(d.effect) or unit_targets(state, seat, d.effect.target))  # type: ignore[union-attr]
        ):
            out.append(("ritual", uid))
    out.append(DONE)
    return out


# ----------------------------------------------------------------------------------------
# The decision loop
# ----------------------------------------------------------------------------------------


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is open (cached on the state) or the game is over."""
    guard_count = 0
    while True:
        guard_count += 1
        if guard_count > 10_000:
            raise RuntimeError("the Mage Wars state machine did not settle")
        if state.over or check_towers(state, events):
            state.decision = None
            return
        d = find_decision(state, events)
        if d is not None:
            state.decision = d
            return


def find_decision(state: State, events: list[Event]) -> Decision | None:
    """The open decision, or None after making one automatic transition."""
    tr = state.target_req
    if tr is not None:
        name = state.cards[tr.uid].d.name
        prompt = f"Which attacker does {name} block?" if tr.purpose == "block" else f"Choose a target for {name}"
        return Decision(tr.seat, "target", prompt, [*tr.options, CANCEL])
    step = state.step
    if step in WINDOW_STEPS:
        cb = state.combat
        if step == "combat.declaration" and cb is not None and not cb.declared:
            return Decision(cb.atk, "declare_attackers", "Declare attackers and targets", attacker_actions(state, cb))
        seat = state.prio
        # W-7..W-11: once combat is declared, the attacker never gets the Main phase back
        if step == "main" and seat == state.active and not state.stack and state.intent != "combat":
            return Decision(seat, "main", "Main phase", main_actions(state))
        acts = fast_actions(state, seat)
        if not acts:
            do_pass(state, events)  # auto-pass: nothing castable
            return None
        acts.append(PASS)
        return Decision(seat, "fast_cast", "Respond with a fast-cast, or pass", acts)
    if step == "combat.attack":
        cb = state.combat
        assert cb is not None
        acts = attack_step_actions(state, cb, cb.turn_seat)
        if len(acts) == 1:
            attack_step_done(state, events)
            return None
        return Decision(cb.turn_seat, "attack_step", "Attack step: block, turn cards face-up, or done", acts)
    if step == "combat.damage" or step == "counter.damage":
        return damage_decision(state, events)
    if step == "counter.attack":
        cb = state.combat
        assert cb is not None
        if not cb.declared:
            acts = attacker_actions(state, cb)
            if len(acts) == 1:
                end_combat(state, events, "No unit can counter-attack.")
                return None
            return Decision(cb.atk, "counter_attackers", "Choose counter-attackers and targets", acts)
        acts = block_actions(state, cb)
        if not acts:
            open_window(state, "counter.defense", cb.atk)
            return None
        acts.append(DONE)
        return Decision(cb.dfn, "counter_blockers", "Choose blockers against the counter-attack", acts)
    if step == "end":
        p = state.players[state.active]
        if len(p.hand) > HAND_LIMIT:
            return Decision(state.active, "discard", f"Discard down to {HAND_LIMIT}", [("discard", u) for u in p.hand])
        next_turn(state, events)
        return None
    raise RuntimeError(f"unknown step {step!r}")


def open_window(state: State, step: str, owner: int) -> None:
    state.step = step
    state.owner = owner
    state.prio = owner
    state.passes = 0
    state.intent = ""


def do_pass(state: State, events: list[Event]) -> None:
    """H-26 / H-27: two passes in a row resolve the top item, or close the window."""
    state.passes += 1
    if state.passes < 2:
        state.prio = 1 - state.prio
        return
    state.passes = 0
    if state.stack:
        resolve_top(state, events)
        state.prio = state.owner
        return
    close_window(state, events)


def close_window(state: State, events: list[Event]) -> None:
    step = state.step
    cb = state.combat
    if step == "main":
        if state.intent == "combat":
            begin_combat(state, events)
        else:
            state.step = "end"
    elif step == "combat.declaration":
        assert cb is not None
        state.step = "combat.attack"
        cb.turn_seat = cb.dfn
        cb.step_passes = 0
    elif step == "combat.defense" or step == "counter.defense":
        assert cb is not None
        state.step = "combat.damage" if step == "combat.defense" else "counter.damage"
        cb.di = 0
        cb.split_left = -1
        cb.split = []


def begin_combat(state: State, events: list[Event]) -> None:
    """W-7, W-12: the active player opens combat; the Declaration step starts."""
    state.combat_done = True
    state.step = "combat.declaration"
    state.combat = Combat(counter=False, atk=state.active, dfn=1 - state.active)
    events.append(Event(f"{name_of(state, state.active)} declares combat."))


def unit_count(n: int) -> str:
    return "1 unit" if n == 1 else f"{n} units"


def finish_declaration(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    cards = state.cards
    for a in cb.attacks:
        cards[a.attacker].exhausted = True  # H-18
        cb.attacked.append(a.attacker)
    cb.declared = True
    for a in cb.attacks:
        what = cards[a.hero].d.name if a.hero >= 0 else f"the {LINE_LABEL[a.line]}"
        events.append(Event(f"{cards[a.attacker].d.name} targets {what}."))
    who = name_of(state, cb.atk)
    if cb.counter:
        if cb.attacks:
            events.append(Event(f"{who} counter-attacks with {unit_count(len(cb.attacks))}."))
        else:
            events.append(Event(f"{who} does not counter-attack."))
            end_combat(state, events, "")
        return
    cb.off_at_decl = occupied(state, cb.dfn, "offensive")
    if cb.attacks:
        events.append(Event(f"{who} attacks with {unit_count(len(cb.attacks))}."))
    else:
        events.append(Event(f"{who} sends no unit to attack."))
    open_window(state, "combat.declaration", cb.dfn)  # W-16: the defender gets priority first


def attack_step_done(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    cb.step_passes += 1
    cb.turn_seat = 1 - cb.turn_seat
    if cb.step_passes >= 2:
        fix_targets(state, events)
        open_window(state, "combat.defense", cb.atk)  # H-28: attacker first


def fix_targets(state: State, events: list[Event]) -> None:
    """W-30..W-33, H-30, H-47: final targets when the Attack step ends."""
    cb = state.combat
    assert cb is not None
    cards = state.cards
    pull_off = not cb.off_at_decl and occupied(state, cb.dfn, "offensive")
    # W-30 / W-32: only a turned unit still face-up on the Defensive Line at this point moves Tower attacks
    dline = state.players[cb.dfn].defensive
    pull_def = any(u in dline and not cards[u].face_down for u in cb.flipped_def)
    for a in cb.attacks:
        att = cards[a.attacker]
        if att.d.aerial:  # H-47 (O-5): Aerial attacks are never moved
            continue
        new = a.line
        if pull_off and a.line != "offensive":
            new = "offensive"
        elif pull_def and a.line == TOWER:
            new = "defensive"
        if new != a.line:
            a.line = new
            a.hero = -1
            a.moved = True
            events.append(Event(f"{att.d.name}'s attack is moved to the {LINE_LABEL[new]}."))


def end_combat(state: State, events: list[Event], text: str) -> None:
    """H-41: combat ends after the counter-attack; the turn moves to End."""
    if text:
        events.append(Event(text))
    state.combat = None
    state.step = "end"


def start_counter(state: State, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    blockers_used = [b for a in cb.attacks for b in a.blockers]
    state.combat = Combat(
        counter=True,
        atk=cb.dfn,
        dfn=cb.atk,
        attacked=cb.attacked[:],
        blockers_used=blockers_used,
    )
    state.step = "counter.attack"


# ----- damage -----------------------------------------------------------------------------


def damage_decision(state: State, events: list[Event]) -> Decision | None:
    """Walk the attacks in order; open a decision when one needs a choice (H-32..H-34, H-40)."""
    cb = state.combat
    assert cb is not None
    cards = state.cards
    while cb.di < len(cb.attacks):
        a = cb.attacks[cb.di]
        if not is_unit_in_play(state, a.attacker):
            cb.di += 1
            continue
        att = cards[a.attacker]
        pw = power(state, att)
        if a.blockers:
            live = [b for b in a.blockers if is_unit_in_play(state, b)]
            if len(live) >= 2 and pw > 0:
                if cb.split_left < 0:
                    cb.split_left = pw
                    cb.split = []
                if cb.split_left > 0:
                    acts: list[Action] = []
                    for b in live:
                        for n in range(1, cb.split_left + 1):
                            acts.append(("assign", b, n))
                    return Decision(cb.atk, "split_damage", f"Split {att.d.name}'s {pw} damage", acts)
                for b, n in cb.split:
                    deal(state, cards[b], n, events)
            elif len(live) == 1:
                deal(state, cards[live[0]], pw, events)
            for b in live:
                deal(state, att, power(state, cards[b]), events)
            next_attack(cb)
            continue
        if a.hero >= 0:
            if is_unit_in_play(state, a.hero) and cards[a.hero].controller == cb.dfn:
                deal(state, cards[a.hero], pw, events)
            next_attack(cb)
            continue
        if a.line == TOWER:
            holdings = face_up_holdings(state, cb.dfn)
            if cb.counter or not holdings:  # H-34 / H-40; Power 0 still may capture
                tower_damage(state, cb, att, pw, events)
                next_attack(cb)
                if state.players[cb.dfn].tower <= 0:
                    return None  # H-15: the Tower check ends the game at once
                continue
            acts = [("damage",)] + [("capture", h) for h in holdings]
            return Decision(cb.atk, "damage_choice", f"{att.d.name} reaches the Tower: damage or capture", acts)
        units = [u for u in state.players[cb.dfn].line(a.line) if not cards[u].face_down]
        if not units or pw <= 0:
            next_attack(cb)
            continue
        if len(units) == 1:
            deal(state, cards[units[0]], pw, events)
            next_attack(cb)
            continue
        return Decision(
            cb.dfn,
            "line_damage_target",
            f"Which unit on your {LINE_LABEL[a.line]} takes {pw} from {att.d.name}?",
            [("unit", u) for u in units],
        )
    finish_damage(state, events)
    return None


def next_attack(cb: Combat) -> None:
    cb.di += 1
    cb.split_left = -1
    cb.split = []


def face_up_holdings(state: State, seat: int) -> list[int]:
    cards = state.cards
    return [u for u in state.players[seat].row if cards[u].d.type == "holding" and not cards[u].face_down]


def deal(state: State, c: Card, n: int, events: list[Event]) -> None:
    if n <= 0:
        return
    c.wounds += n
    events.append(Event(f"{c.d.name} takes {n} damage."))


def tower_damage(state: State, cb: Combat, att: Card, pw: int, events: list[Event]) -> None:
    p = state.players[cb.dfn]
    p.tower -= pw
    events.append(Event(f"{att.d.name} hits {p.name}'s Tower for {pw} (Tower Level {p.tower})."))


def finish_damage(state: State, events: list[Event]) -> None:
    """H-36: destruction after all damage; then the Tower check; then the counter-attack."""
    cb = state.combat
    assert cb is not None
    sweep(state, events)
    if check_towers(state, events):
        return
    if cb.counter:
        end_combat(state, events, "Combat ends.")
    else:
        start_counter(state, events)


def apply_damage_choice(state: State, action: Action, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    a = cb.attacks[cb.di]
    att = state.cards[a.attacker]
    pw = power(state, att)
    kind = action[0]
    if kind == "damage":
        tower_damage(state, cb, att, pw, events)
    elif kind == "capture":
        h = state.cards[int(action[1])]
        dp = state.players[cb.dfn]
        dp.row.remove(h.uid)
        state.players[cb.atk].row.append(h.uid)
        h.controller = cb.atk
        events.append(Event(f"{att.d.name} captures {h.d.name} for {name_of(state, cb.atk)}."))
    elif kind == "unit":
        deal(state, state.cards[int(action[1])], pw, events)
    next_attack(cb)


def apply_split(state: State, action: Action) -> None:
    cb = state.combat
    assert cb is not None
    b, n = int(action[1]), int(action[2])
    for entry in cb.split:
        if entry[0] == b:
            entry[1] += n
            break
    else:
        cb.split.append([b, n])
    cb.split_left -= n


# ----- stack ------------------------------------------------------------------------------


def resolve_top(state: State, events: list[Event]) -> None:
    """H-25: the top item resolves (last in, first out)."""
    item = state.stack.pop()
    c = state.cards[item.uid]
    if item.kind == "ability":
        a = c.d.ability
        assert a is not None
        events.append(Event(f"{c.d.name}'s ability resolves."))
        apply_effect(state, item.seat, a.effect, item.target, item.line, item.uid, False, events)
        return
    eff = c.d.effect
    assert eff is not None
    events.append(Event(f"{c.d.name} resolves."))
    if c.d.speed == "weave":
        if eff.target == "own_line" or is_unit_in_play(state, item.target):
            c.zone = "weave"
            c.controller = item.seat
            c.att_unit = item.target if eff.target != "own_line" else -1
            c.att_line = item.line if eff.target == "own_line" else ""
            state.players[item.seat].weaves.append(c.uid)
            sweep(state, events)
        else:
            events.append(Event(f"{c.d.name} has nothing to attach to."))
            c.zone = "grave"
            state.players[c.owner].grave.append(c.uid)
        return
    c.zone = "grave"
    state.players[c.owner].grave.append(c.uid)
    apply_effect(state, item.seat, eff, item.target, item.line, item.uid, False, events)


def put_on_stack(state: State, seat: int, purpose: str, uid: int, target: Action | None, events: list[Event]) -> None:
    c = state.cards[uid]
    tgt = -1
    line = ""
    if target is not None:
        if target[0] == "line":
            line = str(target[1])
        else:
            tgt = int(target[1])
    tname = ""
    if tgt >= 0:
        tname = f" on {state.cards[tgt].d.name}"
    elif line:
        tname = f" on the {LINE_LABEL[line]}"
    p = state.players[seat]
    if purpose == "cast":
        p.hand.remove(uid)
        c.zone = "stack"
        p.tower -= c.d.cost
        cost = f" paying {c.d.cost} Tower" if c.d.cost else ""
        events.append(Event(f"{p.name} casts {c.d.name}{tname}{cost}.", reveals=True))
        state.stack.append(StackItem("spell", uid, seat, tgt, line))
    else:
        a = c.d.ability
        assert a is not None
        if a.exhaust:
            c.exhausted = True
        p.tower -= a.tower_cost
        events.append(Event(f"{p.name} activates {c.d.name}{tname}."))
        state.stack.append(StackItem("ability", uid, seat, tgt, line))
    state.passes = 0
    if state.intent != "combat":  # W-7: a declared combat stands; a planned end of the Main phase does not
        state.intent = ""
    state.prio = 1 - seat  # H-26


def run_ritual(state: State, seat: int, uid: int, target: Action | None, events: list[Event]) -> None:
    """H-22, H-44: a Ritual's Deploy Effect happens at once, then the Ritual goes to the graveyard."""
    c = state.cards[uid]
    p = state.players[seat]
    remove_from_zone(state, c)
    c.zone = "grave"
    c.face_down = False
    p.grave.append(uid)
    p.tower -= c.d.cost
    tgt = int(target[1]) if target is not None else -1
    tname = f" on {state.cards[tgt].d.name}" if tgt >= 0 else ""
    events.append(Event(f"{p.name} performs {c.d.name}{tname}.", reveals=True))
    eff = c.d.effect
    assert eff is not None
    apply_effect(state, seat, eff, tgt, "", uid, False, events)


def flip(state: State, seat: int, uid: int, events: list[Event]) -> None:
    """H-22: turn a face-down card face-up (not a deployment, no lay, stays in place)."""
    c = state.cards[uid]
    c.face_down = False
    c.entered = state.turn
    where = f" on the {LINE_LABEL[c.zone]}" if c.zone in LINE_LABEL else ""
    events.append(Event(f"{name_of(state, seat)} turns {c.d.name} face-up{where}.", reveals=True))
    cb = state.combat
    if (
        cb is not None
        and not cb.counter
        and cb.declared
        and state.step in ("combat.declaration", "combat.attack")
        and seat == cb.dfn
        and c.zone == "defensive"
        and not c.d.aerial
    ):
        cb.flipped_def.append(uid)  # W-32, judged when targets are fixed (W-30)


# ----- turn structure ---------------------------------------------------------------------


def next_turn(state: State, events: list[Event]) -> None:
    """H-11 end of turn, then H-6..H-8 Ready and Draw for the next player."""
    for c in state.cards:
        c.power_mod = 0
        c.guard_mod = 0
    sweep(state, events)
    state.active = 1 - state.active
    state.turn += 1
    state.combat = None
    state.combat_done = False
    p = state.players[state.active]
    p.laid = False
    p.moved = False
    state.step = "ready"
    for uid in p.offensive + p.defensive:
        state.cards[uid].exhausted = False  # H-7
    events.append(Event(f"Turn {state.turn}: {p.name}."))
    state.step = "draw"
    draw(state, state.active, events)
    open_window(state, "main", state.active)


# ----- apply ------------------------------------------------------------------------------


def apply_action(state: State, action: Action, events: list[Event]) -> None:
    d = state.decision
    assert d is not None
    kind = d.kind
    seat = d.seat
    a0 = action[0]
    if kind == "target":
        tr = state.target_req
        assert tr is not None
        state.target_req = None
        if a0 == "cancel":
            return
        finish_target(state, tr, action, events)
        return
    if kind in ("main", "fast_cast"):
        window_action(state, seat, action, events)
    elif kind in ("declare_attackers", "counter_attackers"):
        cb = state.combat
        assert cb is not None
        if a0 == "done":
            finish_declaration(state, events)
        elif a0 == "withdraw":
            cb.attacks = [a for a in cb.attacks if a.attacker != action[1]]
        else:
            uid = int(action[1])
            if action[2] == "hero":
                hero = int(action[3])
                line = state.cards[hero].zone
            else:
                hero = -1
                line = str(action[3])
            cb.attacks.append(Attack(uid, line, hero, line, hero))
    elif kind == "attack_step":
        cb = state.combat
        assert cb is not None
        if a0 == "done":
            attack_step_done(state, events)
        else:
            cb.step_passes = 0
            block_or_flip(state, seat, action, events)
    elif kind == "counter_blockers":
        cb = state.combat
        assert cb is not None
        if a0 == "done":
            open_window(state, "counter.defense", cb.atk)
        else:
            block_or_flip(state, seat, action, events)
    elif kind in ("damage_choice", "line_damage_target"):
        apply_damage_choice(state, action, events)
    elif kind == "split_damage":
        apply_split(state, action)
    elif kind == "discard":
        uid = int(action[1])
        c = state.cards[uid]
        state.players[seat].hand.remove(uid)
        c.zone = "grave"
        state.players[c.owner].grave.append(uid)
        events.append(Event(f"{name_of(state, seat)} discards {c.d.name}.", reveals=True))
    else:
        raise RuntimeError(f"unknown decision kind {kind!r}")


def block_or_flip(state: State, seat: int, action: Action, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    a0 = action[0]
    uid = int(action[1])
    if a0 == "block":
        opts = blocker_candidates(state, cb, state.cards[uid])
        if len(opts) == 1:
            add_block(state, uid, int(opts[0][1]), events)
        else:
            state.target_req = TargetReq(seat, "block", uid, opts)
    elif a0 == "unblock":
        for a in cb.attacks:
            if uid in a.blockers:
                a.blockers.remove(uid)
        events.append(Event(f"{state.cards[uid].d.name} no longer blocks."))
    elif a0 == "flip":
        start_flip(state, seat, uid, events)
    elif a0 == "ritual":
        play_ritual(state, seat, uid, events)


def play_ritual(state: State, seat: int, uid: int, events: list[Event]) -> None:
    """A Ritual played face-up from hand: its Deploy Effect, with a target if it needs one (H-22, W-34)."""
    eff = state.cards[uid].d.effect
    assert eff is not None
    if needs_target(eff):
        state.target_req = TargetReq(seat, "ritual", uid, unit_targets(state, seat, eff.target))
    else:
        run_ritual(state, seat, uid, None, events)


def add_block(state: State, blocker: int, attacker: int, events: list[Event]) -> None:
    cb = state.combat
    assert cb is not None
    for a in cb.attacks:
        if a.attacker == attacker:
            a.blockers.append(blocker)
    events.append(Event(f"{state.cards[blocker].d.name} blocks {state.cards[attacker].d.name}."))


def start_flip(state: State, seat: int, uid: int, events: list[Event]) -> None:
    c = state.cards[uid]
    eff = c.d.effect
    if c.d.type == "ritual" and needs_target(eff):
        assert eff is not None
        state.target_req = TargetReq(seat, "flip", uid, unit_targets(state, seat, eff.target))
        return
    if c.d.type == "ritual":
        run_ritual(state, seat, uid, None, events)
    else:
        flip(state, seat, uid, events)


def window_action(state: State, seat: int, action: Action, events: list[Event]) -> None:
    a0 = action[0]
    if a0 == "pass":
        do_pass(state, events)
        return
    if a0 == "end" or a0 == "combat":
        state.intent = str(a0)
        do_pass(state, events)
        return
    state.passes = 0  # acting is not passing
    p = state.players[seat]
    cards = state.cards
    uid = int(action[1])
    c = cards[uid]
    if a0 == "lay" or a0 == "set":
        p.hand.remove(uid)
        c.face_down = a0 == "set"
        if c.d.type in ("resource", "holding"):
            p.laid = True
        c.zone = "row"
        c.entered = state.turn
        p.row.append(uid)
        if a0 == "lay":
            events.append(Event(f"{p.name} lays {c.d.name}.", reveals=True))
        else:
            events.append(Event(f"{p.name} sets a card face-down."))
            events.append(Event(f"You set {c.d.name} face-down.", seat=seat))
    elif a0 == "deploy" or a0 == "deploy_down":
        line = str(action[2])
        p.hand.remove(uid)
        c.zone = line
        c.face_down = a0 == "deploy_down"
        c.entered = state.turn
        c.exhausted = False
        p.line(line).append(uid)
        if c.face_down:
            events.append(Event(f"{p.name} deploys a face-down card on the {LINE_LABEL[line]}."))
            events.append(Event(f"You deploy {c.d.name} face-down.", seat=seat))
        else:
            events.append(Event(f"{p.name} deploys {c.d.name} on the {LINE_LABEL[line]}.", reveals=True))
    elif a0 == "move":
        src_line = c.zone
        dst = "defensive" if src_line == "offensive" else "offensive"
        p.line(src_line).remove(uid)
        p.line(dst).append(uid)
        c.zone = dst
        p.moved = True
        events.append(Event(f"{p.name} moves {c.d.name} to the {LINE_LABEL[dst]}."))
        sweep(state, events)  # a line weave's Guard may be left behind
    elif a0 == "flip":
        start_flip(state, seat, uid, events)
    elif a0 == "ritual":
        play_ritual(state, seat, uid, events)
    elif a0 == "cast":
        eff = c.d.effect
        assert eff is not None
        if needs_target(eff):
            state.target_req = TargetReq(seat, "cast", uid, unit_targets(state, seat, eff.target))
        else:
            put_on_stack(state, seat, "cast", uid, None, events)
    elif a0 == "ability":
        ab = c.d.ability
        assert ab is not None
        if needs_target(ab.effect):
            state.target_req = TargetReq(seat, "ability", uid, unit_targets(state, seat, ab.effect.target))
        else:
            put_on_stack(state, seat, "ability", uid, None, events)
    else:
        raise RuntimeError(f"unknown action {action!r}")


def finish_target(state: State, tr: TargetReq, action: Action, events: list[Event]) -> None:
    if tr.purpose == "block":
        add_block(state, tr.uid, int(action[1]), events)
        cb = state.combat
        if cb is not None and state.step == "combat.attack":
            cb.step_passes = 0
    elif tr.purpose in ("cast", "ability"):
        put_on_stack(state, tr.seat, tr.purpose, tr.uid, action, events)
    elif tr.purpose in ("ritual", "flip"):
        state.passes = 0
        cb = state.combat
        if cb is not None and state.step == "combat.attack":
            cb.step_passes = 0
        run_ritual(state, tr.seat, tr.uid, action, events)
