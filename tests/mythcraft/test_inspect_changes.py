"""MythCraft's inspect text and its changes between views (issues 15 and 16), read from the rules' numbers."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.rulesets.mythcraft.inspect import inspect, inspectables
from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.state import UNTIL_START
from mythtable.rulesets.mythcraft.view import changes
from tests.inspect_checks import repeated_facts
from tests.mythcraft.helpers import Scene


def test_every_combatant_and_ground_item_can_be_inspected_by_either_seat_in_turn_order() -> None:
    game = Game.new("mythcraft", 7)
    state = game.state
    for seat in (0, 1, None):
        targets = inspectables(state, seat)
        refs = [t.ref for t in targets]
        order = [state.units[i].uid for i in state.order]
        assert refs[: len(order)] == order
        assert {u.uid for u in state.units} <= set(refs)
        assert any(str(r).startswith("ground:") for r in refs)
        for t in targets:
            got = inspect(state, seat, t.ref)
            assert got is not None and got.title and got.lines
    assert inspect(state, 0, "nobody") is None
    assert inspect(state, 0, "ground:0,0:no_item") is None


def test_a_hero_inspection_names_kit_ap_and_the_reactive_cap_where_it_applies() -> None:
    s = Scene([("mage", 4, 1)], [("ash_hound", 10, 6)])
    s.u("h1").conds["dodge"] = [2, UNTIL_START, ""]
    got = inspect(s.state, 0, "h1")
    assert got is not None
    text = "\n".join(got.lines)
    assert got.title == s.u("h1").name
    assert "Spell Shock Burst (4 AP + 2 SP, range 30 ft)" in text
    assert f"at most 2 are kept into {s.u('h1').name}'s next turn (C-21)" in text
    assert "HP " in text and "Defenses: AR" in text
    assert f"Lasts until the start of {s.u('h1').name}'s next turn" in text  # named, never "its"


def test_a_creature_inspection_lists_its_attacks_traits_and_conditions_with_durations() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s.u("c1").conds["prone"] = [0, -1, ""]
    got = inspect(s.state, 1, "c1")
    assert got is not None
    text = "\n".join(got.lines)
    assert "Bite" in text and "vs AR" in text
    assert "Prone:" in text and "until removed" in text


def test_changes_name_the_combatants_an_attack_and_a_move_touched() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1), ("ash_hound", 9, 6)])
    before = RULESET.view(s.state, 0)
    s.dice(19, 5)
    s.act("attack", "longsword", "c1")
    after = RULESET.view(s.state, 0)
    assert changes(before, after) == frozenset({"c1"})
    assert changes(after, after) == frozenset()
    assert changes(before, "not a view") == frozenset()


def test_a_second_weapon_of_the_same_kind_is_described_once() -> None:
    """Seen: a rogue with a dagger in each hand read the dagger's numbers twice, on two equal lines."""
    s = Scene([("rogue", 4, 1)], [("ash_hound", 10, 6)])
    hero = s.u("h1")
    hero.off = hero.main
    got = inspect(s.state, 0, "h1")
    assert got is not None and not repeated_facts(got), repeated_facts(got)
    name = s.state.content.items[hero.main].name
    assert f"Off hand: another {name}, as in the main hand." in got.lines
    assert sum(line.startswith("Main hand: ") for line in got.lines) == 1
