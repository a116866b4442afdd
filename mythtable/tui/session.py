"""Hot-seat bookkeeping between the game and the screens, kept free of textual.

It answers: whose view is on screen, whether the keyboard must change hands first (the
curtain), and whether the next decision belongs to a computer seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mythtable.engine.bots import LEVELS, STRENGTHS, Bot, RandomBot
from mythtable.engine.bots import make_bot as make_strength_bot
from mythtable.engine.game import Game
from mythtable.engine.registry import own_ai


class Next(Enum):
    OVER = "over"
    CURTAIN = "curtain"
    HUMAN = "human"
    COMPUTER = "computer"


@dataclass
class Session:
    """A game plus who sits at each seat. `viewer` is the seat whose view the screen shows."""

    game: Game
    controllers: list[str] = field(default_factory=lambda: ["human", "human"])
    viewer: int | None = None
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, controller in enumerate(self.controllers):
            if controller != "human":
                self.bots[seat] = make_bot(self.game.ruleset.id, controller, self.game.seed + seat)

    @property
    def names(self) -> list[str]:
        return self.game.setup.players

    def next_step(self) -> Next:
        """What the screen must do before showing the next decision."""
        decision = self.game.decision
        if decision is None:
            return Next.OVER
        if decision.seat in self.bots:
            if self.viewer is None:
                self.viewer = self.first_human_seat()
            return Next.COMPUTER
        if decision.seat != self.viewer and self.needs_curtain(decision.seat):
            return Next.CURTAIN
        self.viewer = decision.seat
        return Next.HUMAN

    def needs_curtain(self, seat: int) -> bool:
        """A curtain is due when the keyboard changes hands and the screen shows private information."""
        humans = [s for s in (0, 1) if s not in self.bots]
        return self.game.ruleset.hidden_information and len(humans) == 2 and self.viewer != seat

    def take_keyboard(self, seat: int) -> None:
        self.viewer = seat

    def first_human_seat(self) -> int:
        for seat in (0, 1):
            if seat not in self.bots:
                return seat
        return 0

    @property
    def watching(self) -> bool:
        """Both seats are computers: a spectator watches, and sees everything."""
        return len(self.bots) == 2

    def view(self) -> Any:
        if self.watching:
            return self.game.view(None)
        return self.game.view(self.viewer if self.viewer is not None else self.first_human_seat())

    def log_seat(self) -> int | None:
        return None if self.watching else self.viewer


CONTROLLER_LABELS = {
    "human": "A person",
    "ai": "Computer (built-in AI)",
    "easy": "Computer (easy)",
    "normal": "Computer (normal)",
    "hard": "Computer (hard)",
    "random": "Computer (random)",
    "greedy": "Computer (greedy)",
    "search": "Computer (search)",
}

LEVEL_NAMES = ("easy", "normal", "hard")
"""The strengths a player picks from; random, greedy and search stay for scripts and tests."""


def controller_choices(ruleset_id: str) -> list[str]:
    """Who may sit at a seat: a person, or a computer of some strength (the levels first)."""
    choices = ["human", *LEVEL_NAMES]
    if own_ai(ruleset_id) is not None:
        choices.append("ai")
    choices.extend(s for s in STRENGTHS if s not in choices)
    return choices


def make_bot(ruleset_id: str, controller: str, seed: int) -> Bot:
    """The computer player for a seat: the ruleset's own AI, or a generic bot of a strength."""
    if controller == "ai":
        factory = own_ai(ruleset_id)
        if factory is not None:
            bot: Bot = factory(seed)
            return bot
        controller = "greedy"
    if controller in ("greedy", "search", "easy") or controller in LEVELS:
        # one process: forking helper processes from inside the running app is not worth the risk
        return make_strength_bot(ruleset_id, controller, seed, workers=1)
    return RandomBot(seed)
