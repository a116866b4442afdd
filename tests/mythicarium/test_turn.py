"""Turn stages: M-7..M-14, H-3, H-4, F-5, F-9, F-14."""

from __future__ import annotations

import itertools

import pytest

from .helpers import RS, content, finish_turn, hand_uid, lane_uid, skip, table


def test_M_7_stage_order_of_a_full_turn() -> None:
    t = table(lane=(["goblin-skirmisher"], ["goblin-skirmisher"]))
    seen = [t.s.stage]
    t.act("next")
    seen.append(t.s.stage)
    t.act("attack", lane_uid(t, 0, "goblin-skirmisher"))
    t.act("done")
    seen.append(t.s.stage)
    while t.s.stage.startswith("combat"):
        skip(t)
        seen.append(t.s.stage)
    t.act("next")  # Maintenance II -> Ending -> next turn
    seen.append(t.s.stage)
    order = [
        "maintenance1",
        "combat.attackers",
        "combat.blockers",
        "combat.legendary",
        "combat.damage",
        "combat.resolution",
        "maintenance2",
        "ending",
    ]
    compact = [x for i, x in enumerate(seen) if i == 0 or seen[i - 1] != x]
    assert compact[:3] == ["maintenance1", "combat.attackers", "combat.blockers"]
    assert compact[-2:] == ["maintenance2", "maintenance1"] and t.s.active == 1
    body = compact[:-1]
    assert all(order.index(a) < order.index(b) for a, b in itertools.pairwise(body))
    texts = t.texts()
    i_turn = texts.index("Turn 4: Bram.")
    assert texts.index("Bram draws a card.", i_turn) < next(
        i for i, x in enumerate(texts) if x.startswith("Bram collects") and i > i_turn
    )


def test_M_8_draw_stage_draws_one_card() -> None:
    t = table(hand=([], ["goblin-skirmisher"]))
    deck_before = len(t.s.players[1].deck)
    t.act("next")
    t.act("done")
    t.act("next")
    assert t.s.active == 1
    assert len(t.s.players[1].hand) == 2
    assert len(t.s.players[1].deck) == deck_before - 1


def test_M_9_M_10_H_3_collection_gives_yields_plus_one() -> None:
    champs = ("mara-black-veil", "kitsune-veilwalker", "leshy-deepwood")  # yields 1 + 2 + 1
    t = table(champions=(None, champs), xp=(0, 3))
    for cid in champs:
        assert content().cards[cid].xp in (1, 2)
    finish_turn(t)
    assert t.s.active == 1
    assert t.s.players[1].xp == 3 + 5
    assert "Bram collects 5 XP (now 8)." in t.texts()


def test_M_11_recovery_readies_the_active_players_units() -> None:
    t = table(lane=(["goblin-skirmisher"], ["brownie-sentry"]))
    g = lane_uid(t, 0, "goblin-skirmisher")
    b = lane_uid(t, 1, "brownie-sentry")
    t.unit(b).exhausted = True
    t.attack(g)
    assert t.unit(g).exhausted
    while t.s.stage != "maintenance2":
        skip(t)
    t.act("next")
    assert t.s.active == 1
    assert not t.unit(b).exhausted  # Bram's unit readied in Bram's Recovery
    assert t.unit(g).exhausted  # Ana's stays exhausted until Ana's Recovery


def test_M_12_active_player_may_play_cards_and_abilities_in_any_order() -> None:
    """Every type a hand can hold (Legend, Equipment, Ally, Minion) and an ability, in two different orders;
    each resolves in Maintenance I and the window comes back to the active player (H-5 c)."""
    hand = ["mirror-of-many-fates", "dwarf-gauntlets", "moss-troll", "goblin-skirmisher"]
    for order in (["use", *hand], [*reversed(hand), "use"]):
        t = table(hand=(hand, []), xp=(10, 0), deck=(["brownie-sentry"] * 3, None))
        champ = t.champs(0)[0]  # Bereginya: exhaust, pay 1 XP: gain 2 XP
        ana = t.s.players[0]
        cards = {cid: hand_uid(t, 0, cid) for cid in hand}
        offered = {a for a in t.d.actions if a[0] in ("play", "use")}
        assert offered >= {("use", champ), *(("play", uid) for uid in cards.values())}
        for step in order:
            assert t.kind == "main" and t.d.seat == 0 and t.s.stage == "maintenance1"
            if step == "use":
                t.play(champ)
            elif step == "dwarf-gauntlets":
                t.play(cards[step], champ)
            else:
                t.play(cards[step])
        assert t.kind == "main" and t.s.stage == "maintenance1"
        assert cards["dwarf-gauntlets"] in t.unit(champ).equipment
        assert {cards["moss-troll"], cards["goblin-skirmisher"]} <= set(ana.lane)
        assert cards["mirror-of-many-fates"] in ana.graveyard
        assert [t.s.cards[u] for u in ana.hand] == ["brownie-sentry"]  # drawn by the Mirror
        assert ana.xp == 10 - 1 - 2 - 4 - 1 - 1 + 2


def test_M_13_maintenance_two_offers_the_same_options() -> None:
    t = table(hand=(["goblin-skirmisher"], []), xp=(5, 0))
    t.act("next")
    t.act("done")
    assert t.s.stage == "maintenance2" and t.kind == "main"
    assert ("play", hand_uid(t, 0, "goblin-skirmisher")) in t.d.actions
    t.play(hand_uid(t, 0, "goblin-skirmisher"))
    assert len(t.s.players[0].lane) == 4


def test_M_14_ending_passes_the_turn_to_the_opponent() -> None:
    t = table()
    t.act("next")
    t.act("done")
    assert t.s.stage == "maintenance2"
    t.act("next")
    assert t.s.active == 1 and t.s.turn == 4 and t.d.seat == 1
    assert "Ana ends the turn." in t.texts()


def test_H_4_wounds_stay_after_the_turn_ends() -> None:
    t = table(lane=(["moss-troll"], []))
    troll = lane_uid(t, 0, "moss-troll")
    t.unit(troll).wounds = 3
    t.act("next")
    t.act("done")
    t.act("next")
    assert t.s.active == 1
    assert t.unit(troll).wounds == 3


@pytest.mark.parametrize("active", [0, 1])
@pytest.mark.parametrize(("held", "discards"), [(8, 0), (9, 1), (10, 2)])
def test_F_5_discard_down_to_eight_at_the_end_of_the_turn(active: int, held: int, discards: int) -> None:
    """Boundary: 8 cards are kept, each card over 8 is discarded; only the player whose turn ends discards."""
    other = 1 - active
    hand = ["goblin-skirmisher"] * held
    t = table(hand=(hand, hand), active=active)
    t.act("next")
    t.act("done")
    t.act("next")
    for _ in range(discards):
        assert t.kind == "discard" and t.d.seat == active
        assert len(t.d.actions) == len(t.s.players[active].hand)
        t.act(*t.d.actions[0])
    assert t.s.active == other and t.s.turn == 4
    assert len(t.s.players[active].hand) == min(held, 8)
    assert len(t.s.players[active].graveyard) == discards
    assert len(t.s.players[other].hand) == held + 1  # the other seat keeps them all, plus its draw


def test_F_9_exhausted_unit_cannot_exhaust_again_until_readied() -> None:
    t = table(lane=(["sirin-songbird", "qilin-pilgrim"], ["moss-troll"]), xp=(5, 0))
    sirin = lane_uid(t, 0, "sirin-songbird")
    qilin = lane_uid(t, 0, "qilin-pilgrim")
    troll = lane_uid(t, 1, "moss-troll")
    t.play(sirin, troll)
    assert t.unit(sirin).exhausted and t.unit(troll).wounds == 1
    assert ("use", sirin) not in t.d.actions
    t.play(qilin, sirin)  # exhaust, 2 XP: ready a unit of yours (an effect readies it)
    assert not t.unit(sirin).exhausted
    assert ("use", sirin) in t.d.actions


def test_F_14_unspent_xp_carries_over() -> None:
    t = table(xp=(4, 0))
    t.act("next")
    t.act("done")
    t.act("next")
    assert t.s.players[0].xp == 4
    assert t.s.players[1].xp == 1 + 2 + 2 + 2


def test_contract_has_all_stage_keys() -> None:
    from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS

    assert list(STAGE_LABELS) == [
        "setup",
        "draw",
        "collection",
        "recovery",
        "maintenance1",
        "combat.attackers",
        "combat.blockers",
        "combat.legendary",
        "combat.damage",
        "combat.resolution",
        "maintenance2",
        "ending",
    ]
    assert RS.stage(table().s) == "maintenance1"
