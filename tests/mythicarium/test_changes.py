"""`Inspector.changes` for Mythicarium (view.py): the refs whose public look differs between two views of a seat."""

from __future__ import annotations

from mythtable.engine.bots import RandomBot
from mythtable.engine.game import Game
from mythtable.rulesets.mythicarium.view import changes

from .helpers import RS, hand_uid, lane_uid, table


def test_nothing_changed_between_equal_views() -> None:
    t = table(lane=(["goblin-skirmisher"], ["brownie-sentry"]))
    assert changes(RS.view(t.s, 0), RS.view(t.s, 0)) == frozenset()


def test_a_unit_played_from_hand_is_new_and_its_cost_moves_the_xp_and_the_hand() -> None:
    t = table(hand=(["goblin-skirmisher", "brownie-sentry"], []), xp=(3, 0))
    goblin = hand_uid(t, 0, "goblin-skirmisher")
    kept = hand_uid(t, 0, "brownie-sentry")
    before = RS.view(t.s, 0)
    t.play(goblin)
    changed = changes(before, RS.view(t.s, 0))
    assert goblin in t.s.players[0].lane and goblin in changed
    assert {"xp:0", "hand:0"} <= changed
    assert kept not in changed  # the card still in hand did not change
    assert not {"xp:1", "vp:0", "vp:1", "hand:1"} & changed
    assert not set(t.s.players[0].lane[:3]) & changed  # the Champions stand as they stood


def test_attack_marks_the_attacker_and_the_vp_of_an_unblocked_hit() -> None:
    t = table(lane=(["goblin-skirmisher", "brownie-sentry"], []))
    goblin, brownie = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 0, "brownie-sentry")
    before = RS.view(t.s, 1)
    t.attack(goblin)
    after = RS.view(t.s, 1)
    changed = changes(before, after)
    assert goblin in changed  # attacking (and exhausted)
    assert brownie not in changed
    t.act("done")  # Bram declares no blocks: the goblin hits
    t.pass_legendary()
    final = RS.view(t.s, 1)
    assert t.s.players[0].vp == 1
    assert "vp:0" in changes(after, final)
    assert "vp:1" not in changes(after, final)


def test_wounds_mark_the_blocker_that_took_them() -> None:
    t = table(lane=(["tengu-duelist"], ["moss-troll"]))
    tengu, troll = lane_uid(t, 0, "tengu-duelist"), lane_uid(t, 1, "moss-troll")
    t.attack(tengu)
    before = RS.view(t.s, 0)
    t.block((troll, tengu))
    assert t.s.units[troll].wounds > 0
    assert troll in changes(before, RS.view(t.s, 0))


def test_changes_follow_the_views_over_random_games_and_never_name_a_hidden_card() -> None:
    """Between every two decisions of random games: each unit whose wounds, exhaustion or place
    differ, each unit that came or went, each moved VP or XP, is in the set; no card the seat
    cannot see in either view is."""
    for seed in range(3):
        game = Game.new("mythicarium", seed)
        bot = RandomBot(seed)
        before = [game.view(0), game.view(1)]
        steps = 0
        while game.decision is not None and steps < 250:
            game.apply(bot.choose(game.ruleset, game.state, game.decision))
            steps += 1
            for seat in (0, 1):
                old, new = before[seat], game.view(seat)
                changed = changes(old, new)
                lanes = [{u.uid: (i, u.wounds, u.exhausted) for i, u in enumerate(p.lane)} for p in (*old.players,)]
                now = [{u.uid: (i, u.wounds, u.exhausted) for i, u in enumerate(p.lane)} for p in new.players]
                for was, is_ in zip(lanes, now, strict=True):
                    for uid in was.keys() | is_.keys():
                        if was.get(uid) != is_.get(uid):
                            assert uid in changed, (seed, steps, uid)
                for p_old, p_new in zip(old.players, new.players, strict=True):
                    for key in ("vp", "xp"):
                        moved = getattr(p_old, key) != getattr(p_new, key)
                        assert (f"{key}:{p_new.seat}" in changed) == moved
                hidden = set(game.state.players[1 - seat].hand) - {
                    ref for view in (old, new) for p in view.players for u in p.lane for ref in (u.uid,)
                }
                hidden -= {e.uid for view in (old, new) for e in view.limbo}
                assert not hidden & changed, (seed, steps, hidden & changed)
                before[seat] = new
