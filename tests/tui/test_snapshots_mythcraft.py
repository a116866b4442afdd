"""SVG snapshots of the MythCraft game screen at 80x24 (pytest-textual-snapshot).

Update after an intended visual change with:
python -m pytest tests/tui/test_snapshots_mythcraft.py --snapshot-update
"""

from __future__ import annotations

from mythtable.engine.game import Game
from mythtable.rulesets.mythcraft.ai import CreatureAI
from mythtable.tui.app import MythtableApp
from mythtable.tui.start import OpenGame
from tests.tui.keys import settle


def game_at(seed: int, seat: int) -> Game:
    """Encounter E1 played by the creature AI for both sides until `seat` first decides."""
    game = Game.new("mythcraft", seed)
    ai = CreatureAI()
    while game.decision is not None and not (game.decision.seat == seat and game.decision.kind.endswith("_turn")):
        game.apply(ai.choose(game.ruleset, game.state, game.decision))
    return game


def test_mythcraft_creature_turn(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # seed 7: the Cinder Imp opens round 1; its first move is highlighted on the map and explained
    app = MythtableApp(start=OpenGame(game_at(7, 1)))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def test_mythcraft_hero_turn(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # Hrodna's turn: the second move option is highlighted, the AP meter shows her Rage AP
    app = MythtableApp(start=OpenGame(game_at(7, 0)))
    assert snap_compare(app, press=["down"], terminal_size=(80, 24))
