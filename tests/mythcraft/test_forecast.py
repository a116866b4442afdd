"""The forecast beside an attack (issue 17): its hit chance and expected damage equal what the rules do,
checked by playing the attack with every face of the d20 and every face of the damage dice."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from mythtable.engine.dice import ScriptedRng
from mythtable.rulesets.mythcraft.forecast import forecast, forecasts
from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.state import State
from tests.mythcraft.helpers import ENGINE, Scene, set_attr


def exact(state: State, action: tuple[Any, ...], target: str, dice_n: int, sides: int) -> tuple[float, float, float]:
    """Hit chance, crit chance and mean damage to `target`, by applying the action to copies of the state with
    every d20 face and every damage-dice outcome (crit dice included) scripted."""
    hits = crits = 0
    damage = 0.0
    for nat in range(1, 21):
        outcomes = list(itertools.product(range(1, sides + 1), repeat=2 * dice_n)) or [()]
        for faces in outcomes:
            st = RULESET.clone(state)
            st.rng = ScriptedRng([nat, *faces], seed=5)
            before = ENGINE.unit(st, target).hp
            events = RULESET.apply(st, action)
            text = "\n".join(e.text for e in events)
            name = ENGINE.unit(st, target).name
            verdict = next(line for line in text.splitlines() if " vs " in line and name in line)
            damage += (before - ENGINE.unit(st, target).hp) / len(outcomes)
            if faces == outcomes[0]:
                hits += verdict.endswith(("hit", "crit"))
                crits += verdict.endswith("crit")
    return hits / 20, crits / 20, damage / 20


def tough(st: State) -> None:
    for u in st.units:
        u.hp = u.max_hp = 500  # no death or dying cuts a damage roll short


def test_a_weapon_forecast_matches_the_attack_rules_face_by_face() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)], tweak=tough)
    action = ("attack", "longsword", "c1")
    f = forecast(s.state, action)
    assert f is not None and f.targets[0].defense == "AR"
    hit, crit, mean = exact(s.state, action, "c1", 1, 8)
    assert f.hit == pytest.approx(hit)
    assert f.targets[0].crit == pytest.approx(crit)
    assert f.damage == pytest.approx(mean)
    assert 0 < f.hit < 1 and f.damage > 0


def test_flanking_help_and_luck_move_the_forecast_as_they_move_the_roll() -> None:
    s = Scene([("warrior", 4, 1), ("cleric", 6, 1)], [("ash_hound", 5, 1)], tweak=tough)
    s.act("end")
    s.act("help", "c1")
    s.act("end")
    s.end_until("h1")
    set_attr(s.u("h1"), "LUCK", 6)  # crits on 19-20 (F-10)
    action = ("attack", "longsword", "c1")
    f = forecast(s.state, action)
    assert f is not None and f.targets[0].bonus == 2 + 2  # STR 2, TA 2 (flank and help)
    assert s.u("h2").help_target == "c1"  # the forecast did not use up the Help
    hit, crit, mean = exact(s.state, action, "c1", 1, 8)
    assert (f.hit, f.targets[0].crit) == pytest.approx((hit, crit))
    assert f.damage == pytest.approx(mean)


def test_a_creature_attack_forecast_matches_the_rules() -> None:
    s = Scene([("cleric", 4, 1)], [("ash_hound", 5, 1)], tweak=tough)
    s.end_until("c1")
    bite = next(a for a in s.actions if a[0] == "attack")
    f = forecast(s.state, bite)
    assert f is not None
    spec_dice = next(x for x in s.state.content.creatures["ash_hound"].actions if x.id == bite[1]).damage
    n, sides = (int(p) for p in spec_dice.split("+")[0].split("d"))
    hit, crit, mean = exact(s.state, bite, "h1", n, sides)
    assert (f.hit, f.targets[0].crit) == pytest.approx((hit, crit))
    assert f.damage == pytest.approx(mean)


def test_an_area_spell_forecast_names_everyone_in_the_burst_caster_included() -> None:
    s = Scene(
        [("mage", 4, 1), ("warrior", 9, 5)],
        [("ash_hound", 5, 1), ("ash_hound", 5, 2), ("ash_hound", 10, 6)],
        tweak=tough,
    )
    assert s.active.uid == "h1"
    action = ("cast", "shock_burst", "c1")
    assert action in s.actions
    f = forecast(s.state, action)
    assert f is not None
    hit_uids = {t.uid for t in f.targets}
    assert hit_uids == {"h1", "c1", "c2"}  # the 3x3 around (5, 1) holds the caster at (4, 1)
    s.dice(15, 3, 4)
    s.act(*action)
    for t in ("c1", "c2"):
        assert "REF" in next(line for line in s.log if s.u(t).name in line and " vs " in line)


def test_a_healing_spell_forecasts_its_healing_range() -> None:
    s = Scene([("cleric", 4, 1), ("warrior", 5, 1)], [("ash_hound", 10, 6)])
    heal = next(a for a in s.actions if a[0] == "cast" and s.state.content.spells[str(a[1])].target == "hero")
    f = forecast(s.state, heal)
    assert f is not None and f.targets == () and f.heal_low <= f.heal <= f.heal_high and f.heal > 0


def test_forecasts_cover_the_attack_options_and_change_nothing() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1), ("ash_hound", 5, 2)])
    before = RULESET.snapshot(s.state)
    got = {f.action for f in forecasts(s.state)}
    assert {a for a in s.actions if a[0] == "attack"} <= got
    assert not any(a[0] in ("move", "end") for a in got)
    assert RULESET.snapshot(s.state) == before


def test_an_immune_target_is_forecast_to_take_no_damage_though_the_spell_can_hit() -> None:
    s = Scene([("mage", 4, 1)], [("cinder_imp", 6, 1)], tweak=tough)
    action = ("cast", "ember_lance", "c1")
    assert action in s.actions
    f = forecast(s.state, action)
    assert f is not None and f.hit > 0 and f.damage == 0 and f.targets[0].high == 0
    hit, _, mean = exact(s.state, action, "c1", 1, 10)
    assert f.hit == pytest.approx(hit) and mean == 0
