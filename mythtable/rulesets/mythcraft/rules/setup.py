"""Building a new game: the map, the heroes and creatures, Initiative."""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import Event
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft.content import HeroTemplateDef, MythcraftContent, level_attributes
from mythtable.rulesets.mythcraft.marks import creature_letters
from mythtable.rulesets.mythcraft.rules.board import board_for
from mythtable.rulesets.mythcraft.rules.flow import advance
from mythtable.rulesets.mythcraft.rules.formulas import ATTR_INDEX, CREATURES, HEROES, SIZES, hero_max_hp
from mythtable.rulesets.mythcraft.rules.turns import roll_initiative
from mythtable.rulesets.mythcraft.state import Pos, State, Unit


def build(
    content: MythcraftContent,
    rng: Rng,
    encounter: str,
    party: list[str],
    level: int,
    auto_decline: tuple[bool, bool] = (False, False),
    fixed_damage: bool = False,
    round_limit: int = 0,
    rows: list[str] | None = None,
    legend: dict[str, str] | None = None,
    ground: list[tuple[int, int, str]] | None = None,
    tweak: Any = None,
) -> State:
    """A new state. Tests may pass their own `rows`/`legend` (a custom map)."""
    enc = content.encounters.get(encounter)
    if rows is None:
        assert enc is not None
        rows, legend = enc.map, enc.legend
        ground = [(g.x, g.y, g.item) for g in enc.ground_items]
    legend = legend or {}
    board = board_for(["".join(c if c in "#:" else "." for c in r) for r in rows])
    units: list[Unit] = []
    starts: dict[str, Pos] = {}
    capitals: list[tuple[str, Pos]] = []
    lowers: list[tuple[str, Pos]] = []
    for y, r in enumerate(rows):
        for x, c in enumerate(r):
            if c in "1234":
                starts[c] = (x, y)
            elif c in legend:
                (capitals if c.isupper() else lowers).append((c, (x, y)))
    for slot, tid in enumerate(party, start=1):
        if tid and str(slot) in starts:
            units.append(make_hero(content, f"h{slot}", tid, level, starts[str(slot)]))
    creature_spots = list(lowers)
    if len(party) > 2 and party[2] and capitals:
        creature_spots.append(capitals[0])
    if len(party) > 3 and party[3] and len(capitals) > 1:
        creature_spots.append(capitals[1])
    creature_spots.sort(key=lambda cp: (cp[1][1], cp[1][0]))
    letters = creature_letters([legend[c] for c, _ in creature_spots])  # the builder's map marks them alike
    for k, ((c, pos), letter) in enumerate(zip(creature_spots, letters, strict=True), start=1):
        units.append(make_creature(content, f"c{k}", legend[c], pos, f" {letter}" if letter else ""))
    names: dict[str, int] = {}
    for u in units:
        if u.side == HEROES:
            names[u.name] = names.get(u.name, 0) + 1
            if names[u.name] > 1:
                u.name = f"{u.name} {'I' * names[u.name]}"
    state = State(
        content=content,
        board=board,
        rng=rng,
        units=units,
        order=[],
        encounter=encounter,
        ground=[[x, y, i] for x, y, i in (ground or [])],
        auto_decline=list(auto_decline),
        fixed_damage=fixed_damage,
        round_limit=round_limit,
    )
    if tweak is not None:
        tweak(state)  # tests: adjust participants before Initiative and the first turn
    events: list[Event] = []
    roll_initiative(state, events)
    state.opening = events
    advance(state, events)
    state.opening = events
    return state


def make_hero(content: MythcraftContent, uid: str, tid: str, level: int, pos: Pos) -> Unit:
    """A hero from its template at a level (F-20 HP; defenses from attributes and armor); a built hero
    that names its own level plays at that level, whatever the party's."""
    return hero_unit(content, content.heroes[tid], uid, level, pos)


def hero_unit(content: MythcraftContent, t: HeroTemplateDef, uid: str, level: int, pos: Pos) -> Unit:
    """The hero a template makes (the game's heroes, and the party builder's sheet, rules/sheet.py)."""
    level = t.level or level
    at_level = level_attributes(t.attributes, t.raises, level)  # H-31: the raises of levels 2..level
    a = [at_level[k] for k in ATTR_INDEX]
    armor = content.items[t.armor] if t.armor else None
    defs = [
        armor.ar if armor else 10,
        10 + a[1] + (armor.ref_bonus if armor else 0),
        10 + a[2] + (armor.fort_bonus if armor else 0),
        10 + a[3],
        10 + a[4],
        10 + a[5],
    ]
    hp = hero_max_hp(level, a[2])
    special = {"blood_rage": "rage", "holy_support": "support"}.get(t.feature, "")
    sp = 2 + 2 * level if t.spells else 0
    return Unit(
        uid=uid,
        name=t.name,
        side=HEROES,
        kind=t.id,
        x=pos[0],
        y=pos[1],
        hp=hp,
        max_hp=hp,
        level=level,
        attrs=a,
        defs=defs,
        resist=dict(armor.resist) if armor else {},
        vuln={},
        immune=[],
        dr=0,
        speed_ft=t.speed_ft,
        flyer=False,
        feature=t.feature,
        spells=list(t.spells),
        special=special,
        base_special=special,
        main=t.main_hand,
        off=t.off_hand,
        armor=t.armor,
        pack=list(t.carried),
        sp=sp,
        max_sp=sp,
    )


def make_creature(content: MythcraftContent, uid: str, cid: str, pos: Pos, suffix: str) -> Unit:
    """A creature from its stat block (F-35); a flyer moves at its best speed (H-23)."""
    c = content.creatures[cid]
    a = [c.attributes[k] for k in ("STR", "DEX", "END", "AWR", "INT", "CHA")] + [0, 0]
    d = [c.ar] + [c.defenses[k] for k in ("REF", "FORT", "ANT", "LOG", "WILL")]
    fly = c.movement.get("fly", 0)
    return Unit(
        uid=uid,
        name=c.name + suffix,
        side=CREATURES,
        kind=cid,
        x=pos[0],
        y=pos[1],
        hp=c.hp,
        max_hp=c.hp,
        level=c.level,
        attrs=a,
        defs=d,
        resist=dict(c.resist),
        vuln=dict(c.vulnerable),
        immune=list(c.immune),
        dr=c.dr,
        speed_ft=max(c.speed_ft, fly),  # H-23: a flyer moves at its best speed
        flyer=fly > 0,
        action_count=c.action_count,
        size=SIZES.index(c.size),
    )
