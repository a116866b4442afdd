"""What must hold in every Mage Wars state between actions, checked by the tests and the fuzzers."""

from __future__ import annotations

from mythtable.rulesets.magewars.rules.queries import WINDOW_STEPS, guard, is_unit_in_play
from mythtable.rulesets.magewars.state import MAX_TOWER, State


def check_invariants(state: State) -> list[str]:
    """Every broken invariant in words (empty when all hold): each card in exactly one zone that agrees
    with it, units only on lines, no stack outside a window, no unit left at lethal damage."""
    problems: list[str] = []
    seen: dict[int, str] = {}
    for seat, p in enumerate(state.players):
        for zone, uids in (
            ("deck", p.deck),
            ("hand", p.hand),
            ("grave", p.grave),
            ("offensive", p.offensive),
            ("defensive", p.defensive),
            ("row", p.row),
            ("weave", p.weaves),
        ):
            for uid in uids:
                if uid in seen:
                    problems.append(f"card {uid} is in {seen[uid]} and {zone}")
                seen[uid] = zone
                c = state.cards[uid]
                if c.zone != zone:
                    problems.append(f"card {uid} says zone {c.zone} but sits in {zone}")
                owner_zone = zone in ("deck", "hand", "grave")
                if owner_zone and c.owner != seat:
                    problems.append(f"card {uid} of seat {c.owner} is in seat {seat}'s {zone}")
                if not owner_zone and c.controller != seat:
                    problems.append(f"card {uid} controlled by {c.controller} is in seat {seat}'s {zone}")
                if zone in ("offensive", "defensive") and c.d.type != "unit":
                    problems.append(f"non-unit {uid} on a line")
                if zone == "weave" and c.att_unit >= 0 and not is_unit_in_play(state, c.att_unit):
                    problems.append(f"weave {uid} attached to a unit that left play")
        if p.tower > MAX_TOWER:
            problems.append(f"seat {seat} Tower above {MAX_TOWER}")
    for item in state.stack:
        if item.kind == "spell":
            if item.uid in seen or state.cards[item.uid].zone != "stack":
                problems.append(f"stack spell {item.uid} is not in the stack zone")
            seen[item.uid] = "stack"
    if len(seen) != len(state.cards):
        problems.append(f"{len(state.cards) - len(seen)} card(s) are in no zone")
    if state.stack and state.step not in WINDOW_STEPS:
        problems.append(f"stack not empty in step {state.step}")
    if state.combat is None and state.step.startswith(("combat", "counter")):
        problems.append(f"step {state.step} without combat")
    if not state.over:
        d = state.decision
        if d is None:
            problems.append("no decision while the game runs")
        for c in state.cards:
            if (
                c.zone in ("offensive", "defensive")
                and not c.face_down
                and c.wounds >= guard(state, c)
                and not state.step.endswith("damage")
            ):
                problems.append(f"unit {c.uid} should have been destroyed")
    if (state.players[0].tower <= 0 or state.players[1].tower <= 0) != state.over:
        problems.append("game over flag does not match the Towers (H-15)")
    return problems
