"""Limbo, priority and timing: M-33..M-36, H-5, H-6, F-24, H-21, H-22, H-25."""

from __future__ import annotations

import pytest

from mythtable.engine.errors import IllegalAction

from .helpers import RS, hand_uid, lane_uid, table


def test_M_33_played_card_waits_face_up_in_limbo() -> None:
    t = table(hand=(["moss-troll"], ["jade-hare"]), xp=(4, 1))
    troll = hand_uid(t, 0, "moss-troll")
    t.act("play", troll)
    assert troll not in t.s.units  # not in play yet
    assert t.kind == "respond" and t.d.seat == 1
    seen = RS.view(t.s, 1).limbo
    assert [(e.owner, e.name, e.text) for e in seen] == [(0, "Moss-Backed Troll", "")]
    t.act("pass")
    assert troll in t.s.units


def test_M_34_F_24_opponent_may_respond_with_a_card_or_an_ability() -> None:
    t = table(hand=(["goblin-skirmisher"], ["jade-hare"]), lane=([], ["sirin-songbird"]), xp=(1, 2))
    sirin = lane_uid(t, 1, "sirin-songbird")
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    acts = t.d.actions
    assert ("play", hand_uid(t, 1, "jade-hare")) in acts and ("use", sirin) in acts and ("pass",) in acts
    t.act("use", sirin)
    t.act("target", t.champs(0)[0])
    assert len(t.s.limbo) == 2
    t.settle_limbo()
    assert t.unit(t.champs(0)[0]).wounds == 1


def test_M_35_H_5_last_in_first_out_and_priority_back_to_active() -> None:
    t = table(
        hand=(["goblin-skirmisher", "kamaitachi-whirl", "jade-hare"], ["rusalka-ford"]),
        xp=(4, 3),
        champions=(("bereginya-riverwarden", "runesinger-kaleva", "mara-black-veil"), None),
    )
    gob, kama = hand_uid(t, 0, "goblin-skirmisher"), hand_uid(t, 0, "kamaitachi-whirl")
    rus = hand_uid(t, 1, "rusalka-ford")
    t.act("play", gob)
    assert t.d.seat == 1  # H-5 (a): priority passes to the opponent
    t.act("play", rus)
    assert t.d.seat == 0 and t.kind == "respond"
    t.act("play", kama)
    assert [i.uid for i in t.s.limbo] == [gob, rus, kama]
    assert t.d.seat == 0  # Bram could not answer and passed automatically
    t.act("pass")  # two passes in a row: the top item resolves (M-35: only that one)
    assert kama in t.s.units and rus not in t.s.units and gob not in t.s.units
    assert t.d.seat == 0 and t.kind == "respond"  # H-5 (c): the active player has priority again
    t.settle_limbo()
    entered = [x for x in t.texts() if "enters" in x]
    assert entered == [
        "Kamaitachi Whirl enters Ana's defense lane.",
        "Rusalka of the Ford enters Bram's defense lane.",
        "Goblin Skirmisher enters Ana's defense lane.",
    ]


def test_H_5_stage_ends_when_both_pass_on_empty_limbo() -> None:
    t = table(hand=([], ["jade-hare"]), xp=(0, 1))
    t.act("next")
    assert t.kind == "respond" and t.d.seat == 1 and not t.s.limbo  # the opponent may still act
    t.act("pass")
    assert t.s.stage == "combat.attackers"


def test_H_5_M_35_property_resolution_order_is_reverse_of_entry() -> None:
    for n in range(1, 6):
        t = table(hand=(["jade-hare"] * 3, ["jade-hare"] * 3), xp=(9, 9), champions=(None, None))
        order: list[int] = []
        while len(order) < n:
            seat = t.d.seat
            uid = t.s.players[seat].hand[0]
            t.act("play", uid)
            order.append(uid)
        t.settle_limbo()
        names = {0: "Ana", 1: "Bram"}
        arrivals = [e.text for e in t.events if "enters" in e.text]
        expected = [f"Jade Hare Acolyte enters {names[t.s.units[u].owner]}'s defense lane." for u in reversed(order)]
        assert arrivals == expected
        lanes = t.s.players[0].lane + t.s.players[1].lane
        for seat in (0, 1):
            mine = [u for u in reversed(order) if t.s.units[u].owner == seat]
            assert [u for u in lanes if u in mine] == mine


def test_M_36_limbo_in_maintenance_and_legendary_battle_only() -> None:
    t = table(hand=(["jade-hare"], ["jade-hare"]), lane=(["goblin-skirmisher"], []), xp=(1, 1))
    g = lane_uid(t, 0, "goblin-skirmisher")
    assert ("play", hand_uid(t, 0, "jade-hare")) in t.d.actions
    t.act("next")
    t.act("pass")
    assert t.kind == "declare_attackers"
    assert not any(a[0] == "play" for a in t.d.actions)
    t.act("attack", g)
    t.act("done")
    assert t.kind == "declare_blockers"
    assert not any(a[0] == "play" for a in t.d.actions)
    t.act("done")
    assert t.s.stage == "combat.legendary" and t.kind == "legendary_battle" and t.d.seat == 0
    assert ("play", hand_uid(t, 0, "jade-hare")) in t.d.actions


def test_H_6_timing_of_normal_lightning_and_legend_cards() -> None:
    t = table(
        hand=(["goblin-skirmisher", "moonless-night", "jade-hare"], ["brownie-sentry", "rusalka-ford"]),
        xp=(5, 5),
    )
    gob, leg = hand_uid(t, 0, "goblin-skirmisher"), hand_uid(t, 0, "moonless-night")
    hare = hand_uid(t, 0, "jade-hare")
    brownie, rus = hand_uid(t, 1, "brownie-sentry"), hand_uid(t, 1, "rusalka-ford")
    assert ("play", gob) in t.d.actions and ("play", leg) not in t.d.actions
    t.act("play", gob)
    assert ("play", brownie) not in t.d.actions  # not Bram's turn
    with pytest.raises(IllegalAction):
        t.act("play", brownie)
    t.act("play", rus)  # Lightning: any moment with priority
    assert ("play", hare) in t.d.actions  # Lightning on a non-empty limbo
    assert ("play", leg) not in t.d.actions
    t.act("pass")
    t.settle_limbo()
    assert t.kind == "main"


def test_M_12_M_13_H_6_a_legend_goes_into_limbo_in_maintenance_like_any_card() -> None:
    """Issue 30: M-12 lets the active player play cards of any type in Maintenance I, and M-13 again in
    Maintenance II, so a Legend goes into limbo there (active player, limbo empty) and resolves, even in a
    turn without an attack. Before, every Legend waited for a Legendary Battle."""
    t = table(
        hand=(["mirror-of-many-fates", "step-between-shadows", "oakheart-renewal", "thousand-palms"], ["jade-hare"]),
        lane=(["moss-troll"], []),
        xp=(4, 1),
        deck=(["goblin-skirmisher", "brownie-sentry"], None),
    )
    mirror, step = hand_uid(t, 0, "mirror-of-many-fates"), hand_uid(t, 0, "step-between-shadows")
    oak, palms = hand_uid(t, 0, "oakheart-renewal"), hand_uid(t, 0, "thousand-palms")
    hare = hand_uid(t, 1, "jade-hare")
    troll = lane_uid(t, 0, "moss-troll")
    t.unit(troll).wounds = 3
    t.unit(troll).exhausted = True
    t.refresh()
    assert t.s.stage == "maintenance1" and t.kind == "main" and t.d.seat == 0
    plays = {a[1] for a in t.d.actions if a[0] == "play"}
    assert {mirror, step, oak} <= plays
    assert palms not in plays  # its text acts on a unit "in this combat": no combat, no effect
    t.act("play", mirror)
    assert [i.uid for i in t.s.limbo] == [mirror] and t.d.seat == 1  # M-33: into limbo, Bram may answer
    assert ("play", hare) in t.d.actions
    t.act("play", hare)  # Lightning answers the Legend
    assert t.d.seat == 0 and t.s.limbo
    assert not {a[1] for a in t.d.actions if a[0] == "play"} & {step, oak}  # H-6: limbo is not empty
    t.settle_limbo()
    assert mirror in t.s.players[0].graveyard and hare in t.s.units
    assert t.s.cards[t.s.players[0].hand[-1]] == "brownie-sentry"  # the Mirror drew the top card
    assert t.kind == "main" and t.s.stage == "maintenance1"
    t.play(step, troll)
    assert not t.unit(troll).exhausted and step in t.s.players[0].graveyard
    t.act("next")
    assert t.kind == "declare_attackers"
    t.act("done")  # no attack this turn
    assert t.s.stage == "maintenance2" and t.kind == "main"
    assert ("play", oak) in t.d.actions and ("play", palms) not in t.d.actions  # M-13
    t.play(oak, troll)
    assert t.unit(troll).wounds == 0 and oak in t.s.players[0].graveyard
    assert t.s.players[0].xp == 4 - 3


def test_H_6_a_legend_of_the_waiting_player_waits_for_a_legendary_battle() -> None:
    """The other player's Legend is not played in the active player's Maintenance, even as an answer;
    both players still play Legends in the Legendary Battle, the combat bonuses only there."""
    t = table(
        hand=(["thousand-palms", "goblin-skirmisher"], ["mirror-of-many-fates", "iron-shirt", "jade-hare"]),
        lane=(["moss-troll"], ["brownie-sentry"]),
        xp=(2, 3),
    )
    palms, gob = hand_uid(t, 0, "thousand-palms"), hand_uid(t, 0, "goblin-skirmisher")
    mirror, shirt, hare = (hand_uid(t, 1, c) for c in ("mirror-of-many-fates", "iron-shirt", "jade-hare"))
    troll, brownie = lane_uid(t, 0, "moss-troll"), lane_uid(t, 1, "brownie-sentry")
    t.act("play", gob)
    assert t.d.seat == 1 and ("play", hare) in t.d.actions
    assert ("play", mirror) not in t.d.actions and ("play", shirt) not in t.d.actions
    t.settle_limbo()
    t.attack(troll)
    t.block((brownie, troll), stop=True)
    assert t.kind == "legendary_battle" and t.d.seat == 0
    assert ("play", palms) in t.d.actions
    t.play(palms, troll)  # Ana has no XP left: her pass is automatic, Bram holds priority
    assert (
        t.kind == "legendary_battle"
        and t.d.seat == 1
        and ("play", mirror) in t.d.actions
        and ("play", shirt) in t.d.actions
    )
    hand = len(t.s.players[1].hand)
    t.play(mirror)
    assert mirror in t.s.players[1].graveyard and len(t.s.players[1].hand) == hand  # -1 played, +1 drawn
    t.play(shirt, brownie)
    assert t.hp(brownie) == 3 + 3


def test_H_21_legends_without_limit_while_xp_lasts_then_graveyard() -> None:
    """Each player may play several Legends in one Legendary Battle; it ends when both pass in a row."""
    t = table(
        hand=(["thousand-palms", "moonless-night", "iron-shirt"], ["bramble-snare", "bramble-snare"]),
        lane=(["goblin-skirmisher"], []),
        xp=(2, 2),
    )
    g = lane_uid(t, 0, "goblin-skirmisher")
    palms, night, shirt = (hand_uid(t, 0, c) for c in ("thousand-palms", "moonless-night", "iron-shirt"))
    s1, s2 = hand_uid(t, 1, "bramble-snare"), hand_uid(t, 1, "bramble-snare", 1)
    t.attack(g)
    t.block(stop=True)
    t.play(palms, g)
    assert t.s.stage == "combat.legendary" and t.d.seat == 0  # priority back to the active player (H-5 c)
    assert ("play", night) in t.d.actions  # a second Legend in the same battle
    t.play(night, g)
    assert t.dp(g) == 6 and t.s.players[0].xp == 0
    assert t.d.seat == 1 and shirt in t.s.players[0].hand  # Ana cannot pay for a third: her pass was automatic
    t.play(s1, g)
    assert t.d.seat == 1 and ("play", s2) in t.d.actions  # Ana had nothing: Bram may go on
    t.play(s2, g)
    assert t.dp(g) == 2 and t.s.players[1].xp == 0
    assert t.s.stage != "combat.legendary"  # nobody can pay: both passed in a row
    assert {palms, night} <= set(t.s.players[0].graveyard) and {s1, s2} <= set(t.s.players[1].graveyard)
    assert shirt in t.s.players[0].hand
    assert t.s.players[0].vp == 2  # 1 + 3 + 2 - 2 - 2


def test_H_21_H_5_battle_ends_only_when_both_pass_in_a_row() -> None:
    t = table(
        hand=(["thousand-palms", "moonless-night"], ["bramble-snare"]), lane=(["goblin-skirmisher"], []), xp=(2, 1)
    )
    g = lane_uid(t, 0, "goblin-skirmisher")
    palms, night = hand_uid(t, 0, "thousand-palms"), hand_uid(t, 0, "moonless-night")
    snare = hand_uid(t, 1, "bramble-snare")
    t.attack(g)
    t.block(stop=True)
    t.act("pass")  # Ana passes first ...
    assert t.d.seat == 1 and t.kind == "legendary_battle"
    t.play(snare, g)  # ... Bram plays: the passes start over
    assert t.s.stage == "combat.legendary" and t.d.seat == 0 and ("play", palms) in t.d.actions
    t.play(palms, g)
    assert t.s.stage == "combat.legendary" and ("play", night) in t.d.actions
    t.act("pass")  # Bram has nothing left, so his pass is automatic: the battle ends
    assert t.s.stage != "combat.legendary"
    assert night in t.s.players[0].hand
    assert t.s.players[0].vp == 2  # 1 - 2 + 3


def test_H_22_response_abilities_work_on_the_opponents_turn() -> None:
    t = table(hand=(["goblin-skirmisher"], []), lane=([], ["sirin-songbird"]), xp=(1, 3))
    sirin = lane_uid(t, 1, "sirin-songbird")
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    assert t.d.seat == 1
    uses = {a[1] for a in t.d.actions if a[0] == "use"}
    assert sirin in uses  # marked Response
    t2 = table(
        hand=(["goblin-skirmisher"], []),
        champions=(None, ("runesinger-kaleva", "simurgh-oracle", "leshy-deepwood")),
        xp=(1, 3),
    )
    t2.act("play", hand_uid(t2, 0, "goblin-skirmisher"))
    assert t2.kind == "main"  # Runesinger and Simurgh abilities are not responses: Bram auto-passed


def test_H_25_costs_paid_on_entry_and_items_without_target_fizzle() -> None:
    t = table(lane=(["sirin-songbird"], ["goblin-skirmisher"]), xp=(2, 0))
    sirin = lane_uid(t, 0, "sirin-songbird")
    kit = t.champs(0)[2]
    g = lane_uid(t, 1, "goblin-skirmisher")
    t.act("use", sirin)
    t.act("target", g)
    assert t.s.players[0].xp == 1 and t.unit(sirin).exhausted  # paid now
    assert t.d.seat == 0 and t.kind == "respond"  # Bram had nothing; Ana holds priority again
    t.act("use", kit)
    t.act("target", g)
    t.settle_limbo()
    assert g not in t.s.units
    assert "The effect has no target left and fizzles (H-25)." in t.texts()
    assert t.s.players[0].xp == 0  # no refund


def test_H_25_equipment_fizzles_when_its_champion_is_downed() -> None:
    t = table(hand=(["dwarf-gauntlets"], []), lane=([], ["sirin-songbird"]), xp=(2, 1))
    champ = t.champs(0)[0]
    t.unit(champ).wounds = t.hp(champ) - 1
    gaunt = hand_uid(t, 0, "dwarf-gauntlets")
    t.act("play", gaunt)
    t.act("target", champ)
    t.act("use", lane_uid(t, 1, "sirin-songbird"))
    t.act("target", champ)
    t.settle_limbo()
    assert t.unit(champ).downed
    assert gaunt in t.s.players[0].graveyard and not t.unit(champ).equipment


def test_H_25_nothing_is_paid_before_the_item_enters_limbo() -> None:
    t = table(hand=(["thousand-palms", "dwarf-gauntlets"], []), xp=(2, 0))
    g = hand_uid(t, 0, "dwarf-gauntlets")
    t.act("play", g)
    assert t.kind == "choose_target" and t.s.players[0].xp == 2 and g in t.s.players[0].hand
    t.act("cancel")
    assert t.kind == "main" and t.s.players[0].xp == 2 and not t.s.limbo
    t.act("play", g)
    t.act("target", t.champs(0)[1])
    assert t.s.players[0].xp == 0 and g not in t.s.players[0].hand
