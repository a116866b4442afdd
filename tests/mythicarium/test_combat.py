"""Combat: M-15..M-29, H-7, H-8, H-9, H-23, F-7, F-10, F-16."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction

from .helpers import RS, hand_uid, lane_uid, table


def test_M_15_five_sub_stages_in_order() -> None:
    """Each sub-stage is read from the state while the game waits in it; Resolution is seen when the
    game ends there (Bram's last Champion falls), after a Damage Assignment that killed nobody."""
    t = table(hand=(["moonless-night"], []), lane=(["tengu-duelist"], ["brownie-sentry"]), xp=(1, 0))
    tengu, br = lane_uid(t, 0, "tengu-duelist"), lane_uid(t, 1, "brownie-sentry")
    c0, c1, k = t.champs(1)
    for u in (c0, c1):
        t.unit(u).downed = True
        t.unit(u).wounds = t.hp(u)
    t.unit(k).wounds = t.hp(k) - 1
    seen = []
    t.to_attackers()
    seen.append((t.s.stage, t.kind))
    t.act("attack", tengu)
    t.act("done")
    seen.append((t.s.stage, t.kind))
    t.block((k, tengu), (br, tengu), stop=True)
    seen.append((t.s.stage, t.kind))
    t.act("pass")
    seen.append((t.s.stage, t.kind))
    t.act("wound", k)  # a lethal wound is placed ...
    assert t.s.stage == "combat.damage" and not t.unit(k).downed and t.unit(k).wounds == t.hp(k) - 1
    assert t.unit(tengu).wounds == 0  # ... and nothing has been applied yet
    t.act("wound", br)
    t.act("wound", br)
    seen.append((t.s.stage, t.kind))
    assert seen == [
        ("combat.attackers", "declare_attackers"),
        ("combat.blockers", "declare_blockers"),
        ("combat.legendary", "legendary_battle"),
        ("combat.damage", "assign_wounds"),
        ("combat.resolution", None),
    ]
    assert t.unit(k).downed and t.unit(tengu).wounds == 3  # Resolution applied every wound together
    r = RS.result(t.s)
    assert r is not None and r.winner == 0


def test_M_16_any_number_of_units_may_attack() -> None:
    t = table(lane=(["goblin-skirmisher", "brownie-sentry"], []))
    t.to_attackers()
    offered = {a[1] for a in t.d.actions if a[0] == "attack"}
    g, b = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 0, "brownie-sentry")
    assert offered == {*t.champs(0), g, b}  # Champions, Allies and Minions
    assert ("done",) in t.d.actions  # zero attackers is allowed
    t.act("attack", g)
    t.act("attack", g)  # toggled off again
    t.act("done")
    assert t.s.stage == "maintenance2" and t.s.combat is None
    assert t.s.players[1].vp == 0


def test_M_17_H_9_the_opponent_is_attacked_without_a_prompt() -> None:
    """M-17 names the player under attack; with two players H-9 settles it. From either seat: the declaration
    offers attackers and done, nothing that names a player; done hands the blocks to the other seat, and
    what nobody blocks is that seat's loss and the attacker's VP."""
    names = ("Ana", "Bram")
    for active in (0, 1):
        other = 1 - active
        lanes = (["goblin-skirmisher", "moss-troll"], ["brownie-sentry"])
        t = table(lane=lanes if active == 0 else (lanes[1], lanes[0]), active=active)
        g, troll = lane_uid(t, active, "goblin-skirmisher"), lane_uid(t, active, "moss-troll")
        t.to_attackers()
        assert t.d.seat == active and {a[0] for a in t.d.actions} == {"attack", "done"}
        t.act("attack", g)
        t.act("attack", troll)
        t.act("done")
        assert t.kind == "declare_blockers" and t.d.seat == other  # the very next question: the other's blocks
        assert {a[0] for a in t.d.actions} <= {"block", "done"}
        t.act("done")
        t.pass_legendary()
        assert t.s.players[active].vp == 3 and t.s.players[other].vp == 0
        assert f"{names[active]} attacks {names[other]} with Goblin Skirmisher, Moss-Backed Troll." in t.texts()


def test_M_18_defender_sets_each_blocker_against_an_attacker() -> None:
    t = table(lane=(["goblin-skirmisher", "brownie-sentry"], ["brownie-sentry"]))
    g, b = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 0, "brownie-sentry")
    d = lane_uid(t, 1, "brownie-sentry")
    t.attack(g, b)
    assert t.d.seat == 1
    assert ("block", d, g) in t.d.actions and ("block", d, b) in t.d.actions
    t.act("block", d, b)
    assert t.s.combat is not None and t.s.combat.blocks == {d: b}
    t.act("done")
    assert t.s.players[0].vp == 1  # the goblin was not blocked


def test_M_19_a_blocker_blocks_only_one_attacker() -> None:
    t = table(lane=(["goblin-skirmisher", "brownie-sentry"], ["brownie-sentry"]))
    g, b = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 0, "brownie-sentry")
    d = lane_uid(t, 1, "brownie-sentry")
    t.attack(g, b)
    t.act("block", d, g)
    assert not any(a[0] == "block" and a[1] == d for a in t.d.actions)
    with pytest.raises(IllegalAction):
        t.act("block", d, b)
    assert ("unblock", d) in t.d.actions


def test_M_20_many_blockers_on_one_attacker() -> None:
    """Four blockers, a Champion among them, on one attacker: all are accepted and every one deals damage."""
    t = table(lane=(["moss-troll"], ["goblin-skirmisher", "kobold-lantern", "brownie-sentry"]))
    troll = lane_uid(t, 0, "moss-troll")
    blockers = [lane_uid(t, 1, c) for c in ("goblin-skirmisher", "kobold-lantern", "brownie-sentry")]
    blockers.append(t.champs(1)[0])
    total = sum(t.dp(b) for b in blockers)
    assert total == 5 < t.hp(troll)
    t.attack(troll)
    t.block(*[(b, troll) for b in blockers], stop=True)
    assert t.s.combat is not None and t.s.combat.blocks == {b: troll for b in blockers}
    t.pass_legendary()
    t.act("wound", blockers[3])
    t.act("wound", blockers[3])
    assert t.unit(troll).wounds == total  # 1 + 1 + 1 + 2: each blocker's full DP landed (H-7)
    assert all(b in t.s.units for b in blockers) and t.unit(blockers[3]).wounds == 2
    assert t.s.players[0].vp == 0


def test_M_21_legends_for_the_combat_are_played_in_legendary_battle() -> None:
    t = table(hand=(["thousand-palms"], []), lane=(["goblin-skirmisher"], []), xp=(1, 0))
    g = lane_uid(t, 0, "goblin-skirmisher")
    palms = hand_uid(t, 0, "thousand-palms")
    assert ("play", palms) not in t.d.actions  # not in Maintenance I (H-6)
    t.attack(g)
    t.block(stop=True)
    assert t.s.stage == "combat.legendary" and t.kind == "legendary_battle" and t.d.seat == 0
    assert t.s.players[0].vp == 0
    t.play(palms, g)
    t.pass_legendary()
    assert t.s.players[0].vp == 4  # 1 DP + 3 from Thousand Palms
    assert palms in t.s.players[0].graveyard


def test_M_22_H_7_attacker_places_its_wounds_one_at_a_time() -> None:
    t = table(lane=(["tengu-duelist"], ["brownie-sentry", "moss-troll"]))
    tengu = lane_uid(t, 0, "tengu-duelist")
    br, tr = lane_uid(t, 1, "brownie-sentry"), lane_uid(t, 1, "moss-troll")
    t.attack(tengu)
    t.block((br, tengu), (tr, tengu))
    assert t.kind == "assign_wounds" and t.d.seat == 0
    assert set(t.d.actions) == {("wound", br), ("wound", tr)}
    t.act("wound", tr)
    t.act("wound", br)
    assert t.kind == "assign_wounds"
    t.act("wound", tr)
    assert t.unit(tr).wounds == 2
    assert t.unit(br).wounds == 1


def test_M_23_blockers_wound_the_attacker_they_block() -> None:
    """The defending player's wounds go on the attackers as the blocks set them (H-7: each blocker deals its
    full DP to the one attacker it blocks), so the defender is never asked where: two attackers, each
    blocked by different blockers, take exactly their own blockers' DP."""
    t = table(lane=(["moss-troll", "moss-troll"], ["brownie-sentry", "goblin-skirmisher", "kobold-lantern"]))
    t1, t2 = lane_uid(t, 0, "moss-troll"), lane_uid(t, 0, "moss-troll", 1)
    br, g, k = (lane_uid(t, 1, c) for c in ("brownie-sentry", "goblin-skirmisher", "kobold-lantern"))
    champ = t.champs(1)[0]  # Bereginya, DP 2
    t.attack(t1, t2)
    t.block((br, t1), (g, t2), (k, t2), (champ, t2))
    asked = []
    while t.s.stage == "combat.damage":
        asked.append((t.d.seat, t.kind))
        t.act(*t.d.actions[0])
    assert asked and set(asked) == {(0, "assign_wounds")}  # only the attacker places wounds by hand
    assert t.unit(t1).wounds == 1  # the brownie's DP
    assert t.unit(t2).wounds == 1 + 1 + 2  # the goblin's, the kobold's and Bereginya's


def test_M_24_no_kill_during_damage_assignment() -> None:
    t = table(lane=(["tengu-duelist"], ["goblin-skirmisher", "brownie-sentry"]))
    tengu = lane_uid(t, 0, "tengu-duelist")
    g, b = lane_uid(t, 1, "goblin-skirmisher"), lane_uid(t, 1, "brownie-sentry")
    t.attack(tengu)
    t.block((g, tengu), (b, tengu))
    t.act("wound", g)
    assert t.s.stage == "combat.damage"
    assert g in t.s.units  # lethal wound placed, but nobody dies before Resolution
    t.act("wound", g)
    t.act("wound", b)
    assert g not in t.s.units
    assert t.unit(tengu).wounds == 2  # the goblin still dealt its damage


def test_M_25_M_26_unblocked_damage_goes_to_the_player_as_vp() -> None:
    t = table(lane=(["moss-troll", "goblin-skirmisher"], []))
    t.attack(lane_uid(t, 0, "moss-troll"), lane_uid(t, 0, "goblin-skirmisher"))
    t.block()
    assert t.s.players[0].vp == 3
    assert any("Ana gains 2 VP" in x for x in t.texts())


def test_M_27_resolution_applies_wounds_and_kills_together() -> None:
    t = table(lane=(["goblin-skirmisher"], ["goblin-skirmisher"]))
    a, d = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "goblin-skirmisher")
    t.attack(a)
    t.block((d, a))
    assert a not in t.s.units and d not in t.s.units
    assert a in t.s.players[0].graveyard and d in t.s.players[1].graveyard


def test_M_28_kill_xp_after_the_kills() -> None:
    t = table(lane=(["jorogumo-spinner"], ["moss-troll"]), rolls=[1])
    j, tr = lane_uid(t, 0, "jorogumo-spinner"), lane_uid(t, 1, "moss-troll")
    t.unit(tr).wounds = 5
    t.attack(j)
    t.block((tr, j))
    texts = t.texts()
    i_kill = texts.index("Moss-Backed Troll is destroyed.")
    i_xp = texts.index("Ana gains 2 XP for killing Moss-Backed Troll.")
    assert i_kill < i_xp
    assert t.s.players[0].xp == 2


@pytest.mark.parametrize(
    ("card", "cost", "reward"), [("iron-lotus-brother", 3, 1), ("tengu-duelist", 5, 2), ("goblin-skirmisher", 1, 0)]
)
def test_M_29_F_16_kill_xp_is_half_the_cost_rounded_down(card: str, cost: int, reward: int) -> None:
    t = table(lane=([card], ["moss-troll"]))
    a, tr = lane_uid(t, 0, card), lane_uid(t, 1, "moss-troll")
    assert t.s.content.cards[card].xp == cost
    t.unit(a).wounds = t.hp(a) - 1
    t.attack(a)
    t.block((tr, a))
    if t.kind == "declare_attackers":  # Double Assault attackers that survive may go again
        t.act("done")
    assert a not in t.s.units
    assert t.s.players[1].xp == reward


@pytest.mark.parametrize(
    ("attackers", "per_kill", "per_combat"),
    [
        (["iron-lotus-brother", "iron-lotus-brother"], 2, 3),
        (["goblin-skirmisher", "goblin-skirmisher"], 0, 1),
        (["iron-lotus-brother", "goblin-skirmisher"], 1, 2),
    ],
)
def test_M_29_F_16_rounding_is_per_kill_not_per_combat(attackers: list[str], per_kill: int, per_combat: int) -> None:
    """Two kills in one Resolution: each reward is rounded down on its own (1 + 1, not 6 // 2)."""
    t = table(lane=(attackers, ["brownie-sentry", "brownie-sentry"]))
    mine = t.s.players[0].lane[3:]
    brownies = t.s.players[1].lane[3:]
    for a in mine:
        t.unit(a).wounds = t.hp(a) - 1
    assert sum(t.s.content.cards[t.s.cards[a]].xp for a in mine) // 2 == per_combat
    t.attack(*mine)
    t.block(*zip(brownies, mine, strict=True))
    assert all(a not in t.s.units for a in mine) and all(b in t.s.units for b in brownies)
    assert t.s.players[1].xp == per_kill
    gains = [x for x in t.texts() if x.startswith("Bram gains")]
    assert len(gains) == 2


def test_H_8_blocked_attacker_never_damages_the_player() -> None:
    t = table(lane=(["vajra-fist"], ["goblin-skirmisher"]), rolls=[6])
    v, g = lane_uid(t, 0, "vajra-fist"), lane_uid(t, 1, "goblin-skirmisher")
    t.attack(v)
    t.block((g, v))
    assert t.s.players[0].vp == 0
    assert g not in t.s.units


def test_H_23_blocking_does_not_exhaust() -> None:
    t = table(lane=(["goblin-skirmisher"], ["moss-troll"]))
    g, tr = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "moss-troll")
    t.attack(g)
    t.block((tr, g))
    assert not t.unit(tr).exhausted


def test_F_7_only_ready_units_attack_and_attacking_exhausts() -> None:
    t = table(lane=(["goblin-skirmisher", "brownie-sentry"], []))
    g, b = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 0, "brownie-sentry")
    t.unit(b).exhausted = True
    t.to_attackers()
    assert ("attack", b) not in t.d.actions
    t.act("attack", g)
    t.act("done")
    assert t.unit(g).exhausted


def test_F_10_only_ready_units_block() -> None:
    t = table(lane=(["goblin-skirmisher"], ["brownie-sentry", "moss-troll"]))
    g = lane_uid(t, 0, "goblin-skirmisher")
    br, tr = lane_uid(t, 1, "brownie-sentry"), lane_uid(t, 1, "moss-troll")
    t.unit(br).exhausted = True
    t.attack(g)
    blockers = {a[1] for a in t.d.actions if a[0] == "block"}
    assert tr in blockers and br not in blockers


def test_M_18_M_20_two_step_blocking_when_many_pairs() -> None:
    t = table(lane=(["goblin-skirmisher"] * 7, ["brownie-sentry"] * 7))
    attackers = t.s.players[0].lane[3:]
    blockers = t.s.players[1].lane[3:]
    t.attack(*attackers)
    assert t.kind == "declare_blockers"
    assert {a[0] for a in t.d.actions} == {"blocker", "done"}  # 7 x 7 + Champions: choose a blocker first
    assert len(t.d.actions) < 60
    t.act("blocker", blockers[0])
    assert set(t.d.actions) == {("block", blockers[0], a) for a in attackers} | {("back",)}
    t.act("back")
    t.act("blocker", blockers[0])
    t.act("block", blockers[0], attackers[3])
    t.act("blocker", blockers[1])
    t.act("block", blockers[1], attackers[3])
    assert t.s.combat is not None and t.s.combat.blocks == {blockers[0]: attackers[3], blockers[1]: attackers[3]}
    assert ("unblock", blockers[0]) in t.d.actions
    t.act("done")
    t.pass_legendary()
    while t.kind == "assign_wounds":
        t.act(*t.d.actions[0])
    assert t.s.players[0].vp == 6  # six unblocked goblins
