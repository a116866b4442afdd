"""Auto-pass applied to a game: the one place that answers a human seat's decision for it (issue 15).

Hot-seat (tui/session.py) and a shared table's host (tables/table.py) both call `auto_answer`, so a seat is
asked the same windows, the log says the same "Bram passes (auto)." lines and the record marks the same moves
as auto wherever the game is played. What to answer comes from engine/autopass.py; this module applies it.
"""

from __future__ import annotations

from collections.abc import Collection, MutableSequence
from dataclasses import dataclass

from mythtable.engine.autopass import (
    YIELD_COMBAT,
    YIELD_TURN,
    SeatSettings,
    Window,
    expire_yield,
    should_autopass,
)
from mythtable.engine.decision import Event
from mythtable.engine.game import Game, LogLine


@dataclass(frozen=True, slots=True)
class AutoMove:
    """A move made for a seat without asking it."""

    seat: int
    text: str
    """Its log line ("Bram passes (auto).")."""
    forced: str = ""
    """For a lone Done: what was taken and the ruleset's reason, for the seat's next decision to say; else ""."""


def saved_settings(game: Game) -> list[SeatSettings] | None:
    """Both seats' settings as saved with the game (a resumed game asks the same), or None when it has none."""
    saved = game.autopass
    seats = saved.get("seats") if isinstance(saved, dict) else None
    if isinstance(seats, list) and len(seats) == 2:
        return [SeatSettings.from_json(s) for s in seats]
    return None


def keep_settings(game: Game, settings: list[SeatSettings]) -> None:
    """Put the seats' settings into the game's record."""
    game.autopass = {"seats": [s.to_json() for s in settings]}


def settings_words(settings: SeatSettings) -> str:
    """What a seat's status line says of its auto-pass settings ("" for the defaults)."""
    if settings.full_control:
        return "full control"
    return {YIELD_TURN: "passing until your turn", YIELD_COMBAT: "passing until combat ends"}.get(settings.yield_, "")


def pass_words(names: list[str], seat: int, window: Window) -> str:
    """An auto-pass in words that say who passes what: a pass on one's own waiting item is no answer to it
    ("Ana plays nothing more on Tengu Duelist"), a pass on the other's is ("Bram does not answer Ana's
    Tengu Duelist"), and a pass with nothing waiting lets the stage go on."""
    name = names[seat]
    item = window.waiting_name
    if window.waiting is None or not item:
        return f"{name} passes (auto)."
    if window.waiting == seat:
        return f"{name} plays nothing more on {item} (auto pass); {names[1 - seat]} may answer it."
    return f"{name} does not answer {names[window.waiting]}'s {item} (auto pass)."


def auto_answer(game: Game, settings: MutableSequence[SeatSettings], computers: Collection[int]) -> AutoMove | None:
    """Apply the open decision's answer for a human seat (not in `computers`) that need not be asked, and
    return it; None when the seat must be asked (or the game is over, or a computer decides).

    A yield that has run its course is cleared in `settings` (and in the game's record) first. The move goes
    through Game.apply marked auto, like any move, so the record stays legal and replays the same."""
    decision = game.decision
    if decision is None or decision.seat in computers:
        return None
    seat = decision.seat
    window = game.window()
    if window is not None:
        expired = expire_yield(window, settings[seat])
        if expired is not settings[seat]:
            settings[seat] = expired
            keep_settings(game, list(settings))
    action = should_autopass(window, decision, settings[seat])
    if action is None:
        return None
    names = list(game.setup.players)
    if window is not None and action == window.pass_action:
        text = pass_words(names, seat, window)
    else:
        text = f"{names[seat]}: {game.describe(action)} (auto, the only choice)."
    reason = game.why_only_done() if len(decision.actions) == 1 else None
    forced = f"{game.describe(action)} (auto): {reason}" if reason else ""  # the seat never saw this decision
    before = len(game.log)
    game.apply(action, auto=True)
    # the log reads in the order things happened: the auto move before what it brought ("Turn 2: Bram.")
    game.log.insert(before, LogLine(len(game.actions), Event(text, kind="auto")))
    return AutoMove(seat, text, forced)
