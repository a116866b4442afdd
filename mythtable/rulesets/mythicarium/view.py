"""What a seat may see: frozen dataclasses built from the state (the UI renders only these)."""

from __future__ import annotations

from dataclasses import dataclass, field

from mythtable.engine.decision import Ref
from mythtable.rulesets.mythicarium.content import CardDef
from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS, eff_dp, eff_hp, shown_tag, unit_name
from mythtable.rulesets.mythicarium.state import NO_TARGET, Combat, State, Unit


@dataclass(slots=True, frozen=True)
class HandCard:
    uid: int
    card_id: str
    name: str
    type: str
    klass: str | None
    cost: int
    dp: int
    hp: int
    damage: str | None
    keywords: tuple[str, ...]
    text: str
    short_name: str = field(default="", compare=False)
    """What a narrow board shows instead of the name (issue 33, item 5): chosen in the card's content."""


@dataclass(slots=True, frozen=True)
class EquipmentView:
    uid: int
    card_id: str
    name: str
    dp: int
    hp: int
    short_name: str = field(default="", compare=False)
    """What a narrow board shows instead of the name (issue 33, item 5): chosen in the card's content."""


@dataclass(slots=True, frozen=True)
class UnitView:
    uid: int
    card_id: str
    name: str
    type: str
    klass: str | None
    dp: int
    """Effective DP (printed + equipment + temporary, floored at 0)."""
    hp: int
    """Effective HP."""
    wounds: int
    damage: str
    keywords: tuple[str, ...]
    exhausted: bool
    sick: bool
    """True while the unit may not exhaust yet (F-11; False for Celerity units and Champions)."""
    downed: bool
    equipment: tuple[EquipmentView, ...]
    xp_yield: int
    """A Champion's XP yield (0 for other units)."""
    shield: int
    attacking: bool
    blocking: int
    """uid of the attacker this unit blocks, or -1."""
    text: str = ""
    """The card's text (its ability): public once the unit is in play."""
    tag: str = ""
    """Its letter ("A", "B") while another unit of the same card is in play, kept for its life; "" else."""
    short_name: str = field(default="", compare=False)
    """What a narrow board shows instead of the name (issue 33, item 5): chosen in the card's content."""


@dataclass(slots=True, frozen=True)
class PlayerView:
    seat: int
    name: str
    deck_id: str
    lane: tuple[UnitView, ...]
    xp: int
    vp: int
    deck_count: int
    hand_count: int
    graveyard_count: int
    graveyard: tuple[str, ...]
    """Card ids in the graveyard (public), oldest first."""
    hand: tuple[HandCard, ...] | None
    """The seat's own hand; None for the other seat."""
    hand_limit: int


@dataclass(slots=True, frozen=True)
class LimboEntry:
    owner: int
    kind: str
    """"card" or "ability"."""
    uid: int
    card_id: str
    name: str
    text: str
    target_uid: int
    target_name: str
    short_name: str = field(default="", compare=False)
    """What a narrow board shows instead of the name (issue 33, item 5): chosen in the card's content."""


@dataclass(slots=True, frozen=True)
class CombatView:
    round: int
    """1, or 2 for a Double Assault round."""
    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...]
    """(blocker uid, attacker uid) pairs."""
    crits: tuple[int, ...]
    step: str
    selected_blocker: int
    placed: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    """(unit uid, wounds) placed in Damage Assignment and not yet applied (M-22..M-24): public, so the
    player placing them sees how many each unit already has. Left out of == and hash: the bots' loop guard
    hashes views, and the games they play (the golden playthroughs) stay as they were."""


@dataclass(slots=True, frozen=True)
class MythicariumView:
    seat: int | None
    players: tuple[PlayerView, PlayerView]
    limbo: tuple[LimboEntry, ...]
    """Top (next to resolve) last."""
    stage: str
    stage_label: str
    combat: CombatView | None
    active: int
    first: int
    turn: int
    deciding: int | None
    decision_kind: str | None
    priority: int
    result: str | None
    winner: int | None


def _hand_card(uid: int, c: CardDef) -> HandCard:
    return HandCard(uid, c.id, c.name, c.type, c.klass, c.xp, c.dp, c.hp, c.damage, c.keywords, c.text, c.short_name)


def _equipment(uid: int, c: CardDef) -> EquipmentView:
    return EquipmentView(uid, c.id, c.name, c.dp, c.hp, c.short_name)


def _unit(state: State, u: Unit) -> UnitView:
    cards = state.content.cards
    c = cards[u.card]
    cb = state.combat
    eq = tuple(_equipment(e, cards[state.cards[e]]) for e in u.equipment)
    return UnitView(
        uid=u.uid,
        card_id=c.id,
        name=c.name,
        type=c.type,
        klass=c.klass,
        dp=eff_dp(state, u),
        hp=eff_hp(state, u),
        wounds=u.wounds,
        damage=c.damage or "",
        keywords=c.keywords,
        exhausted=u.exhausted,
        sick=u.sick and not c.celerity,
        downed=u.downed,
        equipment=eq,
        xp_yield=c.xp if c.is_champion else 0,
        shield=u.shield,
        attacking=cb is not None and u.uid in cb.attackers,
        blocking=cb.blocks.get(u.uid, NO_TARGET) if cb is not None else NO_TARGET,
        text=c.text,
        tag=shown_tag(state, u.uid),
        short_name=c.short_name,
    )


def build_view(state: State, seat: int | None) -> MythicariumView:
    """What `seat` may see (None: everything, for the replay viewer): never the other seat's hand or any deck order."""
    return _view(state, seat, (0, 1) if seat is None else (seat,))


def public_view(state: State) -> MythicariumView:
    """What both seats see, for spectators: no hand at all (their sizes only), no deck order."""
    return _view(state, None, ())


def _view(state: State, seat: int | None, hands: tuple[int, ...]) -> MythicariumView:
    """The view of `seat` (None: no seat's) showing the hands of the seats in `hands`."""
    cards = state.content.cards
    players = []
    for i, p in enumerate(state.players):
        show = i in hands
        players.append(
            PlayerView(
                seat=i,
                name=p.name,
                deck_id=p.deck_id,
                lane=tuple(_unit(state, state.units[uid]) for uid in p.lane),
                xp=p.xp,
                vp=p.vp,
                deck_count=len(p.deck),
                hand_count=len(p.hand),
                graveyard_count=len(p.graveyard),
                graveyard=tuple(state.cards[g] for g in p.graveyard),
                hand=tuple(_hand_card(uid, cards[state.cards[uid]]) for uid in p.hand) if show else None,
                hand_limit=p.hand_limit,
            )
        )
    limbo = []
    for it in state.limbo:
        c = cards[state.cards[it.uid]]
        text = c.text
        if it.kind == "ability" and c.ability is not None:
            text = c.text
        tname = unit_name(state, it.target) if it.target != NO_TARGET else ""
        limbo.append(LimboEntry(it.owner, it.kind, it.uid, c.id, c.name, text, it.target, tname, c.short_name))
    cb = state.combat
    combat = None
    if cb is not None:
        combat = CombatView(
            cb.round,
            tuple(cb.attackers),
            tuple(cb.blocks.items()),
            tuple(cb.crits),
            cb.step,
            cb.selected,
            tuple(sorted(_placed(cb).items())),
        )
    d = state.decision
    r = state.result
    return MythicariumView(
        seat=seat,
        players=(players[0], players[1]),
        limbo=tuple(limbo),
        stage=state.stage,
        stage_label=STAGE_LABELS.get(state.stage, state.stage),
        combat=combat,
        active=state.active,
        first=state.first,
        turn=state.turn,
        deciding=d.seat if d is not None else None,
        decision_kind=d.kind if d is not None else None,
        priority=state.priority,
        result=r.reason if r is not None else None,
        winner=r.winner if r is not None else None,
    )


def _placed(cb: Combat) -> dict[int, int]:
    """Wounds waiting in both buckets (the early step's and Resolution's), per unit."""
    out = dict(cb.pending)
    for uid, n in cb.early.items():
        out[uid] = out.get(uid, 0) + n
    return out


# ----- what changed between two views of one seat, so the board can mark it (issue 15, item 4) -----
#
# Refs are those of the view: card uids for units, equipment, hand cards and limbo entries, and
# named numbers "vp:<seat>", "xp:<seat>", "hand:<seat>", "deck:<seat>", "grave:<seat>". Only what
# both views show is compared, so nothing hidden from the seat can show up as a change.
def _unit_look(unit: UnitView, position: int) -> tuple[object, ...]:
    """Everything a player sees of a unit on the board, and where it stands in its lane."""
    equipment = tuple((e.uid, e.dp, e.hp) for e in unit.equipment)
    return (
        position,
        unit.dp,
        unit.hp,
        unit.wounds,
        unit.exhausted,
        unit.sick,
        unit.downed,
        unit.shield,
        unit.attacking,
        unit.blocking,
        equipment,
    )


def _units(view: MythicariumView) -> dict[int, tuple[object, ...]]:
    return {u.uid: _unit_look(u, i) for p in view.players for i, u in enumerate(p.lane)}


def changes(before: MythicariumView, after: MythicariumView) -> frozenset[Ref]:
    """Refs whose public look differs between `before` and `after`: units that entered, left, moved,
    took wounds, exhausted or readied, got equipment or a shield, attack or block; equipment put on;
    cards that came to or left the seat's hand or limbo; and VP, XP and the card counts that moved."""
    out: set[Ref] = set()
    old_units, new_units = _units(before), _units(after)
    for uid in old_units.keys() | new_units.keys():
        if old_units.get(uid) != new_units.get(uid):
            out.add(uid)
    old_equipment = {e.uid for p in before.players for u in p.lane for e in u.equipment}
    out.update(e.uid for p in after.players for u in p.lane for e in u.equipment if e.uid not in old_equipment)
    for old, new in zip(before.players, after.players, strict=True):
        seat = new.seat
        for name, a, b in (
            ("vp", old.vp, new.vp),
            ("xp", old.xp, new.xp),
            ("hand", old.hand_count, new.hand_count),
            ("deck", old.deck_count, new.deck_count),
            ("grave", old.graveyard_count, new.graveyard_count),
        ):
            if a != b:
                out.add(f"{name}:{seat}")
        if old.hand is not None and new.hand is not None:
            out.update({c.uid for c in old.hand} ^ {c.uid for c in new.hand})
    out.update({e.uid for e in before.limbo} ^ {e.uid for e in after.limbo})
    return frozenset(out)
