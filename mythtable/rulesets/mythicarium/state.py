"""Mythicarium engine state: plain slotted dataclasses, a manual clone and a JSON snapshot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mythtable.engine.decision import Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythicarium.content import Content

NO_TARGET = -1


@dataclass(slots=True)
class Unit:
    """A Champion, Ally or Minion on a defense lane (card instance `uid`)."""

    uid: int
    card: str
    owner: int
    wounds: int = 0
    exhausted: bool = False
    sick: bool = False
    """Entered play since its controller's last turn began (F-11, H-24)."""
    downed: bool = False
    equipment: list[int] = field(default_factory=list)
    attacks: int = 0
    """Attacks made this turn (H-12: at most two)."""
    dp_mod: int = 0
    hp_mod: int = 0
    shield: int = 0
    """Temporary modifiers; they end with the turn (H-32)."""
    tag: str = ""
    """A letter that tells this unit from others of the same card in play ("A", "B"), given when it enters
    play and kept while it stays (rules/common.py `give_tag`); shown only while another such unit is in play."""

    def copy(self) -> Unit:
        return Unit(
            self.uid,
            self.card,
            self.owner,
            self.wounds,
            self.exhausted,
            self.sick,
            self.downed,
            list(self.equipment),
            self.attacks,
            self.dp_mod,
            self.hp_mod,
            self.shield,
            self.tag,
        )


@dataclass(slots=True)
class Player:
    name: str
    deck_id: str
    deck: list[int]
    """Top of the deck is the end of the list."""
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    lane: list[int] = field(default_factory=list)
    """Unit uids in the order they entered play."""
    xp: int = 0
    vp: int = 0
    hand_limit: int = 8
    decked: bool = False
    """Had to draw from an empty deck (F-3)."""

    def copy(self) -> Player:
        return Player(
            self.name,
            self.deck_id,
            list(self.deck),
            list(self.hand),
            list(self.graveyard),
            list(self.lane),
            self.xp,
            self.vp,
            self.hand_limit,
            self.decked,
        )


@dataclass(slots=True)
class Item:
    """Something waiting in limbo: a played card, or a unit's activated ability."""

    kind: str
    """"card" or "ability"."""
    uid: int
    """The card played, or the unit whose ability this is."""
    owner: int
    target: int = NO_TARGET


@dataclass(slots=True)
class Combat:
    round: int = 1
    attackers: list[int] = field(default_factory=list)
    blocks: dict[int, int] = field(default_factory=dict)
    """blocker uid -> attacker uid, in declaration order."""
    selected: int = NO_TARGET
    """Blocker chosen in the first step of a two-step block."""
    crits: list[int] = field(default_factory=list)
    """Units whose DP is doubled this round (H-10)."""
    step: str = ""
    """"early" or "normal" during Damage Assignment (H-11)."""
    queue: list[int] = field(default_factory=list)
    """Attackers whose DP the attacking player still has to place, current first."""
    left: int = 0
    """Wounds of the current attacker still to place."""
    early: dict[int, int] = field(default_factory=dict)
    pending: dict[int, int] = field(default_factory=dict)
    """Wounds placed, applied at the end of the early step / at Resolution."""
    dealt: list[int] = field(default_factory=list)
    """Units that already dealt their damage this round."""
    kills: list[int] = field(default_factory=list)
    """Ally/Minion cards killed this round, for the XP at Resolution (M-28)."""
    kill_owner: list[int] = field(default_factory=list)
    assigned: int = 0
    """Total wounds assigned this round (attack DP placed on blockers and players)."""
    arrived: list[int] = field(default_factory=list)
    """Units that entered play during this Combat Stage, kept for a Double Assault round (M-45)."""

    def copy(self) -> Combat:
        return Combat(
            self.round,
            list(self.attackers),
            dict(self.blocks),
            self.selected,
            list(self.crits),
            self.step,
            list(self.queue),
            self.left,
            dict(self.early),
            dict(self.pending),
            list(self.dealt),
            list(self.kills),
            list(self.kill_owner),
            self.assigned,
            list(self.arrived),
        )


@dataclass(slots=True)
class State:
    content: Content
    cards: dict[int, str]
    """uid -> card id for every card instance (fixed for the game; shared by clones)."""
    players: list[Player]
    rng: Rng
    units: dict[int, Unit] = field(default_factory=dict)
    turn: int = 0
    active: int = 0
    first: int = 0
    stage: str = "setup"
    step: str = "first_player"
    priority: int = 0
    passes: int = 0
    limbo: list[Item] = field(default_factory=list)
    combat: Combat | None = None
    choosing: Item | None = None
    """A play or ability waiting for its target (choose_target / heal_target)."""
    chooser: int = 0
    dice_winner: int = 0
    equipped: dict[int, int] = field(default_factory=dict)
    """equipment uid -> champion uid."""
    decision: Decision | None = None
    result: Result | None = None
    opening: list[Event] = field(default_factory=list)
    """The log of the Starting Stage (shown when the game opens)."""


def clone(state: State) -> State:
    """A copy the bots may play on: every mutable part copied; content, the card table (replaced, never
    changed in place) and the frozen decision/result are shared."""
    c = State.__new__(State)
    c.content = state.content
    c.cards = state.cards
    c.players = [p.copy() for p in state.players]
    c.rng = state.rng.copy()
    c.units = {uid: u.copy() for uid, u in state.units.items()}
    c.turn = state.turn
    c.active = state.active
    c.first = state.first
    c.stage = state.stage
    c.step = state.step
    c.priority = state.priority
    c.passes = state.passes
    c.limbo = [Item(i.kind, i.uid, i.owner, i.target) for i in state.limbo]
    c.combat = state.combat.copy() if state.combat is not None else None
    ch = state.choosing
    c.choosing = Item(ch.kind, ch.uid, ch.owner, ch.target) if ch is not None else None
    c.chooser = state.chooser
    c.dice_winner = state.dice_winner
    c.equipped = dict(state.equipped)
    c.decision = state.decision
    c.result = state.result
    c.opening = list(state.opening)
    return c


def snapshot(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data (take-backs and tests compare these)."""

    def unit(u: Unit) -> dict[str, Any]:
        return {
            "uid": u.uid,
            "card": u.card,
            "owner": u.owner,
            "wounds": u.wounds,
            "exhausted": u.exhausted,
            "sick": u.sick,
            "downed": u.downed,
            "equipment": list(u.equipment),
            "attacks": u.attacks,
            "mods": [u.dp_mod, u.hp_mod, u.shield],
            "tag": u.tag,
        }

    def player(p: Player) -> dict[str, Any]:
        return {
            "name": p.name,
            "deck_id": p.deck_id,
            "deck": list(p.deck),
            "hand": list(p.hand),
            "graveyard": list(p.graveyard),
            "lane": list(p.lane),
            "xp": p.xp,
            "vp": p.vp,
            "hand_limit": p.hand_limit,
            "decked": p.decked,
        }

    cb = state.combat
    d = state.decision
    return {
        "cards": {str(k): v for k, v in sorted(state.cards.items())},
        "players": [player(p) for p in state.players],
        "units": [unit(state.units[k]) for k in sorted(state.units)],
        "rng": state.rng.state,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "stage": state.stage,
        "step": state.step,
        "priority": state.priority,
        "passes": state.passes,
        "limbo": [[i.kind, i.uid, i.owner, i.target] for i in state.limbo],
        "combat": None
        if cb is None
        else {
            "round": cb.round,
            "attackers": list(cb.attackers),
            "blocks": [[b, a] for b, a in cb.blocks.items()],
            "selected": cb.selected,
            "crits": list(cb.crits),
            "step": cb.step,
            "queue": list(cb.queue),
            "left": cb.left,
            "early": [[k, v] for k, v in cb.early.items()],
            "pending": [[k, v] for k, v in cb.pending.items()],
            "dealt": list(cb.dealt),
            "kills": list(cb.kills),
            "kill_owner": list(cb.kill_owner),
            "assigned": cb.assigned,
            "arrived": list(cb.arrived),
        },
        "choosing": None if state.choosing is None else [state.choosing.kind, state.choosing.uid, state.choosing.owner],
        "chooser": state.chooser,
        "dice_winner": state.dice_winner,
        "equipped": [[k, v] for k, v in sorted(state.equipped.items())],
        "decision": None if d is None else {"seat": d.seat, "kind": d.kind, "actions": [list(a) for a in d.actions]},
        "result": None if state.result is None else [state.result.winner, state.result.reason, state.result.turns],
    }
