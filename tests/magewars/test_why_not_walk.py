"""Issue 33 item 3: the reason shown for a card that cannot be played now agrees with the legal moves.
Random games are walked; at each decision every card of both seats in hand, face-down in play, or with an
ability is inspected: a card shown as playable (no reason) is among the options, one with a reason is not."""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.rulesets.magewars.state import State
from tests.inspect_checks import random_positions

SEEDS = range(12)
PLAY_KINDS = frozenset({"lay", "cast", "ritual", "deploy"})
"""Playing a hand card face-up (setting or deploying it face-down is always open in the Main phase)."""


def _check(game: Game) -> int:
    state: State = game.state
    decision = game.decision
    assert decision is not None
    checked = 0
    for seat in (0, 1):
        offered = set(decision.actions) if decision.seat == seat else set()
        p = state.players[seat]
        for uid in p.hand:
            ins = game.inspect(seat, uid)
            assert ins is not None
            playable = any(a[0] in PLAY_KINDS and a[1] == uid for a in offered)
            assert (ins.why_not == ()) == playable, (decision.kind, seat, ins.title, ins.why_not)
            checked += 1
        for uid in p.offensive + p.defensive + p.row:
            card = state.cards[uid]
            ins = game.inspect(seat, uid)
            assert ins is not None
            if card.face_down:
                shown = not any(line.startswith("Turn face-up:") for line in ins.why_not)
                assert shown == (("flip", uid) in offered), (decision.kind, seat, ins.title, ins.why_not)
                checked += 1
            elif card.d.ability is not None and card.zone != "row":
                shown = not any(line.startswith("Ability:") for line in ins.why_not)
                assert shown == (("ability", uid) in offered), (decision.kind, seat, ins.title, ins.why_not)
                checked += 1
    return checked


def test_a_card_shown_playable_is_offered_and_one_shown_not_is_not() -> None:
    checked = sum(_check(game) for game in random_positions("magewars", SEEDS, moves=300))
    assert checked > 1000
