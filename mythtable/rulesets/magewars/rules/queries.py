"""Questions about a Mage Wars state that change nothing: sources and requirements (H-13, H-14),
Power and Guard (H-16, H-43), line rules for attack targets (W-18..W-26, H-29), effect targets."""

from __future__ import annotations

from mythtable.engine.autopass import Window
from mythtable.engine.decision import Action
from mythtable.rulesets.magewars.content import Effect, Info
from mythtable.rulesets.magewars.state import (
    FPB_CAP,
    LINES,
    TOWER,
    Card,
    State,
)

WINDOW_STEPS = frozenset({"main", "combat.declaration", "combat.defense", "counter.defense"})
LINE_LABEL = {"offensive": "Offensive Line", "defensive": "Defensive Line", "tower": "Tower"}
DONE: Action = ("done",)
PASS: Action = ("pass",)
CANCEL: Action = ("cancel",)


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


def unmet(state: State, seat: int, d: Info, src: tuple[bool, dict[str, int]] | None = None) -> str | None:
    """The first deploy/cast requirement (H-13) `seat` does not meet now, as a code ("min_tower",
    "min_tier", "holding", "element:<Element>"), or None; thresholds only, nothing is used up."""
    tower = state.players[seat].tower
    if d.min_tower and tower < d.min_tower:
        return "min_tower"
    if d.min_tier and tower // 10 < d.min_tier:
        return "min_tier"
    if d.req_holding or d.req_elements:
        if src is None:
            src = sources(state, seat)
        if d.req_holding and not src[0]:
            return "holding"
        counts = src[1]
        for e, n in d.req_elements:
            if counts.get(e, 0) < n:
                return "element:" + e
    return None


def meets(state: State, seat: int, d: Info, src: tuple[bool, dict[str, int]] | None = None) -> bool:
    """Deploy/cast requirements as thresholds (H-13); nothing is used up (see `unmet`)."""
    return unmet(state, seat, d, src) is None


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


def holds_unit(state: State, seat: int, line: str) -> bool:
    """W-31, W-32: the line holds a unit, as the seed says it: any face-up unit, Aerial or not (H-29's Aerials that
    never fill a line are about targets; a face-down card is no unit, H-20)."""
    cards = state.cards
    return any(not cards[uid].face_down and cards[uid].d.type == "unit" for uid in state.players[seat].line(line))


def fast_cast_on_top(state: State) -> bool:
    """F-15: a fast-cast spell on top of the stack may be answered only by a fast-cast or an activated
    ability, so no card is turned face-up over it; over anything else a player holding priority may (H-22)."""
    if not state.stack:
        return False
    top = state.stack[-1]
    return top.kind == "spell" and state.cards[top.uid].d.speed == "fast"


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


def name_of(state: State, seat: int) -> str:
    return state.players[seat].name


def face_up_holdings(state: State, seat: int) -> list[int]:
    cards = state.cards
    return [u for u in state.players[seat].row if cards[u].d.type == "holding" and not cards[u].face_down]


def unit_count(n: int) -> str:
    return "1 unit" if n == 1 else f"{n} units"


OWN_ONLY_KINDS = frozenset(
    {
        "main",
        "target",
        "declare_attackers",
        "attack_step",
        "counter_attackers",
        "counter_blockers",
        "split_damage",
        "damage_choice",
        "line_damage_target",
        "discard",
    }
)
"""Decisions only the deciding seat can make: its own Main phase, attacks, blocks, damage and captures."""


def decision_window(state: State) -> Window | None:
    """The open decision as an auto-pass window (engine/autopass.py), from public information only."""
    d = state.decision
    if d is None:
        return None
    seat = d.seat
    top = state.stack[-1] if state.stack else None
    targeted = False
    if top is not None and top.seat != seat and top.target >= 0:
        targeted = state.cards[top.target].controller == seat
    cb = state.combat
    if cb is not None and cb.declared and cb.attacks and cb.dfn == seat and state.step == "combat.declaration":
        targeted = True  # the other seat has just declared an attack on this seat (W-16)
    # The attacker's turn in the Attack step holds only Rituals to turn face-up (W-34): an answer in the
    # defender's step, passed over like a fast-cast window unless a stop or full control asks for it.
    answering = d.kind == "attack_step" and cb is not None and seat != cb.dfn
    return Window(
        seat=seat,
        active=state.active,
        stage=shown_step(state),
        pass_action=PASS if d.kind == "fast_cast" else DONE if answering else None,
        waiting=None if top is None else top.seat,
        waiting_name="" if top is None else state.cards[top.uid].d.name,
        own_only=d.kind in OWN_ONLY_KINDS and not answering,
        in_combat=cb is not None,
        targeted=targeted,
    )


TAGS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
UNIT_LINES = ("offensive", "defensive")


def _face_up_twins(state: State, c: Card) -> list[Card]:
    """The other face-up units of `c`'s card on either side's lines (public: no face-down card counts)."""
    return [o for o in state.cards if o.uid != c.uid and o.d.id == c.d.id and o.zone in UNIT_LINES and not o.face_down]


def give_tag(state: State, c: Card) -> None:
    """A unit showing face-up on a line takes the first letter no other face-up unit of its card holds, and
    keeps it while it stays there (issue 33: "Cinder Hound A" and "Cinder Hound B" told apart)."""
    taken = {o.tag for o in _face_up_twins(state, c)}
    c.tag = next((t for t in TAGS if t not in taken), "")


def shown_tag(state: State, c: Card) -> str:
    """`c`'s letter while another face-up unit of its card is on the lines, else "" (its name says enough)."""
    if not c.tag or c.face_down or c.zone not in UNIT_LINES:
        return ""
    return c.tag if _face_up_twins(state, c) else ""


def unit_name(state: State, uid: int) -> str:
    """A card's name, with its letter when it is a face-up unit with a look-alike on the lines."""
    c = state.cards[uid]
    tag = shown_tag(state, c)
    return f"{c.d.name} {tag}" if tag else c.d.name
