"""Abilities: M-37..M-47, H-10, H-11, H-12."""

from __future__ import annotations

from .helpers import RS, Table, hand_uid, lane_uid, last_champion_attacks, table


def test_M_37_H_11_berserk_assigns_before_everyone_else() -> None:
    t = table(lane=(["nue-shadowstalker"], ["brownie-sentry", "goblin-skirmisher"]))
    nue = lane_uid(t, 0, "nue-shadowstalker")
    br, g = lane_uid(t, 1, "brownie-sentry"), lane_uid(t, 1, "goblin-skirmisher")
    t.attack(nue)
    t.block((br, nue), (g, nue))
    assert t.kind == "assign_wounds" and t.s.combat is not None and t.s.combat.step == "early"
    assert t.unit(nue).wounds == 0  # nobody else has dealt damage yet
    t.act("wound", g)
    t.act("wound", br)
    t.act("wound", br)
    texts = t.texts()
    first = texts.index("Goblin Skirmisher suffers 1 wound first (Berserk).")
    assert first < texts.index("Nue Shadowstalker suffers 1 wound.")
    assert t.unit(nue).wounds == 1  # only the surviving brownie hit back
    assert g not in t.s.units and t.unit(br).wounds == 2


def test_M_38_berserk_kills_at_once_so_the_victim_deals_nothing() -> None:
    t = table(lane=(["goblin-skirmisher"], ["stone-lion"]))
    g, lion = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "stone-lion")
    t.attack(g)
    t.block((lion, g))
    assert g not in t.s.units
    assert t.unit(lion).wounds == 0
    assert "Goblin Skirmisher suffers 1 wound first (Berserk)." in t.texts()


def test_M_39_two_berserk_units_facing_each_other_ignore_it() -> None:
    """Nue (Berserk, 3/3) is blocked by the Kasha (Berserk, 2/3): neither strikes first. Had Nue's Berserk
    counted, the Kasha would die before striking; had the Kasha's, its 2 wounds would land in the early step.
    Both are seen mid-combat: while the troll's wounds wait to be placed (the normal step), no wound of the
    duel has landed yet, unlike a Berserk unit facing a non-Berserk one (the brownie), whose kill is done."""
    for blocker, early in (("kasha-grave-robber", False), ("brownie-sentry", True)):
        t = table(lane=(["nue-shadowstalker", "moss-troll"], [blocker, "goblin-skirmisher", "kobold-lantern"]))
        nue, troll = lane_uid(t, 0, "nue-shadowstalker"), lane_uid(t, 0, "moss-troll")
        b = lane_uid(t, 1, blocker)
        g, k = lane_uid(t, 1, "goblin-skirmisher"), lane_uid(t, 1, "kobold-lantern")
        t.attack(nue, troll)
        t.block((b, nue), (g, troll), (k, troll))
        assert t.kind == "assign_wounds" and t.s.combat is not None and t.s.combat.queue == [troll]
        assert t.s.combat.step == "normal"
        assert (b not in t.s.units) is early  # the brownie died in the early step, before striking
        assert t.unit(nue).wounds == 0  # the Kasha's wounds are not placed early either
        if not early:
            assert t.unit(b).wounds == 0
        t.act("wound", g)
        t.act("wound", k)
        assert b not in t.s.units  # 3 wounds kill either blocker
        assert (nue in t.s.units) and t.unit(nue).wounds == (0 if early else 2)
        assert t.texts().count("Nue Shadowstalker suffers 2 wounds.") == (0 if early else 1)


def test_M_39_H_11_berserk_duel_is_simultaneous() -> None:
    t = table(lane=(["nue-shadowstalker"], ["wild-hunt-hound"]), rolls=[1])
    nue, hound = lane_uid(t, 0, "nue-shadowstalker"), lane_uid(t, 1, "wild-hunt-hound")
    t.attack(nue)
    t.block((hound, nue))
    assert nue not in t.s.units and hound not in t.s.units  # both dealt damage: both die


def test_H_11_berserk_kill_xp_still_comes_at_resolution() -> None:
    t = table(lane=(["nue-shadowstalker"], ["brownie-sentry", "jorogumo-spinner"]), rolls=[1])
    nue = lane_uid(t, 0, "nue-shadowstalker")
    br, j = lane_uid(t, 1, "brownie-sentry"), lane_uid(t, 1, "jorogumo-spinner")
    t.attack(nue)
    t.block((br, nue), (j, nue))
    for _ in range(3):
        t.act("wound", j)
    texts = t.texts()
    killed = texts.index("Jorogumo Silk-Spinner is destroyed.")
    normal = texts.index("Nue Shadowstalker suffers 1 wound.")
    xp = texts.index("Ana gains 1 XP for killing Jorogumo Silk-Spinner.")
    assert killed < normal < xp


def test_M_40_M_42_H_12_double_assault_attacks_again_with_its_own_sequence() -> None:
    t = table(lane=(["tengu-duelist", "goblin-skirmisher", "brownie-sentry"], ["moss-troll"]))
    tengu, g = lane_uid(t, 0, "tengu-duelist"), lane_uid(t, 0, "goblin-skirmisher")
    troll = lane_uid(t, 1, "moss-troll")
    t.attack(tengu, g)
    t.block((troll, g))
    assert t.s.players[0].vp == 3
    assert t.kind == "declare_attackers" and t.s.combat is not None and t.s.combat.round == 2
    assert t.s.stage == "combat.attackers"
    assert [a for a in t.d.actions if a[0] == "attack"] == [("attack", tengu)]  # only Double Assault units
    t.act("attack", tengu)
    t.act("done")
    assert t.kind == "declare_blockers"  # a new defense sequence
    assert ("block", troll, tengu) in t.d.actions  # blocking did not exhaust the troll (H-23)
    t.act("done")
    assert t.s.players[0].vp == 6
    assert t.s.stage == "maintenance2"  # no third attack
    assert t.unit(tengu).attacks == 2


def test_M_41_double_assault_unit_that_dies_does_not_attack_again() -> None:
    """Boundary: the Tengu (HP 4) blocked by the troll (DP 2) dies from 2 earlier wounds, and survives at
    exactly 1 HP left from 1 earlier wound, which is enough for its second attack."""
    for earlier, survives in ((2, False), (1, True)):
        t = table(lane=(["tengu-duelist"], ["moss-troll"]))
        tengu, troll = lane_uid(t, 0, "tengu-duelist"), lane_uid(t, 1, "moss-troll")
        t.unit(tengu).wounds = earlier
        t.attack(tengu)
        t.block((troll, tengu))
        if survives:
            assert t.unit(tengu).wounds == t.hp(tengu) - 1
            assert t.kind == "declare_attackers" and ("attack", tengu) in t.d.actions
        else:
            assert tengu not in t.s.units
            assert t.s.stage == "maintenance2" and t.s.combat is None


def test_H_12_second_round_blockers_must_be_ready() -> None:
    t = table(lane=(["tengu-duelist"], ["moss-troll", "brownie-sentry"]))
    tengu = lane_uid(t, 0, "tengu-duelist")
    troll, br = lane_uid(t, 1, "moss-troll"), lane_uid(t, 1, "brownie-sentry")
    t.attack(tengu)
    t.block((troll, tengu))
    t.unit(br).exhausted = True
    t.act("attack", tengu)
    t.act("done")
    blockers = {a[1] for a in t.d.actions if a[0] == "block"}
    assert troll in blockers and br not in blockers


def test_M_43_lightning_any_point_of_own_turn() -> None:
    t = table(hand=(["jade-hare", "goblin-skirmisher"], []), lane=(["goblin-skirmisher"], []), xp=(3, 0))
    hare = hand_uid(t, 0, "jade-hare")
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    assert t.d.seat == 0 and ("play", hare) in t.d.actions  # on top of its own item in limbo
    t.act("pass")
    t.attack(lane_uid(t, 0, "goblin-skirmisher"))
    t.act("done")
    assert t.s.stage == "combat.legendary" and ("play", hare) in t.d.actions


def test_M_44_lightning_in_the_opponents_turn_as_a_response() -> None:
    t = table(hand=(["goblin-skirmisher"], ["rusalka-ford", "moss-troll"]), xp=(1, 7))
    rus, troll = hand_uid(t, 1, "rusalka-ford"), hand_uid(t, 1, "moss-troll")
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    assert t.d.seat == 1
    assert ("play", rus) in t.d.actions and ("play", troll) not in t.d.actions
    t.act("play", rus)
    t.settle_limbo()
    assert rus in t.s.players[1].lane


def test_M_45_M_42_defender_lightning_unit_played_in_combat_cannot_block_second_attack() -> None:
    """The defender's Lightning unit arrives in the first Legendary Battle: it joins neither round."""
    t = table(hand=([], ["wisp-poisoner"]), lane=(["tengu-duelist"], []), xp=(0, 3))
    tengu, wisp = lane_uid(t, 0, "tengu-duelist"), hand_uid(t, 1, "wisp-poisoner")
    t.attack(tengu)
    t.block(stop=True)  # no blocker at all in round one
    assert t.s.stage == "combat.legendary"  # the attacker, with nothing to play, has passed (H-5)
    assert t.d.seat == 1 and ("play", wisp) in t.d.actions
    t.act("play", wisp)
    t.settle_limbo()
    t.pass_legendary()
    assert wisp in t.s.players[1].lane and not t.unit(wisp).exhausted  # ready, yet out of this combat
    assert t.s.players[0].vp == 3  # round one: the tengu was unblocked
    assert t.s.combat is not None and t.s.combat.round == 2
    t.act("attack", tengu)
    t.act("done")
    # Same Combat Stage (M-42): the wisp may not block the second attack either
    assert t.kind == "declare_blockers" and ("block", t.champs(1)[0], tengu) in t.d.actions
    assert ("block", wisp, tengu) not in t.d.actions
    t.block()
    assert t.s.players[0].vp == 6  # the second attack was unblocked too
    assert t.s.stage == "maintenance2"


def test_M_45_lightning_unit_played_before_combat_may_block() -> None:
    """Boundary: the same Lightning unit played in Maintenance I (before the Combat Stage) blocks normally."""
    t = table(hand=(["goblin-skirmisher"], ["wisp-poisoner"]), lane=(["tengu-duelist"], []), xp=(1, 3))
    tengu, wisp = lane_uid(t, 0, "tengu-duelist"), hand_uid(t, 1, "wisp-poisoner")
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    t.act("play", wisp)  # a response in the opponent's Maintenance I (M-44)
    t.settle_limbo()
    t.attack(tengu)
    assert ("block", wisp, tengu) in t.d.actions
    t.block()
    assert t.kind == "declare_attackers" and t.s.combat is not None and t.s.combat.round == 2
    t.act("attack", tengu)
    t.act("done")
    assert ("block", wisp, tengu) in t.d.actions  # in play before combat: it may block again


def test_M_45_attacker_lightning_unit_played_in_combat_joins_neither_round() -> None:
    """The attacker's Lightning + Celerity unit arrives ready in the first Legendary Battle: it never attacks."""
    t = table(hand=(["kamaitachi-whirl"], []), lane=(["tengu-duelist"], ["moss-troll"]), xp=(2, 0))
    tengu, kama = lane_uid(t, 0, "tengu-duelist"), hand_uid(t, 0, "kamaitachi-whirl")
    troll = lane_uid(t, 1, "moss-troll")
    t.attack(tengu)
    t.block(stop=True)
    assert t.d.seat == 0 and ("play", kama) in t.d.actions
    t.act("play", kama)
    t.settle_limbo()
    assert kama in t.s.units and not t.unit(kama).exhausted  # Celerity: it could exhaust at once (M-47)
    t.pass_legendary()
    assert t.s.players[0].vp == 3  # only the tengu's damage in round one
    assert not t.unit(kama).exhausted and t.unit(kama).attacks == 0
    assert t.kind == "declare_attackers" and t.s.combat is not None and t.s.combat.round == 2
    assert ("attack", kama) not in t.d.actions and ("attack", tengu) in t.d.actions
    t.act("attack", tengu)
    t.act("done")
    assert ("block", troll, tengu) in t.d.actions
    t.act("done")
    t.pass_legendary()
    assert t.s.players[0].vp == 6
    assert t.unit(kama).attacks == 0


def test_M_46_H_10_critical_hit_doubles_on_a_six() -> None:
    t = table(lane=(["vajra-fist"], []), rolls=[6, 5])
    v = lane_uid(t, 0, "vajra-fist")
    t.attack(v)
    t.act("done")
    assert t.s.players[0].vp == 8  # 4 DP doubled
    assert "Vajra Fist Master rolls d6 for Critical Hit: 6" in t.texts()
    t.act("attack", v)  # Double Assault: a second round rolls again (H-10)
    t.act("done")
    t.act("done")
    assert t.s.players[0].vp == 12  # a 5: normal damage


def test_M_46_critical_hit_five_deals_normal_damage_also_for_blockers() -> None:
    t = table(lane=(["moss-troll"], ["jorogumo-spinner"]), rolls=[5])
    troll, j = lane_uid(t, 0, "moss-troll"), lane_uid(t, 1, "jorogumo-spinner")
    t.attack(troll)
    t.block((j, troll))
    assert t.unit(troll).wounds == 2
    t2 = table(lane=(["moss-troll"], ["jorogumo-spinner"]), rolls=[6])
    troll2, j2 = lane_uid(t2, 0, "moss-troll"), lane_uid(t2, 1, "jorogumo-spinner")
    t2.attack(troll2)
    t2.block((j2, troll2))
    assert t2.unit(troll2).wounds == 4


def test_M_47_celerity_lets_a_new_unit_attack_at_once() -> None:
    t = table(fresh=(["kamaitachi-whirl", "goblin-skirmisher"], []))
    k, g = lane_uid(t, 0, "kamaitachi-whirl"), lane_uid(t, 0, "goblin-skirmisher")
    t.to_attackers()
    attackers = {a[1] for a in t.d.actions if a[0] == "attack"}
    assert k in attackers and g not in attackers


def _last_champion_blocked_by_a_berserk_unit(vp: int, beside: str) -> tuple[Table, int]:
    """Ana's last active Champion (1 HP left) attacks beside `beside`, nobody blocks that one, and Bram's Shisa
    (Berserk, Magical, 1 DP) blocks the Champion."""
    return last_champion_attacks(vp, beside, "shisa-gate-guardian")


def test_M_37_M_38_a_berserk_kill_of_the_last_champion_comes_before_an_unblocked_attackers_vp() -> None:
    """Found by the black-box audit: the unblocked goblin's 20th VP was counted before the Berserk step, so Ana
    won; Berserk assigns its damage before every other unit in the combat (M-37) and its kill takes effect at
    once (M-38): Ana's last Champion is down before the goblin scores, and Bram wins (H-26)."""
    t, c = _last_champion_blocked_by_a_berserk_unit(19, "goblin-skirmisher")
    r = RS.result(t.s)
    assert t.unit(c).downed
    assert t.s.players[0].vp == 19, "the goblin never got to deal its damage"
    assert r is not None and r.winner == 1 and "Champions are downed" in r.reason
    texts = t.texts()
    assert not any("gains 1 VP" in x for x in texts)
    # one VP short of the line the goblin's damage is still scored, after the Berserk step (Ana loses anyway)
    t, c = _last_champion_blocked_by_a_berserk_unit(18, "goblin-skirmisher")
    r = RS.result(t.s)
    assert t.unit(c).downed and r is not None and r.winner == 1
    assert t.s.players[0].vp == 18


def test_M_37_an_unblocked_berserk_attacker_scores_in_the_early_step_with_the_other_berserk_kills() -> None:
    """A Berserk attacker nobody blocks deals its damage to the player in the early step too: Ana's Nue brings
    her to 20 VP while Bram's Shisa downs her last Champion, at the same check: a draw (H-26)."""
    t, c = _last_champion_blocked_by_a_berserk_unit(17, "nue-shadowstalker")
    r = RS.result(t.s)
    assert t.unit(c).downed and t.s.players[0].vp == 20
    assert r is not None and r.winner is None and r.reason.startswith("Draw")
