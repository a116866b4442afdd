"""A crowded Mage Wars table for snapshots and Pilot tests: both players deploy every unit they can
and attack with nothing until each has 7 units or more; then one scenario casts a spell (something on
the stack) and another attacks with every unit while the other side declares blocks.

Decks: Rainsquall Tide (Admiral Oda Deepcurrent, Tidecaller Acolyte) against Magma Vanguard
(Marga Stonewarden, Boulderback Ox), for long names. Everything goes through `Game.apply`, so a
save of the game replays to the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.start import SavedGames

SETUP = Setup(["Ana", "Bram"], {"deck1": "rainsquall-tide", "deck2": "magma-vanguard"})
CROWD = 7


def units(game: Game, seat: int) -> int:
    player = game.state.players[seat]
    return len(player.offensive) + len(player.defensive)


def crowded(game: Game) -> bool:
    return min(units(game, 0), units(game, 1)) >= CROWD


def crowd_policy(game: Game, then: str = "") -> Action:
    """Lay and deploy face-up (the shorter line first), never attack, pass every window; once the
    table is crowded, `then` = "cast" casts what it can, "attack" attacks with every ready unit."""
    decision = game.decision
    assert decision is not None
    actions = decision.actions
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(str(action[0]), []).append(action)
    player = game.state.players[decision.seat]
    full = crowded(game)
    if decision.kind == "main":
        if full and then == "cast" and "cast" in kinds:
            return kinds["cast"][0]
        if full and then == "attack" and ("combat",) in actions:
            return ("combat",)
        if "lay" in kinds:
            return kinds["lay"][0]
        if "deploy" in kinds:
            want = "offensive" if len(player.offensive) <= len(player.defensive) else "defensive"
            return next((a for a in kinds["deploy"] if a[2] == want), kinds["deploy"][0])
        return ("end",)
    if decision.kind == "declare_attackers" and then == "attack" and "attack" in kinds:
        return kinds["attack"][0]
    if decision.kind == "attack_step" and then == "attack" and "block" in kinds:
        return kinds["block"][0]
    if decision.kind == "target" and then:
        return actions[0]
    for quiet in (("pass",), ("done",)):
        if quiet in actions:
            return quiet
    return actions[0]


def play_until(seed: int, stop: Callable[[Game], bool], then: str, limit: int = 400) -> Game | None:
    game = Game.new("magewars", seed, SETUP)
    while game.decision is not None and len(game.actions) < limit:
        if stop(game):
            return game
        game.apply(crowd_policy(game, then))
    return None


def with_stack(game: Game) -> bool:
    """Crowded, a spell on the stack, and the other seat asked to answer with a full hand."""
    decision = game.decision
    return (
        crowded(game)
        and bool(game.state.stack)
        and decision is not None
        and decision.kind == "fast_cast"
        and len(game.state.players[decision.seat].hand) >= 7
    )


def blocking(game: Game) -> bool:
    """Crowded, several attacks declared, and the defender choosing which attacker a unit blocks."""
    decision = game.decision
    combat = game.state.combat
    return (
        crowded(game)
        and combat is not None
        and len(combat.attacks) >= 3
        and decision is not None
        and decision.kind == "target"
        and decision.prompt.startswith("Which attacker")
    )


def saved_app(game: Game, data: Path) -> MythtableApp:
    """The app with `game` saved in `data`, opened from the Continue screen (press Enter twice: the
    save, then the curtain); both players in full control, so every window is asked."""
    from tests.tui.test_magewars_tui import ask_at_every_window

    SaveStore(data).save(game)
    ask_at_every_window()
    return MythtableApp(start=SavedGames(), data=data)
