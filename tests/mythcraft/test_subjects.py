"""Options say what they are about: Ruleset.subject names ids that the deciding seat's view shows."""

from __future__ import annotations

from collections import Counter

import pytest

from mythtable.engine.bots import RandomBot
from mythtable.engine.decision import Subject
from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import CONTENT, Scene

AIMED = {"attack", "cast", "use", "grapple", "shove", "trip", "help", "escape"}
HANDLED = {"equip", "stow", "set_down", "pick_up", "use"}


def check_option(view: object, kind: str, decision_kind: str, action: tuple, s: Subject) -> None:
    combatants = {c.uid: c for c in view.combatants}  # type: ignore[attr-defined]
    assert s.actor in combatants and not combatants[s.actor].dead, (action, s)
    actor = combatants[s.actor]
    if decision_kind in ("hero_turn", "creature_turn"):
        assert s.actor == view.active_uid  # type: ignore[attr-defined]
    if s.target is not None:
        assert (s.target in combatants and s.target != s.actor) or kind in ("use", "cast"), (action, s)
    if decision_kind in ("hero_turn", "creature_turn") and kind in AIMED:
        assert s.target is not None, (action, s)
    if kind == "move":
        reachable = {(r.x, r.y) for r in view.reachable}  # type: ignore[attr-defined]
        assert s.square in reachable and s.square == (action[1], action[2]), (action, s)
    if kind in HANDLED:
        assert s.item == action[1], (action, s)
    if kind == "pick_up":
        ground = {(g.x, g.y, g.item) for g in view.map.ground}  # type: ignore[attr-defined]
        assert s.square is not None and (*s.square, s.item) in ground, (action, s)
    elif s.item is not None:
        held = {actor.weapon, actor.off_hand, actor.armor, *actor.carried} - {""}
        assert s.item in held, (action, s)
    if s.square is not None and kind != "move":
        assert kind == "pick_up", (action, s)


@pytest.mark.parametrize("encounter", sorted(CONTENT.encounters))
def test_every_options_subject_is_in_the_deciding_seats_view(encounter: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        loaded = load("mythcraft")
        setup = loaded.ruleset.default_setup(loaded.content)
        setup.options["encounter"] = encounter
        game = Game.new("mythcraft", seed, setup)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        steps = 0
        while (d := game.decision) is not None and steps < 400:
            steps += 1
            view = game.view(d.seat)
            for action in d.actions:
                kind = str(action[0])
                kinds[kind] += 1
                check_option(view, kind, d.kind, action, game.subject(action))
            game.apply(bots[d.seat].choose(game.ruleset, game.state, d))
    assert {"move", "attack", "end", "react", "decline"} <= set(kinds), kinds


def test_subjects_of_a_weapon_attack_a_reaction_and_a_grapple_defense() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 0), ("ash_hound", 5, 2)], init=[20, 3, 9])
    hero = s.u("h1")
    weapon = hero.main
    assert RULESET.subject(s.state, ("attack", weapon, "c1")) == Subject(actor="h1", target="c1", item=weapon)
    assert RULESET.subject(s.state, ("attack", "unarmed", "c2")) == Subject(actor="h1", target="c2")
    assert RULESET.subject(s.state, ("move", 1, 1)) == Subject(actor="h1", square=(1, 1))
    assert RULESET.subject(s.state, ("end",)) == Subject(actor="h1")
    s.act("move", 1, 1)  # the second hound (higher Initiative) is offered an Engaged strike
    assert s.kind == "reaction"
    assert RULESET.subject(s.state, ("react", "engaged")) == Subject(actor="c2", target="h1")
    assert RULESET.subject(s.state, ("decline",)) == Subject(actor="c2", target="h1")
    s = Scene([("warrior", 4, 1), ("mage", 1, 6)], [("ash_hound", 5, 1)])
    s.dice(12)
    s.act("grapple", "c1")
    assert s.kind == "grapple_defense"  # the hound defends against the warrior
    assert RULESET.subject(s.state, ("defend", "REF")) == Subject(actor="c1", target="h1")


def test_a_pick_up_is_about_the_nearest_square_holding_the_item() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 10, 6)], ground=[(5, 1, "dagger"), (4, 1, "dagger")])
    assert ("pick_up", "dagger") in s.actions
    assert RULESET.subject(s.state, ("pick_up", "dagger")) == Subject(actor="h1", square=(4, 1), item="dagger")
