"""The log reads in the order things happened, and an auto-pass says who passes what (issue 33, item 6).

Seen: "Turn 2: Bram." came before "Ana: End the turn (auto, the only choice).", and "Ana passes (auto)."
followed each of Ana's own plays as if it answered them. Two greedy players sit as people, so the
session's auto-answers apply as at a shared keyboard."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from mythtable.engine.bots import make_bot
from mythtable.engine.game import Game
from mythtable.tui.session import Next, Session


def hot_seat_game(ruleset_id: str, seed: int, config: Path, moves: int = 400) -> Game:
    """A greedy-vs-greedy game through Session.next_step (the curtain lifted at once), `moves` long at most."""
    game = Game.new(ruleset_id, seed)
    session = Session(game, ["human", "human"], config=config)
    bots = [make_bot(ruleset_id, "greedy", seed + 1, workers=1), make_bot(ruleset_id, "greedy", seed + 2, workers=1)]
    while len(game.actions) < moves:
        step = session.next_step()
        if step is Next.OVER:
            break
        decision = game.decision
        assert decision is not None
        if step is Next.CURTAIN:
            session.take_keyboard(decision.seat)
            continue
        if step is Next.RECAP:
            session.recap_seen()
            continue
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return game


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_an_auto_move_is_logged_before_what_it_brought(ruleset_id: str, tmp_path: Path) -> None:
    game = hot_seat_game(ruleset_id, 3, tmp_path)
    autos = 0
    for index, line in enumerate(game.log):
        if line.event.kind != "auto":
            continue
        autos += 1
        earlier = [other for other in game.log[:index] if other.step == line.step]
        assert not earlier, f"{line.event.text!r} is logged after {earlier[0].event.text!r}, which it brought about"
    assert autos > 5


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_a_pass_on_ones_own_play_does_not_read_as_an_answer(ruleset_id: str, tmp_path: Path) -> None:
    game = hot_seat_game(ruleset_id, 3, tmp_path)
    names = game.setup.players
    texts = [line.event.text for line in game.log]
    own_passes = 0
    for before, after in itertools.pairwise(texts):
        for name in names:
            if after.startswith(name) and "auto pass" in after and "nothing more on" in after:
                own_passes += 1
            assert not (before.startswith(f"{name} plays ") and after == f"{name} passes (auto)."), (
                f"{after!r} right after {before!r} reads as an answer to one's own play"
            )
        if after.endswith("(auto pass).") and "does not answer" in after:
            owner = after.split("does not answer ", 1)[1].split("'s ", 1)[0]
            assert owner in names and not after.startswith(owner), f"{after!r}: an answer names the other's item"
    if ruleset_id == "mythicarium":
        assert own_passes > 0, "no pass on one's own play was seen: the check above checked nothing"
