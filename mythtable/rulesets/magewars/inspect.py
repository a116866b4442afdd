"""Reading the Mage Wars CCG table (issue 16): what a seat may inspect, the full text of each thing,
and why a card or unit cannot be played or used now.

The reasons come from the rules' own checks (`unmet`, `cast_problem`, `flip_problem`,
`ability_problem`, `attack_problem`, `block_problem`), the very functions the option lists ask.
Hidden things are never inspectable: the other seat's hand and every deck return None, and the
other seat's face-down cards show only what is public (H-20, H-42).
"""

from __future__ import annotations

from mythtable.engine.decision import Ref
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.rulesets.magewars.content import Info
from mythtable.rulesets.magewars.rules.options import (
    ability_problem,
    attack_problem,
    attack_problems,
    block_problem,
    cast_problem,
    counter_attackers,
    defensive_reasons,
    flip_problem,
)
from mythtable.rulesets.magewars.rules.queries import (
    LINE_LABEL,
    WINDOW_STEPS,
    fast_cast_on_top,
    field_bonus,
    guard,
    power,
    sources,
    tier,
    unmet,
    weave_bonus,
)
from mythtable.rulesets.magewars.state import Card, Combat, State
from mythtable.rulesets.magewars.view import HIDDEN_NAME, STEP_LABELS

KEYWORD_RULES: dict[str, str] = {
    "Aerial": "not bound by line rules: it may attack any line or the Tower; only Aerial units may block it, "
    "and it may block any attacker; it never closes a line (W-23, H-29, H-45, H-47).",
    "Hero": "may be the single target of an attack while it stands on a line the attacker could target; "
    "a deck holds one copy at most (W-25, W-26, F-16).",
}
"""Each keyword's rule in one line, in this project's words (rules reference)."""

SPEED_RULES: dict[str, str] = {
    "fast": "fast-cast: whenever you hold priority, also in answer to a spell (F-14, F-15)",
    "slow": "slow-cast: only in your Main phase with the stack empty, before you declare combat (H-23, W-9)",
    "weave": "weave: cast like a slow-cast spell, then it stays attached to a unit or one of your lines (H-24, W-10)",
}

TYPE_RULES: dict[str, str] = {
    "unit": "Unit: deployed on your Offensive or Defensive Line for free (F-10), face-up or face-down.",
    "casting": "Casting (spell): goes on the stack and costs Tower Levels (F-12, H-25).",
    "resource": "Resource: an elemental source in your Tower row; one lay a turn (F-7, H-9).",
    "holding": "Holding: a land units need in order to deploy; one lay a turn (F-8, H-9).",
    "ritual": "Ritual: its Deploy Effect applies once when it is played or turned face-up (H-44, W-34).",
}

PROBLEMS: dict[str, str] = {
    "min_tower": "your Tower Level is {tower}, it needs {min_tower} (H-13)",
    "min_tier": "your Tower tier is {tier}, it needs tier {min_tier} (H-12)",
    "holding": "it needs a face-up Holding of yours (F-9, H-13)",
    "element": "it needs {need} face-up {element} source(s), you have {have} (H-13, H-14)",
    "no_target": "no legal target for its effect (face-down cards cannot be targeted, H-20)",
    "laid": "you already laid a Resource or Holding this turn (H-9, H-21)",
    "not_fast": "only fast-cast spells and abilities are played now; this waits for your Main phase with the "
    "stack empty (F-14, H-23)",
    "fast_on_top": "a fast-cast on the stack is answered only by a fast-cast or an ability; turn it face-up once "
    "that spell has resolved (F-15, H-22)",
    "combat_declared": "after declaring combat you may not deploy, lay, set or cast slow or weave spells (W-8..W-11)",
    "attack_step": "in the Attack step only Rituals are played from hand (W-28, W-34)",
    "not_now": "{not_now}",
    "face_down": "it is face-down: a face-down card is not a unit; turn it face-up first (H-20)",
    "ability_not_fast": "its ability is not fast: only in your Main phase with the stack empty (H-49)",
    "exhausted": "it is exhausted: your units are readied in your Ready step (H-7, H-18)",
    "new_this_turn": "it entered play or was turned face-up this turn; it may still block and counter-attack (H-19)",
    "blocked_no_counter": "it blocked in this combat, so it cannot counter-attack (H-37)",
    "defensive_line": "only units on your Offensive Line attack (W-15); move it there in your Main phase (H-9)",
    "attacked_no_block": "it attacked in this combat, so it cannot block the counter-attack (H-39)",
    "aerial_attackers": "every attacker is Aerial, and only Aerial units block those (H-45)",
    "flip_units_defender": "in the Attack step only the defender turns units face-up (W-29)",
    "face_up_unmet": "it can only be deployed face-down now: {inner}",
    "moved": "you already moved a unit between your lines this turn (H-9)",
}
"""Every reason `why_not` can give (a code from the rules' checks -> words). Tests list them all."""


def _player_ref(seat: int) -> str:
    return f"player:{seat}"


def _order(seat: int | None) -> tuple[int, int]:
    return (1, 0) if seat == 1 else (0, 1)


def _hidden(c: Card, seat: int | None) -> bool:
    """A face-down card only its controller may read (as view.py decides)."""
    return c.face_down and seat is not None and seat != c.controller


def _label(c: Card, seat: int | None) -> str:
    if _hidden(c, seat):
        return HIDDEN_NAME
    return c.d.name + (" (face-down)" if c.face_down else "")


def inspectables(state: State, seat: int | None) -> list[InspectTarget]:
    """Own hand, both sides (lines, weaves, Tower row; own first), the stack, graveyards, players."""
    out: list[InspectTarget] = []
    cards = state.cards
    players = state.players
    for s in _order(seat):
        if seat is None or s == seat:
            zone = "Your hand" if s == seat else f"{players[s].name}'s hand"
            out.extend(InspectTarget(uid, zone, cards[uid].d.name) for uid in players[s].hand)
    for s in _order(seat):
        p = players[s]
        mine = "Your" if s == seat else f"{p.name}'s"
        for line in ("offensive", "defensive"):
            zone = f"{mine} {LINE_LABEL[line]}"
            for uid in p.line(line):
                out.append(InspectTarget(uid, zone, _label(cards[uid], seat)))
                for q in players:
                    for w in q.weaves:
                        if cards[w].att_unit == uid:
                            out.append(InspectTarget(w, zone, f"{cards[w].d.name} (on {_label(cards[uid], seat)})"))
            for w in p.weaves:
                if cards[w].att_unit < 0 and cards[w].att_line == line:
                    out.append(InspectTarget(w, zone, f"{cards[w].d.name} (on the line)"))
        out.extend(InspectTarget(uid, f"{mine} Tower row", _label(cards[uid], seat)) for uid in p.row)
    for item in reversed(state.stack):
        label = cards[item.uid].d.name + ("'s ability" if item.kind == "ability" else "")
        out.append(InspectTarget(item.uid, "Stack", label))
    for s in _order(seat):
        zone = "Your graveyard" if s == seat else f"{players[s].name}'s graveyard"
        out.extend(InspectTarget(uid, zone, cards[uid].d.name) for uid in reversed(players[s].grave))
    for s in _order(seat):
        out.append(InspectTarget(_player_ref(s), "Players", players[s].name))
    return out


def inspect(state: State, seat: int | None, ref: Ref) -> Inspection | None:
    """The full text of `ref` for `seat`; None for what the seat may not see (or no such thing)."""
    if isinstance(ref, str):
        if ref.startswith("player:") and ref[7:] in ("0", "1"):
            return _player(state, int(ref[7:]))
        return None
    if not isinstance(ref, int) or not 0 <= ref < len(state.cards):
        return None
    c = state.cards[ref]
    zone = c.zone
    if zone == "deck" or (zone == "hand" and seat is not None and seat != c.owner):
        return None
    if zone == "stack" and not any(i.uid == ref for i in state.stack):
        return None
    whose = state.players[c.controller].name
    if _hidden(c, seat):
        where = f"On {whose}'s {LINE_LABEL[zone]}." if zone in LINE_LABEL else f"In {whose}'s Tower row."
        lines = (
            where,
            "A face-down card: only its owner may look at it (H-20, H-42).",
            "It is not a unit: it cannot be targeted, block or attack, and does not fill its line (H-20).",
            "Its owner may turn it face-up when its requirements are met (H-22).",
        )
        return Inspection(ref, HIDDEN_NAME, lines)
    lines: list[str] = []
    why: tuple[str, ...] = ()
    if zone in ("offensive", "defensive"):
        lines.append(f"On {whose}'s {LINE_LABEL[zone]}.")
    elif zone == "row":
        lines.append(f"In {whose}'s Tower row.")
    elif zone == "weave":
        on = (
            f"{state.cards[c.att_unit].d.name}"
            if c.att_unit >= 0
            else f"{whose}'s {LINE_LABEL.get(c.att_line, c.att_line)}"
        )
        lines.append(f"A weave of {whose}'s, attached to {on}.")
    elif zone == "hand":
        lines.append(f"In {state.players[c.owner].name}'s hand.")
    elif zone == "grave":
        lines.append(f"In {state.players[c.owner].name}'s graveyard.")
    lines.extend(_on_stack(state, ref))
    card = _card_lines(c.d)
    if zone in ("offensive", "defensive"):  # its numbers with their base: the printed ones are said there
        card = [x for x in card if not x.startswith("Printed Power ")]
        card[1:1] = _unit_numbers(state, c) + _unit_state(state, c)
    elif zone == "row" and c.face_down:
        card.insert(1, "State: face-down (only you may look at it; H-20).")
    lines = card[:1] + lines + card[1:]
    if seat is None or seat == c.controller:
        if zone == "hand":
            why = _hand_why_not(state, c)
        elif zone in ("offensive", "defensive", "row"):
            why = _in_play_why_not(state, c)
    return Inspection(ref, c.d.name, tuple(lines), why)


TIMES = {1: "", 2: " twice", 3: " three times"}


def _on_stack(state: State, ref: int) -> list[str]:
    """What of `ref` waits on the stack, each thing once: an ability used twice says "twice"."""
    counts: dict[tuple[str, str], int] = {}
    for item in state.stack:
        if item.uid != ref:
            continue
        what = "Its ability" if item.kind == "ability" else "It"
        tgt = ""
        if item.target >= 0:
            tgt = f", aimed at {state.cards[item.target].d.name}"
        elif item.line:
            tgt = f", aimed at the {LINE_LABEL[item.line]}"
        counts[what, tgt] = counts.get((what, tgt), 0) + 1
    out = []
    for (what, tgt), n in counts.items():
        times = TIMES.get(n, f" {n} times")
        they = "they resolve" if n > 1 else "it resolves"
        out.append(f"{what} waits on the stack{times}{tgt}; {they} when both players pass in a row (H-26).")
    return out


def _requirements(d: Info) -> str:
    parts = []
    if d.req_holding:
        parts.append("a face-up Holding")
    parts.extend(f"{n} {e} source{'s' if n != 1 else ''}" for e, n in d.req_elements)
    if d.min_tower:
        parts.append(f"Tower Level {d.min_tower}")
    if d.min_tier:
        parts.append(f"Tower tier {d.min_tier}")
    return ", ".join(parts)


TYPE_NAMES = {"unit": "Unit", "casting": "Casting", "resource": "Resource", "holding": "Holding", "ritual": "Ritual"}


def _card_lines(d: Info) -> list[str]:
    """Printed facts of a card; the first line is its short type line, the type's rule comes last."""
    head = [TYPE_NAMES.get(d.type, d.type), *d.elements]
    if d.speed:
        head.append(f"{d.speed}-cast" if d.speed != "weave" else "weave")
    lines = [" · ".join(head)]
    if d.speed:
        lines.append("Speed: " + SPEED_RULES.get(d.speed, d.speed) + ".")
    req = _requirements(d)
    if req:
        lines.append(f"Requires (thresholds, nothing used up, H-13): {req}.")
    if d.cost:
        lines.append(f"Costs {d.cost} Tower Level{'s' if d.cost != 1 else ''} (F-2).")
    if d.is_unit:
        lines.append(f"Printed Power {d.power} · Guard {d.guard}.")
    for k in d.keywords:
        lines.append(f"{k}: {KEYWORD_RULES.get(k, '')}")
    if d.ability is not None:
        a = d.ability
        # the ability's text names its costs ("Exhaust and pay 1 Tower Level: ...") and a Main-phase-only
        # limit itself; only "fast" is not in it
        lines.append(f"Ability{' (fast)' if a.fast else ''}: {a.text}")
    text = _without_needs(d.text) if req else d.text
    if text:
        lines.append(f"Text: {text}")
    if d.type in TYPE_RULES:
        lines.append(TYPE_RULES[d.type])
    return lines


def _without_needs(text: str) -> str:
    """The printed text without its "Needs Tower tier 1." sentence: the Requires line says that already."""
    sentences = [x for x in text.split(". ") if x]
    kept = [x for x in sentences if not x.startswith("Needs ")]
    out = ". ".join(kept).strip()
    return out if not out or out.endswith(".") else out + "."


def _unit_numbers(state: State, c: Card) -> list[str]:
    """Power and Guard with base and modifiers (H-16, H-43), and damage taken."""
    fpb = field_bonus(state, c)
    wp = weave_bonus(state, c, "power")
    wg = weave_bonus(state, c, "guard")
    pbits = [f"{c.d.power} printed"]
    if fpb:
        pbits.append(f"+{fpb} Field Power Bonus (H-43)")
    if wp:
        pbits.append(f"{wp:+d} weaves")
    if c.power_mod:
        pbits.append(f"{c.power_mod:+d} until end of turn")
    gbits = [f"{c.d.guard} printed"]
    if wg:
        gbits.append(f"{wg:+d} weaves")
    if c.guard_mod:
        gbits.append(f"{c.guard_mod:+d} until end of turn")
    g = guard(state, c)
    return [
        f"Power {power(state, c)} ({' '.join(pbits)}) · Guard {g} ({' '.join(gbits)})",
        f"Damage {c.wounds}: destroyed when its damage reaches its Guard, {max(0, g - c.wounds)} to go (H-17).",
    ]


def _unit_state(state: State, c: Card) -> list[str]:
    flags = ["exhausted" if c.exhausted else "ready"]
    if c.face_down:
        flags.append("face-down (only you may look at it; not a unit until turned face-up, H-20)")
    if c.entered == state.turn:
        flags.append("new this turn (cannot attack this turn, H-19)")
    out = ["State: " + ", ".join(flags) + "."]
    weaves = [state.cards[w].d.name for p in state.players for w in p.weaves if state.cards[w].att_unit == c.uid]
    if weaves:
        out.append("Attached: " + ", ".join(weaves) + ".")
    cb = state.combat
    if cb is not None:
        for a in cb.attacks:
            if a.attacker == c.uid:
                what = state.cards[a.hero].d.name if a.hero >= 0 else f"the {LINE_LABEL[a.line]}"
                moved = " (moved, W-31/W-32)" if a.moved else ""
                blockers = ", ".join(state.cards[b].d.name for b in a.blockers)
                by = f"; blocked by {blockers}" if blockers else ""
                out.append(f"In combat: attacks {what}{moved}{by}.")
            elif c.uid in a.blockers:
                out.append(f"In combat: blocks {state.cards[a.attacker].d.name}.")
    return out


def _say(state: State, seat: int, code: str, d: Info) -> str:
    p = state.players[seat]
    element, need, have = "", 0, 0
    if code.startswith("element:"):
        element = code[8:]
        code = "element"
        need = dict(d.req_elements).get(element, 0)
        have = sources(state, seat)[1].get(element, 0)
    d_step = state.decision
    label = STEP_LABELS.get(state.step, state.step)
    if state.target_req is not None and state.target_req.seat == seat:
        not_now = f"first finish choosing a target for {state.cards[state.target_req.uid].d.name}"
    elif d_step is not None and d_step.seat != seat:
        not_now = f"it is {state.players[d_step.seat].name}'s decision now ({label})"
    else:
        not_now = f"nothing is played in this step ({label})"
    text = PROBLEMS[code].format(
        tower=p.tower,
        min_tower=d.min_tower,
        tier=tier(p.tower),
        min_tier=d.min_tier,
        element=element,
        need=need,
        have=have,
        not_now=not_now,
        inner="",
    )
    return text[0].upper() + text[1:] + "."


def _window(state: State, seat: int) -> str:
    """What `seat` may do now: "main", "fast", "attack_step", "combat_declared" or "none"."""
    if state.over:
        return "none"
    if state.target_req is not None:
        return "none"
    step = state.step
    d = state.decision
    if d is not None and d.seat != seat:  # the other seat decides: nothing is played until it is yours
        return "none"
    if step in WINDOW_STEPS:
        if step == "combat.declaration" and state.combat is not None and not state.combat.declared:
            return "none"
        if step == "main" and seat == state.active and not state.stack and state.intent != "combat":
            return "main"
        if step == "main" and seat == state.active and state.intent == "combat":
            return "combat_declared"
        return "fast"
    if step == "combat.attack" and d is not None and d.seat == seat:
        return "attack_step"
    return "none"


def _hand_why_not(state: State, c: Card) -> tuple[str, ...]:
    seat = c.owner
    d = c.d
    p = state.players[seat]
    src = sources(state, seat)
    w = _window(state, seat)
    t = d.type
    if w == "none":
        return (_say(state, seat, "not_now", d),)
    if w == "attack_step":
        if t != "ritual":
            return (_say(state, seat, "attack_step", d),)
        code = cast_problem(state, seat, d, src)
        return () if code is None else (_say(state, seat, code, d),)
    if w in ("fast", "combat_declared"):
        if t == "casting" and d.speed == "fast":
            code = cast_problem(state, seat, d, src)
            return () if code is None else (_say(state, seat, code, d),)
        return (_say(state, seat, "combat_declared" if w == "combat_declared" else "not_fast", d),)
    # the Main phase (main_actions)
    if t in ("resource", "holding"):
        return (_say(state, seat, "laid", d),) if p.laid else ()
    if t == "unit":
        code = unmet(state, seat, d, src)
        if code is None:
            return ()
        inner = _say(state, seat, code, d)
        text = PROBLEMS["face_up_unmet"].format(inner=inner[0].lower() + inner[1:])
        return (text[0].upper() + text[1:],)
    code = cast_problem(state, seat, d, src)
    if code is None:
        return ()
    out = _say(state, seat, code, d)
    return (f"{out} It may still be set face-down (H-21).",) if t == "ritual" else (out,)


def _in_play_why_not(state: State, c: Card) -> tuple[str, ...]:
    """Face-down cards: why not turned face-up; units: why no ability, attack, block or move now."""
    seat = c.controller
    d = c.d
    out: list[str] = []
    w = _window(state, seat)
    src = sources(state, seat)
    cb = state.combat
    if c.face_down:
        if w == "none":
            code: str | None = "not_now"
        else:
            units = w != "attack_step" or (cb is not None and seat == cb.dfn)
            code = flip_problem(state, seat, c, src, units)
            if code is None and w in ("fast", "combat_declared") and fast_cast_on_top(state):
                code = "fast_on_top"
        if code is not None:
            out.append("Turn face-up: " + _say(state, seat, code, d))
    if c.zone == "row":
        return tuple(out)
    if d.ability is not None:
        if w in ("main", "fast", "combat_declared"):
            code = ability_problem(state, seat, c, fast_only=w != "main")
        else:
            code = "not_now"
        if code is not None:
            out.append("Ability: " + _say(state, seat, code, d))
    if cb is not None and state.decision is not None and state.decision.seat == seat:
        kind = state.decision.kind
        declared = {a.attacker for a in cb.attacks}
        if kind in ("declare_attackers", "counter_attackers") and c.uid not in declared:
            code = "defensive_line" if c.zone == "defensive" else attack_problem(state, cb, c)
            if code is not None:
                out.append("Attack: " + _say(state, seat, code, d))
        blocking = {b for a in cb.attacks for b in a.blockers}
        if kind in ("attack_step", "counter_blockers") and seat == cb.dfn and c.uid not in blocking:
            code = block_problem(state, cb, c)
            if code is not None:
                out.append("Block: " + _say(state, seat, code, d))
    if w == "main" and state.players[seat].moved:
        out.append("Move: " + _say(state, seat, "moved", d))
    return tuple(out)


def _player(state: State, s: int) -> Inspection:
    p = state.players[s]
    has_holding, counts = sources(state, s)
    src = ", ".join(f"{e} {n}" for e, n in sorted(counts.items())) or "none"
    lines = (
        f"Tower Level {p.tower} of 30 · tier {tier(p.tower)} (H-12); at 0 the player loses (F-3)",
        f"Hand {len(p.hand)} · deck {len(p.deck)} · graveyard {len(p.grave)}",
        f"Face-up sources: {src}; Holding: {'yes' if has_holding else 'none'}",
        (
            f"Active player; this turn: {'laid' if p.laid else 'no lay yet'}, "
            f"{'moved a unit' if p.moved else 'no move yet'} (H-9)"
        )
        if state.active == s
        else "Waiting for their turn",
    )
    return Inspection(_player_ref(s), p.name, lines)


def why_only_done(state: State) -> str | None:
    """Why the open decision offers nothing but moving on: attackers with only Done, or a Main phase
    with only "Declare combat" / "End turn"."""
    d = state.decision
    if d is None:
        return None
    if any(a[0] not in ("done", "pass", "end", "combat") for a in d.actions):
        return why_combat_is_empty(state)
    seat = d.seat
    cb = state.combat
    p = state.players[seat]
    if d.kind in ("declare_attackers", "counter_attackers") and cb is not None:
        return "No unit of yours can attack: " + _attack_summary(state, cb, seat) + "."
    if d.kind == "main":
        parts = []
        if not p.hand:
            parts.append("your hand is empty")
        else:
            parts.append("no card in your hand can be played now (inspect one with i to see why)")
        if ("combat",) in d.actions:
            summary = attack_summary_words(attack_problems(state, seat))
            if summary:
                parts.append("declaring combat would find no attacker: " + summary)
        return "Nothing to play: " + "; ".join(parts) + "."
    return None


def why_combat_is_empty(state: State) -> str | None:
    """The line above a Main phase whose "Declare combat" would find no attacker (issue 33): said before
    the option is chosen, not after ("Ana sends no unit to attack."), short enough for two rows at 80
    columns: "Declare combat: no unit can attack (1 face-down, H-20); Bram may counter-attack (W-3)."."""
    d = state.decision
    if d is None or d.kind != "main" or ("combat",) not in d.actions:
        return None
    reasons = attack_problems(state, d.seat)
    if not reasons or "no_unit" in reasons:  # no unit at all: the option's own words say enough
        return None
    why = ", ".join(f"{n} {SHORT_ATTACK_WORDS[k][0]}, {SHORT_ATTACK_WORDS[k][1]}" for k, n in reasons.items())
    risk = f"; {state.players[1 - d.seat].name} may counter-attack (W-3)" if counter_attackers(state, d.seat) else ""
    return f"Declare combat: no unit can attack ({why}){risk}."


SHORT_ATTACK_WORDS: dict[str, tuple[str, str]] = {
    "face_down": ("face-down", "H-20"),
    "exhausted": ("exhausted", "H-18"),
    "new_this_turn": ("new this turn", "H-19"),
    "defensive_line": ("on the Defensive Line", "W-15"),
}
"""`attack_problems` codes in the fewest words, for the line above the options."""


ATTACK_WORDS: dict[str, tuple[str, str]] = {
    "face_down": ("face-down units cannot attack", "H-20"),
    "exhausted": ("exhausted units cannot attack", "H-18"),
    "new_this_turn": ("units new this turn cannot attack", "H-19"),
    "blocked_no_counter": ("units that blocked cannot counter-attack", "H-37"),
    "defensive_line": ("units on the Defensive Line cannot attack", "W-15"),
}
"""Why units of a seat cannot attack, grouped (`attack_problems` codes -> words, clause)."""


def attack_summary_words(reasons: dict[str, int]) -> str:
    """`attack_problems` in words: "face-down units cannot attack (1 of yours, H-20)"; "" when one can."""
    if not reasons:
        return ""
    if "no_unit" in reasons:
        return "you have no unit in play"
    return "; ".join(f"{ATTACK_WORDS[k][0]} ({n} of yours, {ATTACK_WORDS[k][1]})" for k, n in reasons.items())


def _attack_summary(state: State, cb: Combat, seat: int) -> str:
    """Why each unit of `seat` cannot attack in combat `cb`, grouped; "" when one can."""
    if not cb.counter:
        return attack_summary_words(attack_problems(state, seat))
    p = state.players[seat]
    reasons: dict[str, int] = {}
    for uid in p.offensive:
        code = attack_problem(state, cb, state.cards[uid])
        if code is None:
            return ""
        reasons[code] = reasons.get(code, 0) + 1
    defensive_reasons(state, seat, reasons)
    return attack_summary_words(reasons or {"no_unit": 0})
