"""The Mage Wars heuristic behind the greedy and search bots: what it values and what it must not."""

from __future__ import annotations

from mythtable.rulesets.magewars import ai
from mythtable.rulesets.magewars.rules import queries
from mythtable.rulesets.magewars.state import State
from tests.magewars.helpers import Board, act, declare, kind


def hound_board() -> tuple[Board, int]:
    """Ana (active) with a ready Cinder Hound (pay 1 Tower: +1 Power until end of turn) and fire sources."""
    b = Board()
    b.basics(0, "ember-hearth", "ember-hearth")
    b.basics(1, "tide-font")
    hound = b.add(0, "cinder-hound", "offensive")
    b.add(1, "reef-warden", "defensive")
    return b, hound


def boost(st: State, hound: int) -> None:
    """Use the Hound's ability and let it resolve."""
    act(st, "ability", hound)
    while st.stack:
        act(st, "pass")
    assert st.cards[hound].power_mod == 1 and not st.stack


def test_a_boost_that_ends_before_the_unit_fights_is_worth_nothing() -> None:
    b, hound = hound_board()
    st = b.start()
    before = ai.heuristic(st, 0)
    boost(st, hound)
    assert kind(st) == "main"
    # Only the Tower Level paid is left: the +1 Power is gone at the end of the turn (H-11).
    assert ai.heuristic(st, 0) == before - ai.TOWER_WEIGHT


def test_an_attack_on_the_tower_counts_as_the_damage_it_will_deal() -> None:
    b = Board()
    b.basics(0, "ember-hearth", "ember-hearth")
    b.basics(1, "tide-font")
    hound = b.add(0, "cinder-hound", "offensive")
    st = b.start()
    before = ai.heuristic(st, 1)
    declare(st, (hound, "line", "tower"))
    while st.step != "combat.defense":
        act(st, "pass" if kind(st) == "fast_cast" else "done")
    assert kind(st) == "fast_cast"
    hit = queries.power(st, st.cards[hound])
    assert ai.heuristic(st, 1) == before - ai.TOWER_WEIGHT * hit
    # A boost now adds a Tower Level of damage for the one it costs: an even trade, not a gain.
    mine = ai.heuristic(st, 0)
    boost(st, hound)
    assert ai.heuristic(st, 0) == mine


def test_the_searchs_scoring_counts_the_counter_attack_a_declared_combat_invites() -> None:
    # Declaring combat with nothing to attack with costs its side EMPTY_COMBAT_COST in both scorings
    # (issue 33: an empty declaration), and it hands the defender a counter-attack (H-37): the search's
    # scoring also counts what that would hit.
    b = Board()
    b.basics(0, "ember-hearth")
    sprite = b.add(1, "gust-sprite", "offensive")
    st = b.start()
    greedy, search = ai.heuristic(st, 0), ai.search_heuristic(st, 0)
    act(st, "combat")
    assert ai.heuristic(st, 0) == greedy - ai.EMPTY_COMBAT_COST
    hit = queries.power(st, st.cards[sprite])
    assert hit > 0
    counter = ai.COUNTER_WEIGHT * ai.TOWER_WEIGHT * hit
    assert ai.search_heuristic(st, 0) == search - ai.EMPTY_COMBAT_COST - counter
    assert ai.search_heuristic(st, 1) == -ai.search_heuristic(st, 0)


def test_a_ready_blocker_that_may_block_closes_the_door_the_search_scores() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(1, "gust-sprite", "offensive")
    st = b.start()
    open_tower = ai.search_heuristic(st, 0) - ai.heuristic(st, 0)
    assert open_tower < 0  # the Sprite is Aerial and nothing of Ana's can block it (H-45)
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(1, "gust-sprite", "offensive")
    b.add(0, "cliff-kestrel", "defensive")  # Aerial: it may block the Sprite
    st = b.start()
    assert ai.search_heuristic(st, 0) - ai.heuristic(st, 0) >= 0
    act(st, "combat")
    assert ai.search_heuristic(st, 0) - ai.heuristic(st, 0) >= 0
