"""Win checks (F-1, F-2, F-3, H-26): VP, all Champions downed, an empty deck.

Clause IDs refer to the in-app rules reference (assets/mythicarium/rules.toml).
"""

from __future__ import annotations

from mythtable.engine.decision import Event, Result
from mythtable.rulesets.mythicarium.rules.common import WIN_VP, say
from mythtable.rulesets.mythicarium.state import State


def all_downed(state: State, seat: int) -> bool:
    """Are all of `seat`'s Champions downed (F-2)."""
    units = state.units
    cards = state.content.cards
    for uid in state.players[seat].lane:
        u = units[uid]
        if cards[u.card].is_champion and not u.downed:
            return False
    return True


def check_win(state: State, events: list[Event]) -> bool:
    """Set the result if a player has won (both at once: a draw); True when the game is over."""
    reasons: list[str | None] = [None, None]
    for seat in (0, 1):
        p, o = state.players[seat], state.players[1 - seat]
        if p.vp >= WIN_VP:
            reasons[seat] = f"{p.name} reached {WIN_VP} VP"
        elif all_downed(state, 1 - seat):
            reasons[seat] = f"all of {o.name}'s Champions are downed"
        elif o.decked:
            reasons[seat] = f"{o.name} had to draw from an empty deck"
    if reasons[0] is None and reasons[1] is None:
        return False
    if reasons[0] is not None and reasons[1] is not None:
        state.result = Result(None, f"Draw: {reasons[0]} and {reasons[1]} at the same moment", state.turn)
    else:
        w = 0 if reasons[0] is not None else 1
        state.result = Result(w, f"{state.players[w].name} wins: {reasons[w]}", state.turn)
    say(events, state.result.reason, "result")
    return True
