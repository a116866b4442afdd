"""Scenario tests for setup, the turn, requirements, face-down cards, the stack and open points."""

from __future__ import annotations

import dataclasses

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.magewars.rules import queries
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from mythtable.rulesets.magewars.view import HIDDEN_NAME
from tests.magewars.helpers import (
    Board,
    act,
    actions,
    content,
    declare,
    finish_attack_step,
    game,
    kind,
    pass_fast,
    play_quietly_until,
    seat,
)


def power(state: State, uid: int) -> int:
    return queries.power(state, state.cards[uid])


# ----- setup --------------------------------------------------------------------------------


def test_H_2_towers_start_at_30() -> None:
    g = game(5)
    assert [p.tower for p in g.state.players] == [30, 30]
    assert g.view(0).players[0].tier == 3


def test_H_3_seeded_shuffle_random_first_player_opening_hands() -> None:
    a, b = game(11), game(11)
    assert RULESET.snapshot(a.state) == RULESET.snapshot(b.state)
    assert RULESET.snapshot(game(12).state)["cards"] != RULESET.snapshot(a.state)["cards"]
    firsts = {game(s).state.first for s in range(12)}
    assert firsts == {0, 1}
    st = a.state
    assert [len(p.hand) for p in st.players] == [7, 7]
    texts = [line.event.text for line in a.log]
    assert any("seed 11" in t for t in texts)


def test_H_4_first_player_skips_first_draw() -> None:
    g = game(3)
    st = g.state
    first = st.first
    assert st.active == first and st.turn == 1
    assert len(st.players[first].hand) == 7 and len(st.players[first].deck) == 33
    g.apply(("end",))
    pass_fast(st)
    assert st.active == 1 - first
    assert len(st.players[1 - first].hand) == 8
    # the boundary: only the first turn is skipped; the first player draws on their second turn
    play_quietly_until(st, lambda s: s.active == first and s.decision is not None and s.decision.kind == "main")
    assert st.turn == 3
    assert len(st.players[first].hand) == 8 and len(st.players[first].deck) == 32


def test_H_5_empty_deck_costs_two_tower_levels() -> None:
    b = Board(deck=0)
    st = b.start()
    act(st, "end")
    pass_fast(st)
    assert st.active == 1 and st.players[1].tower == 28 and not st.over
    act(st, "end")
    pass_fast(st)
    assert st.players[0].tower == 28
    # the boundary: the penalty alone can end the game (H-15), at exactly 0 and not at 1
    for tower, over in ((3, False), (2, True)):
        b = Board(deck=0, towers=(30, tower))
        st = b.start()
        act(st, "end")
        pass_fast(st)
        assert st.players[1].tower == tower - 2 and st.over is over
        assert (st.winner == 0) if over else (st.decision is not None and st.active == 1)
    # one card left is drawn normally, with no penalty
    b = Board(deck=0)
    last = b.add(1, "tide-font", "deck")
    st = b.start()
    act(st, "end")
    pass_fast(st)
    assert st.players[1].tower == 30 and last in st.players[1].hand


def test_F_1_F_3_H_15_tower_at_zero_loses() -> None:
    # F-1: each Arch Magus has a Tower, and bringing the opposing Tower down wins
    assert [p.tower for p in game(3).state.players] == [30, 30]

    def hit_tower(bram_tower: int) -> State:
        b = Board(towers=(30, bram_tower))
        b.basics(0, "bedrock-shard")
        ox = b.add(0, "boulderback-ox", "offensive")  # Power 3 + 1 Earth source = 4
        st = b.start()
        declare(st, (ox, "line", "tower"))
        pass_fast(st)
        finish_attack_step(st)
        pass_fast(st)
        return st

    st = hit_tower(4)  # exactly to 0
    assert st.players[1].tower == 0
    assert st.over and st.decision is None
    res = RULESET.result(st)
    assert res is not None and res.winner == 0 and "Bram" in res.reason
    st = hit_tower(5)  # the boundary: Tower Level 1 stands
    assert st.players[1].tower == 1
    assert not st.over and RULESET.result(st) is None and st.decision is not None


def test_H_15_both_towers_falling_together_is_a_draw() -> None:
    b = Board(towers=(4, 3))
    b.basics(0, "ember-hearth", "ember-hearth")
    pact = b.add(0, "cinderfall-pact")
    st = b.start()
    act(st, "cast", pact)
    res = RULESET.result(st)
    assert st.over and res is not None and res.winner is None and "draw" in res.reason


def test_F_2_F_4_spell_costs_tower_levels_and_can_defeat_the_caster() -> None:
    b = Board(towers=(5, 30))
    b.basics(0, "ember-hearth")
    scorch = b.add(0, "flash-scorch")
    hound = b.add(1, "cinder-hound", "offensive")
    st = b.start()
    act(st, "cast", scorch)
    act(st, "unit", hound)
    assert st.players[0].tower == 4  # Tower Level is the currency (F-2)
    b = Board(towers=(1, 30))
    b.basics(0, "ember-hearth")
    scorch = b.add(0, "flash-scorch")
    hound = b.add(1, "cinder-hound", "offensive")
    st = b.start()
    act(st, "cast", scorch)
    act(st, "unit", hound)
    assert st.over and st.winner == 1  # paid its way into defeat before the spell resolved
    assert st.cards[hound].zone == "offensive"
    # F-4 at the boundary: a cost above the Tower Level may still be paid, into defeat; one below it may not
    for tower, over in ((1, True), (2, True), (3, False)):
        b = Board(towers=(tower, 30))
        b.basics(0, "tide-font")
        insight = b.add(0, "deep-insight")  # slow-cast, costs 2, no tier
        st = b.start()
        assert ("cast", insight) in actions(st)
        act(st, "cast", insight)
        assert st.players[0].tower == tower - 2 and st.over is over
        if over:
            assert st.winner == 1 and insight not in st.players[0].hand  # it never resolved: no cards drawn
        else:
            pass_fast(st)
            assert len(st.players[0].hand) == 2  # resolved: drew 2


# ----- requirements ---------------------------------------------------------------------------


def test_F_7_H_14_combined_resource_counts_once_per_element() -> None:
    b = Board()
    b.basics(0, "magma")
    ox = b.add(0, "boulderback-ox")
    hound = b.add(0, "cinder-hound")
    sentinel = b.add(0, "quarry-sentinel")  # Earth 2
    st = b.start()
    acts = actions(st)
    assert ("deploy", ox, "offensive") in acts and ("deploy", hound, "offensive") in acts
    assert ("deploy", sentinel, "offensive") not in acts
    lay = b.add(0, "bedrock-shard")
    st.decision = None
    b.start()
    act(st, "lay", lay)
    assert ("deploy", sentinel, "offensive") in actions(st)


def test_F_8_holdings_have_no_requirements() -> None:
    b = Board()
    keep = b.add(0, "sunken-abbey")
    st = b.start()
    act(st, "lay", keep)
    assert keep in st.players[0].row and not st.cards[keep].face_down


def test_F_9_unit_needs_holding_elements_and_min_tower() -> None:
    b = Board(towers=(11, 30))
    b.add(0, "bedrock-shard", "row")
    b.add(0, "bedrock-shard", "row")
    marga = b.add(0, "marga-stonewarden")
    ox = b.add(0, "boulderback-ox")  # needs a Holding and one Earth source, no Tower Level
    keep = b.add(0, "old-quarry-keep")
    st = b.start()
    assert ("deploy", marga, "offensive") not in actions(st)  # no Holding
    assert not any(a[0] == "deploy" and a[1] == ox for a in actions(st))  # no Holding: the ox waits too
    assert ("deploy_down", ox, "offensive") in actions(st)  # face-down needs nothing (H-21)
    with pytest.raises(IllegalAction):
        act(st, "deploy", ox, "offensive")
    act(st, "lay", keep)
    assert ("deploy", ox, "offensive") in actions(st)  # the Holding was all it lacked
    assert ("deploy", marga, "offensive") not in actions(st)  # Tower Level 11 < 12
    st.players[0].tower = 12
    st.decision = None
    b.start()
    assert ("deploy", marga, "offensive") in actions(st)
    st.players[0].row.remove(st.players[0].row[0])
    st.cards[2 * 10].zone = "grave"
    st.players[0].grave.append(20)
    st.decision = None
    b.start()
    assert ("deploy", marga, "offensive") not in actions(st)  # only one Earth source now


def test_F_10_deploying_costs_no_tower_levels() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox")
    st = b.start()
    act(st, "deploy", ox, "defensive")
    assert st.players[0].tower == 30 and ox in st.players[0].defensive


def test_F_12_H_12_spell_needs_source_and_tier_and_pays_its_cost() -> None:
    assert [queries.tier(t) for t in (30, 29, 20, 19, 10, 9, 0)] == [3, 2, 2, 1, 1, 0, 0]
    b = Board(towers=(19, 30))
    b.basics(0, "bedrock-shard")
    slide = b.add(0, "landslide")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    assert ("cast", slide) not in actions(st)  # tier 1 < 2
    st.players[0].tower = 20
    st.decision = None
    b.start()
    assert ("cast", slide) in actions(st)
    act(st, "cast", slide)
    act(st, "unit", warden)
    assert st.players[0].tower == 17  # the Tower cost is paid on casting
    assert RULESET.view(st, 0).players[0].tier == 1
    b = Board()
    b.add(0, "ember-hearth", "row")  # no Earth source
    slide = b.add(0, "landslide")
    b.add(1, "reef-warden", "offensive")
    st = b.start()
    assert ("cast", slide) not in actions(st)


def test_F_13_H_21_non_spells_can_be_set_face_down_and_use_the_lay() -> None:
    b = Board()
    res = b.add(0, "bedrock-shard")
    keep = b.add(0, "old-quarry-keep")
    rite = b.add(0, "rite-of-fury")
    ox = b.add(0, "boulderback-ox")
    spell = b.add(0, "flash-scorch")
    st = b.start()
    acts = actions(st)
    assert ("set", res) in acts and ("set", keep) in acts and ("set", rite) in acts
    assert ("deploy_down", ox, "offensive") in acts  # no requirements to deploy face-down
    assert not any(a[1] == spell for a in acts if a[0] in ("set", "deploy_down"))
    act(st, "set", rite)
    assert ("set", res) in actions(st)  # a Ritual does not use the lay
    act(st, "set", res)
    assert ("set", keep) not in actions(st) and ("lay", keep) not in actions(st)
    # the other order: a face-up lay also closes the face-down one; a unit set face-down uses no lay
    b = Board()
    res = b.add(0, "bedrock-shard")
    keep = b.add(0, "old-quarry-keep")
    ox = b.add(0, "boulderback-ox")
    st = b.start()
    act(st, "deploy_down", ox, "offensive")
    assert ("lay", res) in actions(st) and ("set", keep) in actions(st)
    act(st, "lay", res)
    assert ("set", keep) not in actions(st) and ("lay", keep) not in actions(st)
    with pytest.raises(IllegalAction):
        act(st, "set", keep)


def test_F_14_F_15_only_fast_casts_and_abilities_answer_a_spell() -> None:
    b = Board(towers=(25, 30))
    b.basics(0, "bedrock-shard")
    slide = b.add(0, "landslide")
    b.basics(1, "tide-font", "gale-shrine", "bedrock-shard")
    warden = b.add(1, "reef-warden", "offensive")
    sentinel = b.add(1, "quarry-sentinel", "offensive")
    lash = b.add(1, "cyclone-lash")
    stoneskin = b.add(1, "stoneskin-chant")
    b.add(1, "reef-warden")  # in hand: never deployable in answer to a spell
    rite = b.add(1, "rite-of-still-water", "row", face_down=True)
    hidden = b.add(1, "reef-warden", "defensive", face_down=True)
    st = b.start()
    act(st, "cast", slide)
    act(st, "unit", warden)
    assert kind(st) == "fast_cast" and seat(st) == 1 and st.stack
    acts = set(actions(st))
    assert ("cast", stoneskin) in acts and ("ability", sentinel) in acts and ("pass",) in acts
    assert ("cast", lash) not in acts  # a slow-cast is no answer
    assert not any(a[0] in ("deploy", "deploy_down", "lay", "set", "move", "ritual") for a in acts)
    act(st, "pass")
    assert not st.stack and st.cards[warden].wounds == 4 and st.cards[rite].face_down and st.cards[hidden].face_down


def test_H_22_F_15_a_card_turns_face_up_over_a_slow_cast_but_never_over_a_fast_cast() -> None:
    b = Board(towers=(25, 30))
    b.basics(0, "bedrock-shard")
    slide = b.add(0, "landslide")
    ox = b.add(0, "boulderback-ox", "defensive", face_down=True)
    b.add(0, "cliff-kestrel", "offensive")
    own_chant = b.add(0, "stoneskin-chant")  # with the Kestrel to aim it at, Ana holds priority over a fast-cast
    b.basics(1, "tide-font", "gale-shrine", "bedrock-shard")
    warden = b.add(1, "reef-warden", "offensive")
    stoneskin = b.add(1, "stoneskin-chant")
    rite = b.add(1, "rite-of-still-water", "row", face_down=True)
    hidden = b.add(1, "reef-warden", "defensive", face_down=True)
    st = b.start()
    act(st, "cast", slide)
    act(st, "unit", warden)
    # H-22: Bram holds priority over Ana's slow-cast, so he may turn a unit face-up; it does not use the
    # stack (H-25) and the spell still waits under it
    assert kind(st) == "fast_cast" and seat(st) == 1
    assert {("flip", rite), ("flip", hidden)} <= set(actions(st))
    act(st, "flip", hidden)
    assert not st.cards[hidden].face_down and [i.uid for i in st.stack] == [slide]
    # F-15: over Bram's fast-cast Ana may answer only with a fast-cast or an ability, not a face-up turn
    act(st, "cast", stoneskin)
    act(st, "unit", warden)
    assert seat(st) == 0 and [i.uid for i in st.stack] == [slide, stoneskin]
    assert ("cast", own_chant) in set(actions(st)) and ("flip", ox) not in set(actions(st))
    with pytest.raises(IllegalAction):
        act(st, "flip", ox)
    # the boundary: once the fast-cast has resolved, the slow-cast is on top again and she may
    while [i.uid for i in st.stack] != [slide]:
        act(st, "pass")
    assert seat(st) == 0 and ("flip", ox) in set(actions(st))
    act(st, "flip", ox)
    assert not st.cards[ox].face_down


def test_F_17_H_43_field_power_bonus_per_matching_source_capped_at_3() -> None:
    b = Board()
    ox = b.add(0, "boulderback-ox", "offensive")
    sentinel = b.add(0, "quarry-sentinel", "offensive")
    st = b.start()
    assert power(st, ox) == 3
    b.add(0, "bedrock-shard", "row")
    assert power(st, ox) == 4
    b.add(0, "ember-hearth", "row")  # not an element the Ox requires
    assert power(st, ox) == 4
    b.add(0, "magma", "row")  # Earth once
    assert power(st, ox) == 5
    b.add(0, "bedrock-shard", "row", face_down=True)  # face-down sources do not count
    assert power(st, ox) == 5
    b.add(0, "bedrock-shard", "row")
    b.add(0, "bedrock-shard", "row")
    assert power(st, ox) == 6  # capped at +3
    assert power(st, sentinel) == 2 + 3


# ----- turn structure -----------------------------------------------------------------------


def test_H_6_H_7_H_8_ready_then_draw_then_main() -> None:
    b = Board()
    warden = b.add(1, "reef-warden", "offensive")
    b.state.cards[warden].exhausted = True
    st = b.start()
    hand = len(st.players[1].hand)
    assert st.step == "main"
    act(st, "end")
    pass_fast(st)
    assert st.active == 1 and st.turn == 4 and RULESET.stage(st) == "main"
    assert not st.cards[warden].exhausted  # Ready
    assert len(st.players[1].hand) == hand + 1  # Draw
    assert kind(st) == "main" and seat(st) == 1


def test_H_9_lay_once_move_once_deploy_on_either_line() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    r1 = b.add(0, "bedrock-shard")
    r2 = b.add(0, "sunken-abbey")
    ox = b.add(0, "boulderback-ox")
    st = b.start()
    acts = actions(st)
    assert ("deploy", ox, "offensive") in acts and ("deploy", ox, "defensive") in acts
    act(st, "lay", r1)
    assert ("lay", r2) not in actions(st)
    act(st, "deploy", ox, "offensive")
    act(st, "move", ox)
    assert ox in st.players[0].defensive
    assert ("move", ox) not in actions(st)


def test_H_10_only_active_player_declares_combat_once_per_turn() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "bedrock-shard")
    b.add(1, "quarry-sentinel", "offensive")
    b.add(1, "stoneskin-chant")
    st = b.start()
    act(st, "end")
    assert kind(st) == "fast_cast" and seat(st) == 1
    assert ("combat",) not in actions(st)
    act(st, "pass")
    # back to Ana? No: two passes closed her Main phase; it is Bram's turn now
    assert st.active == 1
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert st.active == 1  # combat led to End: no second combat or Main phase


def test_H_11_discard_to_seven_and_until_end_of_turn_expires() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    for _ in range(9):
        b.add(0, "tide-font")
    st = b.start()
    act(st, "ability", hound)
    pass_fast(st)
    assert st.cards[hound].power_mod == 1
    act(st, "end")
    pass_fast(st)
    assert kind(st) == "discard" and seat(st) == 0
    act(st, *actions(st)[0])
    act(st, *actions(st)[0])
    assert len(st.players[0].hand) == 7 and len(st.players[0].grave) == 2
    assert st.active == 1 and st.cards[hound].power_mod == 0
    # the boundary: 8 cards discard exactly one, 7 discard none; the other player never discards
    for held, discards in ((8, 1), (7, 0)):
        b = Board()
        for _ in range(held):
            b.add(0, "tide-font")
        for _ in range(9):
            b.add(1, "tide-font")
        st = b.start()
        act(st, "end")
        pass_fast(st)
        for _ in range(discards):
            assert kind(st) == "discard" and seat(st) == 0
            act(st, *actions(st)[0])
        assert len(st.players[0].hand) == 7 and len(st.players[0].grave) == discards
        assert st.active == 1 and kind(st) == "main"
        assert len(st.players[1].hand) == 10 and not st.players[1].grave  # 9 + the draw, kept


def test_H_12_tier_boundaries_in_view() -> None:
    b = Board(towers=(10, 9))
    st = b.start()
    v = RULESET.view(st, 0)
    assert (v.players[0].tier, v.players[1].tier) == (1, 0)
    st.players[0].tower, st.players[1].tower = 30, 29
    v = RULESET.view(st, 0)
    assert (v.players[0].tier, v.players[1].tier) == (3, 2)
    # the tier gates cards exactly at the boundary: Searing Bolt and the Emberwing Drake need tier 1
    for tower, allowed in ((10, True), (9, False)):
        b = Board(towers=(tower, 30))
        b.basics(0, "ember-hearth")
        bolt = b.add(0, "searing-bolt")
        drake = b.add(0, "emberwing-drake")
        b.add(1, "reef-warden", "offensive")
        st = b.start()
        acts = actions(st)
        assert (("cast", bolt) in acts) is allowed and (("deploy", drake, "offensive") in acts) is allowed
        assert ("deploy_down", drake, "offensive") in acts  # face-down needs nothing (H-21)


def test_H_13_requirements_are_thresholds_not_spent() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox1 = b.add(0, "boulderback-ox")
    ox2 = b.add(0, "boulderback-ox")
    st = b.start()
    act(st, "deploy", ox1, "offensive")
    assert ("deploy", ox2, "offensive") in actions(st)
    act(st, "deploy", ox2, "offensive")
    assert len(st.players[0].row) == 2


def test_H_16_effective_power_adds_bonus_and_modifiers() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    fury = b.add(0, "rite-of-fury")
    st = b.start()
    assert power(st, hound) == 3 + 1
    act(st, "ritual", fury)
    act(st, "unit", hound)
    assert power(st, hound) == 3 + 1 + 2
    assert RULESET.view(st, 1).players[0].offensive[0].power == 6


def test_H_17_wounds_persist_and_lethal_damage_destroys() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    s1 = b.add(0, "flash-scorch")
    s2 = b.add(0, "flash-scorch")
    warden = b.add(1, "reef-warden", "offensive")
    hound = b.add(1, "cinder-hound", "offensive")
    st = b.start()
    act(st, "cast", s1)
    act(st, "unit", warden)
    pass_fast(st)
    act(st, "cast", s2)
    act(st, "unit", hound)
    pass_fast(st)
    assert st.cards[hound].zone == "grave" and hound in st.players[1].grave
    act(st, "end")
    pass_fast(st)
    act(st, "end")
    pass_fast(st)
    assert st.cards[warden].wounds == 2  # still there two turns later
    # the boundary of "reaches": a Guard boost that ends with the turn leaves 5 wounds on a Guard-5 ox lethal,
    # 4 not; and 2 damage on a Guard-2 hound destroys it at once (above)
    for wounds, survives in ((4, True), (5, False)):
        b = Board()
        b.basics(0, "bedrock-shard")
        ox = b.add(0, "boulderback-ox", "offensive")
        chant = b.add(0, "stoneskin-chant")
        st = b.start()
        act(st, "cast", chant)
        act(st, "unit", ox)
        pass_fast(st)
        st.cards[ox].wounds = wounds  # Guard 7 this turn: alive
        assert st.cards[ox].zone == "offensive"
        act(st, "end")
        pass_fast(st)
        assert (st.cards[ox].zone == "offensive") is survives and st.active == 1


def test_H_18_attacking_exhausts_blocking_does_not() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font", "tide-font")
    hero = b.add(1, "oda-deepcurrent", "offensive")
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    assert st.cards[ox].exhausted
    pass_fast(st)
    act(st, "block", hero)
    act(st, "done")
    pass_fast(st)
    assert not st.cards[hero].exhausted


def test_H_18_an_exhausted_unit_is_not_offered_as_a_blocker() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "gale-shrine")
    ox = b.add(0, "boulderback-ox", "offensive")
    lash = b.add(0, "cyclone-lash")
    b.basics(1, "tide-font")
    tired = b.add(1, "reef-warden", "offensive")
    fresh = b.add(1, "reef-warden", "offensive")
    st = b.start()
    act(st, "cast", lash)  # 3 damage and exhausts
    act(st, "unit", tired)
    pass_fast(st)
    assert st.cards[tired].exhausted and st.cards[tired].zone == "offensive"
    declare(st, (ox, "line", "offensive"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    assert ("block", tired) not in actions(st)
    assert ("block", fresh) in actions(st)  # the ready one may (the boundary)


def test_H_18_a_blocker_exhausted_in_the_attack_step_stops_blocking() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "gale-shrine")
    ox = b.add(0, "boulderback-ox", "offensive")
    squalls = b.add(0, "rite-of-squalls", "row", face_down=True)  # exhausts an enemy unit
    b.basics(1, "tide-font")
    heron = b.add(1, "mist-heron", "offensive")  # Aerial: blocks, leaves the Tower open
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    act(st, "block", heron)
    assert st.combat is not None and st.combat.attacks[0].blockers == [heron]
    act(st, "done")
    assert kind(st) == "attack_step" and seat(st) == 0
    act(st, "flip", squalls)
    act(st, "unit", heron)
    assert st.cards[heron].exhausted
    assert st.combat.attacks[0].blockers == []  # blocks are still open: the exhausted Heron drops out
    # Bram has nothing left to do (the exhausted Heron may not block again), so the step ends
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "damage_choice"
    act(st, "damage")
    assert st.players[1].tower == 30 - power(st, ox)
    assert st.cards[heron].wounds == 0 and st.cards[heron].zone == "offensive"
    assert st.cards[ox].wounds == 0


def test_H_19_new_units_cannot_attack_but_can_block() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    old = b.add(0, "boulderback-ox", "offensive")
    new = b.add(0, "boulderback-ox")
    b.basics(1, "tide-font")
    fresh = b.add(1, "reef-warden", "offensive", fresh=True)
    st = b.start()
    act(st, "deploy", new, "offensive")
    act(st, "combat")
    pass_fast(st)
    attackers = {a[1] for a in actions(st) if a[0] == "attack"}
    assert attackers == {old}
    act(st, "attack", old, "line", "offensive")
    act(st, "done")
    pass_fast(st)
    assert ("block", fresh) in actions(st)


def test_H_20_face_down_cards_cannot_be_targeted_or_block_and_are_hidden() -> None:
    """Bram's face-down warden (no Holding to turn it face-up) is never a target, never offered as a blocker
    beside the hound that is, never counter-attacks from his Offensive Line, and shows Ana no name."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    scorch = b.add(0, "flash-scorch")
    hidden = b.add(1, "reef-warden", "offensive", face_down=True)
    visible = b.add(1, "cinder-hound", "defensive")
    st = b.start()
    act(st, "cast", scorch)
    assert set(actions(st)) == {("unit", visible), ("cancel",)}
    act(st, "cancel")
    declare(st, (ox, "line", "defensive"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    assert set(actions(st)) == {("block", visible), ("done",)}
    with pytest.raises(IllegalAction):
        act(st, "block", hidden)
    v = RULESET.view(st, 0)
    fd = next(u for u in v.players[1].offensive if u.uid == hidden)
    assert fd.face_down and fd.name == HIDDEN_NAME and fd.card_id == "" and fd.power == 0
    act(st, "done")
    events = []
    while st.combat is not None and kind(st) == "fast_cast":
        events += act(st, "pass")
    assert st.cards[visible].zone == "grave"  # the only unit on the attacked line took the ox's 4
    assert "No unit can counter-attack." in [e.text for e in events]  # the warden, face-down, cannot
    assert st.cards[hidden].zone == "offensive" and st.cards[hidden].face_down


def test_H_22_flip_needs_requirements_uses_no_lay_and_ritual_applies_once() -> None:
    b = Board(towers=(11, 30))
    b.basics(0, "bedrock-shard", "bedrock-shard")
    marga = b.add(0, "marga-stonewarden", "defensive", face_down=True)
    roots = b.add(0, "rite-of-deep-roots", "row", face_down=True)
    ox = b.add(0, "boulderback-ox", "offensive")
    st = b.start()
    st.cards[ox].wounds = 4
    assert ("flip", marga) not in actions(st)
    st.players[0].tower = 12
    st.decision = None
    b.start()
    act(st, "flip", marga)
    assert not st.cards[marga].face_down and st.cards[marga].zone == "defensive"
    assert not st.players[0].laid and st.cards[marga].entered == st.turn
    act(st, "flip", roots)
    act(st, "unit", ox)
    assert st.cards[ox].wounds == 1 and st.cards[roots].zone == "grave"


def test_H_23_slow_cast_only_in_own_main_with_empty_stack() -> None:
    b = Board()
    b.basics(0, "ember-hearth", "bedrock-shard")
    scorch = b.add(0, "flash-scorch")
    pact = b.add(0, "stoneskin-chant")
    slide = b.add(0, "landslide")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "bedrock-shard")
    bram_slide = b.add(1, "landslide")
    warden = b.add(1, "reef-warden", "offensive")
    b.add(1, "stoneskin-chant")
    st = b.start()
    assert ("cast", slide) in actions(st)
    act(st, "cast", scorch)
    act(st, "unit", warden)
    assert seat(st) == 1 and ("cast", bram_slide) not in actions(st)
    act(st, "pass")
    assert kind(st) == "fast_cast" and seat(st) == 0  # stack not empty: no slow-casts
    assert ("cast", slide) not in actions(st) and ("cast", pact) in actions(st)
    act(st, "pass")
    assert st.cards[scorch].zone == "grave"
    act(st, "cast", slide)
    act(st, "unit", warden)
    pass_fast(st)
    assert st.cards[slide].zone == "grave" and st.cards[warden].zone == "grave"
    del ox


def test_H_24_weaves_stay_attached_and_leave_with_their_unit() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth", "gale-shrine")
    ox = b.add(0, "boulderback-ox", "offensive")
    bulwark = b.add(0, "rooted-bulwark")
    standard = b.add(0, "blazing-standard")
    veil = b.add(0, "veil-of-gales")
    scorch = b.add(0, "flash-scorch")
    hound = b.add(1, "cinder-hound", "offensive")
    st = b.start()
    base = power(st, ox)
    act(st, "cast", bulwark)
    act(st, "unit", ox)
    pass_fast(st)
    assert queries.guard(st, st.cards[ox]) == 5 + 3 and st.cards[bulwark].zone == "weave"
    act(st, "cast", standard)
    act(st, "line", "offensive")
    pass_fast(st)
    assert power(st, ox) == base + 1
    act(st, "cast", veil)
    act(st, "unit", hound)
    pass_fast(st)
    assert power(st, hound) == 3 - 2
    v = RULESET.view(st, 1)
    assert [w.name for w in v.players[1].offensive[0].weaves] == ["Veil of Gales"]
    assert [w.attached_to for w in v.players[0].line_weaves] == ["line:offensive"]
    act(st, "cast", scorch)
    act(st, "unit", hound)
    pass_fast(st)
    assert st.cards[hound].zone == "grave" and st.cards[veil].zone == "grave"
    assert veil in st.players[0].grave


def test_H_25_H_26_stack_is_last_in_first_out_and_priority_alternates() -> None:
    b = Board(towers=(25, 30))
    b.basics(0, "bedrock-shard")
    slide = b.add(0, "landslide")
    b.basics(1, "bedrock-shard")
    warden = b.add(1, "reef-warden", "offensive")
    chant = b.add(1, "stoneskin-chant")
    st = b.start()
    st.cards[warden].wounds = 1
    act(st, "cast", slide)
    act(st, "unit", warden)
    assert seat(st) == 1  # H-26
    act(st, "cast", chant)
    # nobody can answer any more: both pass automatically and the stack unwinds top first
    events = act(st, "unit", warden)
    texts = [e.text for e in events]
    assert texts.index("Stoneskin Chant resolves.") < texts.index("Landslide resolves.")
    assert not st.stack and kind(st) == "main" and seat(st) == 0  # priority back to the owner
    assert st.cards[warden].zone == "offensive" and st.cards[warden].wounds == 5  # Guard 7 this turn


def test_H_27_window_closes_only_after_two_passes_on_empty_stack() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    b.basics(1, "bedrock-shard")
    sentinel = b.add(1, "quarry-sentinel", "offensive")
    b.add(1, "stoneskin-chant")
    st = b.start()
    declare(st, (hound, "line", "offensive"))
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "ability", sentinel)
    act(st, "unit", sentinel)
    assert seat(st) == 0 and RULESET.stage(st) == "combat.declaration"
    act(st, "pass")  # Ana passes; Bram passed? no: he acted, so priority goes to him
    assert seat(st) == 1 and st.stack
    act(st, "pass")  # two passes: resolves, priority back to the window owner (Bram)
    assert not st.stack and seat(st) == 1 and RULESET.stage(st) == "combat.declaration"
    act(st, "pass")
    assert RULESET.stage(st) == "combat.declaration" and seat(st) == 0
    act(st, "pass")
    assert RULESET.stage(st) != "combat.declaration"


def test_H_28_main_phase_gives_the_opponent_priority_before_it_ends() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "ember-hearth")
    scorch = b.add(1, "flash-scorch")
    st = b.start()
    act(st, "end")
    assert kind(st) == "fast_cast" and seat(st) == 1 and st.active == 0
    assert ("cast", scorch) in actions(st)


def test_H_28_fast_cast_windows_over_a_whole_turn_and_who_is_asked_first() -> None:
    """Both players hold castable fast spells all turn long. Over a turn with combat and a counter-attack,
    fast-casts are offered exactly in the Main phase (the opponent before it ends), the Declaration step
    (defender first), the Defense step (attacker first) and the counter-attack's Defense step
    (counter-attacker first); never in the Attack step, the Damage steps, or the counter-attack's blocks."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    b.basics(1, "ember-hearth", "tide-font")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(0, "quarry-sentinel", "offensive")  # two units on each attacked line: the Damage steps ask (H-33)
    warden = b.add(1, "reef-warden", "offensive")
    b.add(1, "reef-warden", "offensive")
    for seat_ in (0, 1):
        for _ in range(3):
            b.add(seat_, "flash-scorch")
    st = b.start()
    first: dict[str, int] = {}
    offered: set[str] = set()
    silent: set[str] = set()
    declared = countered = False
    while st.active == 0:
        d = st.decision
        assert d is not None
        step = st.step
        casts = any(a[0] == "cast" for a in d.actions)
        (offered if casts else silent).add(step)
        if d.kind == "fast_cast":
            first.setdefault(step, d.seat)
            act(st, "pass")
        elif d.kind == "main":
            act(st, "combat")
        elif d.kind == "declare_attackers" and not declared:
            declared = True
            act(st, "attack", ox, "line", "offensive")
        elif d.kind == "counter_attackers" and not countered:
            countered = True
            act(st, "attack", warden, "line", "offensive")
        elif ("done",) in d.actions:
            act(st, "done")
        else:
            act(st, *d.actions[0])
    assert offered == {"main", "combat.declaration", "combat.defense", "counter.defense"}
    assert first == {"main": 1, "combat.declaration": 1, "combat.defense": 0, "counter.defense": 1}
    assert {"combat.attack", "combat.damage", "counter.attack", "counter.damage"} <= silent  # asked, no fast-cast
    assert declared and countered
    # no window in End, nor in Bram's Ready and Draw: the next thing anyone is asked is Bram's own Main phase
    assert st.step == "main" and kind(st) == "main" and seat(st) == 1 and st.owner == 1
    assert any(a[0] == "cast" for a in actions(st))  # he does hold castable fast spells


def test_H_42_views_hide_hands_and_face_down_cards() -> None:
    """Every card below is the only one of its name in play or in sight, so its name or id anywhere in the
    other seat's view (or any seat's, for deck order) would be a leak."""
    b = Board()
    hidden = {
        0: [b.add(0, "landslide"), b.add(0, "marga-stonewarden", "defensive", face_down=True)],
        1: [b.add(1, "tidal-renewal"), b.add(1, "oda-deepcurrent", "offensive", face_down=True)],
    }
    hidden[0].append(b.add(0, "rite-of-the-cairn", "row", face_down=True))
    hidden[1].append(b.add(1, "rite-of-high-tide", "row", face_down=True))
    decks = {0: b.add(0, "firestorm", "deck"), 1: b.add(1, "gust-sprite", "deck")}
    st = b.start()
    for seat_ in (0, 1):
        other = 1 - seat_
        view = RULESET.view(st, seat_)
        text = repr(view)
        for uid in hidden[other]:
            d = st.cards[uid].d
            assert d.name not in text and d.id not in text, (seat_, d.name)
        for uid in hidden[seat_]:
            assert st.cards[uid].d.name in text  # the owner sees their own
        for uid in decks.values():
            assert st.cards[uid].d.name not in text  # deck order: nobody
        assert not set(_uids(view)) & (set(st.players[other].hand) | set(st.players[0].deck) | set(st.players[1].deck))
        shown = [u for u in view.players[other].offensive + view.players[other].defensive if u.face_down]
        assert [u.uid for u in shown] == [hidden[other][1]]
        assert all(u.name == HIDDEN_NAME and u.card_id == "" and u.power == 0 and not u.keywords for u in shown)
        row = [c for c in view.players[other].row if c.face_down]
        assert [c.uid for c in row] == [hidden[other][2]] and row[0].card_id == "" and row[0].type == ""
        assert view.players[other].hand_count == len(st.players[other].hand)
    assert RULESET.hidden_information


def _uids(obj: object) -> list[int]:
    out: list[int] = []
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name in ("uid", "attacker") and isinstance(value, int):
                out.append(value)
            out.extend(_uids(value))
    elif isinstance(obj, tuple):
        for item in obj:
            out.extend(_uids(item))
    return out


# ----- open points ---------------------------------------------------------------------------


def test_H_44_ritual_deploy_effect_is_one_shot_then_graveyard() -> None:
    b = Board()
    b.basics(0, "gale-shrine")
    squall = b.add(0, "rite-of-squalls")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    act(st, "ritual", squall)
    act(st, "unit", warden)
    assert st.cards[warden].exhausted and st.cards[squall].zone == "grave"
    assert st.players[0].tower == 30 and not st.stack  # no Tower cost, no stack
    b = Board()
    b.basics(0, "gale-shrine")
    squall = b.add(0, "rite-of-squalls")
    st = b.start()
    assert ("ritual", squall) not in actions(st)  # no enemy unit to affect


UNIT_CHANGES = {"damage", "heal", "power", "guard", "ready", "exhaust"}
"""H-44: what a Deploy Effect may do to its unit (a Power or Guard change until end of turn, damage or
healing, readying or exhausting), written out here rather than read from the engine."""
ONE_UNIT = {"enemy_unit", "own_unit", "any_unit", "enemy_hero"}


def test_H_44_every_ritual_in_the_pool_names_one_unit_and_only_changes_it() -> None:
    rituals = [c for c in content().cards.values() if c.type == "ritual"]
    assert len(rituals) >= 8
    for card in rituals:
        assert card.effect is not None, card.id
        assert card.effect.target in ONE_UNIT, (card.id, card.effect.target)
        assert {op.op for op in card.effect.ops} <= UNIT_CHANGES, (card.id, card.effect.ops)
        assert card.cost == 0, card.id  # no Tower Levels


def _table(st: State) -> dict[str, object]:
    """Everything a Deploy Effect must leave alone, card by card and player by player."""
    return {
        "towers": [p.tower for p in st.players],
        "hands": [list(p.hand) for p in st.players],
        "decks": [list(p.deck) for p in st.players],
        "cards": {c.uid: dataclasses.astuple(dataclasses.replace(c, d=None)) for c in st.cards},  # type: ignore[arg-type]
    }


def _ritual_board(cid: str) -> tuple[Board, int, dict[str, int]]:
    """Ana holds Ritual `cid` with two sources of every element; each side has a unit it could help or
    hurt: hers wounded and exhausted, Bram's ready and a Hero beside it."""
    b = Board()
    b.basics(0, "bedrock-shard", "bedrock-shard", "ember-hearth", "ember-hearth")
    b.basics(0, "gale-shrine", "gale-shrine", "tide-font", "tide-font", holding="")
    units = {
        "ox": b.add(0, "boulderback-ox", "offensive"),
        "warden": b.add(1, "reef-warden", "offensive"),
        "hero": b.add(1, "oda-deepcurrent", "defensive"),
    }
    b.state.cards[units["ox"]].wounds = 2
    b.state.cards[units["ox"]].exhausted = True
    return b, b.add(0, cid), units


def test_H_44_each_rituals_deploy_effect_is_one_shot_on_its_unit() -> None:
    """Over the whole pool: played from hand on each unit it may aim at, a Ritual changes that unit and
    nothing else (no Tower, hand, deck or other card), goes to the graveyard without the stack, and what
    it gave until end of turn is gone when the turn ends."""
    rituals = [c.id for c in content().cards.values() if c.type == "ritual"]
    for cid in rituals:
        b, rite, _ = _ritual_board(cid)
        st = b.start()
        assert ("ritual", rite) in actions(st), cid
        act(st, "ritual", rite)
        choices = [a for a in actions(st) if a[0] == "unit"]
        assert choices and set(actions(st)) == {*choices, ("cancel",)}, (cid, actions(st))  # a unit, always
        changed = set()
        for choice in choices:
            b, rite, _ = _ritual_board(cid)
            st = b.start()
            before = _table(st)
            act(st, "ritual", rite)
            act(st, *choice)
            target = int(choice[1])
            after = _table(st)
            assert after["towers"] == before["towers"], cid
            assert after["decks"] == before["decks"], cid
            assert after["hands"] == [[u for u in h if u != rite] for h in before["hands"]], cid  # type: ignore[attr-defined]
            moved = {u for u in before["cards"] if before["cards"][u] != after["cards"][u]}  # type: ignore[index]
            assert moved <= {rite, target}, (cid, moved)
            assert st.cards[rite].zone == "grave" and not st.stack and kind(st) == "main", cid
            if target in moved:
                changed.add(target)
                t = st.cards[target]
                if t.zone in ("offensive", "defensive"):
                    act(st, "end")
                    pass_fast(st)
                    assert st.active == 1 and (t.power_mod, t.guard_mod) == (0, 0), cid  # one-shot: it lapsed
        assert changed, (cid, "changed no unit")


def test_H_44_the_loader_refuses_a_ritual_that_acts_beyond_one_unit() -> None:
    from mythtable.rulesets.magewars.schema import CardModel, card_problems

    base = {
        "id": "rite-x",
        "name": "Rite X",
        "short_name": "Rite X",
        "type": "ritual",
        "elements": ["Fire"],
        "requires": {"elements": {"Fire": 1}},
    }
    ok = CardModel.model_validate({**base, "effect": {"target": "enemy_unit", "ops": [{"op": "damage", "amount": 2}]}})
    assert card_problems(ok) == []
    for effect in (
        {"ops": [{"op": "tower_damage", "amount": 2}]},  # Rite of Cinders as it was
        {"target": "enemy_unit", "ops": [{"op": "damage", "amount": 1}, {"op": "draw", "amount": 1}]},
        {"target": "own_unit", "ops": [{"op": "heal", "amount": 1}, {"op": "tower_heal", "amount": 1}]},
        {"target": "own_line", "ops": [{"op": "power", "amount": 1}]},
    ):
        problems = card_problems(CardModel.model_validate({**base, "effect": effect}))
        assert any("H-44" in message for _, message in problems), effect


def test_H_48_tower_healing_is_capped_at_30() -> None:
    b = Board(towers=(29, 30))
    b.basics(0, "bedrock-shard", "bedrock-shard")
    mend = b.add(0, "rampart-mending")
    mend2 = b.add(0, "rampart-mending")
    st = b.start()
    act(st, "cast", mend)
    pass_fast(st)
    assert st.players[0].tower == 30
    st.players[0].tower = 20
    act(st, "cast", mend2)
    pass_fast(st)
    assert st.players[0].tower == 23


def test_H_49_ability_costs_and_speeds() -> None:
    b = Board()
    b.basics(0, "gale-shrine", "tide-font", "ember-hearth")
    lancer = b.add(0, "skyreach-lancer", "offensive")
    acolyte = b.add(0, "tidecaller-acolyte", "defensive")
    hound = b.add(0, "cinder-hound", "defensive")
    b.add(0, "flash-scorch")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    st.cards[acolyte].wounds = 2
    acts = actions(st)
    assert ("ability", lancer) in acts and ("ability", acolyte) in acts and ("ability", hound) in acts
    act(st, "ability", lancer)  # exhaust cost, Main-phase speed, uses the stack
    act(st, "unit", warden)
    assert st.cards[lancer].exhausted and [s.uid for s in st.stack] == [lancer]
    assert kind(st) == "fast_cast" and seat(st) == 0  # stack not empty: only fast things
    assert ("ability", lancer) not in actions(st)
    assert ("ability", acolyte) in actions(st)
    act(st, "ability", acolyte)
    act(st, "unit", acolyte)
    assert st.players[0].tower == 29 and st.cards[acolyte].exhausted
    pass_fast(st)
    assert st.cards[warden].wounds == 1 and st.cards[acolyte].wounds == 0
    act(st, "ability", hound)
    pass_fast(st)
    act(st, "ability", hound)
    pass_fast(st)
    assert st.players[0].tower == 27 and st.cards[hound].power_mod == 2
    with pytest.raises(IllegalAction):
        act(st, "ability", lancer)  # exhausted


def test_H_49_the_log_names_the_tower_an_ability_costs() -> None:
    """A player whose Tower drops by an ability's cost reads why in the log; a free ability says no cost."""
    b = Board()
    b.basics(0, "gale-shrine", "tide-font", "ember-hearth")
    lancer = b.add(0, "skyreach-lancer", "offensive")
    hound = b.add(0, "cinder-hound", "defensive")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    texts = [e.text for e in act(st, "ability", lancer) + act(st, "unit", warden)]
    assert any("activates Skyreach Lancer" in t and "Tower" not in t for t in texts), texts
    pass_fast(st)
    texts = [e.text for e in act(st, "ability", hound)]
    assert any(t.endswith("activates Cinder Hound paying 1 Tower.") for t in texts), texts
    assert st.players[0].tower == 29
