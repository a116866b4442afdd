"""The engine's fast paths against the rules computed from scratch, over random games (issue 17 item 5):
the cached move range gives the same legal actions, in the same order, as a fresh search, and the
walk offers an Engaged strike exactly where F-24 says, to the hostile first in the Initiative order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mythtable.engine.bots import RandomBot
from mythtable.engine.decision import Event
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.rulesets.mythcraft.rules import movement
from mythtable.rulesets.mythcraft.rules.decisions import creature_decision, hero_decision
from mythtable.rulesets.mythcraft.rules.units import active, can_react, in_melee, in_order, melee_reach
from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.state import MoveFrame, OfferFrame, State, Unit, clone
from tests.mythcraft.helpers import CONTENT, Scene

ENCOUNTERS = sorted(CONTENT.encounters, key=lambda e: int(e[1:]))
TEMPLATES = sorted(CONTENT.heroes)


def fresh_actions(state: State) -> list[tuple[object, ...]]:
    """The turn decision's actions on a copy whose move-range cache is empty (a search from scratch)."""
    copy = clone(state)
    copy.reach_cache = None
    u = active(copy)
    return list((hero_decision if u.side == 0 else creature_decision)(copy, u).actions)


def engaged_by_the_rules(state: State, mover: Unit, path: tuple[tuple[int, int], ...]) -> tuple[int, str] | None:
    """F-24 from scratch: the first step of the walk that leaves the melee reach of a hostile able to
    react (Engaged not used this round), and who strikes first (Initiative order); None if no one can."""
    here = (mover.x, mover.y)
    for step, there in enumerate(path):
        engagers = [
            o
            for o in state.units
            if o.side != mover.side
            and not o.dead
            and can_react(o)
            and "engaged" not in o.used
            and in_melee(state, o, here, melee_reach(state, o))
            and not in_melee(state, o, there, melee_reach(state, o))
        ]
        if engagers:
            return step, in_order(state, engagers)[0].uid
        here = there
    return None


def setup_for(seed: int, encounter: str) -> Setup:
    return Setup(
        ["Ana", "Bram"],
        {
            "encounter": encounter,
            "hero1": TEMPLATES[seed % len(TEMPLATES)],
            "hero2": TEMPLATES[(seed + 1) % len(TEMPLATES)],
            "hero3": TEMPLATES[(seed + 3) % len(TEMPLATES)] if seed % 2 else "",
            "hero4": "",
            "round_limit": "10",
        },
    )


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(ENCOUNTERS))
def test_cached_move_ranges_and_the_walk_match_the_rules_from_scratch(seed: int, encounter: str) -> None:
    game = Game.new("mythcraft", seed, setup_for(seed, encounter))
    bots = (RandomBot(seed), RandomBot(seed + 1))
    turns = moves = offers = 0
    while (d := game.decision) is not None and game.state.round <= 6:
        state = game.state
        action = bots[d.seat].choose(RULESET, state, d)
        expected = None
        if d.kind in ("hero_turn", "creature_turn"):
            turns += 1
            assert d.actions == fresh_actions(state), "a cached move range gave other actions"
            if action[0] == "move":
                mover = active(state)
                reach = state.reach_cache
                assert reach is not None
                path, _ = movement.path_to(state, mover, (int(action[1]), int(action[2])), reach)
                expected = engaged_by_the_rules(state, mover, path)
                hint = movement.engaged_along(state, mover, path)  # the move hint: the walk's own test
                assert (hint[0] if hint else None) == (expected[1] if expected else None), (hint, expected)
                moves += 1
                start = (mover.x, mover.y)
        game.apply(action)
        if d.kind in ("hero_turn", "creature_turn") and action[0] == "move" and not state.auto_decline[1 - d.seat]:
            top = state.stack[-1] if state.stack else None
            offered = top if isinstance(top, OfferFrame) and top.name == "engaged" else None
            if expected is None:
                assert offered is None, f"an Engaged strike F-24 does not give: {offered}"
            else:
                step, who = expected
                assert offered is not None and offered.who == who, (expected, offered)
                assert (mover.x, mover.y) == (path[step - 1] if step else start)  # struck as it leaves that square
                offers += 1
    assert turns and moves  # the test saw what it checks


def test_a_walk_with_no_one_to_strike_ends_where_the_square_by_square_walk_ends() -> None:
    """The walk's shortcut (no hostile near the path, no grapple) against the same walk with a
    hostile far off that keeps it on the square-by-square path: a path that passes an ally and
    ends on another one (F-15) leaves the mover on the last square no one else stands on."""
    ended = []
    for creature_at in ((10, 7), (4, 2)):  # far off: the shortcut; beside the path: step by step
        s = Scene([("warrior", 1, 1), ("cleric", 2, 1), ("rogue", 4, 1)], [("ash_hound", *creature_at)])
        s.state.auto_decline = [True, True]  # the hound beside the path is not asked (it strikes nothing)
        mover = s.active
        frame = MoveFrame(mover.uid, ((2, 1), (3, 1), (4, 1)), (1, 1))
        s.state.stack.append(frame)
        moved = s.state.moved
        events: list[Event] = []
        assert movement.step_move(s.state, frame, events) is None
        ended.append(((mover.x, mover.y), frame.free, frame.step, s.state.moved - moved, s.state.stack))
    assert ended[0][:4] == ((3, 1), (3, 1), 3, 4)  # 3 squares entered, then back off the rogue's square
    assert ended[0] == ended[1]
