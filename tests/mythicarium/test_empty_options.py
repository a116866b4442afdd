"""Issue 33 item 4: "Go to combat" says beforehand when the combat will hold no attack (M-6: never on the
first turn; F-7, F-11, F-12: only ready, active units that may exhaust attack), instead of the log saying
so only after it is chosen."""

from __future__ import annotations

from mythtable.rulesets.mythicarium.ruleset import RULESET as RS

from .helpers import table


def test_F_7_go_to_combat_says_when_no_unit_can_attack() -> None:
    t = table()
    assert RS.describe(t.s, ("next",)) == "Go to combat"
    for uid in t.champs(0):
        t.unit(uid).exhausted = True
    assert RS.describe(t.s, ("next",)) == "Go to combat (no unit can attack)"


def test_M_6_go_to_combat_on_the_first_turn_says_there_is_no_attack() -> None:
    t = table(turn=1)
    assert RS.describe(t.s, ("next",)) == "Go to combat (no attack on the first turn)"
    events = RS.apply(t.s, ("next",))
    assert any("cannot attack on the first turn" in e.text for e in events)
