"""Auto-pass: when a human seat is asked, and when its answer is given for it (issue 15).

Two people sharing one keyboard pay for every hand-over, so a seat is asked only when it must:
like the stops and yields of MTG Arena and Forge. The ruleset says what kind of window a decision
is (`Window`, from the rules and public information only); the seat's `SeatSettings` say what it
wants to be asked; `should_autopass` combines the two. The answer it gives is always one of the
open decision's legal actions, so records stay legal and replays reach the same state.

What auto-pass reveals: that a seat was or was not asked. With the default settings a seat that
holds a possible answer is still passed over in the other seat's stage changes, so being skipped
says little; `full_control` asks at every window the rules open, so nothing is revealed beyond
what the rules themselves reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mythtable.engine.decision import Action, Decision

YIELD_NONE = "none"
YIELD_TURN = "turn"
"""Pass until my turn."""
YIELD_COMBAT = "combat"
"""Pass until the end of this combat."""
YIELDS = (YIELD_NONE, YIELD_TURN, YIELD_COMBAT)


@dataclass(slots=True, frozen=True)
class Window:
    """What kind of window the open decision is, as the ruleset reads it from the rules.

    Everything here is public: both seats could work it out from the table.
    """

    seat: int
    """The seat that decides."""
    active: int
    """Whose turn it is."""
    stage: str
    """The stage key (`Ruleset.stage`); stops name these."""
    pass_action: Action | None = None
    """The action that passes (or moves on without doing anything), if passing is legal here."""
    waiting: int | None = None
    """The owner of the top item in limbo / on the stack, or None when nothing waits."""
    own_only: bool = False
    """A decision only this seat can make: blocks, the Legendary Battle, wounds, captures, its own main phase."""
    in_combat: bool = False
    targeted: bool = False
    """The other seat's waiting item targets this seat's units, or the other seat declared an attack on it."""


@dataclass(slots=True)
class SeatSettings:
    """What one seat wants to be asked. Plain data, saved with the game and per player name."""

    stops: frozenset[str] = frozenset()
    """Stage keys at which the seat wants to be asked even with nothing to answer."""
    full_control: bool = False
    """Ask at every window the rules open (bluffing, or hiding that one could not answer)."""
    yield_: str = YIELD_NONE
    """A standing pass: until my turn, or until the end of this combat."""

    def to_json(self) -> dict[str, Any]:
        return {"stops": sorted(self.stops), "full_control": self.full_control, "until": self.yield_}

    @classmethod
    def from_json(cls, data: object) -> SeatSettings:
        """Settings from plain data; anything malformed falls back to the defaults field by field."""
        if not isinstance(data, dict):
            return cls()
        stops = data.get("stops", [])
        clean = frozenset(s for s in stops if isinstance(s, str) and len(s) <= 64) if isinstance(stops, list) else None
        full = data.get("full_control")
        yld = data.get("until")
        return cls(
            stops=clean if clean is not None else frozenset(),
            full_control=full if isinstance(full, bool) else False,
            yield_=yld if yld in YIELDS else YIELD_NONE,
        )


def yield_over(window: Window, settings: SeatSettings) -> bool:
    """True when the seat's yield has reached its end, or the other seat aimed something at it."""
    if settings.yield_ == YIELD_NONE:
        return False
    if window.targeted:
        return True
    if settings.yield_ == YIELD_TURN:
        return window.active == window.seat
    return not window.in_combat


def expire_yield(window: Window, settings: SeatSettings) -> SeatSettings:
    """The settings with the yield cleared if it is over (the session calls this at each decision)."""
    return replace(settings, yield_=YIELD_NONE) if yield_over(window, settings) else settings


def should_autopass(window: Window | None, decision: Decision, settings: SeatSettings) -> Action | None:
    """The action to take for the seat without asking it, or None to ask.

    Decided only by the seat's settings, its own options and the public `window`: never by dice,
    never by what the other seat holds.
    """
    if settings.full_control:
        return None
    if len(decision.actions) == 1:
        return decision.actions[0]  # forced: nothing to choose
    if window is None or window.own_only or window.pass_action is None:
        return None
    if not decision.allows(window.pass_action):
        return None
    if settings.yield_ != YIELD_NONE and not yield_over(window, settings):
        return window.pass_action
    if window.stage in settings.stops:
        return None
    if window.targeted:
        return None
    if window.waiting is not None and window.waiting != window.seat:
        return None  # the other seat put something in limbo / on the stack
    return window.pass_action


SAFE_KINDS = frozenset({"pass", "done", "next", "end", "decline", "cancel"})
"""Action kinds that do nothing now: pass, done (no more attackers / blockers), move on to the next stage, end the
turn, decline a reaction, cancel a half-made choice."""


def safe_action(window: Window | None, decision: Decision) -> Action | None:
    """The option that does nothing now, where there is one: the ruleset's own pass first (a hint read from the
    rules), else the first option of a kind in SAFE_KINDS. Never guessed from the option's words."""
    if window is not None and window.pass_action is not None and decision.allows(window.pass_action):
        return window.pass_action
    return next((a for a in decision.actions if a and a[0] in SAFE_KINDS), None)


def enter_commits_at_once(window: Window | None, decision: Decision) -> bool:
    """After a hand-over, may the first Enter commit the highlighted safe option?

    Only a pass in a window that answers the other seat: the seat loses nothing it had planned. Ending one's
    own stage or turn, or any decision without a safe option, takes a second Enter (safe keys, issue 15)."""
    safe = safe_action(window, decision)
    return safe is not None and window is not None and safe == window.pass_action and not window.own_only


def cause_of(window: Window | None, decision: Decision) -> str:
    """A short name for why a seat was asked (the benchmark's breakdown)."""
    if window is None:
        return decision.kind
    if window.own_only:
        return "own turn" if decision.kind == "main" else f"only this seat ({decision.kind})"
    if window.targeted:
        return "targeted / attacked"
    if window.waiting is not None and window.waiting != window.seat:
        return "response to the other seat"
    if window.pass_action is None:
        return f"no pass ({decision.kind})"
    return f"stop or window ({decision.kind})"
