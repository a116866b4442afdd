"""The seat seam (mythtable/play/seat.py) and its local form (mythtable/tui/local_seat.py): a frame is plain
data that can cross a socket, a seat learns the options of its own decision only, and choices go through
the open decision's actions."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from mythtable.engine.decision import Result, Subject
from mythtable.engine.game import Game, LogLine
from mythtable.engine.views import view_data
from mythtable.play.seat import SeatDecision, SeatFrame, SeatLink, SeatOption, frame_of
from mythtable.tui.local_seat import LocalSeat
from mythtable.tui.session import Next, Session

RULESETS = ["mythicarium", "magewars", "mythcraft"]


def at_the_keyboard(link: LocalSeat) -> None:
    """Up to the first person's decision, the keyboard handed over as the curtain would."""
    step = link.next_step()
    if step is Next.CURTAIN:
        assert link.decision is not None
        link.take_keyboard(link.decision.seat)
        step = link.next_step()
    assert step is Next.HUMAN


def plain(value: Any) -> Any:
    """A frame as JSON-ready data: fails on anything that is not plain data (a state, a callable)."""
    if isinstance(value, SeatFrame | SeatDecision | SeatOption | Subject | LogLine | Result):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return view_data(value)
    if hasattr(value, "text") and hasattr(value, "kind"):  # an Event
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    assert value is None or isinstance(value, str | int | float | bool), f"not plain data: {value!r}"
    return value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_frame_is_plain_data_and_survives_json(ruleset: str) -> None:
    game = Game.new(ruleset, 7)
    link = LocalSeat(Session(game))
    at_the_keyboard(link)
    frame = link.frame()
    text = json.dumps(plain(frame))
    assert json.loads(text)["ruleset_id"] == ruleset
    assert frame.decision is not None and frame.decision.options, "the deciding seat sees its options"
    for option in frame.decision.options:
        assert frame.decision.actions[option.index] == option.action


def test_only_the_deciding_seat_learns_the_options() -> None:
    game = Game.new("mythicarium", 7)
    decision = game.decision
    assert decision is not None
    other = 1 - decision.seat
    mine = frame_of(game, decision.seat, game.view(decision.seat), decision.seat, deciding=True)
    theirs = frame_of(game, other, game.view(other), other, deciding=False)
    watcher = frame_of(game, None, game.public_view(), -1, deciding=False)
    assert mine.decision is not None and mine.decision.options
    for frame in (theirs, watcher):
        assert frame.decision is not None
        assert frame.decision.seat == decision.seat
        assert frame.decision.options == () and frame.decision.actions == ()
    assert all(line.event.seat is None for line in watcher.log)
    assert all(line.event.seat in (None, other) for line in theirs.log)


def test_copies_are_one_option_with_their_count() -> None:
    game = Game.new("mythicarium", 7)
    link = LocalSeat(Session(game))
    at_the_keyboard(link)
    frame = link.frame()
    assert frame.decision is not None
    listed = [(o.action, o.label, o.copies) for o in frame.decision.options]
    assert listed == game.options()


def test_choose_applies_the_indexed_action_saves_and_then_tells_the_listener() -> None:
    game = Game.new("mythicarium", 7)
    happened: list[tuple[str, int]] = []
    link = LocalSeat(Session(game), autosave=lambda: happened.append(("saved", len(game.actions))))
    link.on_change(lambda: happened.append(("told", len(game.actions))))
    at_the_keyboard(link)
    frame = link.frame()
    assert frame.decision is not None
    option = frame.decision.options[-1]
    assert link.choose(option.index) is None
    assert game.actions == [option.action]
    assert happened == [("saved", 1), ("told", 1)], "saved first: the screen told may already show the next move"


def test_a_choice_outside_the_decision_is_refused_and_changes_nothing() -> None:
    game = Game.new("mythicarium", 7)
    link = LocalSeat(Session(game))
    told: list[int] = []
    link.on_change(lambda: told.append(1))
    at_the_keyboard(link)
    before = game.hash()
    decision = game.decision
    assert decision is not None
    for index in (-1, len(decision.actions)):
        refused = link.choose(index)
        assert refused is not None and "not a legal choice" in refused
    assert game.hash() == before and not game.actions and not told


def test_take_back_undoes_the_seats_own_move_and_tells_the_listener() -> None:
    game = Game.new("mythcraft", 7)  # a move to a square reveals nothing: it may be taken back
    link = LocalSeat(Session(game))
    told: list[int] = []
    link.on_change(lambda: told.append(len(game.actions)))
    at_the_keyboard(link)
    assert not link.can_take_back() and "no move has been made" in link.why_no_takeback()
    frame = link.frame()
    assert frame.decision is not None
    before = game.hash()
    assert link.choose(frame.decision.options[0].index) is None
    link.next_step()
    assert link.can_take_back()
    assert link.take_back() is None
    assert game.hash() == before and not game.actions
    assert told == [1, 0]


def test_a_refused_take_back_says_why_and_changes_nothing() -> None:
    game = Game.new("magewars", 7)  # laying a card face up reveals it: no take-back
    link = LocalSeat(Session(game))
    at_the_keyboard(link)
    frame = link.frame()
    assert frame.decision is not None
    assert link.choose(frame.decision.options[0].index) is None
    link.next_step()
    after = game.hash()
    refused = link.take_back()
    assert refused is not None and "revealed information" in refused
    assert game.hash() == after


def test_the_local_form_is_a_seat_link() -> None:
    link = LocalSeat(Session(Game.new("mythicarium", 7)))
    assert isinstance(link, SeatLink)


def test_a_seat_that_does_not_decide_gets_no_prompt_of_the_other_seat_s_decision() -> None:
    """Hot-seat against the computer: while the computer decides, the frame of the seat at the keyboard carries the
    decision's seat and kind only (a prompt may name a card still in the chooser's hand), as a table host's does."""
    game = Game.new("mythicarium", 7)
    link = LocalSeat(Session(game, ["human", "easy"]))
    theirs = 0
    for _ in range(80):
        step = link.next_step()
        if step is Next.OVER:
            break
        if step is Next.CURTAIN:
            assert link.decision is not None
            link.take_keyboard(link.decision.seat)
            continue
        if step is Next.RECAP:
            link.recap_seen()
            continue
        frame = link.frame()
        decision = game.decision
        assert frame.decision is not None and decision is not None
        if step is Next.COMPUTER:
            theirs += 1
            assert frame.seat == 0 and decision.prompt
            assert frame.decision.prompt == "" and frame.decision.options == ()
            assert frame.decision.kind == decision.kind and frame.decision.seat == decision.seat
            turn = link.computer_turn()
            assert turn is not None
            assert link.computer_chose(turn.think(), turn.moves) is None
        else:
            assert frame.decision.prompt == decision.prompt  # the seat's own decision: its whole prompt
            assert link.choose(frame.decision.options[0].index) is None
    assert theirs > 5, "the computer decided too seldom to tell"
