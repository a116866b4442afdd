"""Drive the real app with key presses only: a policy picks an action, the driver presses the keys."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from mythtable.engine.decision import Action, Decision
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from tests.tui.keys import press, settle

Policy = Callable[[Decision, MythtableApp], Action]


async def press_choice(pilot: Pilot[None], screen: GameScreen, action: Action) -> None:
    """Highlight the option with arrow keys and press Enter (twice if the prompt holds the first), as a player would."""
    actions = screen.prompt.actions
    if action not in actions:  # a copy of a card in hand: the prompt lists the copies once, as the first
        game = screen.session.game
        key = game.ruleset.copies_key(game.state, action)
        action = next((a for a in actions if key is not None and game.ruleset.copies_key(game.state, a) == key), action)
    assert action in actions, f"{action} is not offered; the prompt lists {actions}"
    target = actions.index(action)
    options = screen.prompt.options
    while options.highlighted != target:
        await press(pilot, "down" if (options.highlighted or 0) < target else "up")
    guarded = screen.prompt.guarded  # safe keys (issue 15): a first Enter on an untouched guarded prompt only asks
    await press(pilot, "enter")
    if guarded:
        await press(pilot, "enter")


async def step(pilot: Pilot[None], app: MythtableApp, policy: Policy) -> bool:
    """One move: lift a curtain, or answer the open decision. False once the game is over."""
    await settle(pilot)
    if isinstance(app.screen, CurtainScreen):
        await press(pilot, "enter")
        return True
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, got {screen}"
    decision = screen.session.game.decision
    if decision is None:
        return False
    await press_choice(pilot, screen, policy(decision, app))
    return True


async def game_screen(pilot: Pilot[None], app: MythtableApp) -> GameScreen:
    """The game screen once any curtain is lifted (Enter, as the next player would)."""
    await settle(pilot)
    if isinstance(app.screen, CurtainScreen):
        await press(pilot, "enter")
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, got {screen}"
    return screen
