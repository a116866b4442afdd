"""Hard's cheap rollout policy in Mythicarium (issue 34, fifth slice): rollouts that play a card rather
than move on, attack with units no blocker kills for free, block what the blocker survives and place
wounds to kill, instead of uniformly random steps; Normal's search is left exactly as it was."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from mythtable.engine.bots import make_bot
from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.mcts import SearchParams, search
from mythtable.engine.registry import ai_hooks
from mythtable.rulesets.mythicarium import ai
from tests.bots.helpers import reach
from tests.mythicarium.helpers import Table, lane_uid, table

PICKS = 400


def picks(t: Table) -> Counter[Action]:
    return Counter(ai.rollout_policy(t.s, t.d, Rng(i)) for i in range(PICKS))


def _tire_champions(t: Table, *seats: int) -> None:
    """Champions exhausted, so that only the cards a test names can act, attack or block."""
    for seat in seats:
        for uid in t.champs(seat):
            t.unit(uid).exhausted = True
    t.refresh()


def test_the_policy_plays_an_affordable_card_rather_than_moving_on() -> None:
    t = table(hand=(["gnome-sapper"], []), xp=(2, 0))
    _tire_champions(t, 0)
    sapper = t.s.players[0].hand[0]
    assert t.kind == "main" and set(t.d.actions) == {("play", sapper), ("next",)}
    got = picks(t)
    # Random play moves on half the time; the policy only in its random share (a quarter, half of that).
    assert got[("next",)] < 0.2 * PICKS < got[("play", sapper)]


def test_the_policy_attacks_with_a_unit_no_blocker_kills_and_survives() -> None:
    # Ana's Gnome Sapper (2/2) would die to Bram's Old Barkback (3/7) without hurting it; her Moss Troll
    # (2/6) survives the Barkback's blow.
    t = table(lane=(["gnome-sapper", "moss-troll"], ["old-barkback"]))
    _tire_champions(t, 0, 1)
    sapper, troll = lane_uid(t, 0, "gnome-sapper"), lane_uid(t, 0, "moss-troll")
    t.to_attackers()
    assert {("attack", sapper), ("attack", troll), ("done",)} <= set(t.d.actions)
    got = picks(t)
    assert got[("attack", sapper)] < 0.15 * PICKS
    assert got[("attack", troll)] > 0.6 * PICKS
    t.act("attack", troll)  # declared: the policy is done rather than withdraw it or send the Sapper
    got = picks(t)
    assert got[("done",)] > 0.6 * PICKS


def test_the_policy_blocks_the_attacker_its_blocker_survives() -> None:
    # Bram's Brownie Sentry (1/3) may block Ana's Gnome Sapper (2/2: the Sentry lives) or her Old
    # Barkback (3/7: the Sentry dies and the Barkback does not).
    t = table(lane=(["gnome-sapper", "old-barkback"], ["brownie-sentry"]))
    _tire_champions(t, 0, 1)
    sapper, bark = lane_uid(t, 0, "gnome-sapper"), lane_uid(t, 0, "old-barkback")
    sentry = lane_uid(t, 1, "brownie-sentry")
    t.attack(sapper, bark)
    assert t.kind == "declare_blockers"
    assert {("block", sentry, sapper), ("block", sentry, bark), ("done",)} <= set(t.d.actions)
    got = picks(t)
    assert got[("block", sentry, sapper)] > 0.6 * PICKS
    assert got[("block", sentry, bark)] < 0.15 * PICKS


def test_the_policy_places_wounds_to_kill() -> None:
    # Ana's Old Barkback (3 DP) is blocked by Bram's Gnome Sapper (2/2) and Moss Troll (2/6): two wounds
    # on the Sapper kill it, spread out they kill nothing.
    t = table(lane=(["old-barkback"], ["gnome-sapper", "moss-troll"]))
    _tire_champions(t, 0, 1)
    bark = lane_uid(t, 0, "old-barkback")
    sapper, troll = lane_uid(t, 1, "gnome-sapper"), lane_uid(t, 1, "moss-troll")
    t.attack(bark)
    t.block((sapper, bark), (troll, bark))
    assert t.kind == "assign_wounds"
    assert picks(t)[("wound", sapper)] > 0.8 * PICKS
    t.act("wound", sapper)
    assert picks(t)[("wound", sapper)] > 0.8 * PICKS, "the second wound finishes it"
    t.act("wound", sapper)
    assert picks(t)[("wound", troll)] > 0.8 * PICKS, "a third on the Sapper would be wasted"


def test_the_setting_replaces_the_rollouts_of_that_search_alone() -> None:
    game = reach("mythicarium", lambda g: len(g.actions) >= 30)
    d = game.decision
    assert d is not None
    hooks = ai_hooks("mythicarium").for_search()
    assert hooks.rollout_policy is None, "the ruleset's own rollouts stay uniformly random"
    seen: list[str] = []

    def spy(state: object, decision: Decision, rng: Rng) -> Action:
        seen.append(decision.kind)
        return ai.rollout_policy(state, decision, rng)  # type: ignore[arg-type]

    search(game.ruleset, game.state, d.seat, Rng(3), hooks, None, 40, SearchParams(rollout_policy=spy))
    assert seen, "the search's rollouts went through the setting's policy"
    count = len(seen)
    search(game.ruleset, game.state, d.seat, Rng(3), hooks, None, 40, SearchParams())
    assert len(seen) == count, "a search without the setting does not use it"


NORMAL_ROOTS = {
    30: [(("attack", 34), 21.0, 13.55227), (("attack", 35), 20.0, 13.12505), (("done",), 28.0, 19.463834)],
    60: [(("pass",), 32.0, 25.713092), (("use", 33), 34.0, 27.486305)],
    100: [
        (("attack", 0), 16.0, 1.173091),
        (("attack", 2), 16.0, 1.097612),
        (("attack", 24), 22.0, 2.834407),
        (("done",), 18.0, 1.669115),
    ],
}
"""Normal's root statistics (visits, summed value) after 60 iterations on three positions of a random game,
as main's search gave them before the policy (2026-12-06)."""


def _after(n: int) -> Callable[[Game], bool]:
    return lambda g: len(g.actions) >= n


def test_normals_search_is_unchanged() -> None:
    for n, expected in NORMAL_ROOTS.items():
        game = reach("mythicarium", _after(n))
        d = game.decision
        assert d is not None and len(game.actions) == n
        bot = make_bot("mythicarium", "normal", 3, workers=1, iterations=60)
        params = bot.params  # type: ignore[attr-defined]
        assert params.rollout_policy is None and params == replace(SearchParams(), **ai_hooks("mythicarium").search)
        stats = search(game.ruleset, game.state, d.seat, Rng(11), bot.hooks, None, 60, params)  # type: ignore[attr-defined]
        assert sorted((a, v, round(x, 6)) for a, (v, x) in stats.items()) == expected


def test_hard_plays_its_rollouts_with_the_policy_and_normal_at_random() -> None:
    hard = make_bot("mythicarium", "hard", 3, workers=1, iterations=100)
    normal = make_bot("mythicarium", "normal", 3, workers=1, iterations=100)
    assert hard.params.rollout_policy is ai.rollout_policy  # type: ignore[attr-defined]
    assert normal.params.rollout_policy is None  # type: ignore[attr-defined]
