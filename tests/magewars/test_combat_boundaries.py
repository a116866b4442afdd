"""Boundary scenarios for combat clauses, written from the rules text alone (black-box audit): the first and
last moment a rule applies, both seats, and the lines next to the one a rule names."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction
from mythtable.rulesets.magewars.ruleset import RULESET
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


def attack_targets(actions_: list[tuple[str | int, ...]], uid: int) -> set[tuple[str | int, ...]]:
    return {a[2:] for a in actions_ if a[0] == "attack" and a[1] == uid}


# ----- redirects ----------------------------------------------------------------------------------


def test_W_30_a_unit_turned_face_up_in_the_defense_step_moves_nothing() -> None:
    """Targets are final once the Attack step ends: Bram's warden, turned face-up on his empty Offensive Line in
    the Defense step, leaves the ox's Tower attack where it is. The same turn in the Attack step moves it (W-31)."""
    for step in ("attack", "defense"):
        b = Board()
        b.basics(0, "bedrock-shard")
        ox = b.add(0, "boulderback-ox", "offensive")
        b.add(0, "stoneskin-chant")  # Ana holds a fast spell: the Defense step asks her first
        b.basics(1, "tide-font")
        down = b.add(1, "reef-warden", "offensive", face_down=True)
        b.add(1, "undertow-snare")
        st = b.start()
        declare(st, (ox, "line", "tower"))
        pass_fast(st)
        assert kind(st) == "attack_step" and seat(st) == 1
        if step == "attack":
            act(st, "flip", down)
        finish_attack_step(st)
        assert RULESET.stage(st) == "combat.defense" and seat(st) == 0
        cb = st.combat
        assert cb is not None
        act(st, "pass")
        if step == "defense":
            assert seat(st) == 1 and ("flip", down) in actions(st)
            act(st, "flip", down)
        assert not st.cards[down].face_down
        pass_fast(st)
        if step == "attack":
            assert (cb.attacks[0].line, cb.attacks[0].moved) == ("offensive", True)
            assert st.cards[down].wounds == 4 and st.players[1].tower == 30
        else:
            assert (cb.attacks[0].line, cb.attacks[0].moved) == ("tower", False)
            assert kind(st) == "damage_choice"
            act(st, "damage")
            assert st.players[1].tower == 26 and st.cards[down].wounds == 0


def test_W_31_the_offensive_line_is_judged_when_the_attacks_are_declared() -> None:
    """Bram's Ember Imp fills his Offensive Line when Ana announces combat, but her Flash Scorch (an answer to his
    Snare) burns it before she picks targets: the ox goes for the Tower. A face-down warden Bram turns face-up on
    that line in the Attack step pulls the attack there: the line was empty when the attack was declared."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    scorch = b.add(0, "flash-scorch")
    b.add(0, "stoneskin-chant")
    b.basics(1, "tide-font", "ember-hearth")
    imp = b.add(1, "ember-imp", "offensive")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    snare = b.add(1, "undertow-snare")
    st = b.start()
    act(st, "combat")
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "cast", snare)
    act(st, "unit", ox)
    act(st, "cast", scorch)
    act(st, "unit", imp)
    pass_fast(st)
    assert st.cards[imp].zone == "grave"
    assert kind(st) == "declare_attackers"
    assert attack_targets(actions(st), ox) == {("line", "tower")}
    act(st, "attack", ox, "line", "tower")
    act(st, "done")
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    cb = st.combat
    assert cb is not None
    assert (cb.attacks[0].decl_line, cb.attacks[0].line, cb.attacks[0].moved) == ("tower", "offensive", True)


def test_W_31_W_32_flips_on_both_lines_send_a_tower_attack_to_the_offensive_line() -> None:
    """Both of Bram's lines are empty at declaration; he turns a unit face-up on each, the Defensive one first.
    W-31 moves every attack aimed at another line to the Offensive Line, the Tower attack included."""
    for order in (("defensive", "offensive"), ("offensive", "defensive")):
        b = Board()
        b.basics(0, "bedrock-shard")
        ox = b.add(0, "boulderback-ox", "offensive")
        b.add(0, "stoneskin-chant")
        b.basics(1, "tide-font")
        downs = {line: b.add(1, "reef-warden", line, face_down=True) for line in order}
        st = b.start()
        declare(st, (ox, "line", "tower"))
        pass_fast(st)
        for line in order:
            act(st, "flip", downs[line])
        finish_attack_step(st)
        cb = st.combat
        assert cb is not None and (cb.attacks[0].line, cb.attacks[0].moved) == ("offensive", True), order


# ----- the Attack step ------------------------------------------------------------------------------


def test_W_28_W_29_W_34_H_22_in_the_attack_step_the_defender_turns_units_and_either_side_rituals() -> None:
    """Both seats hold fast spells, face-down units, Resources and Holdings. In the Attack step the defender may
    turn a unit face-up (W-29) and block, the attacker only a Ritual (W-34); nobody casts (W-28, H-28), and no
    Resource or Holding is turned (W-29 names units)."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    ana_unit = b.add(0, "boulderback-ox", "defensive", face_down=True)
    fury = b.add(0, "rite-of-fury", "row", face_down=True)
    ana_res = b.add(0, "ember-hearth", "row", face_down=True)
    b.add(0, "flash-scorch")
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    bram_unit = b.add(1, "reef-warden", "defensive", face_down=True)
    bram_keep = b.add(1, "lantern-market", "row", face_down=True)
    bram_res = b.add(1, "tide-font", "row", face_down=True)
    b.add(1, "undertow-snare")
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    assert set(actions(st)) == {("block", warden), ("flip", bram_unit), ("done",)}
    for refused in (("flip", bram_keep), ("flip", bram_res), ("flip", ana_unit)):
        with pytest.raises(IllegalAction):
            act(st, *refused)
    act(st, "done")
    assert kind(st) == "attack_step" and seat(st) == 0
    assert set(actions(st)) == {("flip", fury), ("done",)}
    for refused in (("flip", ana_unit), ("flip", ana_res)):
        with pytest.raises(IllegalAction):
            act(st, *refused)
    assert st.cards[ana_unit].face_down and st.cards[ana_res].face_down and st.cards[bram_keep].face_down


# ----- priority -----------------------------------------------------------------------------------


def test_H_26_H_27_H_28_priority_returns_to_the_owner_of_the_declaration_and_counter_defense_windows() -> None:
    """The Declaration step belongs to the defender, the counter-attack's Defense step to the counter-attacker:
    after an item resolves there, that player is asked first, and the window closes only after two passes."""
    b = Board()
    b.basics(0, "bedrock-shard", "ember-hearth")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(0, "flash-scorch")
    b.add(0, "flash-scorch")
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    snares = [b.add(1, "undertow-snare") for _ in range(3)]
    st = b.start()
    declare(st, (ox, "line", "offensive"))
    assert RULESET.stage(st) == "combat.declaration" and seat(st) == 1
    act(st, "cast", snares[0])
    act(st, "unit", ox)
    assert seat(st) == 0 and st.stack
    act(st, "pass")
    assert seat(st) == 1 and st.stack  # one pass: nothing resolves yet
    act(st, "pass")
    assert not st.stack and st.cards[snares[0]].zone == "grave"
    assert RULESET.stage(st) == "combat.declaration" and seat(st) == 1  # back to the defender
    act(st, "pass")
    assert RULESET.stage(st) == "combat.declaration" and seat(st) == 0  # a pass on an empty stack: Ana is asked
    act(st, "pass")
    assert RULESET.stage(st) == "combat.attack"
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "counter_attackers" and seat(st) == 1
    act(st, "attack", warden, "line", "offensive")
    act(st, "done")
    assert RULESET.stage(st) == "counter.defense" and seat(st) == 1  # the counter-attacker first
    act(st, "cast", snares[1])
    act(st, "unit", ox)
    assert seat(st) == 0
    act(st, "pass")
    act(st, "pass")
    assert not st.stack and RULESET.stage(st) == "counter.defense" and seat(st) == 1
    act(st, "pass")
    assert RULESET.stage(st) == "counter.defense" and seat(st) == 0
    act(st, "pass")
    assert RULESET.stage(st) != "counter.defense"


# ----- counter-attack -----------------------------------------------------------------------------


def test_H_37_H_19_a_unit_turned_face_up_in_the_attack_step_may_counter_attack() -> None:
    """Bram turns his warden face-up on his Offensive Line in the Attack step (so it entered this turn), does not
    block with it, and it survives the ox: it may counter-attack (H-19 bars only attacking)."""
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "tide-font")
    b.add(1, "reef-warden", "defensive")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    st = b.start()
    declare(st, (ox, "line", "defensive"))
    pass_fast(st)
    act(st, "flip", down)
    assert st.cards[down].entered == st.turn
    finish_attack_step(st)
    pass_fast(st)
    assert st.cards[down].wounds == 4 and st.cards[down].zone == "offensive"  # pulled the attack (W-31), lived
    assert kind(st) == "counter_attackers" and seat(st) == 1
    assert attack_targets(actions(st), down) == {("line", "offensive")}


def test_H_37_a_blocker_whose_attacker_fell_before_damage_still_may_not_counter() -> None:
    """Bram's warden blocks the hound; Bram's Flash Scorch kills the hound in the Defense step, so the warden
    never fights. It blocked all the same, and only his other warden may counter-attack."""
    b = Board()
    b.basics(0, "ember-hearth")
    hound = b.add(0, "cinder-hound", "offensive")
    b.basics(1, "ember-hearth")
    blocker = b.add(1, "reef-warden", "offensive")
    other = b.add(1, "reef-warden", "offensive")
    scorch = b.add(1, "flash-scorch")
    st = b.start()
    declare(st, (hound, "line", "offensive"))
    pass_fast(st)
    act(st, "block", blocker)
    if kind(st) == "attack_step":
        act(st, "done")
    while kind(st) == "fast_cast" and seat(st) == 0:
        act(st, "pass")
    act(st, "cast", scorch)
    act(st, "unit", hound)
    pass_fast(st)
    assert st.cards[hound].zone == "grave" and st.cards[blocker].wounds == 0
    assert kind(st) == "counter_attackers"
    assert {a[1] for a in actions(st) if a[0] == "attack"} == {other}


def test_H_39_H_45_only_aerial_units_block_an_aerial_counter_attacker() -> None:
    """Ana's ready Defensive units answer Bram's Aerial Heron: the Kestrel (Aerial) may block it, the ox may not;
    against his ground warden both may."""
    for counter, blockers in (("heron", {"kestrel"}), ("warden", {"kestrel", "ox"})):
        b = Board()
        b.basics(0, "bedrock-shard")
        attacker = b.add(0, "boulderback-ox", "offensive")
        u = {"ox": b.add(0, "boulderback-ox", "defensive"), "kestrel": b.add(0, "cliff-kestrel", "defensive")}
        b.basics(1, "tide-font")
        target = b.add(1, "reef-warden", "offensive")
        u["heron"] = b.add(1, "mist-heron", "offensive")
        u["warden"] = b.add(1, "reef-warden", "offensive")
        st = b.start()
        declare(st, (attacker, "line", "offensive"))
        pass_fast(st)
        finish_attack_step(st)
        pass_fast(st)
        act(st, "unit", target)
        assert kind(st) == "counter_attackers"
        act(st, "attack", u[counter], "line", "offensive")
        act(st, "done")
        assert kind(st) == "counter_blockers" and seat(st) == 0
        offered = {a[1] for a in actions(st) if a[0] == "block"}
        assert offered == {u[k] for k in blockers}, counter


def test_H_38_H_29_W_26_counter_targets_pass_an_aerial_only_line() -> None:
    """Ana's Offensive Line holds only her Aerial Kestrel, her Defensive Line her Hero: Bram's ground warden may
    counter-attack the Kestrel's line, the line behind it or the Hero there, but not the Tower (the Hero closes it)."""
    b = Board()
    b.basics(0, "bedrock-shard", "bedrock-shard")
    kestrel = b.add(0, "cliff-kestrel", "offensive")
    marga = b.add(0, "marga-stonewarden", "defensive")
    b.basics(1, "tide-font")
    warden = b.add(1, "reef-warden", "offensive")
    st = b.start()
    declare(st, (kestrel, "line", "defensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert kind(st) == "counter_attackers" and seat(st) == 1
    assert attack_targets(actions(st), warden) == {("line", "offensive"), ("line", "defensive"), ("hero", marga)}


# ----- new units ----------------------------------------------------------------------------------


def test_H_19_turned_face_up_this_turn_waits_moved_this_turn_does_not() -> None:
    """Ana's ox set face-down in an earlier turn and turned face-up now may not attack; her ox moved from the
    Defensive Line this turn may. A warden Bram turned face-up in Ana's turn attacks in his next one."""
    b = Board()
    b.basics(0, "bedrock-shard")
    turned = b.add(0, "boulderback-ox", "offensive", face_down=True)
    moved = b.add(0, "boulderback-ox", "defensive")
    b.basics(1, "tide-font")
    b.add(1, "reef-warden", "defensive")
    down = b.add(1, "reef-warden", "offensive", face_down=True)
    st = b.start()
    act(st, "flip", turned)
    act(st, "move", moved)
    act(st, "combat")
    pass_fast(st)
    assert {a[1] for a in actions(st) if a[0] == "attack"} == {moved}
    with pytest.raises(IllegalAction):
        act(st, "attack", turned, "line", "defensive")
    act(st, "attack", moved, "line", "defensive")
    act(st, "done")
    pass_fast(st)
    act(st, "flip", down)
    finish_attack_step(st)
    play_quietly_until(st, lambda s: s.active == 1 and s.decision is not None and s.decision.kind == "main")
    act(st, "combat")
    pass_fast(st)
    assert kind(st) == "declare_attackers" and seat(st) == 1
    assert {a[1] for a in actions(st) if a[0] == "attack"} == {down}


# ----- damage -------------------------------------------------------------------------------------


def test_H_32_an_attacker_whose_only_blocker_fell_before_damage_still_deals_nothing() -> None:
    """Bram's Aerial Heron blocks the ox aimed at his Tower (W-24); Ana's Searing Bolt kills the Heron in the
    Defense step. The ox stays blocked: it reaches neither the Tower nor anything else. Unblocked, it would."""
    for blocked in (True, False):
        b = Board()
        b.basics(0, "bedrock-shard", "ember-hearth")
        ox = b.add(0, "boulderback-ox", "offensive")
        bolt = b.add(0, "searing-bolt")
        b.basics(1, "tide-font", holding="")
        heron = b.add(1, "mist-heron", "offensive")
        st = b.start()
        declare(st, (ox, "line", "tower"))
        pass_fast(st)
        if blocked:
            act(st, "block", heron)
        finish_attack_step(st)
        assert RULESET.stage(st) == "combat.defense" and seat(st) == 0
        act(st, "cast", bolt)
        act(st, "unit", heron)
        pass_fast(st)
        assert st.cards[heron].zone == "grave"
        assert st.players[1].tower == (30 if blocked else 26)  # no Holding: an unblocked ox only damages
        assert st.cards[ox].wounds == 0


def test_H_32_H_33_H_40_in_the_counter_attack_the_roles_swap() -> None:
    """In the counter-attack Bram is the attacking player: he splits his Legionary's Power between Ana's two
    blockers (H-32), and Ana, now defending, picks which of her units takes his unblocked warden (H-33)."""
    b = Board()
    b.basics(0, "bedrock-shard")
    sprite = b.add(0, "gust-sprite", "offensive")
    b.add(0, "gust-sprite", "offensive")
    s1 = b.add(0, "quarry-sentinel", "defensive")
    s2 = b.add(0, "quarry-sentinel", "defensive")
    b.basics(1, "ember-hearth", "tide-font")
    b.add(1, "ember-hearth", "row")
    legion = b.add(1, "ash-legionary", "offensive")
    warden = b.add(1, "reef-warden", "offensive")
    target = b.add(1, "reef-warden", "defensive")
    st = b.start()
    declare(st, (sprite, "line", "defensive"))
    pass_fast(st)
    finish_attack_step(st)
    pass_fast(st)
    assert st.cards[target].wounds > 0
    assert kind(st) == "counter_attackers" and seat(st) == 1
    act(st, "attack", legion, "line", "offensive")
    act(st, "attack", warden, "line", "offensive")
    act(st, "done")
    assert kind(st) == "counter_blockers" and seat(st) == 0
    act(st, "block", s1)
    act(st, "unit", legion)
    act(st, "block", s2)
    act(st, "unit", legion)
    act(st, "done")
    pass_fast(st)
    assert RULESET.stage(st) == "counter.damage"
    assert kind(st) == "split_damage" and seat(st) == 1
    act(st, "assign", s1, 6)
    assert st.cards[s1].wounds == 6 and st.cards[s2].wounds == 0
    assert kind(st) == "line_damage_target" and seat(st) == 0
    assert {a[1] for a in actions(st)} == {sprite, sprite + 1}
    act(st, "unit", sprite + 1)
    assert st.cards[sprite + 1].zone == "grave" and st.cards[sprite].zone == "offensive"


def test_H_47_H_30_aerial_attacks_stay_through_a_defensive_flip_and_keep_their_hero() -> None:
    """Bram's lines hold only his Hero on the Defensive Line; he turns units face-up on both lines. The ox's Tower
    attack would be moved (W-31), but the Kestrel keeps the Tower (W-32 does not move it either) and the
    Heron keeps its Hero (H-30 would take it away from a moved attack)."""
    for flip_lines in (("defensive",), ("defensive", "offensive")):
        b = Board()
        b.basics(0, "bedrock-shard", "tide-font")
        kestrel = b.add(0, "cliff-kestrel", "offensive")
        heron = b.add(0, "mist-heron", "offensive")
        ox = b.add(0, "boulderback-ox", "offensive")
        b.add(0, "stoneskin-chant")
        b.basics(1, "tide-font", "tide-font")
        oda = b.add(1, "oda-deepcurrent", "defensive")
        downs = [b.add(1, "reef-warden", line, face_down=True) for line in flip_lines]
        st = b.start()
        declare(st, (kestrel, "line", "tower"), (heron, "hero", oda), (ox, "hero", oda))
        pass_fast(st)
        for uid in downs:
            act(st, "flip", uid)
        finish_attack_step(st)
        cb = st.combat
        assert cb is not None
        got = [(a.line, a.hero, a.moved) for a in cb.attacks]
        assert got[0] == ("tower", -1, False) and got[1] == ("defensive", oda, False), flip_lines
        if "offensive" in flip_lines:  # the ground ox is moved and loses its Hero (W-31, H-30)
            assert got[2] == ("offensive", -1, True)
        else:  # W-33's mirror: a Defensive flip leaves an attack on a Defensive-Line Hero alone
            assert got[2] == ("defensive", oda, False)


# ----- W-31 and W-32 read as the seed says "unit": Aerial or not ----------------------------------


@pytest.mark.parametrize("line", ["offensive", "defensive"])
def test_W_31_W_32_an_aerial_unit_turned_face_up_moves_a_ground_tower_attack_as_any_unit_does(line: str) -> None:
    """The seed says "a unit turned face-up" (W-32) and "holds one" (W-31), with no word on Aerial units; H-29's
    Aerials that never close a line off are about what may be targeted, and H-47 keeps only Aerial *attacks* in
    place. Bram, with nothing face-up, turns a Mist Heron (Aerial, Guard 3) face-up in the Attack step: Ana's
    ground ox (Power 4), aimed at his Tower, is moved to the Heron's line and destroys it; the Tower keeps 30.
    The audit found the engine leaving the attack on the Tower (Tower 26)."""
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    b.basics(1, "tide-font")
    heron = b.add(1, "mist-heron", line, face_down=True)
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    assert kind(st) == "attack_step" and seat(st) == 1
    act(st, "flip", heron)
    finish_attack_step(st)
    cb = st.combat
    assert cb is not None and (cb.attacks[0].line, cb.attacks[0].moved) == (line, True)
    play_quietly_until(st, lambda s: s.combat is None or s.combat.counter)
    assert st.cards[heron].zone == "grave" and st.players[1].tower == 30


def test_W_31_an_offensive_line_holding_an_aerial_unit_at_declaration_held_a_unit() -> None:
    """W-31 moves attacks only if the Offensive Line "held no unit at declaration". A face-up Mist Heron (Aerial)
    there is a unit: when Bram turns his Reef Warden face-up beside it, the ox's Tower attack (open to it by
    H-29) stays on the Tower. The engine had counted the Aerial line as empty and moved it."""
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.add(0, "stoneskin-chant")  # keeps a Defense-step decision open for Ana
    b.basics(1, "tide-font")
    b.add(1, "mist-heron", "offensive")
    warden = b.add(1, "reef-warden", "offensive", face_down=True)
    st = b.start()
    declare(st, (ox, "line", "tower"))
    pass_fast(st)
    act(st, "flip", warden)
    finish_attack_step(st)
    cb = st.combat
    assert cb is not None and (cb.attacks[0].line, cb.attacks[0].moved) == ("tower", False)
