"""The Mythicarium state machine. Clause IDs (M-, F-, H-) refer to shared/rules/mythicarium.md
and assets/mythicarium/rules.toml.

The machine parks on exactly one decision (cached in `state.decision`); `_settle` runs every
step that needs no choice, including auto-passes for a seat with no legal response (H-5).
"""

from __future__ import annotations

from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.mythicarium.content import CardDef, Content, Effect
from mythtable.rulesets.mythicarium.state import NO_TARGET, Combat, Item, Player, State, Unit

HAND_SIZE = 7
WIN_VP = 20
ONE_STEP_BLOCK_LIMIT = 40
"""Above this many (blocker, attacker) pairs, blocking becomes two steps (choose a blocker first)."""
WINDOW_STAGES = ("maintenance1", "maintenance2", "combat.legendary")

STAGE_LABELS = {
    "setup": "Starting Stage",
    "draw": "Draw Stage",
    "collection": "Collection Stage",
    "recovery": "Recovery Stage",
    "maintenance1": "Maintenance Stage I",
    "combat.attackers": "Combat: Declaration of Attackers",
    "combat.blockers": "Combat: Defender Declaration",
    "combat.legendary": "Combat: Legendary Battle",
    "combat.damage": "Combat: Damage Assignment",
    "combat.resolution": "Combat: Resolution",
    "maintenance2": "Maintenance Stage II",
    "ending": "Ending",
}


# ----- small helpers ---------------------------------------------------------------------


def cdef(s: State, uid: int) -> CardDef:
    return s.content.cards[s.cards[uid]]


def eff_dp(s: State, u: Unit) -> int:
    """Effective DP: printed + equipment + temporary, never below 0 (H-31)."""
    cards = s.content.cards
    d = cards[u.card].dp + u.dp_mod
    for e in u.equipment:
        d += cards[s.cards[e]].dp
    return d if d > 0 else 0


def eff_hp(s: State, u: Unit) -> int:
    cards = s.content.cards
    h = cards[u.card].hp + u.hp_mod
    for e in u.equipment:
        h += cards[s.cards[e]].hp
    return h if h > 0 else 0


def round_dp(s: State, u: Unit) -> int:
    """DP in the current combat round, doubled by a Critical Hit 6 (H-10)."""
    d = eff_dp(s, u)
    c = s.combat
    if c is not None and u.uid in c.crits:
        d *= 2
    return d


def active_unit(s: State, uid: int) -> Unit | None:
    """The unit if it is on the battlefield and not downed (F-12 inactive)."""
    u = s.units.get(uid)
    if u is None or u.downed:
        return None
    return u


def can_exhaust(s: State, u: Unit) -> bool:
    """F-9, F-11, M-47, F-12: ready, not downed, and past summoning sickness unless Celerity."""
    if u.exhausted or u.downed:
        return False
    return not u.sick or s.content.cards[u.card].celerity


def name_of(s: State, uid: int) -> str:
    return cdef(s, uid).name


def _say(s: State, text: str, kind: str = "info", seat: int | None = None, reveals: bool = False) -> None:
    s.events.append(Event(text, seat, kind, reveals))


# ----- setup -------------------------------------------------------------------------------


def new_state(content: Content, rng: Rng, names: list[str], deck_ids: list[str]) -> State:
    cards: dict[int, str] = {}
    players: list[Player] = []
    units: dict[int, Unit] = {}
    uid = 0
    for seat in (0, 1):
        deck = content.decks[deck_ids[seat]]
        lane = []
        for cid in deck.champions:
            cards[uid] = cid
            units[uid] = Unit(uid, cid, seat)
            lane.append(uid)
            uid += 1
        pile = []
        for cid in deck.cards:
            cards[uid] = cid
            pile.append(uid)
            uid += 1
        players.append(Player(names[seat], deck.id, pile, lane=lane))
    s = State(content, cards, players, rng, units)
    s.stage = "setup"
    for seat in (0, 1):  # M-1
        _say(s, f"{names[seat]} places {', '.join(name_of(s, u) for u in players[seat].lane)} on the defense lane.")
    for seat in (0, 1):  # M-2
        rng.shuffle(players[seat].deck)
        _say(s, f"{names[seat]} shuffles the deck.")
    for seat in (0, 1):  # M-3
        draw(s, seat, HAND_SIZE)
    while True:  # M-4, H-2
        a, b = rng.roll(6), rng.roll(6)
        _say(s, f"{names[0]} rolls d6: {a}", "dice", reveals=True)
        _say(s, f"{names[1]} rolls d6: {b}", "dice", reveals=True)
        if a != b:
            break
        _say(s, "A tie: both players roll again.")
    s.dice_winner = 0 if a > b else 1
    _say(s, f"{names[s.dice_winner]} wins the roll and chooses who goes first.")
    s.step = "first_player"
    settle(s)
    s.opening = s.events
    s.events = []
    return s


def draw(s: State, seat: int, n: int) -> None:
    """Draw n cards; an empty deck marks the player as decked (F-3)."""
    p = s.players[seat]
    for _ in range(n):
        if not p.deck:
            p.decked = True
            _say(s, f"{p.name} must draw from an empty deck.")
            return
        uid = p.deck.pop()
        p.hand.append(uid)
        _say(s, f"{p.name} draws a card.")
        _say(s, f"You draw {name_of(s, uid)}.", "draw", seat, True)


# ----- turn structure ------------------------------------------------------------------------


def begin_turn(s: State) -> None:
    s.turn += 1
    seat = s.active
    p = s.players[seat]
    _say(s, f"Turn {s.turn}: {p.name}.", "turn")
    units = s.units
    for uid in p.lane:  # H-24: units in play as this turn begins lose summoning sickness
        units[uid].sick = False
    s.stage = "draw"
    if s.turn == 1:  # M-5
        _say(s, f"{p.name} goes first and skips the Draw Stage.")
    else:  # M-8
        draw(s, seat, 1)
        if check_win(s):
            return
    s.stage = "collection"  # M-9, M-10
    cards = s.content.cards
    gain = 1
    for uid in p.lane:
        u = units[uid]
        cd = cards[u.card]
        if cd.is_champion and not u.downed:
            gain += cd.xp
    p.xp += gain
    _say(s, f"{p.name} collects {gain} XP (now {p.xp}).")
    s.stage = "recovery"  # M-11
    for uid in p.lane:
        units[uid].exhausted = False
    open_window(s, "maintenance1")


def open_window(s: State, stage: str) -> None:
    s.stage = stage
    s.step = "window"
    s.priority = s.active
    s.passes = 0


def end_window(s: State) -> None:
    if s.stage == "maintenance1":
        start_combat(s)
    elif s.stage == "combat.legendary":
        start_damage(s)
    else:
        s.stage = "ending"
        s.step = "discard"


def end_turn(s: State) -> None:
    """Ending (M-14): temporary modifiers lapse (H-32), then the opponent's turn begins."""
    units = s.units
    for u in units.values():
        u.dp_mod = 0
        u.hp_mod = 0
        u.shield = 0
        u.attacks = 0
    for p in (s.active, 1 - s.active):  # H-32: a unit whose wounds now reach its HP dies, no XP
        for uid in list(s.players[p].lane):
            u = units[uid]
            hp = eff_hp(s, u)
            if u.downed:
                u.wounds = min(u.wounds, hp)
            elif u.wounds >= hp:
                kill(s, u)
    if check_win(s):
        return
    _say(s, f"{s.players[s.active].name} ends the turn.")
    s.active = 1 - s.active
    begin_turn(s)


# ----- win checks (F-1, F-2, F-3, H-26) -----------------------------------------------------


def all_downed(s: State, seat: int) -> bool:
    units = s.units
    cards = s.content.cards
    for uid in s.players[seat].lane:
        u = units[uid]
        if cards[u.card].is_champion and not u.downed:
            return False
    return True


def check_win(s: State) -> bool:
    reasons: list[str | None] = [None, None]
    for seat in (0, 1):
        p, o = s.players[seat], s.players[1 - seat]
        if p.vp >= WIN_VP:
            reasons[seat] = f"{p.name} reached {WIN_VP} VP"
        elif all_downed(s, 1 - seat):
            reasons[seat] = f"all of {o.name}'s Champions are downed"
        elif o.decked:
            reasons[seat] = f"{o.name} had to draw from an empty deck"
    if reasons[0] is None and reasons[1] is None:
        return False
    if reasons[0] is not None and reasons[1] is not None:
        s.result = Result(None, f"Draw: {reasons[0]} and {reasons[1]} at the same moment", s.turn)
    else:
        w = 0 if reasons[0] is not None else 1
        s.result = Result(w, f"{s.players[w].name} wins: {reasons[w]}", s.turn)
    _say(s, s.result.reason, "result")
    return True


# ----- wounds, kills, healing -----------------------------------------------------------------


def wound(s: State, u: Unit, n: int) -> int:
    """Put n wounds on u, minus prevention shields; returns the wounds actually placed."""
    if u.shield:
        stop = min(u.shield, n)
        u.shield -= stop
        n -= stop
    u.wounds += n
    return n


def kill(s: State, u: Unit) -> bool:
    """Kill a unit at 0 remaining HP: a Champion is downed (F-12), others destroyed (F-13).

    Returns True when kill XP may be due (an Ally or Minion, M-29; H-27 for Champions)."""
    cd = s.content.cards[u.card]
    if cd.is_champion:
        u.downed = True
        u.wounds = eff_hp(s, u)
        _say(s, f"{cd.name} is knocked down.")
        return False
    p = s.players[u.owner]
    p.lane.remove(u.uid)
    del s.units[u.uid]
    p.graveyard.append(u.uid)
    _say(s, f"{cd.name} is destroyed.")
    return True


def heal(s: State, u: Unit, n: int) -> None:
    """H-18: remove up to n wounds; a downed Champion below its HP again returns exhausted."""
    n = min(n, u.wounds)
    u.wounds -= n
    _say(s, f"{name_of(s, u.uid)} heals {n} wound{'s' if n != 1 else ''}.")
    if u.downed and u.wounds < eff_hp(s, u):
        u.downed = False
        u.exhausted = True
        _say(s, f"{name_of(s, u.uid)} gets back up, exhausted.")


# ----- targets ------------------------------------------------------------------------------


def in_combat(s: State, uid: int) -> bool:
    c = s.combat
    return c is not None and (uid in c.blocks or uid in c.attackers)


def valid_target(s: State, kind: str, seat: int, uid: int, source: int, heals: bool) -> bool:
    u = s.units.get(uid)
    if u is None:
        return False
    if kind == "self":
        return uid == source and not u.downed
    if kind == "own_champion":
        return u.owner == seat and not u.downed and s.content.cards[u.card].is_champion
    if heals:
        if u.wounds == 0:  # H-18: healing targets a wounded unit
            return False
    elif u.downed:
        return False
    if kind == "own_unit":
        return u.owner == seat
    if kind == "enemy_unit":
        return u.owner != seat
    if kind == "own_combat_unit":
        return u.owner == seat and in_combat(s, uid)
    if kind == "enemy_combat_unit":
        return u.owner != seat and in_combat(s, uid)
    return False


def targets(s: State, kind: str, seat: int, source: int, heals: bool) -> list[int]:
    if kind == "self":
        return [source] if valid_target(s, kind, seat, source, source, heals) else []
    out = []
    for p in (seat, 1 - seat):
        for uid in s.players[p].lane:
            if valid_target(s, kind, seat, uid, source, heals):
                out.append(uid)
    return out


def has_target(s: State, kind: str, seat: int, source: int, heals: bool) -> bool:
    if kind == "self":
        return valid_target(s, kind, seat, source, source, heals)
    for p in (seat, 1 - seat):
        for uid in s.players[p].lane:
            if valid_target(s, kind, seat, uid, source, heals):
                return True
    return False


def item_target_kind(s: State, item: Item) -> tuple[str, bool]:
    cd = cdef(s, item.uid)
    if item.kind == "card":
        return cd.target, cd.heals
    ab = cd.ability
    assert ab is not None
    return cd.ability_target, all(e.op == "heal" for e in ab.effects if e.target != "none")


# ----- the priority loop (M-33..M-36, H-5, H-6) ------------------------------------------------


def priority_actions(s: State) -> tuple[str, list[Action]] | None:
    seat = s.priority
    p = s.players[seat]
    main = seat == s.active and not s.limbo and s.stage != "combat.legendary"
    legendary = s.stage == "combat.legendary"
    cards = s.content.cards
    ids = s.cards
    acts: list[Action] = []
    for uid in p.hand:
        cd = cards[ids[uid]]
        if cd.xp > p.xp:
            continue
        if not cd.lightning:
            if cd.type == "Legend":
                if not legendary:  # H-6; H-21: no limit on Legends per battle
                    continue
            elif not main:
                continue
        if cd.target != "none" and not cd.is_unit and not has_target(s, cd.target, seat, uid, cd.heals):
            continue
        acts.append(("play", uid))
    units = s.units
    for uid in p.lane:
        u = units[uid]
        cd = cards[u.card]
        ab = cd.ability
        if ab is None or ab.xp > p.xp or not can_exhaust(s, u):
            continue
        if not (ab.response or main):  # H-22
            continue
        if cd.ability_target != "none":
            heals = all(e.op == "heal" for e in ab.effects if e.target != "none")
            if not has_target(s, cd.ability_target, seat, uid, heals):
                continue
        acts.append(("use", uid))
    if main:
        acts.append(("next",))
        return "main", acts
    if not acts:
        return None
    acts.append(("pass",))
    if s.limbo:
        return "respond", acts
    return ("legendary_battle" if legendary else "respond"), acts


def put_in_limbo(s: State, item: Item) -> None:
    """M-33: the card or ability goes face up into limbo; costs are paid now (H-25)."""
    p = s.players[item.owner]
    cd = cdef(s, item.uid)
    tgt = f" targeting {name_of(s, item.target)}" if item.target != NO_TARGET else ""
    if item.kind == "card":
        p.hand.remove(item.uid)
        p.xp -= cd.xp
        _say(s, f"{p.name} plays {cd.name} ({cd.xp} XP){tgt}.", "play", reveals=True)
    else:
        ab = cd.ability
        assert ab is not None
        s.units[item.uid].exhausted = True  # F-8
        p.xp -= ab.xp
        _say(s, f"{p.name} uses {cd.name}'s ability{tgt}.", "play")
    s.limbo.append(item)
    s.passes = 0
    s.priority = 1 - item.owner  # H-5 (a)


def pass_priority(s: State) -> None:
    s.passes += 1
    if s.passes >= 2:
        if s.limbo:  # H-5 (c)
            resolve_top(s)
            s.passes = 0
            s.priority = s.active
        else:  # H-5 (d)
            end_window(s)
    else:
        s.priority = 1 - s.priority


def resolve_top(s: State) -> None:
    """M-35: one item resolves, the last one in first (H-5)."""
    item = s.limbo.pop()
    seat = item.owner
    p = s.players[seat]
    cd = cdef(s, item.uid)
    if item.kind == "card":
        if cd.is_unit:
            u = Unit(item.uid, cd.id, seat, sick=True)  # F-11, H-24
            s.units[item.uid] = u
            p.lane.append(item.uid)
            if s.combat is not None:  # M-45: played during the Combat Stage, it stays out of this combat
                s.combat.arrived.append(item.uid)
            _say(s, f"{cd.name} enters {p.name}'s defense lane.")
            if cd.on_play:
                run_effects(s, cd.on_play, seat, item.target, item.uid, cd.heals)
        elif cd.type == "Equipment":  # H-13, H-28
            if valid_target(s, "own_champion", seat, item.target, item.uid, False):
                s.units[item.target].equipment.append(item.uid)
                s.equipped[item.uid] = item.target
                _say(s, f"{cd.name} is attached to {name_of(s, item.target)}.")
            else:
                p.graveyard.append(item.uid)
                _say(s, f"{cd.name} has no target left and goes to the graveyard (H-25).")
        else:  # Legend (H-21): its effect, then the graveyard
            run_effects(s, cd.on_play, seat, item.target, item.uid, cd.heals)
            p.graveyard.append(item.uid)
    else:
        ab = cd.ability
        assert ab is not None
        heals = all(e.op == "heal" for e in ab.effects if e.target != "none")
        run_effects(s, ab.effects, seat, item.target, item.uid, heals)
    check_win(s)


def run_effects(
    s: State, effects: tuple[Effect, ...] | list[Effect], seat: int, target: int, source: int, heals: bool
) -> None:
    p = s.players[seat]
    for e in effects:
        u: Unit | None = None
        if e.target != "none":
            if not valid_target(s, e.target, seat, target, source, heals):
                _say(s, "The effect has no target left and fizzles (H-25).")
                continue
            u = s.units[target]
        op = e.op
        if op == "wound":
            assert u is not None
            placed = wound(s, u, e.amount)
            _say(s, f"{name_of(s, u.uid)} suffers {placed} wound{'s' if placed != 1 else ''}.")
            if u.wounds >= eff_hp(s, u) and kill(s, u) and u.owner != seat:  # H-32: effect kills pay now
                gain = cdef(s, u.uid).xp // 2
                p.xp += gain
                _say(s, f"{p.name} gains {gain} XP for the kill.")
        elif op == "heal":
            assert u is not None
            heal(s, u, e.amount)
        elif op == "dp":
            assert u is not None
            u.dp_mod += e.amount
            _say(s, f"{name_of(s, u.uid)} gets {e.amount:+d} DP until end of turn.")
        elif op == "hp":
            assert u is not None
            u.hp_mod += e.amount
            _say(s, f"{name_of(s, u.uid)} gets {e.amount:+d} HP until end of turn.")
        elif op == "shield":
            assert u is not None
            u.shield += e.amount
            _say(s, f"The next {e.amount} wounds to {name_of(s, u.uid)} this turn are prevented.")
        elif op == "ready":
            assert u is not None
            u.exhausted = False
            _say(s, f"{name_of(s, u.uid)} is readied.")
        elif op == "draw":
            draw(s, seat, e.amount)
        elif op == "gain_xp":
            p.xp += e.amount
            _say(s, f"{p.name} gains {e.amount} XP.")
        elif op == "gain_vp":
            p.vp += e.amount
            _say(s, f"{p.name} gains {e.amount} VP.")


# ----- combat (M-15..M-29, H-7..H-12) -------------------------------------------------------


def start_combat(s: State) -> None:
    s.stage = "combat.attackers"
    if s.turn == 1:  # M-6
        _say(s, f"{s.players[s.active].name} cannot attack on the first turn.")
        open_window(s, "maintenance2")
        return
    s.combat = Combat(1)
    s.step = "attackers"


def attack_eligible(s: State, u: Unit) -> bool:
    c = s.combat
    assert c is not None
    if u.downed or u.uid in c.arrived:  # M-45
        return False
    if c.round == 1:
        return can_exhaust(s, u)  # F-7, F-11, M-47
    return u.attacks == 1 and s.content.cards[u.card].double_assault  # H-12


def end_combat(s: State) -> None:
    s.combat = None
    open_window(s, "maintenance2")


def finish_attackers(s: State) -> None:
    c = s.combat
    assert c is not None
    p = s.players[s.active]
    if not c.attackers:
        _say(s, f"{p.name} declares no attackers.")
        end_combat(s)
        return
    for uid in c.attackers:
        u = s.units[uid]
        u.exhausted = True  # F-7
        u.attacks += 1
    names = ", ".join(name_of(s, a) for a in c.attackers)
    rnd = " (second round, Double Assault)" if c.round == 2 else ""
    _say(s, f"{p.name} attacks {s.players[1 - s.active].name} with {names}{rnd}.")  # M-16, M-17, H-9
    s.stage = "combat.blockers"
    s.step = "blockers"


def block_pairs(s: State) -> tuple[list[int], list[tuple[int, int]]]:
    """Ready defenders not yet blocking, and every legal (blocker, attacker) pair (F-10, H-17, H-23, M-45)."""
    c = s.combat
    assert c is not None
    cards = s.content.cards
    units = s.units
    free: list[int] = []
    pairs: list[tuple[int, int]] = []
    live_attackers = [(a, cards[units[a].card].magical) for a in c.attackers if a in units and not units[a].downed]
    for uid in s.players[1 - s.active].lane:
        if uid in c.blocks or uid in c.arrived:  # M-45: arrived during this Combat Stage
            continue
        u = units[uid]
        if u.exhausted or u.downed:
            continue
        bm = cards[u.card].magical
        legal = [(uid, a) for a, am in live_attackers if bm or not am]  # M-31, M-32, H-17
        if legal:
            free.append(uid)
            pairs.extend(legal)
    return free, pairs


def finish_blockers(s: State) -> None:
    c = s.combat
    assert c is not None
    d = s.players[1 - s.active]
    if c.blocks:
        for b, a in c.blocks.items():
            _say(s, f"{d.name} blocks {name_of(s, a)} with {name_of(s, b)}.")
    else:
        _say(s, f"{d.name} declares no blockers.")
    open_window(s, "combat.legendary")  # M-21, H-6


def live_blockers(s: State, attacker: int) -> list[int]:
    c = s.combat
    assert c is not None
    units = s.units
    return [b for b, a in c.blocks.items() if a == attacker and b in units and not units[b].downed]


def start_damage(s: State) -> None:
    """Damage Assignment (M-22..M-26, H-7, H-8, H-10, H-11)."""
    s.stage = "combat.damage"
    c = s.combat
    assert c is not None
    cards = s.content.cards
    units = s.units
    # H-10, H-31: one d6 per attacking or blocking Critical Hit unit, attackers first
    for uid in [*c.attackers, *c.blocks]:
        u = active_unit(s, uid)
        if u is None or not cards[u.card].critical:
            continue
        roll = s.rng.roll(6)
        _say(s, f"{cards[u.card].name} rolls d6 for Critical Hit: {roll}", "dice", reveals=True)
        if roll == 6:
            c.crits.append(uid)
            _say(s, f"Critical Hit! {cards[u.card].name} deals double damage this round.")
    blocked = set(c.blocks.values())
    defender = s.players[1 - s.active]
    attacker_p = s.players[s.active]
    for a in c.attackers:  # M-25, M-26, H-8
        u = active_unit(s, a)
        if u is None or a in blocked:
            continue
        dmg = round_dp(s, u)
        c.assigned += dmg
        c.dealt.append(a)
        attacker_p.vp += dmg
        _say(s, f"{cards[u.card].name} deals {dmg} damage to {defender.name}: {attacker_p.name} gains {dmg} VP.")
    if check_win(s):  # F-1, H-26: 20 VP reached here wins before Resolution's kills happen
        return
    # H-11 early step: Berserk units not facing Berserk
    c.step = "early"
    for a in c.attackers:
        u = active_unit(s, a)
        if u is None or not cards[u.card].berserk:
            continue
        bl = live_blockers(s, a)
        if bl and any(not cards[units[b].card].berserk for b in bl):
            c.queue.append(a)
    for b, a in c.blocks.items():
        ub, ua = active_unit(s, b), active_unit(s, a)
        if ub is None or ua is None:
            continue
        if cards[ub.card].berserk and not cards[ua.card].berserk:
            dmg = round_dp(s, ub)
            c.early[a] = c.early.get(a, 0) + dmg
            c.dealt.append(b)
    next_assignment(s)


def place(s: State, attacker: int, target: int, n: int) -> None:
    c = s.combat
    assert c is not None
    cards = s.content.cards
    bucket = c.pending
    if c.step == "early" and not cards[s.units[target].card].berserk:
        bucket = c.early
    bucket[target] = bucket.get(target, 0) + n


def next_assignment(s: State) -> None:
    """Place the current attacker's wounds (H-7), automatically when there is no choice."""
    c = s.combat
    assert c is not None
    while True:
        while c.queue:
            a = c.queue[0]
            u = active_unit(s, a)
            bl = live_blockers(s, a) if u is not None else []
            if c.left == 0:
                dmg = round_dp(s, u) if u is not None else 0
                if a not in c.dealt:
                    c.dealt.append(a)
                    c.assigned += dmg
                if dmg == 0 or not bl:
                    c.queue.pop(0)
                    continue
                if len(bl) == 1:
                    place(s, a, bl[0], dmg)
                    c.queue.pop(0)
                    continue
                c.left = dmg
            s.step = "assign"
            return
        if c.step == "early":
            apply_early(s)
            c.step = "normal"
            units = s.units
            for a in c.attackers:
                if a not in c.dealt and active_unit(s, a) is not None and live_blockers(s, a):
                    c.queue.append(a)
            for b, a in c.blocks.items():  # H-7: each blocker deals its full DP to its attacker
                if b in c.dealt:
                    continue
                ub = active_unit(s, b)
                if ub is None or active_unit(s, a) is None:
                    continue
                c.dealt.append(b)
                c.pending[a] = c.pending.get(a, 0) + round_dp(s, units[b])
            continue
        resolution(s)
        return


def apply_early(s: State) -> None:
    """H-11, M-38: Berserk wounds land now, and their kills take effect at once."""
    c = s.combat
    assert c is not None
    if not c.early:
        return
    dying: list[Unit] = []
    for uid, n in c.early.items():
        u = active_unit(s, uid)
        if u is None:
            continue
        placed = wound(s, u, n)
        _say(s, f"{name_of(s, uid)} suffers {placed} wound{'s' if placed != 1 else ''} first (Berserk).")
        if u.wounds >= eff_hp(s, u):
            dying.append(u)
    c.early.clear()
    for u in dying:
        owner = u.owner
        if kill(s, u):
            c.kills.append(u.uid)
            c.kill_owner.append(owner)


def resolution(s: State) -> None:
    """M-27, M-28, M-29: wounds and kills together, then XP; then maybe a Double Assault round."""
    s.stage = "combat.resolution"
    s.step = "resolution"
    c = s.combat
    assert c is not None
    units = s.units
    for uid, n in c.pending.items():
        u = active_unit(s, uid)
        if u is None:
            continue
        placed = wound(s, u, n)
        _say(s, f"{name_of(s, uid)} suffers {placed} wound{'s' if placed != 1 else ''}.")
    c.pending.clear()
    dying: list[Unit] = []
    for p in (s.active, 1 - s.active):  # H-31: active player's units first, in lane order
        for uid in s.players[p].lane:
            u = units[uid]
            if not u.downed and u.wounds >= eff_hp(s, u) and in_combat(s, uid):
                dying.append(u)
    for u in dying:
        owner = u.owner
        if kill(s, u):
            c.kills.append(u.uid)
            c.kill_owner.append(owner)
    for uid, owner in zip(c.kills, c.kill_owner, strict=True):  # M-28, M-29, F-16
        gain = cdef(s, uid).xp // 2
        killer = s.players[1 - owner]
        killer.xp += gain
        _say(s, f"{killer.name} gains {gain} XP for killing {name_of(s, uid)}.")
    if check_win(s):
        return
    if c.round == 1:  # M-40..M-42, H-12
        for a in c.attackers:
            u = active_unit(s, a)
            if u is not None and u.attacks == 1 and s.content.cards[u.card].double_assault:
                s.combat = Combat(2, arrived=c.arrived)  # M-42, M-45: still the same Combat Stage
                s.stage = "combat.attackers"
                s.step = "attackers"
                _say(s, "A second combat round begins (Double Assault).")
                return
    end_combat(s)


# ----- the driver ---------------------------------------------------------------------------


def settle(s: State) -> None:
    """Advance through every step that needs no choice and cache the next decision."""
    while True:
        if s.result is not None:
            s.decision = None
            return
        d = compute(s)
        if d is not None:
            s.decision = d
            return


def compute(s: State) -> Decision | None:
    step = s.step
    if step == "window":
        ch = s.choosing
        if ch is not None:
            kind, heals = item_target_kind(s, ch)
            acts: list[Action] = [("target", t) for t in targets(s, kind, ch.owner, ch.uid, heals)]
            acts.append(("cancel",))
            what = name_of(s, ch.uid)
            dk = "heal_target" if heals else "choose_target"
            return Decision(ch.owner, dk, f"Choose a target for {what}", acts)
        pa = priority_actions(s)
        if pa is None:
            pass_priority(s)
            return None
        kind, acts = pa
        p = s.players[s.priority]
        if kind == "main":
            label = STAGE_LABELS[s.stage]
            prompt = f"{p.name}, {label}: play a card, use an ability, or move on"
        elif kind == "legendary_battle":
            prompt = f"{p.name}: play a Legend or pass"
        else:
            top = f" to {name_of(s, s.limbo[-1].uid)}" if s.limbo else ""
            prompt = f"{p.name}: respond{top} or pass"
        return Decision(s.priority, kind, prompt, acts)
    if step == "attackers":
        c = s.combat
        assert c is not None
        acts = []
        for uid in s.players[s.active].lane:
            if uid in c.attackers or attack_eligible(s, s.units[uid]):
                acts.append(("attack", uid))
        if not acts:
            finish_attackers(s)
            return None
        acts.append(("done",))
        return Decision(s.active, "declare_attackers", f"{s.players[s.active].name}: declare attackers", acts)
    if step == "blockers":
        c = s.combat
        assert c is not None
        seat = 1 - s.active
        name = s.players[seat].name
        if c.selected != NO_TARGET:
            b = c.selected
            acts = [("block", b, a) for bb, a in block_pairs(s)[1] if bb == b]
            acts.append(("back",))
            return Decision(seat, "declare_blockers", f"{name}: which attacker does {name_of(s, b)} block?", acts)
        free, pairs = block_pairs(s)
        if not pairs and not c.blocks:
            finish_blockers(s)
            return None
        if len(pairs) <= ONE_STEP_BLOCK_LIMIT:
            acts = [("block", b, a) for b, a in pairs]
        else:
            acts = [("blocker", b) for b in free]
        acts.extend(("unblock", b) for b in c.blocks)
        acts.append(("done",))
        return Decision(seat, "declare_blockers", f"{name}: declare blockers", acts)
    if step == "assign":
        c = s.combat
        assert c is not None
        a = c.queue[0]
        acts = [("wound", b) for b in live_blockers(s, a)]
        return Decision(
            s.active,
            "assign_wounds",
            f"{s.players[s.active].name}: place {name_of(s, a)}'s wounds ({c.left} left)",
            acts,
        )
    if step == "discard":
        p = s.players[s.active]
        if len(p.hand) > p.hand_limit:  # F-5
            acts = [("discard", uid) for uid in p.hand]
            return Decision(s.active, "discard", f"{p.name}: discard down to {p.hand_limit} cards", acts)
        end_turn(s)
        return None
    if step == "first_player":
        w = s.dice_winner
        return Decision(
            w, "first_player", f"{s.players[w].name}: who takes the first turn?", [("first", 0), ("first", 1)]
        )
    raise AssertionError(f"unknown step {step!r}")


def apply_action(s: State, action: Action) -> list[Event]:
    d = s.decision
    if d is None:
        raise IllegalAction("the game is over; no more actions are possible")
    if not d.allows(action):
        raise IllegalAction(f"{list(action)} is not a legal choice now ({d.prompt})")
    s.events = []
    kind = action[0]
    seat = d.seat
    if kind == "play" or kind == "use":
        uid = action[1]
        assert isinstance(uid, int)
        item = Item("card" if kind == "play" else "ability", uid, seat)
        tk, heals = item_target_kind(s, item)
        if tk != "none" and not (kind == "play" and cdef(s, uid).is_unit and not has_target(s, tk, seat, uid, heals)):
            s.choosing = item
        else:
            put_in_limbo(s, item)
    elif kind == "target":
        item = s.choosing
        assert item is not None
        s.choosing = None
        item.target = int(action[1])
        put_in_limbo(s, item)
    elif kind == "cancel":
        s.choosing = None
    elif kind == "next" or kind == "pass":
        pass_priority(s)
    elif kind == "attack":
        c = s.combat
        assert c is not None
        uid = int(action[1])
        if uid in c.attackers:
            c.attackers.remove(uid)
        else:
            c.attackers.append(uid)
    elif kind == "done":
        if d.kind == "declare_attackers":
            finish_attackers(s)
        else:
            finish_blockers(s)
    elif kind == "blocker":
        c = s.combat
        assert c is not None
        c.selected = int(action[1])
    elif kind == "back":
        c = s.combat
        assert c is not None
        c.selected = NO_TARGET
    elif kind == "block":
        c = s.combat
        assert c is not None
        c.blocks[int(action[1])] = int(action[2])
        c.selected = NO_TARGET
    elif kind == "unblock":
        c = s.combat
        assert c is not None
        del c.blocks[int(action[1])]
    elif kind == "wound":
        c = s.combat
        assert c is not None
        place(s, c.queue[0], int(action[1]), 1)
        c.left -= 1
        if c.left == 0:
            c.queue.pop(0)
        next_assignment(s)
    elif kind == "discard":
        p = s.players[seat]
        uid = int(action[1])
        p.hand.remove(uid)
        p.graveyard.append(uid)
        _say(s, f"{p.name} discards {name_of(s, uid)}.", reveals=True)
    elif kind == "first":
        s.first = s.active = int(action[1])
        _say(s, f"{s.players[s.first].name} takes the first turn.")
        begin_turn(s)
    settle(s)
    events = s.events
    s.events = []
    return events
