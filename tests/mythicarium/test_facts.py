"""Facts F-1..F-25 and the house rules about units, decks and open points (H-13..H-32)."""

from __future__ import annotations

import typing

import pytest
from pydantic import ValidationError

from mythtable.rulesets.mythicarium.content import CardType
from mythtable.rulesets.mythicarium.schema import Card, Deck, check_deck

from .helpers import RS, content, finish_turn, hand_uid, lane_uid, last_champion_attacks, table


@pytest.mark.parametrize("active", [0, 1])
@pytest.mark.parametrize(("start", "wins"), [(17, False), (18, True), (19, True)])
def test_F_1_twenty_vp_wins(active: int, start: int, wins: bool) -> None:
    """Boundary: 19 VP is not a win and play goes on; exactly 20 wins, and so does overshooting it."""
    t = table(lane=(["moss-troll"], []) if active == 0 else ([], ["moss-troll"]), active=active)
    t.s.players[active].vp = start
    t.attack(lane_uid(t, active, "moss-troll"))
    t.act("done")
    assert t.s.players[active].vp == start + 2
    r = RS.result(t.s)
    if wins:
        assert r is not None and r.winner == active and "20 VP" in r.reason
        assert t.s.decision is None
    else:
        assert r is None and t.s.decision is not None


@pytest.mark.parametrize(("start", "wins"), [(18, False), (19, True)])
def test_F_1_twenty_vp_from_a_card_effect_wins_at_once(start: int, wins: bool) -> None:
    """The 20th VP from an ability (F-4) wins as soon as the item resolves (H-26), in Maintenance I."""
    t = table(lane=(["tanuki-coinforger"], []), xp=(2, 0))
    t.s.players[0].vp = start
    t.play(lane_uid(t, 0, "tanuki-coinforger"))
    r = RS.result(t.s)
    if wins:
        assert r is not None and r.winner == 0 and t.s.decision is None
    else:
        assert r is None and t.kind == "main" and t.s.stage == "maintenance1"


@pytest.mark.parametrize("active", [0, 1])
def test_F_2_all_three_champions_downed_loses(active: int) -> None:
    """Boundary: two downed Champions lose nothing, and play goes on; the third one downed loses."""
    other = 1 - active
    t = table(lane=(["sirin-songbird"], []) if active == 0 else ([], ["sirin-songbird"]), active=active, xp=(2, 2))
    c0, c1, c2 = t.champs(other)
    t.unit(c0).downed = True
    t.unit(c0).wounds = t.hp(c0)
    for c in (c1, c2):
        t.unit(c).wounds = t.hp(c) - 1
    t.play(lane_uid(t, active, "sirin-songbird"), c1)
    assert t.unit(c1).downed and not t.unit(c2).downed
    assert RS.result(t.s) is None and t.kind == "main"
    t.play(t.champs(active)[1], c2)  # Runesinger: exhaust, 1 XP: 1 wound
    r = RS.result(t.s)
    assert r is not None and r.winner == active and "Champions are downed" in r.reason


def test_F_3_drawing_from_an_empty_deck_loses() -> None:
    """Boundary: drawing the last card is fine, and an empty deck alone loses nothing; the next draw loses."""
    t = table(deck=(None, ["goblin-skirmisher"]))
    finish_turn(t)
    assert RS.result(t.s) is None and t.s.active == 1
    assert t.s.players[1].deck == [] and t.s.cards[t.s.players[1].hand[-1]] == "goblin-skirmisher"
    finish_turn(t)
    assert RS.result(t.s) is None and t.s.active == 0
    finish_turn(t)
    r = RS.result(t.s)
    assert r is not None and r.winner == 0 and "empty deck" in r.reason


@pytest.mark.parametrize(("turn", "loses"), [(3, True), (1, False)])
def test_F_3_M_5_an_effect_that_draws_from_an_empty_deck_loses_at_once(turn: int, loses: bool) -> None:
    """A draw effect must draw too (Simurgh: exhaust, 1 XP: draw 1), and loses at once on an empty deck;
    not on the first player's first turn, where that draw does nothing (M-5)."""
    t = table(
        champions=(("simurgh-oracle", "bereginya-riverwarden", "runesinger-kaleva"), None),
        xp=(1, 0),
        deck=([], None),
        turn=turn,
    )
    t.play(t.champs(0)[0])
    r = RS.result(t.s)
    if loses:
        assert r is not None and r.winner == 1 and "empty deck" in r.reason and t.s.decision is None
    else:
        assert r is None and t.kind == "main"


def test_F_4_vp_from_combat_and_from_a_card_effect() -> None:
    t = table(lane=(["tanuki-coinforger", "goblin-skirmisher"], []), xp=(2, 0))
    t.play(lane_uid(t, 0, "tanuki-coinforger"))
    assert t.s.players[0].vp == 1
    t.attack(lane_uid(t, 0, "goblin-skirmisher"))
    t.act("done")
    assert t.s.players[0].vp == 2


def test_F_6_units_stay_until_removed() -> None:
    """A badly wounded unit and a downed Champion stay over whole turns; one more wound removes the unit."""
    t = table(lane=([], ["moss-troll"]))
    troll = lane_uid(t, 1, "moss-troll")
    c0 = t.champs(1)[0]
    t.unit(troll).wounds = t.hp(troll) - 1
    t.unit(c0).downed = True
    t.unit(c0).wounds = t.hp(c0)
    for _ in range(2):  # Ana's turn, then Bram's, then Ana's again
        finish_turn(t)
    assert t.s.active == 0 and t.s.turn == 5
    assert troll in t.s.players[1].lane and t.unit(troll).wounds == t.hp(troll) - 1  # at 1 HP left: still there
    assert c0 in t.s.players[1].lane and t.unit(c0).downed  # downed, not removed (F-12)
    rune = t.champs(0)[1]
    assert t.s.cards[rune] == "runesinger-kaleva"
    t.play(rune, troll)  # one more wound: destroyed
    assert troll not in t.s.units and troll not in t.s.players[1].lane
    assert troll in t.s.players[1].graveyard


def test_F_8_using_an_ability_exhausts_the_unit() -> None:
    t = table(lane=(["sirin-songbird"], ["moss-troll"]), xp=(1, 0))
    s = lane_uid(t, 0, "sirin-songbird")
    t.play(s, lane_uid(t, 1, "moss-troll"))
    assert t.unit(s).exhausted and t.s.players[0].xp == 0


def test_F_11_new_allies_cannot_exhaust_but_champions_always_can() -> None:
    t = table(hand=(["sirin-songbird", "goblin-skirmisher"], []), xp=(3, 0))
    sirin, g = hand_uid(t, 0, "sirin-songbird"), hand_uid(t, 0, "goblin-skirmisher")
    t.play(sirin)
    t.play(g)
    assert ("use", sirin) not in t.d.actions
    t.to_attackers()
    attackers = {a[1] for a in t.d.actions if a[0] == "attack"}
    assert g not in attackers and set(t.champs(0)) <= attackers
    assert all(not t.unit(c).sick for c in t.champs(0))
    t.act("done")
    finish_turn(t)
    finish_turn(t)
    assert t.s.active == 0
    assert not t.unit(g).sick
    t.to_attackers()
    assert ("attack", g) in t.d.actions


def test_H_24_sickness_ends_when_the_owners_next_turn_begins() -> None:
    t = table(hand=(["goblin-skirmisher"], ["rusalka-ford"]), lane=([], ["moss-troll"]), xp=(1, 3))
    t.act("play", hand_uid(t, 0, "goblin-skirmisher"))
    rus = hand_uid(t, 1, "rusalka-ford")
    t.act("play", rus)  # Lightning, arriving in Ana's turn
    t.settle_limbo()
    assert t.unit(rus).sick
    finish_turn(t)
    assert t.s.active == 1 and not t.unit(rus).sick
    t.to_attackers()
    assert ("attack", rus) in t.d.actions


def test_H_24_unit_from_own_turn_is_still_sick_in_the_opponents_turn() -> None:
    t = table(hand=(["sirin-songbird"], ["goblin-skirmisher"]), xp=(3, 1))
    sirin = hand_uid(t, 0, "sirin-songbird")
    t.play(sirin)
    t.s.players[0].xp = 5
    finish_turn(t)
    assert t.s.active == 1
    t.act("play", hand_uid(t, 1, "goblin-skirmisher"))
    assert t.unit(sirin).sick
    assert t.d.seat == 0 and t.kind == "respond"  # Ana may answer (Kitsune), but not with the new Sirin
    assert ("use", sirin) not in t.d.actions and ("use", t.champs(0)[2]) in t.d.actions


def test_F_12_downed_champion_stays_but_is_inactive() -> None:
    t = table(lane=(["moss-troll"], []), champions=(("mara-black-veil", "runesinger-kaleva", "simurgh-oracle"), None))
    mara, rune, _sim = t.champs(0)
    t.unit(rune).downed = True
    t.unit(rune).wounds = t.hp(rune)
    finish_turn(t)
    xp_before = t.s.players[0].xp
    assert t.s.active == 1
    finish_turn(t)
    assert t.s.players[0].xp == xp_before + 1 + 1 + 1  # Mara 1 + Simurgh 1 + base; downed Runesinger yields 0
    assert rune in t.s.players[0].lane
    assert ("use", rune) not in t.d.actions
    t.to_attackers()
    assert ("attack", rune) not in t.d.actions and ("attack", mara) in t.d.actions


def test_F_12_downed_champion_cannot_block() -> None:
    t = table(lane=(["goblin-skirmisher"], []))
    c = t.champs(1)[0]
    t.unit(c).downed = True
    t.unit(c).wounds = t.hp(c)
    t.attack(lane_uid(t, 0, "goblin-skirmisher"))
    assert not any(a[0] == "block" and a[1] == c for a in t.d.actions)


def test_F_12_F_23_champion_at_zero_hp_is_knocked_down_not_destroyed() -> None:
    t = table(lane=(["moss-troll"], []))
    troll = lane_uid(t, 0, "moss-troll")
    c = t.champs(1)[0]
    t.unit(c).wounds = t.hp(c) - 1
    t.attack(troll)
    t.block((c, troll))
    assert t.unit(c).downed and c in t.s.players[1].lane
    assert "Bereginya the Riverwarden is knocked down." in t.texts()


def test_F_13_F_23_destroyed_ally_goes_to_its_owners_graveyard() -> None:
    t = table(lane=(["moss-troll"], ["goblin-skirmisher"]))
    troll, g = lane_uid(t, 0, "moss-troll"), lane_uid(t, 1, "goblin-skirmisher")
    t.attack(troll)
    t.block((g, troll))
    assert g in t.s.players[1].graveyard and g not in t.s.units
    assert "Goblin Skirmisher is destroyed." in t.texts()


def test_F_15_allies_have_cost_optional_class_and_race() -> None:
    allies = [c for c in content().cards.values() if c.type == "Ally"]
    assert allies and all(c.xp >= 1 and c.race for c in allies)
    assert all(c.klass in (None, "Assassin", "Druid", "Monk", "Wizard") for c in allies)


def _deck(champions: list[str], cards: dict[str, int]) -> Deck:
    return Deck(id="x", name="X", champions=champions, cards=cards)


def test_F_17_a_deck_has_exactly_three_champions() -> None:
    cards = content().cards
    good = _deck(
        ["mara-black-veil", "kitsune-veilwalker", "runesinger-kaleva"],
        {"goblin-skirmisher": 3}
        | {
            k: 3
            for k in [
                "kobold-lantern",
                "brownie-sentry",
                "imp-fireflinger",
                "dwarf-gauntlets",
                "bronze-cuirass",
                "mistletoe-spear",
                "horn-of-plenty",
                "jorogumo-spinner",
                "nue-shadowstalker",
            ]
        },
    )
    assert len(check_deck(good, cards).cards) == 30
    with pytest.raises(ValueError, match="exactly 3 Champions"):
        check_deck(_deck(["mara-black-veil", "kitsune-veilwalker"], dict(good.cards)), cards)
    assert all(len(d.champions) == 3 for d in content().decks.values())


def test_F_18_classed_cards_must_match_a_champion() -> None:
    cards = content().cards
    base = content().decks["moonless-court"]
    counts: dict[str, int] = {}
    for cid in base.cards:
        counts[cid] = counts.get(cid, 0) + 1
    counts["goblin-skirmisher"] -= 1
    counts["moss-troll"] = 1  # a Druid Ally in an Assassin / Wizard deck
    with pytest.raises(ValueError, match="F-18"):
        check_deck(_deck(list(base.champions), counts), cards)
    for deck in content().decks.values():
        classes = {cards[c].klass for c in deck.champions}
        assert all(cards[c].klass in classes | {None} for c in deck.cards)


def test_F_19_H_16_equipment_and_classless_minions_fit_any_deck() -> None:
    with pytest.raises(ValidationError, match="F-19"):
        Card.model_validate(
            {
                "id": "x",
                "name": "X",
                "short_name": "X",
                "type": "Equipment",
                "class": "Monk",
                "race": "Artifact",
                "xp": 1,
                "dp": 1,
                "text": "",
                "flavour": "f",
            }
        )
    cards = content().cards
    for cid in ("goblin-skirmisher", "dwarf-gauntlets"):
        assert cards[cid].klass is None
    users = {d.id for d in content().decks.values() if "goblin-skirmisher" in d.cards}
    assert len(users) >= 2
    minions = [c for c in cards.values() if c.type == "Minion"]
    assert minions and all(c.klass is None and c.xp <= 2 for c in minions)


def _zones(t: typing.Any) -> dict[int, list[str]]:
    """Every card instance with the zones that hold it."""
    s = t.s
    where: dict[int, list[str]] = {uid: [] for uid in s.cards}
    for seat, p in enumerate(s.players):
        for zone, uids in (("deck", p.deck), ("hand", p.hand), ("graveyard", p.graveyard), ("lane", p.lane)):
            for uid in uids:
                where[uid].append(f"{zone}{seat}")
    for uid, champ in s.equipped.items():
        where[uid].append(f"equipment:{champ}")
    for item in s.limbo:
        if item.kind == "card":
            where[item.uid].append("limbo")
    return where


def test_F_20_zones() -> None:
    """Each card is in exactly one zone at every step: deck, hand, graveyard, defense lane, equipment beside
    its Champion (or limbo on the way); XP is a pool of its own. Oblivion, realms and campaign hold nothing
    here (no shipped card uses them, H-19, H-20)."""
    t = table(
        hand=(["dwarf-gauntlets", "goblin-skirmisher"] + ["brownie-sentry"] * 9, []),
        lane=([], ["goblin-skirmisher"]),
        xp=(5, 0),
    )
    champ, rune = t.champs(0)[0], t.champs(0)[1]
    gauntlets, gob = hand_uid(t, 0, "dwarf-gauntlets"), hand_uid(t, 0, "goblin-skirmisher")
    enemy = lane_uid(t, 1, "goblin-skirmisher")

    def check() -> None:
        assert all(len(z) == 1 for z in _zones(t).values()), {u: z for u, z in _zones(t).items() if len(z) != 1}

    check()
    t.act("play", gauntlets)
    t.act("target", champ)
    assert _zones(t)[gauntlets] == ["limbo"]
    check()
    t.settle_limbo()
    assert _zones(t)[gauntlets] == [f"equipment:{champ}"] and gauntlets not in t.s.units  # beside, not a unit
    v = RS.view(t.s, 0).players[0]
    assert [e.name for e in v.lane[0].equipment] == ["Dwarf-Forged Gauntlets"]
    assert all(u.uid != gauntlets for u in v.lane)
    assert t.s.players[0].xp == 3  # the XP pool paid 2
    t.play(gob)
    assert _zones(t)[gob] == ["lane0"] and gob in t.s.units
    t.play(rune, enemy)
    assert _zones(t)[enemy] == ["graveyard1"]  # destroyed: the owner's graveyard
    check()
    assert v.hand is not None and all(u.card_id != "brownie-sentry" for u in v.lane)  # the hand is no lane
    t.act("next")
    t.act("done")
    t.act("next")  # Ending: 9 cards in hand, discard one (F-5)
    drop = t.s.players[0].hand[0]
    before = len(t.s.players[1].deck)
    t.act("discard", drop)
    assert _zones(t)[drop] == ["graveyard0"]
    check()
    assert t.s.active == 1 and len(t.s.players[1].deck) == before - 1  # Bram drew from his deck
    check()


def test_F_21_H_19_H_20_card_types_and_unshipped_ones() -> None:
    assert set(typing.get_args(CardType)) == {"Champion", "Ally", "Minion", "Legend", "Equipment", "Realm", "Campaign"}
    assert {c.type for c in content().cards.values()} == {"Champion", "Ally", "Minion", "Legend", "Equipment"}


def test_F_22_xp_dp_hp() -> None:
    t = table(hand=(["jorogumo-spinner"], []), lane=(["moss-troll"], ["brownie-sentry"]), xp=(5, 0))
    t.play(hand_uid(t, 0, "jorogumo-spinner"))
    assert t.s.players[0].xp == 2  # paid its XP cost
    troll, br = lane_uid(t, 0, "moss-troll"), lane_uid(t, 1, "brownie-sentry")
    t.attack(troll)
    t.block((br, troll))
    assert t.unit(br).wounds == 2 and t.unit(troll).wounds == 1  # DP = wounds dealt
    assert t.hp(br) == 3 and br in t.s.units  # HP = wounds it can take


def test_F_23_discard_suffer_destroy_and_resurrect_by_healing() -> None:
    """Discard (hand to graveyard), suffer (wounds), destroy (to the graveyard) and resurrect: a downed
    Champion healed by its ally gets back up and is active again (yield, attack). A destroyed Ally is
    not a unit any more, so healing cannot bring it back."""
    t = table(
        champions=(("leshy-deepwood", "runesinger-kaleva", "kitsune-veilwalker"), None),
        hand=(["goblin-skirmisher"] * 9, []),
        lane=(["brownie-sentry"], ["goblin-skirmisher"]),
        xp=(1, 0),
    )
    leshy, rune, kit = t.champs(0)
    brownie, enemy = lane_uid(t, 0, "brownie-sentry"), lane_uid(t, 1, "goblin-skirmisher")
    t.unit(rune).downed = True
    t.unit(rune).wounds = t.hp(rune)
    t.refresh()
    t.play(kit, enemy)  # suffer 1 wound: the 1-HP goblin is destroyed
    assert enemy not in t.s.units and enemy in t.s.players[1].graveyard
    t.act("use", leshy)
    assert {a[1] for a in t.d.actions if a[0] == "target"} == {rune}  # downed Champion yes, graveyard card no
    t.act("target", rune)
    t.settle_limbo()
    assert not t.unit(rune).downed and t.unit(rune).wounds == t.hp(rune) - 2  # resurrected
    t.act("next")
    t.act("done")
    t.act("next")
    g = t.s.players[0].hand[0]
    t.act("discard", g)  # discard: hand to graveyard
    assert g in t.s.players[0].graveyard and "Ana discards Goblin Skirmisher." in t.texts()
    assert brownie in t.s.units
    finish_turn(t)  # Bram's turn
    assert t.s.active == 0
    assert "Ana collects 6 XP" in " ".join(t.texts())  # 1 + 1 + 2 + 2: the risen Champion yields again
    t.to_attackers()
    assert ("attack", rune) in t.d.actions  # and may attack again


def test_F_25_classes_and_races() -> None:
    cards = content().cards.values()
    assert {c.klass for c in cards if c.klass} == {"Assassin", "Druid", "Monk", "Wizard"}
    races = {c.race for c in cards}
    assert {"Elemental", "Dragon"} <= races


def test_H_13_equipment_attaches_to_a_champion_and_changes_stats() -> None:
    t = table(hand=(["mistletoe-spear"], []), lane=(["goblin-skirmisher"], []), xp=(3, 0))
    spear = hand_uid(t, 0, "mistletoe-spear")
    champ = t.champs(0)[0]
    dp, hp = t.dp(champ), t.hp(champ)
    t.act("play", spear)
    assert {a[1] for a in t.d.actions if a[0] == "target"} == set(t.champs(0))  # Champions only
    t.act("target", champ)
    t.settle_limbo()
    assert t.dp(champ) == dp + 2 and t.hp(champ) == hp + 1


def test_H_14_H_19_campaigns_are_rejected_by_the_loader() -> None:
    with pytest.raises(ValidationError, match="H-19"):
        Card.model_validate(
            {
                "id": "c",
                "name": "C",
                "short_name": "C",
                "type": "Campaign",
                "race": "none",
                "xp": 0,
                "text": "",
                "flavour": "f",
            }
        )


def test_H_15_H_20_realms_are_rejected_by_the_loader() -> None:
    with pytest.raises(ValidationError, match="H-20"):
        Card.model_validate(
            {
                "id": "r",
                "name": "R",
                "short_name": "R",
                "type": "Realm",
                "class": "Druid",
                "race": "none",
                "xp": 1,
                "text": "",
                "flavour": "f",
            }
        )


def test_H_18_healing_removes_wounds_and_downed_champion_returns_exhausted() -> None:
    t = table(
        champions=(("leshy-deepwood", "runesinger-kaleva", "kitsune-veilwalker"), None), lane=(["moss-troll"], [])
    )
    leshy, rune, _k = t.champs(0)
    troll = lane_uid(t, 0, "moss-troll")
    t.unit(troll).wounds = 1
    t.unit(rune).downed = True
    t.unit(rune).wounds = t.hp(rune)
    t.refresh()
    t.act("use", leshy)
    assert {a[1] for a in t.d.actions if a[0] == "target"} == {troll, rune}  # wounded units only
    t.act("target", rune)
    t.settle_limbo()
    assert not t.unit(rune).downed and t.unit(rune).exhausted
    assert t.unit(rune).wounds == t.hp(rune) - 2


def test_H_26_simultaneous_win_conditions_make_a_draw() -> None:
    t = table()
    for seat in (0, 1):
        a, b, c = t.champs(seat)
        for u in (a, b):
            t.unit(u).downed = True
            t.unit(u).wounds = t.hp(u)
        t.unit(c).wounds = t.hp(c) - 1
    att, blk = t.champs(0)[2], t.champs(1)[2]
    t.attack(att)
    t.block((blk, att))
    r = RS.result(t.s)
    assert r is not None and r.winner is None and r.reason.startswith("Draw")


def _last_champion_attacks_with_a_goblin(vp: int) -> tuple[typing.Any, int]:
    """Ana's last active Champion (1 HP left) attacks into a blocker beside an unblocked goblin."""
    return last_champion_attacks(vp, "goblin-skirmisher", "rusalka-ford")  # a Magical blocker (H-17)


def test_H_26_F_1_twenty_vp_in_damage_assignment_wins_before_resolution_downs_the_last_champion() -> None:
    t, c = _last_champion_attacks_with_a_goblin(19)
    r = RS.result(t.s)
    assert r is not None and r.winner == 0 and "20 VP" in r.reason  # reached first: a win, not a draw
    assert t.s.players[0].vp == 20
    assert not t.unit(c).downed  # Resolution never came
    assert not any("suffers" in x for x in t.texts())


def test_H_26_F_2_one_vp_short_then_the_last_champion_falls_and_the_attacker_loses() -> None:
    t, c = _last_champion_attacks_with_a_goblin(18)
    r = RS.result(t.s)
    assert t.s.players[0].vp == 19
    assert t.unit(c).downed
    assert r is not None and r.winner == 1 and "Champions are downed" in r.reason


def test_H_27_downing_a_champion_gives_no_xp() -> None:
    t = table(lane=(["moss-troll"], []))
    troll = lane_uid(t, 0, "moss-troll")
    c = t.champs(1)[0]
    t.unit(c).wounds = t.hp(c) - 1
    t.attack(troll)
    t.block((c, troll))
    assert t.unit(c).downed
    assert t.s.players[0].xp == 0


def test_H_28_equipment_stays_on_a_downed_champion_and_works_again() -> None:
    t = table(hand=(["bronze-cuirass"], []), lane=(["kodama-sapling"], ["moss-troll"]), xp=(2, 0))
    champ = t.champs(0)[0]
    kodama = lane_uid(t, 0, "kodama-sapling")
    cuirass = hand_uid(t, 0, "bronze-cuirass")
    t.play(cuirass, champ)
    assert t.hp(champ) == 8
    finish_turn(t)
    troll = lane_uid(t, 1, "moss-troll")
    t.unit(champ).wounds = 7
    t.attack(troll)
    t.block((champ, troll))
    assert t.unit(champ).downed and t.unit(champ).equipment == [cuirass]
    assert t.unit(champ).wounds == 8
    finish_turn(t)
    assert t.s.active == 0
    t.play(kodama, champ)  # heal 1: 7 wounds < 8 HP, counting the Cuirass
    assert not t.unit(champ).downed and t.unit(champ).wounds == 7


def test_H_28_only_champions_carry_equipment() -> None:
    t = table(hand=(["dwarf-gauntlets"], []), lane=(["goblin-skirmisher"], []), xp=(2, 0))
    t.act("play", hand_uid(t, 0, "dwarf-gauntlets"))
    assert {a[1] for a in t.d.actions if a[0] == "target"} == set(t.champs(0))


def test_H_31_dp_floor_and_critical_hit_on_zero_dp() -> None:
    t = table(hand=([], ["bramble-snare"]), lane=(["jorogumo-spinner"], ["moss-troll"]), xp=(0, 1), rolls=[6])
    j, troll = lane_uid(t, 0, "jorogumo-spinner"), lane_uid(t, 1, "moss-troll")
    t.attack(j)
    t.block((troll, j), stop=True)
    assert t.kind == "legendary_battle" and t.d.seat == 1
    t.play(hand_uid(t, 1, "bramble-snare"), j)
    t.pass_legendary()
    assert "Jorogumo Silk-Spinner rolls d6 for Critical Hit: 6" in t.texts()  # rolled even at 0 DP
    assert t.unit(troll).wounds == 0  # 2 - 2 = 0 DP, doubled is still 0
    assert t.s.units[j].dp_mod == -2


def test_H_31_attackers_roll_before_blockers() -> None:
    t = table(lane=(["jorogumo-spinner"], ["jorogumo-spinner"]), rolls=[6, 1])
    a, b = lane_uid(t, 0, "jorogumo-spinner"), lane_uid(t, 1, "jorogumo-spinner")
    t.attack(a)
    t.block((b, a))
    assert b not in t.s.units  # the attacker got the 6: 4 wounds
    assert t.unit(a).wounds == 2


@pytest.mark.parametrize("active", [0, 1])
def test_H_31_critical_hit_rolls_follow_lane_order_not_declaration_order(active: int) -> None:
    """H-31: simultaneous things go attackers first, then blockers, each in lane order. Attackers and
    blockers are declared in the reverse of their lane order, and the scripted 6 must go to the unit
    first in the lane: with unequal DP, the wrong unit doubled shows in the VP and in the wounds."""
    other = 1 - active
    lanes = [["jorogumo-spinner", "aswang-night-wing"], ["zmey-hatchling", "rooftop-gargoyle"]]
    mine, theirs = lanes[0], lanes[1]
    t = table(lane=(mine, theirs) if active == 0 else (theirs, mine), active=active, rolls=[6, 1])
    jor, asw = lane_uid(t, active, "jorogumo-spinner"), lane_uid(t, active, "aswang-night-wing")
    t.to_attackers()
    t.act("attack", asw)  # declared first, second in the lane
    t.act("attack", jor)
    t.act("done")
    t.block()
    assert [x for x in t.texts() if "rolls d6" in x] == [
        "Jorogumo Silk-Spinner rolls d6 for Critical Hit: 6",
        "Aswang Night-Wing rolls d6 for Critical Hit: 1",
    ]
    assert t.s.players[active].vp == 2 * 2 + 3  # Jorogumo doubled, not the Aswang (2 + 3 * 2)

    t = table(lane=(["moss-troll"], theirs) if active == 0 else (theirs, ["moss-troll"]), active=active, rolls=[6, 1])
    troll = lane_uid(t, active, "moss-troll")
    zmey, garg = lane_uid(t, other, "zmey-hatchling"), lane_uid(t, other, "rooftop-gargoyle")
    t.attack(troll)
    t.block((garg, troll), (zmey, troll))  # declared in the reverse of lane order
    while t.kind == "assign_wounds":
        t.act("wound", zmey)
    assert next(x for x in t.texts() if "rolls d6" in x).startswith("Zmey")
    assert t.unit(troll).wounds == 2 * 2 + 1  # the Zmey doubled, not the gargoyle (2 + 1 * 2)


def test_H_32_temporary_hp_lapses_at_end_of_turn_and_can_kill() -> None:
    t = table(hand=(["iron-shirt"], []), lane=(["goblin-skirmisher"], ["moss-troll"]), xp=(1, 0))
    g, troll = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "moss-troll")
    t.attack(g)
    t.block((troll, g), stop=True)
    t.play(hand_uid(t, 0, "iron-shirt"), g)
    t.pass_legendary()
    assert t.unit(g).wounds == 2 and t.hp(g) == 4  # survives thanks to +3 HP
    finish_turn(t)
    assert g not in t.s.units and g in t.s.players[0].graveyard  # lapsed: dies, no kill XP
    assert t.s.players[1].xp == 1 + 2 + 2 + 2


def test_H_32_effect_kills_pay_xp_at_once() -> None:
    t = table(hand=(["thunder-of-perun"], []), lane=(["goblin-skirmisher"], ["jorogumo-spinner"]), xp=(2, 0), rolls=[1])
    g, j = lane_uid(t, 0, "goblin-skirmisher"), lane_uid(t, 1, "jorogumo-spinner")
    t.unit(j).wounds = 1
    t.attack(g)
    t.block((j, g), stop=True)
    t.play(hand_uid(t, 0, "thunder-of-perun"), j)
    assert j not in t.s.units
    assert t.s.players[0].xp == 1  # half of 3, paid when the Legend resolved
    t.pass_legendary()
    assert g in t.s.units  # its blocker died before damage: no wounds, no VP (H-8)
    assert t.s.players[0].vp == 0
