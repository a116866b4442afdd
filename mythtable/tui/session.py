"""Hot-seat bookkeeping between the game and the screens, kept free of textual.

It answers: whose view is on screen, whether the keyboard must change hands first (the
curtain), and whether the next decision belongs to a computer seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mythtable.engine.bots import Bot, RandomBot
from mythtable.engine.game import Game


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

    def view(self) -> Any:
        return self.game.view(self.viewer if self.viewer is not None else self.first_human_seat())


def make_bot(ruleset_id: str, controller: str, seed: int) -> Bot:
    """The computer player for a seat. Rulesets may ship their own (MythCraft's creature AI)."""
    if controller == "ai":
        try:
            module = __import__(f"mythtable.rulesets.{ruleset_id}.ai", fromlist=["make_ai"])
        except ImportError:
            return RandomBot(seed)
        return module.make_ai(seed)  # type: ignore[no-any-return]
    return RandomBot(seed)
