"""A hero's sheet: the values the game derives from a hero template at a level, for the party builder.

Every number comes from the code a game runs: the hero is made by `hero_unit` (setup.py, as a game
makes it), then read with the same formulas and unit questions the turns use (AP C-15/C-16, the
Reactive AP cap C-21/C-22, HP F-20, SP H-18, defenses F-2/F-25, critical range F-10, speed and load
H-6, weapon costs). Nothing here re-implements a rule, so the builder cannot drift from play.
"""

from __future__ import annotations

from dataclasses import dataclass

from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft.content import HeroTemplateDef, MythcraftContent
from mythtable.rulesets.mythcraft.rules.board import board_for
from mythtable.rulesets.mythcraft.rules.formulas import (
    ATTR_INDEX,
    DEF_INDEX,
    capacity,
    crit_threshold,
    reactive_cap,
    turn_ap,
)
from mythtable.rulesets.mythcraft.rules.setup import hero_unit
from mythtable.rulesets.mythcraft.rules.units import (
    defense,
    encumbered,
    held_weapons,
    speed_squares,
    weapon_apc,
    weight,
)
from mythtable.rulesets.mythcraft.state import State

SHEET_MAP = ["...", ".1.", "..."]
"""A square of floor for the one hero the sheet reads (questions about a unit take a state)."""


@dataclass(frozen=True, slots=True)
class HeroSheet:
    """What a hero is in play, as the game computes it."""

    level: int
    hp: int
    sp: int
    ap: int
    """AP gained at the start of each turn (C-15, C-16: 3 + the COR bonus)."""
    reactive_cap: int
    """The most leftover AP kept into the next turn (C-21, C-22)."""
    defenses: dict[str, int]
    crit_from: int
    """The lowest natural d20 that is a critical hit (21: never, F-10)."""
    speed_ft: int
    squares: int
    """Squares per Move (halved when over the load, H-6)."""
    load: int
    capacity: int
    attacks: tuple[tuple[str, int], ...]
    """Each weapon in hand (and the unarmed strike) with its attack cost in AP."""

    @property
    def over_load(self) -> bool:
        return self.load > self.capacity


def hero_sheet(content: MythcraftContent, template: HeroTemplateDef, level: int) -> HeroSheet:
    """The sheet of `template` at `level` (its own level wins, as in play). Every item it names must
    exist in `content` (the party's problems say so first)."""
    u = hero_unit(content, template, "h1", level, (1, 1))
    state = State(content=content, board=board_for(SHEET_MAP), rng=Rng(0), units=[u], order=[0], encounter="")
    enc = encumbered(state, u)
    names = {w: content.items[w].name for w in held_weapons(state, u) if w != "unarmed"}
    weapons = tuple((names.get(w, "Unarmed"), weapon_apc(state, u, w)) for w in held_weapons(state, u))
    return HeroSheet(
        level=u.level,
        hp=u.max_hp,
        sp=u.max_sp,
        ap=turn_ap(u.attrs[ATTR_INDEX["COR"]]),
        reactive_cap=reactive_cap(u.level),
        defenses={name: defense(state, u, name) for name in DEF_INDEX},
        crit_from=crit_threshold(u.attrs[ATTR_INDEX["LUCK"]], 0),
        speed_ft=u.speed_ft,
        squares=speed_squares(state, u, enc),
        load=weight(state, u),
        capacity=capacity(u.attrs[ATTR_INDEX["STR"]]),
        attacks=weapons,
    )
