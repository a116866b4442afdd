"""The search's cheap rollout policy in Mage Wars (issue 19, item 3): play a random Mage Wars game
would not, such as paying the last Tower Levels, declaring combat with no one to attack, or
burning a friend with a harmful spell, is what made every move look alike to the search."""

from __future__ import annotations

from collections import Counter

from mythtable.engine.bots import ai_hooks
from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.rulesets.magewars import ai
from mythtable.rulesets.magewars.state import State
from tests.magewars.helpers import Board, act, kind, pass_fast


def picks(st: State, n: int = 200) -> Counter[Action]:
    d = st.decision
    assert d is not None
    return Counter(ai.rollout_policy(st, d, Rng(i)) for i in range(n))


def test_the_search_uses_the_policy_and_the_greedy_bot_has_no_rollouts() -> None:
    hooks = ai_hooks("magewars")
    assert hooks.rollout_policy is ai.rollout_policy
    assert hooks.for_search().rollout_policy is ai.rollout_policy
    assert ai_hooks("mythicarium").rollout_policy is None, "Mythicarium keeps uniformly random rollouts"
    assert ai_hooks("mythcraft").rollout_policy is not ai.rollout_policy  # issue 34: MythCraft has its own


def test_the_policy_never_pays_the_last_tower_levels() -> None:
    # Ana at Tower 1 with a ready Cinder Hound (pay 1 Tower: +1 Power): paying would lose the game.
    b = Board(towers=(1, 30))
    b.basics(0, "ember-hearth", "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    st = b.start()
    assert ("ability", hound) in st.decision.actions  # type: ignore[union-attr]
    assert ("ability", hound) not in picks(st)
    # With Tower Levels to spare it may pay, less often than a free move.
    b = Board()
    b.basics(0, "ember-hearth", "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    st = b.start()
    assert picks(st)[("ability", hound)] > 0


def test_the_policy_declares_combat_only_with_a_unit_that_may_attack() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(0, "cinder-hound", "offensive", fresh=True)  # entered this turn (H-19)
    st = b.start()
    assert ("combat",) in st.decision.actions  # type: ignore[union-attr]
    assert ("combat",) not in picks(st)
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(0, "cinder-hound", "offensive")
    st = b.start()
    assert picks(st)[("combat",)] > 0


def test_the_policy_aims_harm_at_the_enemy_and_never_cancels() -> None:
    b = Board()
    b.basics(0, "ember-hearth", "ember-hearth")
    bolt = b.add(0, "searing-bolt")  # any unit: 3 damage
    mine = b.add(0, "cinder-hound", "defensive")
    theirs = b.add(1, "reef-warden", "defensive")
    st = b.start()
    act(st, "cast", bolt)
    assert kind(st) == "target"
    assert {("unit", mine), ("unit", theirs), ("cancel",)} <= set(st.decision.actions)  # type: ignore[union-attr]
    assert set(picks(st)) == {("unit", theirs)}


def test_the_policy_blocks_the_attacker_its_blocker_survives_most() -> None:
    # Bram's Reef Warden (2/5) may block Ana's Pyre Berserker (4/2: it dies, the Warden lives) or her
    # Magma Brute (5/4: the Warden dies).
    b = Board()
    b.basics(0)  # no Fire source: no Field Power Bonus
    berserker = b.add(0, "pyre-berserker", "offensive")
    brute = b.add(0, "magma-brute", "offensive")
    warden = b.add(1, "reef-warden", "defensive")
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    act(st, "attack", berserker, "line", "defensive")
    act(st, "attack", brute, "line", "defensive")
    act(st, "done")
    pass_fast(st)
    assert kind(st) == "attack_step"
    act(st, "block", warden)
    assert kind(st) == "target"
    got = picks(st)
    assert ("cancel",) not in got
    assert got[("unit", berserker)] > 3 * got[("unit", brute)] > 0


def test_the_policy_mostly_passes_in_a_fast_cast_window() -> None:
    # Ana ends her Main phase; Bram may answer with his Cinder Hound's ability (1 Tower) or Flash
    # Scorch (1 Tower), or pass. A rollout that answers every window at random spends a Tower Level in
    # half of them, so a move that opens one more window for the other side scored better than a pass.
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(0, "cinder-hound", "offensive")
    b.basics(1, "ember-hearth")
    hound = b.add(1, "cinder-hound", "offensive")
    scorch = b.add(1, "flash-scorch")
    st = b.start()
    act(st, "end")
    assert kind(st) == "fast_cast" and st.decision is not None and st.decision.seat == 1
    assert {("ability", hound), ("cast", scorch), ("pass",)} <= set(st.decision.actions)
    got = picks(st, 400)
    assert got[("pass",)] >= 0.7 * 400
    assert got[("ability", hound)] > 0 and got[("cast", scorch)] > 0
    # The Main phase keeps the weights of before: casting there is as likely as ending the turn.
    b = Board()
    b.basics(0, "ember-hearth")
    mine = b.add(0, "flash-scorch")
    b.add(1, "cinder-hound", "offensive")
    st = b.start()
    assert kind(st) == "main"
    main = picks(st, 400)
    assert main[("cast", mine)] > 0.5 * main[("end",)] > 0
