"""What changed between two views of one seat, so the board can mark it (issue 15, item 4).

Refs are those of the view: card uids for units, equipment, hand cards and limbo entries, and
named numbers "vp:<seat>", "xp:<seat>", "hand:<seat>", "deck:<seat>", "grave:<seat>". Only what
both views show is compared, so nothing hidden from the seat can show up as a change.
"""

from __future__ import annotations

from mythtable.engine.decision import Ref
from mythtable.rulesets.mythicarium.view import MythicariumView, UnitView


def _unit_look(unit: UnitView, position: int) -> tuple[object, ...]:
    """Everything a player sees of a unit on the board, and where it stands in its lane."""
    equipment = tuple((e.uid, e.dp, e.hp) for e in unit.equipment)
    return (
        position,
        unit.dp,
        unit.hp,
        unit.wounds,
        unit.exhausted,
        unit.sick,
        unit.downed,
        unit.shield,
        unit.attacking,
        unit.blocking,
        equipment,
    )


def _units(view: MythicariumView) -> dict[int, tuple[object, ...]]:
    return {u.uid: _unit_look(u, i) for p in view.players for i, u in enumerate(p.lane)}


def changes(before: MythicariumView, after: MythicariumView) -> frozenset[Ref]:
    """Refs whose public look differs between `before` and `after`: units that entered, left, moved,
    took wounds, exhausted or readied, got equipment or a shield, attack or block; equipment put on;
    cards that came to or left the seat's hand or limbo; and VP, XP and the card counts that moved."""
    out: set[Ref] = set()
    old_units, new_units = _units(before), _units(after)
    for uid in old_units.keys() | new_units.keys():
        if old_units.get(uid) != new_units.get(uid):
            out.add(uid)
    old_equipment = {e.uid for p in before.players for u in p.lane for e in u.equipment}
    out.update(e.uid for p in after.players for u in p.lane for e in u.equipment if e.uid not in old_equipment)
    for old, new in zip(before.players, after.players, strict=True):
        seat = new.seat
        for name, a, b in (
            ("vp", old.vp, new.vp),
            ("xp", old.xp, new.xp),
            ("hand", old.hand_count, new.hand_count),
            ("deck", old.deck_count, new.deck_count),
            ("grave", old.graveyard_count, new.graveyard_count),
        ):
            if a != b:
                out.add(f"{name}:{seat}")
        if old.hand is not None and new.hand is not None:
            out.update({c.uid for c in old.hand} ^ {c.uid for c in new.hand})
    out.update({e.uid for e in before.limbo} ^ {e.uid for e in after.limbo})
    return frozenset(out)
