"""Reading the Mythicarium table (issue 16): what a seat may inspect, the full text of each thing,
and why a card or unit cannot be played or used now.

The reasons come from the rules' own checks (`play_problem`, `use_problem`, `attack_problem`,
`block_problem`): the option lists ask the same functions, so the panel never guesses. Nothing a
seat may not see is inspectable: the other seat's hand and every deck are refused (None).
"""

from __future__ import annotations

from mythtable.engine.decision import Ref
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.rulesets.mythicarium.content import CardDef, effects_text
from mythtable.rulesets.mythicarium.rules.combat import attack_problem, block_problem, live_attackers
from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS, cdef, eff_dp, eff_hp, name_of
from mythtable.rulesets.mythicarium.rules.priority import play_problem, use_problem
from mythtable.rulesets.mythicarium.state import NO_TARGET, State, Unit

KEYWORD_RULES: dict[str, str] = {
    "Berserk": "deals its damage before the other units, and its kills happen at once, so its victim strikes "
    "no blow; two Berserk units facing each other both lose this (M-37..M-39, H-11).",
    "Double Assault": "may attack twice a turn: a second combat round follows if it survived its first attack "
    "(M-40..M-42, H-12).",
    "Lightning": "may be played whenever its player holds priority, in either player's turn; played during "
    "combat it stays out of that combat (M-43..M-45, H-6).",
    "Critical Hit": "a d6 is rolled for it in every combat round it fights; on a 6 its DP is doubled for that "
    "round (M-46, H-10).",
    "Celerity": "may exhaust, to attack or to pay for an ability, in the turn it enters play (M-47).",
}
"""Each keyword's rule in one line, in this project's words (rules reference section 2)."""

DAMAGE_RULES: dict[str, str] = {
    "Physical": "blocks Physical attackers only; any unit may block it (H-17).",
    "Magical": "only Magical units may block it; it may block any attacker (M-31, M-32, H-17).",
}

PROBLEMS: dict[str, str] = {
    "xp": "not enough XP: it costs {cost} XP and you have {xp}",
    "combat_only": "it acts on {target}, so it is played in a combat's Legendary Battle (M-21, H-6)",
    "not_main": "{not_main}",
    "no_target": "no legal target: it needs {target}",
    "downed": "it is downed: a downed Champion cannot attack, block or use abilities until healed (F-12)",
    "exhausted": "it is exhausted: it is readied in your Recovery Stage (F-9, M-11)",
    "sick": "it entered play this turn: it cannot exhaust before your next turn begins, unless it has "
    "Celerity (F-11, H-24)",
    "not_response": "its ability is not a Response: only when you could play a normal card, in your own "
    "Maintenance Stage with limbo empty (H-22)",
    "arrived_in_combat": "it entered play during this Combat Stage, so it stays out of this combat (M-45)",
    "second_round": "only Double Assault units attack in a second combat round (H-12)",
    "no_second_attack": "only a Double Assault unit that attacked in the first round attacks again (H-12)",
    "exhausted_block": "it is exhausted: only ready units can block (F-10)",
    "magical_attackers": "every attacker deals Magical damage, and only Magical units can block those (M-31)",
    "not_priority_step": "{step}",
}
"""Every reason `why_not` can give (a code from the rules' checks -> words). Tests list them all."""

TARGET_NEEDS: dict[str, str] = {
    "self": "this unit, active",
    "own_unit": "an active unit of yours",
    "enemy_unit": "an active enemy unit",
    "own_combat_unit": "a unit of yours in this combat",
    "enemy_combat_unit": "an enemy unit in this combat",
    "own_champion": "an active Champion of yours",
}


def _player_ref(seat: int) -> str:
    return f"player:{seat}"


def _order(seat: int | None) -> tuple[int, int]:
    return (1, 0) if seat == 1 else (0, 1)


def inspectables(state: State, seat: int | None) -> list[InspectTarget]:
    """Own hand, both lanes (own first) with equipment, limbo, both graveyards, the players."""
    out: list[InspectTarget] = []
    cards = state.content.cards
    ids = state.cards
    players = state.players
    for s in _order(seat):
        if seat is None or s == seat:
            zone = "Your hand" if s == seat else f"{players[s].name}'s hand"
            out.extend(InspectTarget(uid, zone, cards[ids[uid]].name) for uid in players[s].hand)
    for s in _order(seat):
        zone = "Your lane" if s == seat else f"{players[s].name}'s lane"
        for uid in players[s].lane:
            out.append(InspectTarget(uid, zone, cards[ids[uid]].name))
            for e in state.units[uid].equipment:
                out.append(InspectTarget(e, zone, f"{cards[ids[e]].name} (on {cards[ids[uid]].name})"))
    for item in reversed(state.limbo):
        label = name_of(state, item.uid) + (" (ability)" if item.kind == "ability" else "")
        out.append(InspectTarget(item.uid, "Limbo", label))
    for s in _order(seat):
        zone = "Your graveyard" if s == seat else f"{players[s].name}'s graveyard"
        out.extend(InspectTarget(uid, zone, cards[ids[uid]].name) for uid in reversed(players[s].graveyard))
    for s in _order(seat):
        out.append(InspectTarget(_player_ref(s), "Players", players[s].name))
    return out


def _where(state: State, uid: int) -> tuple[str, int] | None:
    """(zone, seat) of card `uid` among the public zones and the hands; None in a deck."""
    if uid in state.units:
        return "lane", state.units[uid].owner
    if uid in state.equipped:
        return "equipment", state.units[state.equipped[uid]].owner
    for item in state.limbo:
        if item.kind == "card" and item.uid == uid:
            return "limbo", item.owner
    for s, p in enumerate(state.players):
        if uid in p.hand:
            return "hand", s
        if uid in p.graveyard:
            return "graveyard", s
    return None


def inspect(state: State, seat: int | None, ref: Ref) -> Inspection | None:
    """The full text of `ref` for `seat`; None for what the seat may not see (or no such thing)."""
    if isinstance(ref, str):
        if ref.startswith("player:") and ref[7:] in ("0", "1"):
            return _player(state, seat, int(ref[7:]))
        return None
    if not isinstance(ref, int) or ref not in state.cards:
        return None
    where = _where(state, ref)
    if where is None:
        return None  # in a deck: nobody may look
    zone, owner = where
    if zone == "hand" and seat is not None and owner != seat:
        return None
    cd = cdef(state, ref)
    lines = _card_lines(cd)
    why: tuple[str, ...] = ()
    pname = state.players[owner].name
    if zone == "lane":
        u = state.units[ref]
        unit = _unit_lines(state, u, cd)
        rest = [x for x in lines[1:] if not x.endswith("(printed).")]
        lines = [unit[0], f"In {pname}'s lane.", *unit[1:], *_unit_state(state, u), *rest]
        if seat is None or seat == owner:
            why = _unit_why_not(state, owner, u)
    elif zone == "equipment":
        on = state.equipped[ref]
        lines.insert(1, f"Attached to {name_of(state, on)} in {pname}'s lane.")
    elif zone == "limbo":
        item = next(i for i in state.limbo if i.kind == "card" and i.uid == ref)
        tgt = f", targeting {name_of(state, item.target)}" if item.target != NO_TARGET else ""
        lines.insert(1, f"In limbo, played by {pname}{tgt}; it resolves when both players pass in a row (H-5).")
    elif zone == "hand":
        lines.insert(1, f"In {pname}'s hand.")
        why = _hand_why_not(state, owner, ref)
    else:
        lines.insert(1, f"In {pname}'s graveyard.")
    for item in state.limbo:
        if item.kind == "ability" and item.uid == ref:
            tgt = f", targeting {name_of(state, item.target)}" if item.target != NO_TARGET else ""
            lines.append(f"Its ability waits in limbo{tgt}.")
    return Inspection(ref, cd.name, tuple(lines), why)


def type_line(cd: CardDef) -> str:
    """Type · class · race, each word once (a Legend's race is "Legend" again: said once)."""
    parts: list[str] = []
    for part in (cd.type, cd.klass or "classless", cd.race):
        if part and part not in parts:
            parts.append(part)
    return " · ".join(parts)


def _card_lines(cd: CardDef) -> list[str]:
    """Printed facts of a card, the first line being its type line."""
    lines = [type_line(cd)]
    if cd.is_champion:
        lines.append(f"Yields {cd.xp} XP in its controller's Collection Stage while active (M-9, H-3).")
    else:
        lines.append(f"Cost: {cd.xp} XP.")
    if cd.is_unit:
        lines.append(f"DP {cd.dp} · HP {cd.hp} (printed).")
    elif cd.type == "Equipment":
        bonus = " and ".join(x for x in (f"+{cd.dp} DP" if cd.dp else "", f"+{cd.hp} HP" if cd.hp else "") if x)
        lines.append(f"Gives the Champion it is attached to {bonus} (H-13).")
    if cd.damage:
        lines.append(f"{cd.damage} damage: {DAMAGE_RULES[cd.damage]}")
    for k in cd.keywords:
        lines.append(f"{k}: {KEYWORD_RULES.get(k, '')}".rstrip(": "))
    if cd.on_play:
        head = "When played" if cd.type == "Legend" else "When it enters play"
        lines.append(f"{head}: {effects_text(list(cd.on_play))}")
    if cd.ability is not None:
        ab = cd.ability
        cost = "exhaust" + (f", pay {ab.xp} XP" if ab.xp else "")
        tail = " Response: usable whenever you hold priority (H-22)." if ab.response else ""
        lines.append(f"Ability ({cost}): {effects_text(list(ab.effects))}{tail}")
    # No "Printed text" line: the loader accepts a card only when its text is exactly the text rendered
    # from its data (schema.render_text), so each of its sentences is already one of the lines above.
    lines.append(f"“{cd.flavour}”")
    return lines


def _unit_lines(state: State, u: Unit, cd: CardDef) -> list[str]:
    """Type line and the numbers of a unit in play, with base and modifiers."""
    cards = state.content.cards
    kind = type_line(cd)

    def parts(base: int, mod: int, attr: str) -> str:
        bits = [f"{base} printed"]
        for e in u.equipment:
            v = getattr(cards[state.cards[e]], attr)
            if v:
                bits.append(f"{v:+d} {cards[state.cards[e]].name}")
        if mod:
            bits.append(f"{mod:+d} until end of turn")
        return " ".join(bits) if len(bits) > 1 else ""

    dp, hp = eff_dp(state, u), eff_hp(state, u)
    dp_parts = parts(cd.dp, u.dp_mod, "dp")
    hp_parts = parts(cd.hp, u.hp_mod, "hp")
    lines = [
        kind,
        f"DP {dp}"
        + (f" ({dp_parts})" if dp_parts else "")
        + f" · HP {hp}"
        + (f" ({hp_parts})" if hp_parts else "")
        + f" · wounds {u.wounds} · {max(0, hp - u.wounds)} HP left",
    ]
    if u.shield:
        lines.append(f"The next {u.shield} wounds to it this turn are prevented.")
    return lines


def _unit_state(state: State, u: Unit) -> list[str]:
    out: list[str] = []
    cd = cdef(state, u.uid)
    flags = []
    if u.downed:
        flags.append("downed (inactive until healed, F-12)")
    flags.append("exhausted" if u.exhausted else "ready")
    if u.sick and not cd.celerity:
        flags.append("new this turn (summoning sick, F-11)")
    if u.attacks:
        flags.append(f"attacked {u.attacks}x this turn")
    out.append("State: " + ", ".join(flags) + ".")
    if u.equipment:
        out.append("Attached: " + ", ".join(name_of(state, e) for e in u.equipment) + ".")
    c = state.combat
    if c is not None:
        if u.uid in c.attackers:
            blockers = [name_of(state, b) for b, a in c.blocks.items() if a == u.uid]
            by = f", blocked by {', '.join(blockers)}" if blockers else ", unblocked so far"
            out.append(f"In combat: attacks {state.players[1 - u.owner].name}{by}.")
        elif u.uid in c.blocks:
            out.append(f"In combat: blocks {name_of(state, c.blocks[u.uid])}.")
        if u.uid in c.crits:
            out.append("Critical Hit: its DP is doubled this round.")
    return out


PLAY_LABEL = ""
"""What starts the reason a hand card cannot be played (nothing: the card is all it can do)."""
USE_LABEL = "Ability: "
"""What starts the reason a unit's ability cannot be used (a unit may also attack or block)."""


def _step_words(state: State, seat: int) -> str:
    """Why `seat` cannot act now although the card itself could be played: whoever or whatever has the turn."""
    label = STAGE_LABELS.get(state.stage, state.stage)
    if state.result is not None:
        return "not now: the game is over"
    if state.choosing is not None:
        if state.choosing.owner != seat:  # the card may still be in that seat's hand: not named
            return f"not now: {state.players[state.choosing.owner].name} is choosing a target first"
        return f"not now: you are choosing a target for {name_of(state, state.choosing.uid)} first"
    if state.step == "window":
        return f"not now: {state.players[state.priority].name} holds priority; you act when it passes to you (H-5)"
    return f"not now: cards and abilities wait for a window where you hold priority, and it is the {label}"


def say_problem(state: State, seat: int, code: str, uid: int, what: str) -> str:
    """A reason code (from the checks of rules/priority.py) in words, filled in from the state; `what` is
    "play" (a card in hand) or "use" (a unit's ability)."""
    return _say(state, seat, code, cdef(state, uid), what)


def _say(state: State, seat: int, code: str, cd: CardDef | None = None, what: str = "") -> str:
    """A reason code in words, filled in from the state."""
    p = state.players[seat]
    cost = cd.xp if cd is not None else 0
    if code == "xp" and cd is not None and what == "use" and cd.ability is not None:
        cost = cd.ability.xp
    target = ""
    if cd is not None:
        kind = cd.ability_target if what == "use" else cd.target
        target = TARGET_NEEDS.get(kind, "a target")
        heals = cd.heals if what != "use" else bool(cd.ability and any(e.op == "heal" for e in cd.ability.effects))
        if heals:
            target = target.replace("an active unit", "a wounded unit").replace("active", "wounded")
    label = STAGE_LABELS.get(state.stage, state.stage)
    if state.stage == "combat.legendary":
        not_main = "in the Legendary Battle only Legends and Lightning cards are played (H-6)"
    elif seat != state.active:
        not_main = (
            "it is not your turn: in the other player's turn only Lightning cards are played, and Legends "
            "in its Legendary Battle (H-6)"
        )
    elif state.limbo:
        not_main = "limbo is not empty: only Lightning cards answer what waits there (H-6)"
    else:
        not_main = f"cards are played in Maintenance I or II, and it is the {label}"
    step = _step_words(state, seat)
    text = PROBLEMS[code].format(cost=cost, xp=p.xp, target=target, not_main=not_main, step=step)
    return text[0].upper() + text[1:] + "."


def _hand_why_not(state: State, seat: int, uid: int) -> tuple[str, ...]:
    code = play_problem(state, seat, uid)
    return () if code is None else (PLAY_LABEL + say_problem(state, seat, code, uid, "play"),)


def _unit_why_not(state: State, seat: int, u: Unit) -> tuple[str, ...]:
    out: list[str] = []
    cd = cdef(state, u.uid)
    if cd.ability is not None:
        code = use_problem(state, seat, u)
        if code is not None:
            out.append(USE_LABEL + say_problem(state, seat, code, u.uid, "use"))
    c = state.combat
    if c is not None and state.step == "attackers" and seat == state.active:
        code = attack_problem(state, u)
        if code is not None and u.uid not in c.attackers:
            out.append("Attack: " + _say(state, seat, code, cd))
    if c is not None and state.step == "blockers" and seat != state.active and u.uid not in c.blocks:
        code = block_problem(state, u, live_attackers(state))
        if code is not None:
            out.append("Block: " + _say(state, seat, code, cd))
    return tuple(out)


def _player(state: State, seat: int | None, s: int) -> Inspection:
    p = state.players[s]
    champs = [uid for uid in p.lane if cdef(state, uid).is_champion]
    standing = sum(1 for uid in champs if not state.units[uid].downed)
    lines = (
        f"VP {p.vp} of 20 (F-1) · XP {p.xp}",
        f"Hand {len(p.hand)} of {p.hand_limit} · deck {len(p.deck)} · graveyard {len(p.graveyard)}",
        f"Champions standing: {standing} of {len(champs)} (all downed loses, F-2)",
        "Active player" if state.active == s else "Waiting for their turn",
    )
    return Inspection(_player_ref(s), p.name, lines)


def why_only_done(state: State) -> str | None:
    """Why the open decision offers nothing but moving on (only "next" in a Maintenance window)."""
    d = state.decision
    if d is None or any(a[0] not in ("next", "done", "pass") for a in d.actions):
        return None
    seat = d.seat
    p = state.players[seat]
    counts: dict[str, int] = {}
    for uid in p.hand:
        code = play_problem(state, seat, uid)
        if code is not None:
            counts[code] = counts.get(code, 0) + 1
    parts = []
    if counts.get("xp"):
        parts.append(f"{counts['xp']} card(s) in hand cost more than your {p.xp} XP")
    if counts.get("combat_only"):
        parts.append(f"{counts['combat_only']} card(s) act only on units in a combat (its Legendary Battle)")
    if counts.get("no_target"):
        parts.append(f"{counts['no_target']} card(s) have no legal target")
    if not p.hand:
        parts.append("your hand is empty")
    users = [uid for uid in p.lane if cdef(state, uid).ability is not None]
    if users:
        parts.append("no ability of yours can be used now")
    if not parts:
        return None
    return "Nothing to play: " + "; ".join(parts) + " (inspect a card with i to see why)."
