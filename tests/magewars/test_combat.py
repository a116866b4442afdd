"""Scenario tests for combat: seed clauses W-1..W-38 and house rules H-29..H-41."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.magewars.rules import queries
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from tests.magewars.helpers import (
    Board,
    act,
    actions,
    declare,
    finish_attack_step,
    kind,
    pass_fast,
    play_quietly_until,
    seat,
)


def power(state: State, uid: int) -> int:
    return queries.power(state, state.cards[uid])


def duel_board() -> tuple[Board, dict[str, int]]:
    """Ana (active) and Bram, each with a Holding and sources, fast spells in hand."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    b.basics(1, "tide-font", "bedrock-shard")
    u = {
        "ox": b.add(0, "boulderback-ox", "offensive"),
        "hound": b.add(0, "cinder-hound", "offensive", fresh=True),
        "sentinel": b.add(0, "quarry-sentinel", "defensive"),
        "scorch": b.add(0, "flash-scorch"),
        "warden": b.add(1, "reef-warden", "offensive"),
        "heron": b.add(1, "mist-heron", "offensive"),
        "snare": b.add(1, "undertow-snare"),
    }
    return b, u


def test_W_1_W_2_W_3_W_4_W_5_combat_steps_then_counter_attack_in_order() -> None:
    b, u = duel_board()
    st = b.start()
    seen: list[str] = [RULESET.stage(st)]

    def step(*action: str | int) -> None:
        act(st, *action)
        stage = RULESET.stage(st)
        if stage != seen[-1]:
            seen.append(stage)

    step("combat")
    while kind(st) == "fast_cast":
        step("pass")
    # W-1: the attack is aimed by line rules: the filled Offensive Line only, never the Tower behind it
    ox_targets = {a[2:] for a in actions(st) if a[0] == "attack" and a[1] == u["ox"]}
    assert ox_targets == {("line", "offensive")}
    step("attack", u["ox"], "line", "offensive")
    step("done")
    while kind(st) == "fast_cast":
        step("pass")
    assert kind(st) == "attack_step"
    step("done")
    while kind(st) == "fast_cast":
        step("pass")
    # W-1: the line takes the hit; the defender picks which of its units on that line
    assert kind(st) == "line_damage_target" and seat(st) == 1
    assert set(actions(st)) == {("unit", u["warden"]), ("unit", u["heron"])}
    step("unit", u["warden"])
    assert st.cards[u["warden"]].wounds == power(st, u["ox"]) and st.players[1].tower == 30
    assert kind(st) == "counter_attackers"
    step("attack", u["warden"], "line", "offensive")
    step("done")
    assert kind(st) == "counter_blockers"
    step("done")
    while kind(st) == "fast_cast":
        step("pass")
    assert kind(st) == "line_damage_target"
    step("unit", u["ox"])
    assert seen == [
        "main",
        "combat.declaration",
        "combat.attack",
        "combat.defense",
        "combat.damage",
        "counter.attack",
        "counter.defense",
        "counter.damage",
        "main",
    ]
    # W-5: the counter-attack never asked for a declaration window (no fast_cast before its blocks)
    assert st.active == 1


def test_W_6_W_7_W_12_active_player_opens_combat_with_declaration() -> None:
    b, _u = duel_board()
    st = b.start()
    assert kind(st) == "main" and seat(st) == 0
    assert ("combat",) in actions(st)
    act(st, "combat")
    pass_fast(st)
    assert RULESET.stage(st) == "combat.declaration"
    assert kind(st) == "declare_attackers" and seat(st) == 0
    assert st.combat is not None and st.combat.atk == 0 and st.combat.dfn == 1


FORBIDDEN_AFTER_DECLARING = {"deploy", "deploy_down", "lay", "set", "move", "combat", "end"}


def assert_no_main_phase_actions(st: State, d_kind: str, acts: list[tuple[str | int, ...]]) -> None:
    """W-8..W-11, H-21: nothing of the Main phase after declaring; casts are fast-casts only."""
    names = {a[0] for a in acts}
    assert d_kind != "main", d_kind
    assert not names & FORBIDDEN_AFTER_DECLARING, (d_kind, names)
    if d_kind != "attack_step":  # W-34 / H-22: Rituals only in the Attack step
        assert "ritual" not in names, (d_kind, names)
    for a in acts:
        if a[0] == "cast":
            assert st.cards[int(a[1])].d.speed == "fast"


def test_W_8_W_9_W_10_W_11_H_21_no_deploy_slow_weave_lay_or_set_after_declaring() -> None:
    b, u = duel_board()
    spare = b.add(0, "boulderback-ox")
    slide = b.add(0, "landslide")
    bulwark = b.add(0, "rooted-bulwark")
    shard = b.add(0, "bedrock-shard")
    fury = b.add(0, "rite-of-fury")
    st = b.start()
    before = set(actions(st))
    # the same cards are playable just before the declaration (the boundary)
    assert {("deploy", spare, "offensive"), ("cast", slide), ("cast", bulwark), ("lay", shard)} <= before
    assert {("set", fury), ("ritual", fury), ("move", u["ox"])} <= before
    act(st, "combat")
    # Bram answers the declaration with a fast-cast: the response path
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "cast", u["snare"])
    act(st, "unit", u["ox"])
    ana_decisions = 0
    for _ in range(200):
        d = st.decision
        if d is None or st.active != 0:
            break
        if d.seat == 0:
            ana_decisions += 1
            assert_no_main_phase_actions(st, d.kind, d.actions)
        if d.kind == "declare_attackers":
            declared = {a.attacker for a in st.combat.attacks} if st.combat else set()
            act(st, *(("attack", u["ox"], "line", "offensive") if u["ox"] not in declared else ("done",)))
        elif ("pass",) in d.actions:
            act(st, "pass")
        elif ("done",) in d.actions:
            act(st, "done")
        else:
            act(st, *d.actions[0])
    assert ana_decisions >= 4 and st.active == 1
    assert st.cards[u["snare"]].zone == "grave"  # the response did resolve
    assert st.cards[spare].zone == "hand" and st.cards[shard].zone == "hand"
    assert st.cards[slide].zone == "hand" and st.cards[bulwark].zone == "hand"


def test_W_7_W_8_W_12_a_fast_cast_answer_to_declaring_combat_leads_on_to_the_declaration() -> None:
    b, u = duel_board()
    spare = b.add(0, "boulderback-ox")
    st = b.start()
    act(st, "combat")
    assert kind(st) == "fast_cast" and seat(st) == 1 and not st.stack
    act(st, "cast", u["snare"])
    act(st, "unit", u["ox"])
    pass_fast(st)
    # the snare resolved; Ana is still in the combat she declared, not back in her Main phase
    assert st.cards[u["snare"]].zone == "grave" and not st.stack
    assert kind(st) == "declare_attackers" and seat(st) == 0
    assert RULESET.stage(st) == "combat.declaration"
    assert ("attack", u["ox"], "line", "offensive") in actions(st)
    assert not any(a[0] == "deploy" for a in actions(st)) and st.cards[spare].zone == "hand"


def test_W_7_W_11_a_face_up_answer_to_declaring_combat_leads_on_to_the_declaration() -> None:
    b, _u = duel_board()
    shard = b.add(0, "bedrock-shard")
    hidden = b.add(1, "reef-warden", "defensive", face_down=True)
    st = b.start()
    assert ("lay", shard) in actions(st)
    act(st, "combat")
    assert kind(st) == "fast_cast" and seat(st) == 1
    assert RULESET.stage(st) == "combat.declaration"  # W-12: declaring combat opens the Declaration step
    act(st, "flip", hidden)
    assert not st.cards[hidden].face_down
    act(st, "pass")
    # Ana gets priority once more (she may answer at fast-cast speed), but never the Main phase again
    assert kind(st) == "fast_cast" and seat(st) == 0
    assert_no_main_phase_actions(st, kind(st), actions(st))
    act(st, "pass")
    assert kind(st) == "declare_attackers" and seat(st) == 0
    assert st.cards[shard].zone == "hand" and not st.players[0].laid


def test_W_7_H_28_an_answer_to_ending_the_main_phase_gives_it_back() -> None:
    """The boundary of W-7: ending the Main phase is no combat declaration; an answer reopens it."""
    b, u = duel_board()
    st = b.start()
    act(st, "end")
    act(st, "cast", u["snare"])
    act(st, "unit", u["ox"])
    pass_fast(st)
    assert kind(st) == "main" and seat(st) == 0 and ("combat",) in actions(st)


def _declaration_board() -> tuple[Board, dict[str, int]]:
    """Ana: an old ox and an old Aerial kestrel on the Offensive Line, a fresh ox beside them, a sentinel on the
    Defensive Line; Bram: a warden on his Offensive Line, a Hero on his Defensive Line."""
    b = Board()
    b.basics(0, "bedrock-shard")
    b.basics(1, "tide-font", "tide-font")
    u = {
        "ox": b.add(0, "boulderback-ox", "offensive"),
        "kestrel": b.add(0, "cliff-kestrel", "offensive"),
        "fresh": b.add(0, "boulderback-ox", "offensive", fresh=True),
        "sentinel": b.add(0, "quarry-sentinel", "defensive"),
        "warden": b.add(1, "reef-warden", "offensive"),
        "oda": b.add(1, "oda-deepcurrent", "defensive"),
    }
    return b, u


def test_W_13_W_14_W_15_only_offensive_ready_units_attack_each_with_a_target() -> None:
    """W-15: only the Offensive Line attacks (the fresh ox waits, H-19); W-14: each attacker gets a target of
    its own, chosen among those its line rules allow, and the combat keeps each one as chosen; W-13: the
    attacker picks which units attack, all of them or some."""
    b, u = _declaration_board()
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    assert kind(st) == "declare_attackers" and seat(st) == 0
    offered: dict[object, set[tuple[object, ...]]] = {}
    for a in actions(st):
        if a[0] == "attack":
            offered.setdefault(a[1], set()).add(a[2:])
    assert offered == {
        u["ox"]: {("line", "offensive")},  # W-20: Bram's Offensive Line holds a unit
        u["kestrel"]: {("line", "offensive"), ("line", "defensive"), ("line", "tower"), ("hero", u["oda"])},  # W-23
    }
    act(st, "attack", u["ox"], "line", "offensive")
    assert ("withdraw", u["ox"]) in actions(st)
    assert not any(a[0] == "attack" and a[1] == u["ox"] for a in actions(st))  # one target per attacker
    with pytest.raises(IllegalAction):
        act(st, "attack", u["sentinel"], "line", "offensive")
    act(st, "attack", u["kestrel"], "hero", u["oda"])
    act(st, "done")
    cb = st.combat
    assert cb is not None
    assert [(a.attacker, a.line, a.hero) for a in cb.attacks] == [
        (u["ox"], "offensive", -1),
        (u["kestrel"], "defensive", u["oda"]),
    ]
    assert [st.cards[u[k]].exhausted for k in ("ox", "kestrel", "fresh", "sentinel")] == [True, True, False, False]
    b, u = _declaration_board()  # W-13: some of them
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    act(st, "attack", u["kestrel"], "line", "tower")
    act(st, "done")
    cb = st.combat
    assert cb is not None and [(a.attacker, a.line, a.hero) for a in cb.attacks] == [(u["kestrel"], "tower", -1)]
    assert not st.cards[u["ox"]].exhausted


def test_W_16_W_17_defender_gets_priority_and_no_blocks_in_declaration() -> None:
    b, u = duel_board()
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    assert RULESET.stage(st) == "combat.declaration"
    assert kind(st) == "fast_cast" and seat(st) == 1
    assert not any(a[0] == "block" for a in actions(st))
    assert ("cast", u["snare"]) in actions(st)


# ----- targets -----------------------------------------------------------------------------


def targets_for(b: Board, attacker: int) -> set[tuple[str | int, ...]]:
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    return {a[2:] for a in actions(st) if a[0] == "attack" and a[1] == attacker}


@pytest.mark.parametrize(
    ("defender_off", "defender_def", "expected"),
    [
        (["reef-warden"], ["reef-warden"], {("line", "offensive")}),
        ([], ["reef-warden"], {("line", "defensive")}),
        ([], [], {("line", "tower")}),
        # H-29 (decided): Aerial units never close the way to the lines behind them, yet a line that holds
        # only Aerial units still holds units and may be attacked (W-20); W-24's Tower is an extra option
        (["mist-heron"], ["gust-sprite"], {("line", "offensive"), ("line", "defensive"), ("line", "tower")}),
        (["mist-heron"], ["reef-warden"], {("line", "offensive"), ("line", "defensive")}),
        ([], ["mist-heron"], {("line", "defensive"), ("line", "tower")}),
        (["reef-warden"], ["mist-heron"], {("line", "offensive")}),
    ],
)
def test_W_18_W_19_W_20_W_21_W_22_W_24_line_rules_table(
    defender_off: list[str], defender_def: list[str], expected: set[tuple[str, str]]
) -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    b.basics(1, "tide-font")
    ox = b.add(0, "boulderback-ox", "offensive")
    for cid in defender_off:
        b.add(1, cid, "offensive")
    for cid in defender_def:
        b.add(1, cid, "defensive")
    assert targets_for(b, ox) == expected


def test_W_18_H_20_face_down_cards_do_not_fill_a_line() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(1, "reef-warden", "offensive", face_down=True)
    b.add(1, "reef-warden", "defensive", face_down=True)
    assert targets_for(b, ox) == {("line", "tower")}


def test_H_29_W_20_W_24_W_26_a_lone_aerial_hero_is_not_out_of_reach_of_ground_attacks() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "gale-shrine", "gale-shrine")
    selka = b.add(1, "selka-windcaller", "offensive")  # Aerial Hero
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    offered = {a[2:] for a in actions(st) if a[0] == "attack" and a[1] == ox}
    assert offered == {("line", "offensive"), ("hero", selka), ("line", "tower")}
    act(st, "attack", ox, "hero", selka)
    act(st, "done")
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert st.cards[selka].wounds == power(st, ox)
    assert st.players[1].tower == 30


def test_W_23_H_29_aerial_attacker_may_target_any_line_or_the_tower() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    kestrel = b.add(0, "cliff-kestrel", "offensive")
    b.add(1, "reef-warden", "offensive")
    b.add(1, "reef-warden", "defensive")
    assert targets_for(b, kestrel) == {("line", "offensive"), ("line", "defensive"), ("line", "tower")}


def test_W_25_W_26_heroes_are_targetable_only_on_a_legal_line() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    kestrel = b.add(0, "cliff-kestrel", "offensive")
    b.add(1, "reef-warden", "offensive")
    b.add(1, "reef-warden", "offensive")  # a non-Hero is never an individual target
    hero = b.add(1, "oda-deepcurrent", "defensive")
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    acts = actions(st)
    ox_targets = {a[2:] for a in acts if a[0] == "attack" and a[1] == ox}
    kes_targets = {a[2:] for a in acts if a[0] == "attack" and a[1] == kestrel}
    assert ox_targets == {("line", "offensive")}  # Hero on Defensive Line not reachable
    assert ("hero", hero) in kes_targets  # an Aerial attacker may reach it (H-29)
    assert all(t[0] == "line" or t[1] == hero for t in kes_targets)


def test_W_26_hero_on_the_offensive_line_is_a_target() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    hero = b.add(1, "oda-deepcurrent", "offensive")
    assert targets_for(b, ox) == {("line", "offensive"), ("hero", hero)}


# ----- Attack step ---------------------------------------------------------------------------


def test_W_27_W_28_H_28_defender_blocks_in_attack_step_without_fast_casts() -> None:
    b, u = duel_board()
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    assert RULESET.stage(st) == "combat.attack"
    assert kind(st) == "attack_step" and seat(st) == 1
    names = {a[0] for a in actions(st)}
    assert "cast" not in names and "ability" not in names  # W-28 / H-28: no fast-cast window
    assert ("block", u["warden"]) in actions(st)
    act(st, "block", u["warden"])  # one attacker: assigned at once
    assert st.combat is not None and st.combat.attacks[0].blockers == [u["warden"]]


def test_W_29_H_22_defender_flips_unit_only_when_requirements_met() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(1, "old-quarry-keep", "row")
    b.add(1, "tide-font", "row")
    ok = b.add(1, "reef-warden", "defensive", face_down=True)
    hero = b.add(1, "oda-deepcurrent", "defensive", face_down=True)  # needs Water 2
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    assert kind(st) == "attack_step"
    assert ("flip", ok) in actions(st)
    assert ("flip", hero) not in actions(st)
    with pytest.raises(IllegalAction):
        act(st, "flip", hero)
    act(st, "flip", ok)
    assert not st.cards[ok].face_down and st.cards[ok].zone == "defensive"
    assert not st.players[1].laid  # turning face-up uses no lay


def test_W_30_W_31_flip_on_empty_offensive_line_pulls_attacks_from_other_lines() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox1 = b.add(0, "boulderback-ox", "offensive")
    ox2 = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    b.add(1, "reef-warden", "defensive")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    assert {a[2:] for a in actions(st) if a[0] == "attack" and a[1] == ox1} == {("line", "defensive")}
    act(st, "attack", ox1, "line", "defensive")
    act(st, "attack", ox2, "line", "defensive")
    act(st, "done")
    pass_fast(st)
    act(st, "flip", down)
    assert st.combat is not None and st.combat.attacks[0].line == "defensive"  # not final yet
    finish_attack_step(st)
    assert RULESET.stage(st) == "combat.defense"
    assert [a.line for a in st.combat.attacks] == ["offensive", "offensive"]
    assert [a.decl_line for a in st.combat.attacks] == ["defensive", "defensive"]


def test_W_31_flip_on_offensive_line_pulls_tower_attacks() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    assert st.combat is not None and st.combat.attacks[0].line == "offensive"
    assert st.combat.attacks[0].moved


def test_W_32_W_33_defensive_flip_pulls_tower_attacks_but_not_offensive_ones() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    down = b.add(1, "reef-warden", "defensive", face_down=True)
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    assert st.combat is not None and st.combat.attacks[0].line == "defensive"
    # W-33: with an occupied Offensive Line, a Defensive flip leaves Offensive attacks alone
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    b.add(1, "reef-warden", "offensive")
    down = b.add(1, "reef-warden", "defensive", face_down=True)
    b.add(0, "stoneskin-chant")
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    assert st.combat is not None and st.combat.attacks[0].line == "offensive"
    assert not st.combat.attacks[0].moved


def test_W_30_W_32_a_turned_unit_destroyed_before_targets_are_fixed_moves_nothing() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    scorch = b.add(0, "flash-scorch")
    b.basics(1, "ember-hearth")
    hound = b.add(1, "cinder-hound", "defensive", face_down=True)
    st = b.start()
    declare(st, (ox, "line", "tower"))
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "flip", hound)  # W-32: a unit turned face-up on the Defensive Line...
    act(st, "pass")
    act(st, "cast", scorch)  # ...but Ana burns it (Guard 2) before the Attack step ends
    act(st, "unit", hound)
    pass_fast(st)
    assert st.cards[hound].zone == "grave"
    finish_attack_step(st)
    pass_fast(st)
    # W-30: targets are fixed now, by the units there now: the Defensive Line is empty again
    assert st.combat is not None and st.combat.attacks[0].line == "tower"
    assert not st.combat.attacks[0].moved
    assert kind(st) == "damage_choice"
    act(st, "damage")
    assert st.players[1].tower == 30 - power(st, ox)


def test_H_30_moved_hero_attack_loses_the_hero() -> None:
    """The ox (Power 3, +1 for Ana's Earth source: 4) attacks the Hero on Bram's Defensive Line. Bram turns a
    unit face-up on his empty Offensive Line (W-31): the attack moves there, loses the Hero, and the unit takes
    the 4. Without the flip the same attack hits the Hero."""
    for flip in (True, False):
        b = Board()
        b.basics(0, "bedrock-shard")
        ox = b.add(0, "boulderback-ox", "offensive")
        b.basics(1, "tide-font", "tide-font")
        hero = b.add(1, "oda-deepcurrent", "defensive")
        down = b.add(1, "reef-warden", "offensive", face_down=True)
        b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
        st = b.start()
        declare(st, (ox, "hero", hero))
        cb = st.combat
        assert cb is not None and (cb.attacks[0].line, cb.attacks[0].hero) == ("defensive", hero)
        pass_fast(st)
        assert kind(st) == "attack_step" and seat(st) == 1
        if flip:
            act(st, "flip", down)
        finish_attack_step(st)
        a = cb.attacks[0]
        if flip:
            assert (a.line, a.hero, a.decl_hero, a.moved) == ("offensive", -1, hero, True)
        else:
            assert (a.line, a.hero, a.moved) == ("defensive", hero, False)
        pass_fast(st)
        assert st.cards[hero].wounds == (0 if flip else 4)
        assert st.cards[down].wounds == (4 if flip else 0)
        assert st.cards[down].zone == "offensive" and st.cards[hero].zone == "defensive"  # both survive


def test_W_34_either_player_may_use_face_down_rituals_in_attack_step() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    fury = b.add(0, "rite-of-fury", "row", face_down=True)
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    still = b.add(1, "rite-of-still-water", "row", face_down=True)
    st = b.start()
    st.cards[warden].wounds = 3
    declare(st, (ox, "line", "offensive"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    act(st, "flip", still)
    assert kind(st) == "target"
    act(st, "unit", warden)
    assert st.cards[warden].wounds == 0 and st.cards[still].zone == "grave"
    act(st, "done")
    assert kind(st) == "attack_step" and seat(st) == 0
    assert ("flip", fury) in actions(st)
    before = power(st, ox)
    act(st, "flip", fury)
    act(st, "unit", ox)
    assert power(st, ox) == before + 2


def test_W_34_H_22_a_ritual_may_be_played_from_hand_in_the_attack_step() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    fury = b.add(0, "rite-of-fury")
    squalls = b.add(0, "rite-of-squalls")  # needs Wind: Ana has none
    fury2 = b.add(0, "rite-of-fury")
    b.add(0, "stoneskin-chant")  # keeps Ana's Defense-step decision open
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    still = b.add(1, "rite-of-still-water")
    b.add(1, "undertow-snare")  # keeps Bram's Declaration-step decision open
    st = b.start()
    st.cards[warden].wounds = 3
    declare(st, (ox, "line", "offensive"))
    # not in the Declaration window: a Ritual is no fast-cast
    assert kind(st) == "fast_cast" and ("ritual", still) not in actions(st)
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    assert ("ritual", still) in actions(st)
    act(st, "ritual", still)
    act(st, "unit", warden)
    assert st.cards[warden].wounds == 0 and st.cards[still].zone == "grave"
    act(st, "done")
    assert kind(st) == "attack_step" and seat(st) == 0
    assert ("ritual", fury) in actions(st)
    assert ("ritual", squalls) not in actions(st)  # requirements are still checked
    before = power(st, ox)
    act(st, "ritual", fury)
    act(st, "unit", ox)
    assert power(st, ox) == before + 2 and st.cards[fury].zone == "grave"
    finish_attack_step(st)
    assert RULESET.stage(st) == "combat.defense" and seat(st) == 0
    assert ("ritual", fury2) not in actions(st)  # the Defense step is a fast-cast window only


def test_W_35_H_46_attacker_flip_after_declaring_does_not_join_but_blocks_counter() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    hidden = b.add(0, "quarry-sentinel", "offensive", face_down=True)
    b.add(0, "bedrock-shard", "row")
    b.basics(1, "tide-font", "tide-font")
    warden = b.add(1, "oda-deepcurrent", "offensive")
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    # Declaration window: Bram passes, then Ana holds priority and may turn her card face-up
    assert kind(st) == "fast_cast" and seat(st) == 0
    act(st, "flip", hidden)
    assert not st.cards[hidden].face_down
    assert st.combat is not None and [a.attacker for a in st.combat.attacks] == [ox]
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "counter_attackers"
    act(st, "attack", warden, "line", "offensive")
    act(st, "done")
    assert kind(st) == "counter_blockers" and seat(st) == 0
    assert ("block", hidden) in actions(st)


def test_W_36_W_37_W_38_defense_step_allows_fast_casts_and_fast_abilities_for_both() -> None:
    b, u = duel_board()
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    finish_attack_step(st)
    assert RULESET.stage(st) == "combat.defense"
    assert kind(st) == "fast_cast" and seat(st) == 0  # attacker first (H-28)
    assert ("cast", u["scorch"]) in actions(st)
    assert ("ability", u["sentinel"]) in actions(st)  # a fast ability (W-38)
    act(st, "pass")
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "cast", u["snare"])
    act(st, "unit", u["ox"])
    assert st.stack and seat(st) == 0
    pass_fast(st)
    assert st.cards[u["snare"]].zone == "grave"


# ----- blocking and damage -------------------------------------------------------------------


def test_H_31_H_32_two_blockers_from_either_line_and_split_damage() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    legion = b.add(0, "ash-legionary", "offensive")
    b.add(0, "ember-hearth", "row")
    b.basics(1, "tide-font")
    w1 = b.add(1, "reef-warden", "offensive")
    w2 = b.add(1, "tidecaller-acolyte", "defensive")
    st = b.start()
    declare(st, (legion, "line", "offensive"))
    pass_fast(st)
    act(st, "block", w1)
    act(st, "block", w2)
    act(st, "done")
    pass_fast(st)
    pw = power(st, legion)
    assert kind(st) == "split_damage" and seat(st) == 0
    assert pw == 6  # 4 printed + 2 Fire sources (H-43)
    act(st, "assign", w1, 1)
    act(st, "assign", w2, pw - 1)
    # the Legionary (Guard 4) takes 3 + 3 back at the same time and dies; so does the Acolyte
    assert st.cards[legion].zone == "grave"
    assert st.cards[w2].zone == "grave"
    assert st.cards[w1].wounds == 1


def test_H_32_a_blocked_attacker_deals_no_other_damage() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox1 = b.add(0, "boulderback-ox", "offensive")
    ox2 = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    heron = b.add(1, "mist-heron", "offensive")  # Aerial: the Tower stays open (W-24)
    st = b.start()
    declare(st, (ox1, "line", "tower"), (ox2, "line", "tower"))
    pass_fast(st)
    act(st, "block", heron)
    act(st, "unit", ox1)
    act(st, "done")
    pass_fast(st)
    # ox1 is blocked: it and the Heron trade blows at once, and ox1 never reaches the Tower
    assert st.cards[heron].wounds == power(st, ox1)
    assert st.cards[ox1].wounds == power(st, heron)
    # ox2 is not blocked: only it may reach the Tower (the boundary)
    assert kind(st) == "damage_choice" and seat(st) == 0
    assert st.players[1].tower == 30
    act(st, "damage")
    assert st.players[1].tower == 30 - power(st, ox2)
    assert st.cards[heron].zone == "grave"


def test_H_33_unblocked_attacks_hit_hero_or_a_defender_chosen_unit() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    kes = b.add(0, "cliff-kestrel", "offensive")
    b.basics(1, "tide-font", "tide-font")
    hero = b.add(1, "oda-deepcurrent", "offensive")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    declare(st, (ox, "hero", hero), (kes, "line", "offensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert st.cards[hero].wounds == power(st, ox)
    assert kind(st) == "line_damage_target" and seat(st) == 1
    assert set(actions(st)) == {("unit", hero), ("unit", warden)}
    act(st, "unit", warden)
    assert st.cards[warden].wounds == power(st, kes)


def test_H_33_attack_on_an_emptied_line_deals_nothing() -> None:
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    scorch = b.add(0, "flash-scorch")
    b.basics(1, "ember-hearth")
    hound = b.add(1, "cinder-hound", "offensive")
    back = b.add(1, "cinder-hound", "defensive")
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    pass_fast(st)
    finish_attack_step(st)
    assert RULESET.stage(st) == "combat.defense" and seat(st) == 0
    act(st, "cast", scorch)
    act(st, "unit", hound)
    pass_fast(st)
    assert st.cards[hound].zone == "grave"  # destroyed by the spell before damage
    # the Offensive Line is empty now: the attack deals nothing, and never spills over
    assert st.cards[back].wounds == 0 and st.players[1].tower == 30


def test_H_34_tower_damage_or_capture_and_forced_damage_without_holdings() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox1 = b.add(0, "boulderback-ox", "offensive")
    ox2 = b.add(0, "boulderback-ox", "offensive")
    keep = b.add(1, "lantern-market", "row")
    hidden = b.add(1, "sunken-abbey", "row", face_down=True)  # a face-down Holding is no Holding yet
    st = b.start()
    declare(st, (ox1, "line", "tower"), (ox2, "line", "tower"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "damage_choice" and seat(st) == 0
    assert set(actions(st)) == {("damage",), ("capture", keep)}
    act(st, "capture", keep)
    assert st.cards[keep].controller == 0 and keep in st.players[0].row
    # the second attack: only a face-down Holding is left, so it deals damage without a choice
    assert st.players[1].tower == 30 - power(st, ox2)
    assert st.cards[hidden].controller == 1 and hidden in st.players[1].row


def test_H_34_an_attacker_at_zero_power_may_still_capture() -> None:
    b = Board()
    b.basics(0, "gale-shrine")
    sprite = b.add(0, "gust-sprite", "offensive")  # Power 1 + 1 Wind source
    b.basics(1, "tide-font", holding="lantern-market")
    snare = b.add(1, "undertow-snare")
    st = b.start()
    keep = st.players[1].row[0]
    declare(st, (sprite, "line", "tower"))
    act(st, "cast", snare)
    act(st, "unit", sprite)
    pass_fast(st)
    assert power(st, sprite) == 0
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "damage_choice" and seat(st) == 0
    assert set(actions(st)) == {("damage",), ("capture", keep)}
    act(st, "capture", keep)
    assert st.cards[keep].controller == 0 and st.players[1].tower == 29  # only the Snare cost 1


def test_H_35_F_11_captured_holding_counts_for_captor_and_units_stay() -> None:
    """Ana captures Bram's only Holding. In his next Main phase Bram may deploy his warden only face-down, while
    his heron stays in play (F-11); in hers, Ana deploys her ox with the captured Holding. Had she taken damage
    instead, Bram would deploy the warden face-up."""
    for capture in (True, False):
        b = Board()
        b.add(0, "bedrock-shard", "row")
        ox = b.add(0, "boulderback-ox", "offensive")
        spare = b.add(0, "boulderback-ox")
        keep = b.add(1, "lantern-market", "row")
        b.add(1, "tide-font", "row")
        heron = b.add(1, "mist-heron", "offensive")  # Aerial: the Tower stays open (W-24)
        warden = b.add(1, "reef-warden")
        st = b.start()
        assert not any(a[0] == "deploy" and a[1] == spare for a in actions(st))  # Ana has no Holding yet
        declare(st, (ox, "line", "tower"))
        pass_fast(st)
        finish_attack_step(st)
        pass_fast(st)
        assert kind(st) == "damage_choice" and set(actions(st)) == {("damage",), ("capture", keep)}
        act(st, *(("capture", keep) if capture else ("damage",)))
        if capture:
            assert keep in st.players[0].row and (st.cards[keep].owner, st.cards[keep].controller) == (1, 0)
        play_quietly_until(st, lambda s: s.active == 1 and s.decision is not None and s.decision.kind == "main")
        acts = actions(st)
        assert ("deploy_down", warden, "offensive") in acts
        assert (("deploy", warden, "offensive") in acts) is not capture
        assert st.cards[heron].zone == "offensive" and not st.cards[heron].face_down  # F-11
        play_quietly_until(st, lambda s: s.active == 0 and s.decision is not None and s.decision.kind == "main")
        assert (("deploy", spare, "offensive") in actions(st)) is capture
        if capture:
            act(st, "deploy", spare, "offensive")
            assert spare in st.players[0].offensive and not st.cards[spare].face_down


def test_H_36_destruction_waits_until_all_damage_is_dealt() -> None:
    b = Board()
    b.basics(0, "ember-hearth")
    h1 = b.add(0, "cinder-hound", "offensive")
    h2 = b.add(0, "cinder-hound", "offensive")
    b.basics(1, "tide-font")
    acolyte = b.add(1, "tidecaller-acolyte", "offensive")
    heron = b.add(1, "mist-heron", "offensive")
    st = b.start()
    declare(st, (h1, "line", "offensive"), (h2, "line", "offensive"))
    pass_fast(st)
    act(st, "block", acolyte)
    act(st, "unit", h1)
    act(st, "done")
    pass_fast(st)
    # h1 blocked by the Acolyte: both die together; h2 unblocked: defender picks a target and may
    # still pick the Acolyte, which is lethally hurt but not yet removed (H-36)
    assert kind(st) == "line_damage_target"
    assert ("unit", acolyte) in actions(st)
    assert st.cards[acolyte].zone == "offensive" and st.cards[h1].zone == "offensive"
    act(st, "unit", acolyte)
    assert st.cards[acolyte].zone == "grave" and st.cards[h1].zone == "grave"
    assert st.cards[heron].wounds == 0


def test_H_37_counter_attackers_are_unblocking_ready_offensive_units() -> None:
    b, u = duel_board()
    b.add(1, "reef-warden", "defensive")
    exhausted = b.add(1, "reef-warden", "offensive")
    b.state.cards[exhausted].exhausted = True
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    act(st, "block", u["warden"])
    act(st, "done")
    pass_fast(st)
    if kind(st) == "split_damage":
        act(st, *actions(st)[0])
    assert kind(st) == "counter_attackers" and seat(st) == 1
    who = {a[1] for a in actions(st) if a[0] == "attack"}
    assert who == {u["heron"]}  # warden blocked, the other is exhausted, defensive units excluded


def test_H_38_counter_attack_has_no_declaration_window() -> None:
    b, u = duel_board()
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    act(st, "unit", u["warden"])
    assert kind(st) == "counter_attackers"
    act(st, "attack", u["warden"], "line", "offensive")
    act(st, "done")
    # straight to the original attacker's blocks: no fast-cast window in between
    assert kind(st) == "counter_blockers" and RULESET.stage(st) == "counter.attack"


def test_H_39_counter_blockers_did_not_attack() -> None:
    """The ox attacks; in the Attack step Ana's Rite of Open Sky readies it (W-34). Against the counter-attack
    she blocks with ready face-up units that did not attack: the fresh hound and the sentinel, and not the ox,
    ready and face-up as it is."""
    b, u = duel_board()
    b.add(0, "gale-shrine", "row")
    sky = b.add(0, "rite-of-open-sky")
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    act(st, "done")  # Bram blocks nothing
    assert kind(st) == "attack_step" and seat(st) == 0
    act(st, "ritual", sky)
    act(st, "unit", u["ox"])
    assert not st.cards[u["ox"]].exhausted
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "line_damage_target" and seat(st) == 1  # H-33: Bram picks who takes the attack
    act(st, "unit", u["warden"])
    assert kind(st) == "counter_attackers" and seat(st) == 1
    act(st, "attack", u["warden"], "line", "offensive")
    act(st, "done")
    assert kind(st) == "counter_blockers" and seat(st) == 0
    assert not st.cards[u["ox"]].exhausted and not st.cards[u["ox"]].face_down
    assert {a[1] for a in actions(st) if a[0] == "block"} == {u["hound"], u["sentinel"]}
    with pytest.raises(IllegalAction):
        act(st, "block", u["ox"])


def test_H_40_counter_attack_reaching_tower_only_damages() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    kes = b.add(0, "cliff-kestrel", "offensive")
    b.basics(1, "tide-font")
    heron = b.add(1, "mist-heron", "offensive")
    st = b.start()
    declare(st, (kes, "line", "defensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "counter_attackers"
    act(st, "attack", heron, "line", "tower")
    act(st, "done")
    pass_fast(st)
    assert st.players[0].tower == 30 - power(st, heron)  # Ana's Holding was not offered for capture
    assert st.step == "main" and st.active == 1


def test_H_41_combat_ends_after_counter_and_turn_goes_to_end() -> None:
    b, u = duel_board()
    for _ in range(3):
        b.add(0, "bedrock-shard")  # Ana holds 1 + 3 = 4 cards: no discard
    st = b.start()
    declare(st, (u["ox"], "line", "offensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    act(st, "unit", u["warden"])
    act(st, "done")  # no counter-attack
    assert st.combat is None and st.active == 1 and st.step == "main"


def test_H_45_only_aerial_units_block_aerial_attackers() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    kes = b.add(0, "cliff-kestrel", "offensive")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    heron = b.add(1, "mist-heron", "defensive")
    st = b.start()
    declare(st, (kes, "line", "offensive"), (ox, "line", "offensive"))
    pass_fast(st)
    act(st, "block", warden)  # only the Ox is a legal choice: assigned at once
    assert st.combat is not None and st.combat.attacks[1].blockers == [warden]
    act(st, "block", heron)
    assert kind(st) == "target"
    assert set(actions(st)) == {("unit", kes), ("unit", ox), ("cancel",)}


def test_H_47_aerial_attacks_are_never_moved() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    kes = b.add(0, "cliff-kestrel", "offensive")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    st = b.start()
    declare(st, (kes, "line", "tower"), (ox, "line", "tower"))
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    assert st.combat is not None
    assert [a.line for a in st.combat.attacks] == ["tower", "offensive"]
