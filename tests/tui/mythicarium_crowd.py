"""Crowded Mythicarium tables for board tests, reached by playing legal actions (never by markup).

A "builder" policy plays every unit it can and never attacks until both lanes hold CROWD units,
then hoards its cards so hands fill up; `crowded_with_limbo` stops when Bram's card waits in limbo
and Ana is asked to respond; `crowded_blocks` stops when Bram attacks with the last two units of his lane
and Ana declares blockers.
"""

from __future__ import annotations

from collections.abc import Callable

from mythtable.engine.decision import Action
from mythtable.engine.game import Game

ANA, BRAM = 0, 1
CROWD = 7
UNIT_TYPES = ("Ally", "Minion", "Champion")


def _is_unit(game: Game, uid: object) -> bool:
    state = game.state
    return isinstance(uid, int) and state.content.cards[state.cards[uid]].type in UNIT_TYPES


def _quiet(actions: list[Action] | tuple[Action, ...]) -> Action:
    for quiet in (("done",), ("pass",), ("next",)):
        if quiet in actions:
            return quiet
    return actions[0]


def builder(game: Game, crowd: int = CROWD) -> Action:
    """Play units until the own lane holds `crowd` units, never attack, pass otherwise."""
    decision = game.decision
    assert decision is not None
    if decision.kind == "first_player":
        return ("first", ANA)
    own = game.state.players[decision.seat]
    if decision.kind == "main" and len(own.lane) < crowd:
        units = [a for a in decision.actions if a[0] == "play" and _is_unit(game, a[1])]
        if units:
            return units[0]
    return _quiet(decision.actions)


def play_until(seed: int, stop: Callable[[Game], bool], policy: Callable[[Game], Action], limit: int = 400) -> Game:
    game = Game.new("mythicarium", seed)
    while game.decision is not None and len(game.actions) < limit:
        if stop(game):
            return game
        game.apply(policy(game))
    raise AssertionError(f"seed {seed}: the scenario was not reached")


def crowded(game: Game, crowd: int = CROWD) -> bool:
    return all(len(p.lane) >= crowd for p in game.state.players)


def crowded_with_limbo(seed: int = 0) -> Game:
    """Both lanes crowded, Ana's hand full, and Bram's card in limbo while Ana may respond."""

    def hoard_then_play(game: Game) -> Action:
        decision = game.decision
        assert decision is not None
        state = game.state
        if not crowded(game):
            return builder(game)
        full = len(state.players[ANA].hand) >= state.players[ANA].hand_limit
        if full and decision.seat == BRAM and decision.kind == "main":
            plays = [a for a in decision.actions if a[0] == "play"]
            if plays:
                return plays[0]
        if decision.kind == "discard":
            return decision.actions[0]
        return _quiet(decision.actions)

    def stop(game: Game) -> bool:
        decision = game.decision
        return (
            crowded(game)
            and bool(game.state.limbo)
            and decision is not None
            and decision.seat == ANA
            and decision.kind == "respond"
        )

    return play_until(seed, stop, hoard_then_play)


def crowded_blocks(seed: int = 0, crowd: int = CROWD) -> Game:
    """Both lanes crowded; Bram attacks with the last two ready units of his lane; Ana is to declare blockers."""

    def attack_last(game: Game) -> Action:
        decision = game.decision
        assert decision is not None
        if not crowded(game, crowd):
            return builder(game, crowd)
        if decision.kind == "declare_attackers" and decision.seat == BRAM:
            combat = game.state.combat
            if combat is not None and len(combat.attackers) < 2:
                lane = game.state.players[BRAM].lane
                attacks = [a for a in decision.actions if a[0] == "attack" and a[1] not in combat.attackers]
                if attacks:
                    return max(attacks, key=lambda a: lane.index(a[1]))
        return _quiet(decision.actions)

    def stop(game: Game) -> bool:
        decision = game.decision
        combat = game.state.combat
        return (
            crowded(game, crowd)
            and combat is not None
            and bool(combat.attackers)
            and decision is not None
            and decision.seat == ANA
            and decision.kind == "declare_blockers"
        )

    return play_until(seed, stop, attack_last)
