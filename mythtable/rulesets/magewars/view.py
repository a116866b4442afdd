"""Per-seat views of a Mage Wars CCG game: frozen dataclasses the UI renders.

A face-down card shows its identity only to its controller; the other seat sees
`face_down=True`, `card_id=""`, `name="face-down card"` and the uid only. The other
seat's hand is only a count. `seat=None` (replay viewer) sees everything; the public view (for
spectators) shows what both seats see: no hand (its size only) and no face-down card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mythtable.rulesets.magewars.content import Info
from mythtable.rulesets.magewars.rules.queries import guard, power, shown_step, tier, unit_name
from mythtable.rulesets.magewars.state import Card, State

HIDDEN_NAME = "face-down card"

STEP_LABELS = {
    "ready": "Ready",
    "draw": "Draw",
    "main": "Main phase",
    "combat.declaration": "Combat: Declaration step",
    "combat.attack": "Combat: Attack step",
    "combat.defense": "Combat: Defense step",
    "combat.damage": "Combat: Damage-or-Capture step",
    "counter.attack": "Counter-attack: attackers and blockers",
    "counter.defense": "Counter-attack: Defense step",
    "counter.damage": "Counter-attack: Damage step",
    "end": "End",
}


@dataclass(slots=True, frozen=True)
class PrintedCard:
    """A card as printed (from the public card list), for the board's card text."""

    id: str
    name: str
    type: str
    elements: tuple[str, ...]
    speed: str
    req_holding: bool
    req_elements: tuple[tuple[str, int], ...]
    min_tower: int
    min_tier: int
    cost: int
    power: int
    guard: int
    keywords: tuple[str, ...]
    text: str
    ability_text: str
    """The rules of its activated ability (H-49), "" when it has none."""
    short_name: str = ""
    """What a narrow board shows instead of the name (issue 33, item 5): chosen in the card's content."""


_PRINTED: dict[int, tuple[Info, PrintedCard]] = {}


def printed(d: Info) -> PrintedCard:
    """The printed card of a card definition (made once per definition: views are built constantly)."""
    got = _PRINTED.get(id(d))
    if got is None or got[0] is not d:
        if len(_PRINTED) >= 4096:  # test contents come and go
            _PRINTED.clear()
        card = PrintedCard(
            d.id,
            d.name,
            d.type,
            d.elements,
            d.speed,
            d.req_holding,
            d.req_elements,
            d.min_tower,
            d.min_tier,
            d.cost,
            d.power,
            d.guard,
            d.keywords,
            d.text,
            d.ability.text if d.ability is not None else "",
            d.short_name,
        )
        got = _PRINTED[id(d)] = (d, card)
    return got[1]


@dataclass(slots=True, frozen=True)
class WeaveView:
    uid: int
    card_id: str
    name: str
    controller: int
    attached_to: str  # "unit:<uid>" or "line:offensive" / "line:defensive"
    text: str
    info: PrintedCard | None = field(default=None, compare=False)
    """The printed card (from the public card list) when its identity is shown; left out of == and hash
    (card_id already says which card it is; the search's loop guard hashes views)."""


@dataclass(slots=True, frozen=True)
class UnitView:
    uid: int
    card_id: str  # "" when hidden
    name: str  # "face-down card" when hidden
    power: int  # effective Power (H-16)
    guard: int  # effective Guard
    wounds: int
    keywords: tuple[str, ...]
    exhausted: bool
    face_down: bool
    owner: int
    weaves: tuple[WeaveView, ...]
    text: str
    info: PrintedCard | None = field(default=None, compare=False)
    """The printed card (from the public card list) when its identity is shown; left out of == and hash
    (card_id already says which card it is; the search's loop guard hashes views)."""


@dataclass(slots=True, frozen=True)
class CardView:
    """A card in hand, in the Tower row (Resources, Holdings, face-down cards) or a graveyard."""

    uid: int
    card_id: str
    name: str
    type: str  # unit, casting, resource, holding, ritual; "" when hidden
    elements: tuple[str, ...]
    speed: str
    tower_cost: int
    power: int
    guard: int
    keywords: tuple[str, ...]
    face_down: bool
    owner: int
    text: str
    info: PrintedCard | None = field(default=None, compare=False)
    """The printed card (from the public card list) when its identity is shown; left out of == and hash
    (card_id already says which card it is; the search's loop guard hashes views)."""


@dataclass(slots=True, frozen=True)
class PlayerView:
    seat: int
    name: str
    deck_name: str
    tower: int
    tier: int
    offensive: tuple[UnitView, ...]
    defensive: tuple[UnitView, ...]
    row: tuple[CardView, ...]  # the Tower row: Resources, Holdings, face-down non-units
    line_weaves: tuple[WeaveView, ...]  # weaves attached to this player's lines
    deck_count: int
    hand_count: int
    grave_count: int
    graveyard: tuple[CardView, ...]
    laid_this_turn: bool
    moved_this_turn: bool


@dataclass(slots=True, frozen=True)
class StackItemView:
    seat: int
    kind: str  # "spell" or "ability"
    uid: int
    card_id: str
    name: str
    target: str  # "unit:<uid> <name>", "line:<line>" or ""
    info: PrintedCard | None = field(default=None, compare=False)
    """The printed card (from the public card list) when its identity is shown; left out of == and hash
    (card_id already says which card it is; the search's loop guard hashes views)."""


@dataclass(slots=True, frozen=True)
class AttackView:
    attacker: int
    name: str
    power: int
    declared_target: str  # "offensive", "defensive", "tower" or "hero:<uid>"
    current_target: str
    moved: bool
    blockers: tuple[int, ...]


@dataclass(slots=True, frozen=True)
class CombatView:
    counter: bool
    attacking_seat: int
    defending_seat: int
    step: str
    attacks: tuple[AttackView, ...]


@dataclass(slots=True, frozen=True)
class GameView:
    seat: int | None
    turn: int
    active: int
    step: str
    step_label: str
    players: tuple[PlayerView, PlayerView]
    hand: tuple[CardView, ...]  # the viewing seat's hand (empty for seat=None; see hands)
    hands: tuple[tuple[CardView, ...], ...]  # both hands, only for seat=None (none in the public view)
    stack: tuple[StackItemView, ...]  # top last
    combat: CombatView | None
    priority: int | None  # the seat that must decide now
    decision_kind: str
    over: bool
    winner: int | None
    reason: str


EVERY_SEAT = (0, 1)
"""The seats whose secrets the replay viewer sees: both."""


def _hidden(c: Card, secrets: tuple[int, ...]) -> bool:
    """Whether `c` shows as a nameless face-down card to a viewer who sees the secrets of `secrets`."""
    return c.face_down and c.controller not in secrets


def card_view(state: State, c: Card, secrets: tuple[int, ...]) -> CardView:
    if _hidden(c, secrets):
        return CardView(c.uid, "", HIDDEN_NAME, "", (), "", 0, 0, 0, (), True, c.owner, "")
    d = c.d
    return CardView(
        c.uid,
        d.id,
        d.name,
        d.type,
        d.elements,
        d.speed,
        d.cost,
        d.power,
        d.guard,
        d.keywords,
        c.face_down,
        c.owner,
        d.text,
        printed(d),
    )


def weave_view(state: State, w: Card) -> WeaveView:
    where = f"unit:{w.att_unit}" if w.att_unit >= 0 else f"line:{w.att_line}"
    return WeaveView(w.uid, w.d.id, w.d.name, w.controller, where, w.d.text, printed(w.d))


def unit_view(state: State, c: Card, secrets: tuple[int, ...]) -> UnitView:
    if _hidden(c, secrets):
        return UnitView(c.uid, "", HIDDEN_NAME, 0, 0, 0, (), False, True, c.owner, (), "")
    weaves = tuple(
        weave_view(state, state.cards[w]) for p in state.players for w in p.weaves if state.cards[w].att_unit == c.uid
    )
    d = c.d
    return UnitView(
        c.uid,
        d.id,
        unit_name(state, c.uid),  # with its letter while a look-alike is on the lines (issue 33)
        power(state, c),
        guard(state, c),
        c.wounds,
        d.keywords,
        c.exhausted,
        c.face_down,
        c.owner,
        weaves,
        d.ability.text if d.ability else d.text,
        printed(d),
    )


def _target_text(state: State, line: str, hero: int) -> str:
    return f"hero:{hero}" if hero >= 0 else line


def build_view(state: State, seat: int | None) -> GameView:
    """What `seat` may see (None: everything, for the replay viewer)."""
    return _view(state, seat, EVERY_SEAT if seat is None else (seat,))


def public_view(state: State) -> GameView:
    """What both seats see, for spectators: no hand (`hand` and `hands` empty), no face-down card."""
    return _view(state, None, ())


def _view(state: State, seat: int | None, secrets: tuple[int, ...]) -> GameView:
    """The view of `seat` (None: no seat's), showing the hands and face-down cards of the seats in `secrets`."""
    cards = state.cards
    players = []
    for s, p in enumerate(state.players):
        players.append(
            PlayerView(
                seat=s,
                name=p.name,
                deck_name=state.content.decks[p.deck_id].name,
                tower=p.tower,
                tier=tier(p.tower),
                offensive=tuple(unit_view(state, cards[u], secrets) for u in p.offensive),
                defensive=tuple(unit_view(state, cards[u], secrets) for u in p.defensive),
                row=tuple(card_view(state, cards[u], secrets) for u in p.row),
                line_weaves=tuple(weave_view(state, cards[w]) for w in p.weaves if cards[w].att_unit < 0),
                deck_count=len(p.deck),
                hand_count=len(p.hand),
                grave_count=len(p.grave),
                graveyard=tuple(card_view(state, cards[u], EVERY_SEAT) for u in p.grave),
                laid_this_turn=p.laid,
                moved_this_turn=p.moved,
            )
        )
    hand: tuple[CardView, ...] = ()
    hands: tuple[tuple[CardView, ...], ...] = ()
    if seat is None:
        hands = tuple(tuple(card_view(state, cards[u], secrets) for u in state.players[s].hand) for s in secrets)
    else:
        hand = tuple(card_view(state, cards[u], secrets) for u in state.players[seat].hand)
    stack = []
    for item in state.stack:
        c = cards[item.uid]
        if item.target >= 0:
            tgt = f"unit:{item.target} {unit_name(state, item.target)}"
        elif item.line:
            tgt = f"line:{item.line}"
        else:
            tgt = ""
        stack.append(StackItemView(item.seat, item.kind, item.uid, c.d.id, c.d.name, tgt, printed(c.d)))
    combat = None
    cb = state.combat
    if cb is not None:
        attacks = tuple(
            AttackView(
                a.attacker,
                unit_name(state, a.attacker),
                power(state, cards[a.attacker]),
                _target_text(state, a.decl_line, a.decl_hero),
                _target_text(state, a.line, a.hero),
                a.moved,
                tuple(a.blockers),
            )
            for a in cb.attacks
        )
        combat = CombatView(cb.counter, cb.atk, cb.dfn, state.step, attacks)
    d = state.decision
    return GameView(
        seat=seat,
        turn=state.turn,
        active=state.active,
        step=shown_step(state),
        step_label=STEP_LABELS.get(shown_step(state), state.step),
        players=(players[0], players[1]),
        hand=hand,
        hands=hands,
        stack=tuple(stack),
        combat=combat,
        priority=d.seat if d is not None else None,
        decision_kind=d.kind if d is not None else "",
        over=state.over,
        winner=state.winner,
        reason=state.reason,
    )


# ----- what changed between two views of one seat (issue 15, item 4) ------------------------
def _public_look(view: GameView) -> dict[object, object]:
    """Every card and named number of a view as it looks to that view's seat. A view already holds
    only what its seat may see (face-down cards of the other seat are nameless, its hand a count),
    so comparing looks can never tell more than the two views do."""
    look: dict[object, object] = {}
    for player in view.players:
        look[f"tower:{player.seat}"] = player.tower
        look[f"hand:{player.seat}"] = player.hand_count
        for where in ("offensive", "defensive"):
            for unit in getattr(player, where):
                look[unit.uid] = (where, unit)
        for card in player.row:
            look[card.uid] = ("row", card)
        for weave in player.line_weaves:
            look[weave.uid] = ("weave", weave)
        for card in player.graveyard:
            look[card.uid] = ("grave", card)
    for card in view.hand:
        look[card.uid] = ("hand", card)
    for hand in view.hands:
        for card in hand:
            look[card.uid] = ("hand", card)
    for item in view.stack:
        look[item.uid] = ("stack", item)
    return look


def changes(before: GameView, after: GameView) -> frozenset[int | str]:
    """The refs whose public look differs: units and cards (damage, exhausted, flipped face-up,
    weaves, moved between zones, new or gone: uids) and the named numbers "tower:<seat>" (Tower
    Level) and "hand:<seat>" (hand size). Both views must be of the same seat."""
    old, new = _public_look(before), _public_look(after)
    return frozenset(ref for ref in old.keys() | new.keys() if old.get(ref) != new.get(ref))  # type: ignore[misc]
