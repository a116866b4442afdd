"""Scenario builders for Mage Wars CCG tests: put chosen cards where a test needs them,
then drive the game only through the real `apply`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mythtable.engine.decision import Action, Event
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.rulesets.magewars.content import Content
from mythtable.rulesets.magewars.rules import advance
from mythtable.rulesets.magewars.rules.effects import open_window
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import Card, Player, State

FILLER = "bedrock-shard"


def content() -> Content:
    loaded: Any = load("magewars")
    return loaded.content


class Board:
    """A hand-built position. Cards are added by id; `start()` parks it on its first decision."""

    def __init__(self, active: int = 0, turn: int = 3, deck: int = 10, towers: tuple[int, int] = (30, 30)) -> None:
        c = content()
        players = [Player("Ana", "magma-vanguard"), Player("Bram", "rainsquall-tide")]
        self.state = State(content=c, rng=Rng(7), seed=7, players=players, cards=[])
        self.state.active = active
        self.state.first = active
        self.state.turn = turn
        for seat in (0, 1):
            players[seat].tower = towers[seat]
            for _ in range(deck):
                self.add(seat, FILLER, "deck")
        self.events: list[Event] = []

    def add(self, seat: int, cid: str, zone: str = "hand", face_down: bool = False, fresh: bool = False) -> int:
        """Add a card; zone is hand, deck, grave, offensive, defensive or row. `fresh`: entered this turn."""
        st = self.state
        uid = len(st.cards)
        card = Card(uid, st.content.cards[cid], seat, seat, zone, face_down)
        card.entered = st.turn if fresh else st.turn - 1
        st.cards.append(card)
        p = st.players[seat]
        {
            "hand": p.hand,
            "deck": p.deck,
            "grave": p.grave,
            "offensive": p.offensive,
            "defensive": p.defensive,
            "row": p.row,
        }[zone].append(uid)
        return uid

    def basics(self, seat: int, *resources: str, holding: str = "old-quarry-keep") -> None:
        """A face-up Holding plus the given face-up Resources in the Tower row."""
        if holding:
            self.add(seat, holding, "row")
        for r in resources:
            self.add(seat, r, "row")

    def start(self) -> State:
        st = self.state
        open_window(st, "main", st.active)
        advance(st, self.events)
        return st


def act(state: State, *action: str | int) -> list[Event]:
    return RULESET.apply(state, tuple(action))


def actions(state: State) -> list[Action]:
    d = state.decision
    assert d is not None, "the game is over"
    return d.actions


def kind(state: State) -> str:
    d = state.decision
    assert d is not None, "the game is over"
    return d.kind


def seat(state: State) -> int:
    d = state.decision
    assert d is not None
    return d.seat


def pass_fast(state: State, limit: int = 20) -> None:
    """Pass every open fast_cast decision (both seats) until something else is asked."""
    for _ in range(limit):
        if state.decision is None or state.decision.kind != "fast_cast":
            return
        act(state, "pass")
    raise AssertionError("fast-cast passing did not stop")


def declare(state: State, *pairs: tuple[int, str, str | int]) -> None:
    """From the Main phase: declare combat and the given (attacker, "line"/"hero", target) pairs."""
    act(state, "combat")
    pass_fast(state)
    assert kind(state) == "declare_attackers", kind(state)
    for uid, how, tgt in pairs:
        act(state, "attack", uid, how, tgt)
    act(state, "done")


def finish_attack_step(state: State) -> None:
    """Say done in the Attack step for whoever is asked until it ends."""
    for _ in range(6):
        if state.decision is None or kind(state) != "attack_step":
            return
        act(state, "done")


def play_quietly_until(state: State, stop: Callable[[State], bool], limit: int = 200) -> None:
    """Give the do-nothing answer (done, pass, end the Main phase, damage rather than a capture; else the
    first option) until `stop(state)` holds."""
    for _ in range(limit):
        if stop(state):
            return
        acts = actions(state)
        quiet = next((q for q in (("done",), ("pass",), ("end",), ("damage",)) if q in acts), acts[0])
        act(state, *quiet)
    raise AssertionError("the position was not reached")


def wounds(state: State, uid: int) -> int:
    return state.cards[uid].wounds


def zone(state: State, uid: int) -> str:
    return state.cards[uid].zone


def game(seed: int = 1, **options: str) -> Game:
    from mythtable.engine.protocol import Setup

    setup = Setup(players=["Ana", "Bram"], options=options) if options else None
    return Game.new("magewars", seed, setup)
