"""Scenario builders for Mythicarium tests: a game with chosen cards, driven through apply()."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mythtable.engine.decision import Action, Decision, Event
from mythtable.engine.dice import ScriptedRng
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from mythtable.rulesets.mythicarium.content import Content
from mythtable.rulesets.mythicarium.rules import advance
from mythtable.rulesets.mythicarium.rules.common import eff_dp, eff_hp, give_tag, open_window
from mythtable.rulesets.mythicarium.ruleset import RULESET
from mythtable.rulesets.mythicarium.state import State, Unit

RS = RULESET
QUIET = ("bereginya-riverwarden", "runesinger-kaleva", "kitsune-veilwalker")
"""Champions without keywords whose abilities all cost XP (so they stay out of the way)."""


def content() -> Content:
    return load("mythicarium").content


def new_state(
    seed: int = 1, deck1: str = "moonless-court", deck2: str = "wildwood-circle", rolls: Sequence[int] = ()
) -> State:
    setup = Setup(["Ana", "Bram"], {"deck1": deck1, "deck2": deck2})
    if rolls:
        return RS.new_game_with_rng(content(), ScriptedRng(list(rolls), seed), setup)
    return RS.new_game(content(), seed, setup)


class Table:
    """A scenario: the state plus conveniences. Every move goes through RULESET.apply."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.events: list[Event] = []

    @property
    def d(self) -> Decision:
        assert self.s.decision is not None, "the game is over"
        return self.s.decision

    @property
    def kind(self) -> str | None:
        return None if self.s.decision is None else self.s.decision.kind

    def act(self, *action: Any) -> list[Event]:
        ev = RS.apply(self.s, tuple(action))
        self.events.extend(ev)
        problems = RS.check_invariants(self.s)
        assert not problems, problems
        return ev

    def can(self, *action: Any) -> bool:
        return self.s.decision is not None and tuple(action) in self.s.decision.actions

    def unit(self, uid: int) -> Unit:
        return self.s.units[uid]

    def dp(self, uid: int) -> int:
        return eff_dp(self.s, self.s.units[uid])

    def hp(self, uid: int) -> int:
        return eff_hp(self.s, self.s.units[uid])

    def champs(self, seat: int) -> list[int]:
        return self.s.players[seat].lane[:3]

    def texts(self) -> list[str]:
        return [e.text for e in self.events]

    def settle_limbo(self) -> None:
        """Both players pass until limbo is empty (H-5)."""
        while self.s.limbo and self.kind == "respond":
            self.act("pass")

    def play(self, uid: int, target: int | None = None) -> None:
        """Play a card (or use an ability when `uid` is a unit) and let limbo resolve."""
        self.act("use" if uid in self.s.units else "play", uid)
        if target is not None:
            self.act("target", target)
        self.settle_limbo()

    def to_attackers(self) -> None:
        """Pass Maintenance I (the opponent auto-passes when it cannot respond)."""
        assert self.kind == "main", self.kind
        self.act("next")
        while self.kind == "respond" and self.s.stage == "maintenance1":
            self.act("pass")
        assert self.kind == "declare_attackers", self.kind

    def attack(self, *uids: int) -> None:
        """From Maintenance I: declare these attackers and finish."""
        if self.kind == "main":
            self.to_attackers()
        for u in uids:
            self.act("attack", u)
        self.act("done")

    def refresh(self) -> None:
        """Recompute the open decision after a test changed the state by hand."""
        self.s.decision = None
        advance(self.s, [])

    def block(self, *pairs: tuple[int, int], stop: bool = False) -> None:
        """Declare blocks and finish; then pass the Legendary Battle unless `stop`."""
        assert self.kind == "declare_blockers", self.kind
        for b, a in pairs:
            if self.can("block", b, a):
                self.act("block", b, a)
            else:
                self.act("blocker", b)
                self.act("block", b, a)
        self.act("done")
        if not stop:
            self.pass_legendary()

    def pass_legendary(self) -> None:
        while self.kind in ("legendary_battle", "respond") and self.s.stage == "combat.legendary":
            self.act("pass")


def table(
    *,
    hand: tuple[Sequence[str], Sequence[str]] = ((), ()),
    lane: tuple[Sequence[str], Sequence[str]] = ((), ()),
    fresh: tuple[Sequence[str], Sequence[str]] = ((), ()),
    champions: tuple[Sequence[str] | None, Sequence[str] | None] = (QUIET, QUIET),
    xp: tuple[int, int] = (0, 0),
    deck: tuple[Sequence[str] | None, Sequence[str] | None] = (None, None),
    active: int = 0,
    turn: int = 3,
    rolls: Sequence[int] = (),
    seed: int = 1,
    deck1: str = "moonless-court",
    deck2: str = "wildwood-circle",
) -> Table:
    """A game parked in the active player's Maintenance I with exactly the given cards.

    `lane` units have been in play for a while; `fresh` ones just arrived (summoning sick).
    Hands hold only the given cards (the rest goes back into the deck). `deck` replaces a
    deck (top card last). `rolls` scripts the next d6 results (Critical Hit).
    """
    s = new_state(seed, deck1, deck2)
    s.cards = dict(s.cards)
    nxt = max(s.cards) + 1

    def new(cid: str) -> int:
        nonlocal nxt
        assert cid in s.content.cards, cid
        s.cards[nxt] = cid
        nxt += 1
        return nxt - 1

    for seat in (0, 1):
        p = s.players[seat]
        p.deck.extend(p.hand)
        p.hand.clear()
        if champions[seat] is not None:
            for uid, cid in zip(p.lane[:3], champions[seat] or (), strict=True):
                assert s.content.cards[cid].is_champion
                s.cards[uid] = cid
                s.units[uid].card = cid
        for cid in hand[seat]:
            p.hand.append(new(cid))
        for group, sick in ((lane[seat], False), (fresh[seat], True)):
            for cid in group:
                uid = new(cid)
                s.units[uid] = Unit(uid, cid, seat, sick=sick)
                p.lane.append(uid)
        if deck[seat] is not None:
            for uid in p.deck:
                del s.cards[uid]
            p.deck = [new(cid) for cid in deck[seat] or ()]
        p.xp = xp[seat]
    s.active = s.first = active
    s.turn = turn
    for unit in s.units.values():  # each unit's letter, as entering play gives it (issue 33)
        unit.tag = ""
    for uid in sorted(s.units):
        give_tag(s, s.units[uid])
    if rolls:
        s.rng = ScriptedRng(list(rolls), seed)
    open_window(s, "maintenance1")
    advance(s, [])
    t = Table(s)
    assert not RS.check_invariants(s), RS.check_invariants(s)
    return t


def lane_uid(t: Table, seat: int, card_id: str, nth: int = 0) -> int:
    found = [u for u in t.s.players[seat].lane if t.s.cards[u] == card_id]
    return found[nth]


def last_champion_attacks(vp: int, beside: str, blocker: str) -> tuple[Table, int]:
    """Ana, at `vp` VP, attacks with her last active Champion (1 HP left) and `beside`; nobody blocks `beside`, and
    Bram's `blocker` blocks the Champion. The Table and the Champion."""
    t = table(lane=([beside], [blocker]))
    a, b, c = t.champs(0)
    for u in (a, b):
        t.unit(u).downed = True
        t.unit(u).wounds = t.hp(u)
    t.unit(c).wounds = t.hp(c) - 1
    t.s.players[0].vp = vp
    t.attack(c, lane_uid(t, 0, beside))
    t.block((lane_uid(t, 1, blocker), c))
    return t, c


def hand_uid(t: Table, seat: int, card_id: str, nth: int = 0) -> int:
    found = [u for u in t.s.players[seat].hand if t.s.cards[u] == card_id]
    return found[nth]


def actions_of(t: Table, kind: str) -> list[Action]:
    return [a for a in t.d.actions if a[0] == kind]


def skip(t: Table) -> None:
    """Take the do-nothing option of the open decision (next / pass / done / first listed)."""
    acts = t.d.actions
    for want in (("next",), ("pass",), ("done",)):
        if want in acts:
            t.act(*want)
            return
    t.act(*acts[0])


def finish_turn(t: Table) -> None:
    """Do nothing for the rest of the active player's turn."""
    seat, turn = t.s.active, t.s.turn
    while t.s.result is None and t.s.turn == turn:
        if t.kind == "declare_attackers" and t.s.combat is not None and t.s.combat.attackers:
            t.act("attack", t.s.combat.attackers[0])
            continue
        if t.kind == "declare_blockers" and t.s.combat is not None and t.s.combat.blocks:
            t.act("unblock", next(iter(t.s.combat.blocks)))
            continue
        skip(t)
    assert t.s.result is not None or t.s.active != seat
