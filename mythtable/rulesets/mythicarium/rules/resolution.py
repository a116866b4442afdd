"""Damage Assignment and Resolution (M-22..M-29, M-38, M-40..M-42, H-7, H-8, H-10, H-11, H-26).

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event
from mythtable.rulesets.mythicarium.rules.combat import end_combat, live_blockers
from mythtable.rulesets.mythicarium.rules.common import active_unit, cdef, eff_hp, in_combat, name_of, round_dp, say
from mythtable.rulesets.mythicarium.rules.damage import kill, wound
from mythtable.rulesets.mythicarium.rules.victory import check_win
from mythtable.rulesets.mythicarium.state import Combat, State, Unit


def start_damage(state: State, events: list[Event]) -> None:
    """Damage Assignment (M-22..M-26, H-7, H-8, H-10, H-11)."""
    state.stage = "combat.damage"
    c = state.combat
    assert c is not None
    cards = state.content.cards
    units = state.units
    # H-10, H-31: one d6 per attacking or blocking Critical Hit unit, attackers first, each in lane order
    in_order = [u for u in state.players[state.active].lane if u in c.attackers]
    in_order += [u for u in state.players[1 - state.active].lane if u in c.blocks]
    for uid in in_order:
        u = active_unit(state, uid)
        if u is None or not cards[u.card].critical:
            continue
        roll = state.rng.roll(6)
        say(events, f"{cards[u.card].name} rolls d6 for Critical Hit: {roll}", "dice", reveals=True)
        if roll == 6:
            c.crits.append(uid)
            say(events, f"Critical Hit! {cards[u.card].name} deals double damage this round.")
    # H-11 early step (M-37): Berserk units not facing Berserk, and Berserk attackers nobody blocks
    c.step = "early"
    unblocked_vp(state, events, berserk=True)
    for a in c.attackers:
        u = active_unit(state, a)
        if u is None or not cards[u.card].berserk:
            continue
        bl = live_blockers(state, a)
        if bl and any(not cards[units[b].card].berserk for b in bl):
            c.queue.append(a)
    for b, a in c.blocks.items():
        ub, ua = active_unit(state, b), active_unit(state, a)
        if ub is None or ua is None:
            continue
        if cards[ub.card].berserk and not cards[ua.card].berserk:
            dmg = round_dp(state, ub)
            c.early[a] = c.early.get(a, 0) + dmg
            c.dealt.append(b)
    next_assignment(state, events)


def unblocked_vp(state: State, events: list[Event], berserk: bool) -> None:
    """M-25, M-26, H-8: each attacker nobody blocks deals its damage to the defending player, 1 VP a point; the
    Berserk ones in the early step, before every other unit (M-37), the others after it."""
    c = state.combat
    assert c is not None
    cards = state.content.cards
    blocked = set(c.blocks.values())
    defender = state.players[1 - state.active]
    attacker_p = state.players[state.active]
    for a in c.attackers:
        u = active_unit(state, a)
        if u is None or a in blocked or cards[u.card].berserk != berserk:
            continue
        dmg = round_dp(state, u)
        c.assigned += dmg
        c.dealt.append(a)
        attacker_p.vp += dmg
        say(events, f"{cards[u.card].name} deals {dmg} damage to {defender.name}: {attacker_p.name} gains {dmg} VP.")


def place(state: State, attacker: int, target: int, n: int) -> None:
    """Put n of `attacker`'s wounds on `target`. In the early step a non-Berserk target takes them when
    that step ends (H-11); otherwise they land at Resolution (M-27)."""
    c = state.combat
    assert c is not None
    cards = state.content.cards
    bucket = c.pending
    if c.step == "early" and not cards[state.units[target].card].berserk:
        bucket = c.early
    bucket[target] = bucket.get(target, 0) + n


def next_assignment(state: State, events: list[Event]) -> None:
    """Place the current attacker's wounds (H-7), automatically when there is no choice."""
    c = state.combat
    assert c is not None
    while True:
        while c.queue:
            a = c.queue[0]
            u = active_unit(state, a)
            bl = live_blockers(state, a) if u is not None else []
            if c.left == 0:
                dmg = round_dp(state, u) if u is not None else 0
                if a not in c.dealt:
                    c.dealt.append(a)
                    c.assigned += dmg
                if dmg == 0 or not bl:
                    c.queue.pop(0)
                    continue
                if len(bl) == 1:
                    place(state, a, bl[0], dmg)
                    c.queue.pop(0)
                    continue
                c.left = dmg
            state.step = "assign"
            return
        if c.step == "early":
            apply_early(state, events)
            if check_win(state, events):  # M-38, H-26: Berserk's kills and VP come first, and count at once
                return
            c.step = "normal"
            unblocked_vp(state, events, berserk=False)
            if check_win(state, events):  # F-1, H-26: 20 VP reached here wins before Resolution's kills happen
                return
            units = state.units
            for a in c.attackers:
                if a not in c.dealt and active_unit(state, a) is not None and live_blockers(state, a):
                    c.queue.append(a)
            for b, a in c.blocks.items():  # H-7: each blocker deals its full DP to its attacker
                if b in c.dealt:
                    continue
                ub = active_unit(state, b)
                if ub is None or active_unit(state, a) is None:
                    continue
                c.dealt.append(b)
                c.pending[a] = c.pending.get(a, 0) + round_dp(state, units[b])
            continue
        resolution(state, events)
        return


def apply_early(state: State, events: list[Event]) -> None:
    """H-11, M-38: Berserk wounds land now, and their kills take effect at once."""
    c = state.combat
    assert c is not None
    if not c.early:
        return
    dying: list[Unit] = []
    for uid, n in c.early.items():
        u = active_unit(state, uid)
        if u is None:
            continue
        placed = wound(state, u, n)
        say(events, f"{name_of(state, uid)} suffers {placed} wound{'s' if placed != 1 else ''} first (Berserk).")
        if u.wounds >= eff_hp(state, u):
            dying.append(u)
    c.early.clear()
    for u in dying:
        owner = u.owner
        if kill(state, u, events):
            c.kills.append(u.uid)
            c.kill_owner.append(owner)


def resolution(state: State, events: list[Event]) -> None:
    """M-27, M-28, M-29: wounds and kills together, then XP; then maybe a Double Assault round."""
    state.stage = "combat.resolution"
    state.step = "resolution"
    c = state.combat
    assert c is not None
    units = state.units
    for uid, n in c.pending.items():
        u = active_unit(state, uid)
        if u is None:
            continue
        placed = wound(state, u, n)
        say(events, f"{name_of(state, uid)} suffers {placed} wound{'s' if placed != 1 else ''}.")
    c.pending.clear()
    dying: list[Unit] = []
    for p in (state.active, 1 - state.active):  # H-31: active player's units first, in lane order
        for uid in state.players[p].lane:
            u = units[uid]
            if not u.downed and u.wounds >= eff_hp(state, u) and in_combat(state, uid):
                dying.append(u)
    for u in dying:
        owner = u.owner
        if kill(state, u, events):
            c.kills.append(u.uid)
            c.kill_owner.append(owner)
    for uid, owner in zip(c.kills, c.kill_owner, strict=True):  # M-28, M-29, F-16
        gain = cdef(state, uid).xp // 2
        killer = state.players[1 - owner]
        killer.xp += gain
        say(events, f"{killer.name} gains {gain} XP for killing {name_of(state, uid)}.")
    if check_win(state, events):
        return
    if c.round == 1:  # M-40..M-42, H-12
        for a in c.attackers:
            u = active_unit(state, a)
            if u is not None and u.attacks == 1 and state.content.cards[u.card].double_assault:
                state.combat = Combat(2, arrived=c.arrived)  # M-42, M-45: still the same Combat Stage
                state.stage = "combat.attackers"
                state.step = "attackers"
                say(events, "A second combat round begins (Double Assault).")
                return
    end_combat(state)
