"""The move hint (view `ReachableSquare.engaged_by`, printed "leaves the reach of X: Engaged strike") names
exactly the hostiles the engine offers an Engaged strike as the mover walks there (F-24, H-3, H-16): the hint
and the strike ask one reach test, so a wall between a reach-10 creature and the mover, or a wall corner
between diagonal neighbours, rules the strike out for both (issue 30 item 4)."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.state import OfferFrame, State, clone
from mythtable.rulesets.mythcraft.view import build_view
from tests.mythcraft.helpers import Scene


def offered_on_the_way(state: State, x: int, y: int) -> set[str]:
    """Who the engine offers an Engaged strike while the active participant moves to (x, y), on a copy, every
    offer declined so that the walk goes on to the end."""
    copy = clone(state)
    offered: set[str] = set()
    RULESET.apply(copy, ("move", x, y))
    while copy.decision is not None and copy.decision.kind == "reaction":
        top = copy.stack[-1]
        assert isinstance(top, OfferFrame)
        if top.name == "engaged":
            offered.add(top.who)
        RULESET.apply(copy, ("decline",))
    return offered


def hint_matches_the_engine(s: Scene) -> dict[tuple[int, int], set[str]]:
    """Every square the hint offers a move to: the hint's names equal the engine's offers there."""
    view = build_view(s.state, 0)
    hints = {(sq.x, sq.y): set(sq.engaged_by) for sq in view.reachable}
    assert hints, "the mover can move somewhere"
    for (x, y), names in hints.items():
        assert names == offered_on_the_way(s.state, x, y), (x, y)
    return hints


def test_F_24_H_16_move_hint_leaves_out_a_reach_10_creature_behind_a_wall() -> None:
    # Stone Warden (reach 10 ft = 2 squares) at (5, 1), Tamsin at (5, 3) with a wall between: no line of sight
    s = Scene([("warrior", 5, 3)], [("stone_warden", 5, 1)], walls=[(5, 2), (4, 2), (6, 2)])
    hints = hint_matches_the_engine(s)
    assert hints[(5, 6)] == set()  # straight away from it: nobody can strike
    assert not any(hints.values())
    s.act("move", 5, 6)
    assert s.kind == "hero_turn" and (s.active.x, s.active.y) == (5, 6)


def test_F_24_H_16_move_hint_leaves_out_a_hound_across_a_wall_corner() -> None:
    # the hound at (5, 1), Tamsin diagonal at (6, 2), the wall (6, 1) cuts the corner between them
    s = Scene([("warrior", 6, 2)], [("ash_hound", 5, 1)], walls=[(6, 1)])
    hints = hint_matches_the_engine(s)
    assert hints[(8, 2)] == set()
    s.act("move", 8, 2)
    assert s.kind == "hero_turn" and (s.active.x, s.active.y) == (8, 2)


def test_F_24_H_3_move_hint_names_an_engager_that_can_reach_and_only_an_able_one() -> None:
    # no wall: the hound strikes as Tamsin leaves it, and the hint says so (the same squares as the engine)
    s = Scene([("warrior", 6, 2)], [("ash_hound", 5, 1)])
    hints = hint_matches_the_engine(s)
    assert hints[(8, 2)] == {"c1"}
    # the reach-10 Warden in plain sight two squares off strikes too
    s = Scene([("warrior", 5, 3)], [("stone_warden", 5, 1)])
    assert hint_matches_the_engine(s)[(5, 6)] == {"c1"}
    # a dazed engager cannot react (H-3): neither the engine nor the hint names it
    s = Scene([("warrior", 6, 2)], [("ash_hound", 5, 1)])
    s.u("c1").conds["dazed"] = [0, 1, ""]
    assert not any(hint_matches_the_engine(s).values())
