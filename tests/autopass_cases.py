"""Auto-pass checks shared by the card rulesets (issue 15); tests/<ruleset>/test_autopass.py names them.

Games are driven through `Session.next_step`, the code that decides when the game screen shows a
curtain, with both seats human and random bots answering whatever a seat is asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mythtable.engine.autopass import YIELD_NONE, YIELD_TURN, SeatSettings, Window, should_autopass
from mythtable.engine.bots import RandomBot
from mythtable.engine.decision import Decision
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.registry import ai_hooks
from mythtable.saves import SaveStore
from mythtable.tui.session import Next, Session

MAX_ACTIONS = 6000


@dataclass
class Asked:
    """One decision shown to a seat."""

    turn: int
    active: int
    seat: int
    window: Window | None
    decision: Decision


def drive(ruleset_id: str, seed: int, settings: list[SeatSettings] | None = None) -> tuple[Session, list[Asked]]:
    """A whole game through the session; the decisions the seats were shown."""
    game = Game.new(ruleset_id, seed)
    session = Session(game, ["human", "human"], autopass=settings or [SeatSettings(), SeatSettings()])
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    asked: list[Asked] = []
    while len(game.actions) < MAX_ACTIONS:
        step = session.next_step()
        if step is Next.OVER:
            break
        decision = game.decision
        assert decision is not None
        if step is Next.CURTAIN:
            session.take_keyboard(decision.seat)
            continue
        if step is Next.RECAP:  # a seat reading its results is not a decision it was asked
            session.recap_seen()
            continue
        window = game.window()
        asked.append(Asked(game.ruleset.turn_number(game.state), game.state.active, decision.seat, window, decision))
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return session, asked


def auto_lines(game: Game) -> list[str]:
    return [line.event.text for line in game.log if line.event.kind == "auto"]


def check_a_turn_where_the_opponent_is_not_asked(ruleset_id: str) -> None:
    """Default settings: whole turns pass without the other seat being asked, and whenever it is asked
    during the other's turn, the reason is one the issue allows."""
    quiet_turns = 0
    for seed in range(3):
        session, asked = drive(ruleset_id, seed)
        assert auto_lines(session.game), "some windows were passed for a seat"
        turns = {a.turn: a.active for a in asked}
        for turn, active in turns.items():
            if not any(a.turn == turn and a.seat != active for a in asked):
                quiet_turns += 1
        for a in asked:
            w = a.window
            assert w is not None
            if a.seat != a.active:
                assert w.own_only or w.targeted or (w.waiting is not None and w.waiting != a.seat), a
    assert quiet_turns > 0


def check_a_response_window_asks(ruleset_id: str) -> None:
    """The other seat put something in limbo / on the stack: the seat that could answer is asked."""
    for seed in range(20):
        _, asked = drive(ruleset_id, seed)
        for a in asked:
            w = a.window
            assert w is not None
            if w.pass_action is not None and w.waiting is not None and w.waiting != a.seat:
                assert not w.own_only and a.decision.allows(w.pass_action)
                return
    raise AssertionError("no response window was asked in 20 games")


def check_full_control_asks_at_every_window(ruleset_id: str) -> None:
    """Full control on both seats: every action of the game was a decision shown to its seat."""
    full = [SeatSettings(full_control=True), SeatSettings(full_control=True)]
    session, asked = drive(ruleset_id, 1, full)
    assert len(asked) == len(session.game.actions)
    assert auto_lines(session.game) == []
    session, asked = drive(ruleset_id, 1)
    assert len(asked) < len(session.game.actions), "the defaults pass some windows"


def check_a_yield_holds_until_the_next_turn(ruleset_id: str) -> None:
    """Seat 1 yields until its turn at the start of seat 0's turn: it is asked only for what only it
    can decide or what aims at it, and the yield ends when its own turn begins."""
    held = 0
    for seed in range(5):
        game = Game.new(ruleset_id, seed)
        session = Session(game, ["human", "human"])
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        yielding: int | None = None
        while len(game.actions) < MAX_ACTIONS and session.next_step() is not Next.OVER:
            decision = game.decision
            assert decision is not None
            window = game.window()
            assert window is not None
            if yielding is None and decision.kind == "main" and window.active == decision.seat:
                yielding = 1 - decision.seat
                session.set_yield(yielding, YIELD_TURN)
            elif yielding is not None and decision.seat == yielding:
                if window.active == yielding:
                    assert session.autopass[yielding].yield_ == YIELD_NONE  # it ended with its turn
                    break
                if session.autopass[yielding].yield_ == YIELD_TURN:
                    assert window.own_only or window.pass_action is None  # what only it can decide
                else:
                    yielding = -1  # cleared by a targeting action: the check is over for this game
                    break
            if yielding is not None and session.autopass[yielding].yield_ == YIELD_TURN:
                held += 1
            session.take_keyboard(decision.seat)
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    assert held > 0


def check_a_targeting_action_clears_a_yield(ruleset_id: str) -> None:
    """A seat yielding until its turn is asked, and its yield cleared, when the other seat aims at it."""
    for seed in range(40):
        game = Game.new(ruleset_id, seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while (decision := game.decision) is not None and len(game.actions) < MAX_ACTIONS:
            window = game.window()
            if (
                window is not None
                and window.targeted
                and window.active != decision.seat
                and window.pass_action is not None
                and len(decision.actions) > 1
            ):
                seat = decision.seat
                settings = [SeatSettings(), SeatSettings()]
                settings[seat] = SeatSettings(yield_=YIELD_TURN)
                before = len(game.actions)
                session = Session(game, ["human", "human"], autopass=settings)
                assert session.next_step() in (Next.HUMAN, Next.CURTAIN)
                assert len(game.actions) == before, "the yielding seat was asked, not passed"
                assert session.autopass[seat].yield_ == YIELD_NONE
                return
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    raise AssertionError("no targeting action met a seat that could answer in 40 games")


def check_a_resumed_game_keeps_its_settings(ruleset_id: str, data: Path) -> None:
    game = Game.new(ruleset_id, 3)
    session = Session(game, ["human", "human"])
    session.toggle_full_control(0)
    session.set_yield(1, YIELD_TURN)
    session.set_stops(1, frozenset({"combat.defense", "maintenance2"}))
    wanted = [s.to_json() for s in session.autopass]
    store = SaveStore(data)
    store.save(game)
    store.release(game)
    infos, problems = store.list()
    assert problems == [] and len(infos) == 1
    resumed = store.resume(infos[0])
    again = Session(resumed, ["human", "human"])
    assert [s.to_json() for s in again.autopass] == wanted
    # a save from before auto-pass (no settings in it) resumes with the players' remembered settings
    old = Game.new(ruleset_id, 4)
    old_session = Session(old, ["human", "human"], config=data / "elsewhere")
    assert [s.to_json() for s in old_session.autopass] == [SeatSettings().to_json()] * 2
    name = game.setup.players[0]
    stored = Session(Game.new(ruleset_id, 5, game.setup), ["human", "human"])
    assert stored.names[0] == name and stored.autopass[0].full_control  # remembered under the name


def check_a_replay_reaches_the_same_state(ruleset_id: str) -> None:
    session, _ = drive(ruleset_id, 2)
    game = session.game
    assert any(game.auto), "the game had auto-passes"
    replayed = Game.from_record(game.to_record(), verify=True)
    assert replayed.hash() == game.hash()
    assert replayed.actions == game.actions


def check_hidden_cards_never_change_an_auto_pass(ruleset_id: str, games: int = 12) -> None:
    """The same seat, the same public table, the other seat's hidden cards re-dealt: the same answer."""
    hooks = ai_hooks(ruleset_id)
    settings_list = [SeatSettings(), SeatSettings(yield_=YIELD_TURN), SeatSettings(stops=frozenset({"main"}))]
    compared = 0
    for seed in range(games):
        game = Game.new(ruleset_id, seed)
        ruleset, responses = game.ruleset, game.entry.responses
        assert responses is not None
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        rng = Rng(seed + 77)
        while (decision := game.decision) is not None and len(game.actions) < MAX_ACTIONS:
            seat = decision.seat
            window = game.window()
            other: Any = hooks.determinize(game.state, seat, rng)
            other_decision = ruleset.pending(other)
            assert other_decision is not None and other_decision.actions == decision.actions
            assert responses.window(other) == window
            for settings in settings_list:
                mine = should_autopass(window, decision, settings)
                theirs = should_autopass(responses.window(other), other_decision, settings)
                assert mine == theirs
            compared += 1
            game.apply(bots[seat].choose(ruleset, game.state, decision))
    assert compared > 100


def check_a_move_followed_by_auto_passes_can_be_taken_back(ruleset_id: str) -> None:
    """The other seat's auto-passes after a move are taken back with it (they are not a move of theirs)."""
    for seed in range(10):
        session, _ = drive(ruleset_id, seed)
        game = session.game
        for cut in range(len(game.actions) - 1, 1, -1):
            if (
                game.auto[cut]
                and not game.auto[cut - 1]
                and game.actors[cut] != game.actors[cut - 1]
                and not game.revealing[cut - 1]
                and not game.revealing[cut]
            ):
                seat = game.actors[cut - 1]
                again = Game.new(ruleset_id, seed)
                for index, action in enumerate(game.actions[: cut + 1]):
                    again.apply(action, auto=game.auto[index])
                assert again.takeback_count(seat) >= 1
                again.take_back(seat)
                assert again.actions == game.actions[: cut - 1]
                return
    raise AssertionError("no move followed by an auto-pass in 10 games")
