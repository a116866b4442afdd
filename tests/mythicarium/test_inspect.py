"""Inspect (issue 16): what a Mythicarium seat may read, the full text of a unit, and every reason
why a card or unit cannot be played or used now, from the rules' own checks."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mythtable.engine.game import Game
from mythtable.rulesets.mythicarium.inspect import PROBLEMS, inspect, inspectables, why_only_done
from mythtable.rulesets.mythicarium.state import State
from tests.inspect_checks import all_inspections, leaks, random_positions, reasons_seen, repeated_facts, text_of

from .helpers import hand_uid, lane_uid, table

ANA, BRAM = 0, 1

FRAGMENTS: dict[str, tuple[str, ...]] = {
    code: (template.split("{")[0][:25],) for code, template in PROBLEMS.items() if not template.startswith("{")
}
FRAGMENTS["not_main"] = (
    "it is not your turn",
    "limbo is not empty",
    "only legends and lightning",
    "played in maintenance i or ii",
)
FRAGMENTS["not_priority_step"] = ("not now:",)
SEEDS = [0, 1, 2, 3, 21, 48]
"""Random games that between them give every reason (seeds 3 and 21: a unit arriving during combat;
48: a Double Assault round with a unit that did not attack in the first)."""


def test_every_reason_is_listed_with_words() -> None:
    assert set(FRAGMENTS) == set(PROBLEMS)


def test_every_why_not_reason_appears_over_scripted_games() -> None:
    seen = reasons_seen("mythicarium", SEEDS, FRAGMENTS)
    assert seen == set(PROBLEMS), f"never given: {sorted(set(PROBLEMS) - seen)}"


def test_a_unit_in_play_reads_in_full() -> None:
    t = table(lane=(["wild-hunt-hound"], []), hand=(["dwarf-gauntlets"], []), xp=(5, 0))
    hound = lane_uid(t, ANA, "wild-hunt-hound")
    t.s.units[hound].dp_mod = 2
    t.s.units[hound].wounds = 1
    ins = inspect(t.s, ANA, hound)
    assert ins is not None and ins.title == "Hound of the Wild Hunt"
    text = text_of(ins)
    assert "Ally" in ins.lines[0]
    assert "DP 5 (3 printed +2 until end of turn)" in text
    assert "wounds 1" in text and "2 HP left" in text
    assert any(line.startswith("Berserk: deals its damage before") for line in ins.lines)
    assert any(line.startswith("Critical Hit: a d6 is rolled") for line in ins.lines)
    assert any(line.startswith("Physical damage:") for line in ins.lines)
    assert "State: ready." in ins.lines


def test_champion_ability_equipment_and_state() -> None:
    t = table(champions=(("kitsune-veilwalker", "leshy-deepwood", "runesinger-kaleva"), None))
    kitsune = lane_uid(t, ANA, "kitsune-veilwalker")
    ins = inspect(t.s, ANA, kitsune)
    assert ins is not None
    assert any(line.startswith("Ability (exhaust, pay 1 XP): Deal 1 wound to an enemy unit.") for line in ins.lines)
    assert any("Yields 2 XP" in line for line in ins.lines)
    # no XP: the ability cannot be used, and the panel says so from the rules
    assert ins.why_not == ("Ability: Not enough XP: it costs 1 XP and you have 0.",)
    t.s.units[kitsune].exhausted = True
    assert inspect(t.s, ANA, kitsune).why_not[0].startswith("Ability: Not enough XP")  # type: ignore[union-attr]
    t.s.players[ANA].xp = 3
    assert "exhausted" in inspect(t.s, ANA, kitsune).why_not[0]  # type: ignore[union-attr]


def test_summoning_sickness_and_celerity() -> None:
    t = table(fresh=(["tanuki-coinforger", "firebird-ember"], []), xp=(5, 0))
    tanuki = lane_uid(t, ANA, "tanuki-coinforger")
    ins = inspect(t.s, ANA, tanuki)
    assert ins is not None
    assert "new this turn" in text_of(ins)
    assert ins.why_not == (
        "Ability: It entered play this turn: it cannot exhaust before your next turn begins, unless it has "
        "Celerity (F-11, H-24).",
    )
    firebird = lane_uid(t, ANA, "firebird-ember")
    assert "new this turn" not in text_of(inspect(t.s, ANA, firebird))  # type: ignore[arg-type]


def test_each_fact_appears_once_for_every_card_in_hand_and_in_play() -> None:
    """Seen: "Legend · Wizard · Legend", and "When played: X" followed by "Printed text: X" (the card's text
    is rendered from its data, so every sentence of it is already a line)."""
    t = table(hand=(["thunder-of-perun"], []), xp=(5, 0))
    legend = inspect(t.s, ANA, hand_uid(t, ANA, "thunder-of-perun"))
    assert legend is not None
    assert legend.lines[0] == "Legend · Wizard"
    assert [line for line in legend.lines if "Deal 2 wounds" in line] == [
        "When played: Deal 2 wounds to an enemy unit in this combat."
    ]
    cards = t.s.content.cards
    for cid in sorted(cards):  # each card in hand, and in the lane when it is a unit other than a Champion
        in_lane = cards[cid].is_unit and not cards[cid].is_champion
        one = table(hand=([cid], []), lane=([cid], []) if in_lane else ((), ()))
        for target in inspectables(one.s, ANA):
            ins = inspect(one.s, ANA, target.ref)
            assert ins is not None and not repeated_facts(ins), (cid, repeated_facts(ins))  # type: ignore[arg-type]


def test_a_legend_outside_combat_and_a_card_short_of_xp() -> None:
    """H-6: a Legend is played in Maintenance like any card; one aimed at a unit "in this combat" says why
    it waits for the Legendary Battle; the option list agrees with the panel."""
    t = table(hand=(["thunder-of-perun", "mirror-of-many-fates", "tengu-duelist", "goblin-skirmisher"], []), xp=(2, 0))
    legend = hand_uid(t, ANA, "thunder-of-perun")
    mirror = hand_uid(t, ANA, "mirror-of-many-fates")
    tengu = hand_uid(t, ANA, "tengu-duelist")
    goblin = hand_uid(t, ANA, "goblin-skirmisher")
    assert inspect(t.s, ANA, legend).why_not == (  # type: ignore[union-attr]
        "It acts on an enemy unit in this combat, so it is played in a combat's Legendary Battle (M-21, H-6).",
    )
    assert inspect(t.s, ANA, mirror).why_not == ()  # type: ignore[union-attr]
    assert inspect(t.s, ANA, tengu).why_not == ("Not enough XP: it costs 5 XP and you have 2.",)  # type: ignore[union-attr]
    assert inspect(t.s, ANA, goblin).why_not == ()  # type: ignore[union-attr]
    # the option list agrees: the goblin and the Mirror are offered, the other two are not
    plays = {a[1] for a in t.d.actions if a[0] == "play"}
    assert plays == {goblin, mirror}


def test_why_only_done_names_the_legends_that_wait_for_a_combat() -> None:
    """Enough XP, Maintenance I, limbo empty: combat-bonus Legends are still not offered, and the line above
    a lone "move on" says why (H-6)."""
    t = table(hand=(["thousand-palms", "bramble-snare"], []), xp=(5, 0))
    for uid in t.champs(ANA):
        t.unit(uid).exhausted = True  # their abilities are out of the way
    t.refresh()
    assert t.d.actions == [("next",)]
    reason = why_only_done(t.s)
    assert reason is not None and "2 card(s) act only on units in a combat" in reason


def test_a_legend_in_the_other_players_turn_says_whose_turn_it_is() -> None:
    t = table(hand=([], ["mirror-of-many-fates", "rusalka-ford"]), xp=(0, 5))
    mirror = hand_uid(t, BRAM, "mirror-of-many-fates")
    assert inspect(t.s, BRAM, mirror).why_not == (  # type: ignore[union-attr]
        "It is not your turn: in the other player's turn only Lightning cards are played, and Legends in its "
        "Legendary Battle (H-6).",
    )


def test_why_only_done_when_nothing_can_be_played() -> None:
    t = table(hand=(["tengu-duelist", "goblin-skirmisher", "thunder-of-perun"], []), xp=(0, 0))
    assert t.d.actions == [("next",)]
    reason = why_only_done(t.s)
    assert reason is not None
    assert "3 card(s) in hand cost more than your 0 XP" in reason
    assert "no ability of yours can be used now" in reason
    t.s.players[ANA].xp = 1  # now the goblin can be played, and the champions' abilities used
    t.s.decision = None
    from mythtable.rulesets.mythicarium.rules import advance

    advance(t.s, [])
    assert ("play", hand_uid(t, ANA, "goblin-skirmisher")) in t.d.actions
    assert why_only_done(t.s) is None
    t2 = table(hand=(["goblin-skirmisher"], []), xp=(1, 0))
    assert why_only_done(t2.s) is None


def test_the_other_hand_and_the_decks_are_never_inspectable() -> None:
    t = table(hand=(["goblin-skirmisher"], ["moss-troll"]))
    s: State = t.s
    bram_card = hand_uid(t, BRAM, "moss-troll")
    assert inspect(s, ANA, bram_card) is None
    assert inspect(s, BRAM, bram_card) is not None
    for uid in s.players[ANA].deck + s.players[BRAM].deck:
        assert inspect(s, ANA, uid) is None and inspect(s, BRAM, uid) is None
    refs = {target.ref for target in inspectables(s, ANA)}
    assert bram_card not in refs
    assert "player:1" in refs and inspect(s, ANA, "player:1") is not None
    assert inspect(s, ANA, "player:7") is None and inspect(s, ANA, "nonsense") is None


def _names(game: Game, seat: int) -> tuple[set[str], set[str]]:
    """(names of cards hidden from `seat`, names of cards it may see)."""
    s: State = game.state
    cards = s.content.cards

    def name(uid: int) -> str:
        return cards[s.cards[uid]].name

    other = s.players[1 - seat]
    hidden = {name(u) for u in other.hand} | {name(u) for p in s.players for u in p.deck}
    visible = {name(u) for u in s.players[seat].hand} | {name(u) for u in s.units} | {name(u) for u in s.equipped}
    visible |= {name(i.uid) for i in s.limbo} | {name(u) for p in s.players for u in p.graveyard}
    return hidden, visible


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_no_inspection_holds_the_other_seats_hidden_cards(seed: int) -> None:
    for n, game in enumerate(random_positions("mythicarium", [seed], moves=250)):
        if n % 5:
            continue  # every fifth position keeps the run short; the seeds vary the rest
        for seat in (ANA, BRAM):
            hidden, visible = _names(game, seat)
            assert not leaks(game, seat, hidden, visible), (seed, n, seat)
            s: State = game.state
            for uid in s.players[1 - seat].hand + s.players[0].deck + s.players[1].deck:
                assert inspect(s, seat, uid) is None


def test_every_listed_target_inspects_and_zones_group_them() -> None:
    for game in random_positions("mythicarium", [4], moves=120):
        for seat in (ANA, BRAM):
            targets = game.inspectables(seat)
            all_inspections(game, seat)
            zones = [t.zone for t in targets]
            # a zone's targets come together, so Tab can jump from zone to zone
            assert all(zones.index(z) == i or zones[i - 1] == z for i, z in enumerate(zones))
