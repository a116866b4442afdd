"""Issue 33 item 3: the reason shown for a card that cannot be played now is the real one. Random games
are walked; at each decision every hand card and every unit with an ability of both seats is inspected,
and what the panel says is checked against the legal moves: a card shown as playable is among the options,
a card shown as not playable is not, and its reason is the first failing check of the rules' one list
(rules/priority.py `PLAY_CHECKS`, `USE_CHECKS`, which the option list reads too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mythtable.engine.game import Game
from mythtable.rulesets.mythicarium.state import State
from tests.inspect_checks import random_positions

SEEDS = range(12)


Checks = Sequence[tuple[str, Callable[..., bool]]]


def _first_failing(checks: Checks, state: State, seat: int, thing: Any) -> str | None:
    for code, passes in checks:
        if not passes(state, seat, thing):
            return code
    return None


def _offered(game: Game, seat: int) -> set[object]:
    decision = game.decision
    assert decision is not None
    return set(decision.actions) if decision.seat == seat else set()


def _ability_units(state: State, seat: int) -> list[int]:
    return [uid for uid in state.players[seat].lane if state.content.cards[state.units[uid].card].ability is not None]


def test_a_card_shown_playable_is_offered_and_one_shown_not_is_not() -> None:
    checked = 0
    for game in random_positions("mythicarium", SEEDS, moves=300):
        state: State = game.state
        for seat in (0, 1):
            offered = _offered(game, seat)
            for uid in state.players[seat].hand:
                ins = game.inspect(seat, uid)
                assert ins is not None
                assert (ins.why_not == ()) == (("play", uid) in offered), (state.stage, seat, ins.title, ins.why_not)
                checked += 1
            for uid in _ability_units(state, seat):
                ins = game.inspect(seat, uid)
                assert ins is not None
                blocked = any(line.startswith("Ability: ") for line in ins.why_not)
                assert blocked != (("use", uid) in offered), (state.stage, seat, ins.title, ins.why_not)
                checked += 1
    assert checked > 1000


def test_every_shown_reason_is_the_first_failing_check() -> None:
    from mythtable.rulesets.mythicarium.inspect import PLAY_LABEL, USE_LABEL, say_problem
    from mythtable.rulesets.mythicarium.rules.priority import PLAY_CHECKS, USE_CHECKS

    checked = 0
    for game in random_positions("mythicarium", SEEDS, moves=300):
        state: State = game.state
        for seat in (0, 1):
            offered = _offered(game, seat)
            for uid in state.players[seat].hand:
                ins = game.inspect(seat, uid)
                assert ins is not None
                code = _first_failing(PLAY_CHECKS, state, seat, uid)
                assert (code is None) == (("play", uid) in offered)
                expected = () if code is None else (PLAY_LABEL + say_problem(state, seat, code, uid, "play"),)
                assert ins.why_not == expected, (ins.title, ins.why_not, expected)
                checked += 1
            for uid in _ability_units(state, seat):
                ins = game.inspect(seat, uid)
                assert ins is not None
                code = _first_failing(USE_CHECKS, state, seat, state.units[uid])
                assert (code is None) == (("use", uid) in offered)
                shown = tuple(line for line in ins.why_not if line.startswith(USE_LABEL))
                expected = () if code is None else (USE_LABEL + say_problem(state, seat, code, uid, "use"),)
                assert shown == expected, (ins.title, ins.why_not, expected)
                checked += 1
    assert checked > 1000


def test_inspecting_during_a_target_choice_says_a_target_is_being_chosen() -> None:
    """The issue's case: while Kitsune's target is chosen, a card that could otherwise be played says so,
    not "wait for a window where you hold priority"."""
    from mythtable.rulesets.mythicarium.state import Item

    from .helpers import hand_uid, lane_uid, table

    t = table(hand=(["goblin-skirmisher"], []), xp=(5, 0))
    kitsune = lane_uid(t, 0, "kitsune-veilwalker")
    goblin = hand_uid(t, 0, "goblin-skirmisher")
    t.s.choosing = Item("ability", kitsune, 0)
    from mythtable.rulesets.mythicarium.inspect import inspect

    ins = inspect(t.s, 0, goblin)
    assert ins is not None
    assert ins.why_not == ("Not now: you are choosing a target for Kitsune Veilwalker first.",)
    bram_card = hand_uid(t, 0, "goblin-skirmisher")
    t.s.choosing = Item("card", bram_card, 1)  # the other seat's card in hand is never named
    ins = inspect(t.s, 0, goblin)
    assert ins is not None
    assert ins.why_not == ("Not now: Bram is choosing a target first.",)
