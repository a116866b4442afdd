"""Options say what they are about: `subject` names ids of the deciding seat's view, and nothing hidden."""

from __future__ import annotations

from typing import Any

import pytest

from mythtable.engine.decision import NO_SUBJECT, Action
from mythtable.engine.game import Game
from mythtable.engine.simulate import play_game
from mythtable.rulesets.mythicarium.state import State
from mythtable.rulesets.mythicarium.words import SUBJECTS

from .helpers import RS, Table, hand_uid, lane_uid, table
from .test_properties import _setup

ABOUT_CARDS = {"play", "use", "target", "attack", "blocker", "block", "unblock", "wound", "discard"}
"""Action kinds whose integer arguments are card uids: each of them must be in the subject."""
ABOUT_NOTHING = {"next", "pass", "done", "first"}


def visible(view: Any) -> set[int]:
    """Every card uid the view shows: units and their equipment on both lanes, limbo, the seat's own hand."""
    ids: set[int] = set()
    for player in view.players:
        for unit in player.lane:
            ids.add(unit.uid)
            ids.update(eq.uid for eq in unit.equipment)
        ids.update(card.uid for card in player.hand or ())
    ids.update(entry.uid for entry in view.limbo)
    return ids


def hidden(state: State, seat: int) -> set[int]:
    """Card uids `seat` may not see: the opponent's hand and both decks."""
    return set(state.players[1 - seat].hand) | set(state.players[0].deck) | set(state.players[1].deck)


def check_options(state: State, kinds: set[str]) -> None:
    d = state.decision
    if d is None:
        return
    seen = visible(RS.view(state, d.seat))
    secret = hidden(state, d.seat)
    for action in d.actions:
        kind = str(action[0])
        kinds.add(kind)
        subject = RS.subject(state, action)
        refs = set(subject.refs())
        assert refs <= seen, (action, subject, "not in the view")
        assert not refs & secret, (action, subject, "hidden from the deciding seat")
        args = {x for x in action[1:] if isinstance(x, int)}
        if kind in ABOUT_CARDS:
            assert subject.actor is not None, action
            assert args <= refs, (action, subject)
        elif kind in ABOUT_NOTHING:
            assert subject == NO_SUBJECT, (action, subject)
        assert subject.square is None and subject.item is None


@pytest.mark.slow
def test_every_option_of_random_games_names_what_the_seat_can_see() -> None:
    """60 random games: every option of every decision, all action kinds but the rare two-step block."""
    kinds: set[str] = set()
    for seed in range(60):

        def check(game: Game) -> None:
            check_options(game.state, kinds)

        out = play_game("mythicarium", seed, setup=_setup(seed), check=check)
        assert out.error is None, out.error
    assert set(SUBJECTS) - kinds <= {"blocker", "back"}, sorted(set(SUBJECTS) - kinds)


def test_subjects_of_a_two_step_block_and_a_take_back() -> None:
    t = table(lane=(["goblin-skirmisher"] * 7, ["brownie-sentry"] * 7))
    attackers = t.s.players[0].lane[3:]
    blockers = t.s.players[1].lane[3:]
    t.attack(*attackers)
    kinds: set[str] = set()
    check_options(t.s, kinds)
    t.act("blocker", blockers[0])
    check_options(t.s, kinds)
    assert RS.subject(t.s, ("back",)).actor == blockers[0]
    assert RS.subject(t.s, ("block", blockers[0], attackers[2])).target == attackers[2]
    t.act("block", blockers[0], attackers[2])
    check_options(t.s, kinds)
    unblock = RS.subject(t.s, ("unblock", blockers[0]))
    assert (unblock.actor, unblock.target) == (blockers[0], attackers[2])
    assert {"blocker", "back", "block", "unblock", "done"} <= kinds


def _choosing(t: Table, action: Action) -> None:
    t.act(*action)
    assert t.kind in ("choose_target", "heal_target"), t.kind


def test_a_target_option_names_the_card_played_and_its_target() -> None:
    """While a card waits for its target it is still in the hand: the subject's actor is that card."""
    t = table(hand=(["dwarf-gauntlets"], ()), xp=(9, 0))
    card = hand_uid(t, 0, "dwarf-gauntlets")
    champion = t.champs(0)[1]
    _choosing(t, ("play", card))
    check_options(t.s, set())
    target = RS.subject(t.s, ("target", champion))
    assert (target.actor, target.target) == (card, champion)
    assert RS.subject(t.s, ("cancel",)).actor == card


def test_an_ability_target_option_names_the_unit_using_it() -> None:
    t = table(lane=(["sirin-songbird"], []), xp=(1, 0))
    sirin = lane_uid(t, 0, "sirin-songbird")
    enemy = t.champs(1)[0]
    _choosing(t, ("use", sirin))
    check_options(t.s, set())
    target = RS.subject(t.s, ("target", enemy))
    assert (target.actor, target.target) == (sirin, enemy)
