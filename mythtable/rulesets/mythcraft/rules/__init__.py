"""The MythCraft combat rules as module functions, split by topic (clause IDs refer to the in-app
rules reference, assets/mythcraft/rules.toml).

The state is parked on exactly one decision. Anything that can be interrupted by a reaction (a move,
an attack) is a frame on `state.stack`; `advance` steps the top frame until one needs a choice, and
otherwise runs the turn order (start of turn, the turn decision, end of turn). `apply_action` applies
one legal action; the ruleset's glue then calls `advance`.

The names below are re-exported for the glue, the AI and the tests.
"""

from __future__ import annotations

from mythtable.rulesets.mythcraft.rules.actions import apply_action
from mythtable.rulesets.mythcraft.rules.board import board_for, dist, line_of_sight, melee_adjacent_ok
from mythtable.rulesets.mythcraft.rules.conditions import add_cond
from mythtable.rulesets.mythcraft.rules.decisions import creature_decision, hero_decision, weapon_targets
from mythtable.rulesets.mythcraft.rules.flow import advance, stage
from mythtable.rulesets.mythcraft.rules.formulas import (
    ATTR_INDEX,
    CREATURES,
    DEF_INDEX,
    HEROES,
    ROUND_LIMIT_CHOICES,
    SIMULATION_ROUND_LIMIT,
    bloodied,
    capacity,
    cor_bonus,
    crit_threshold,
    hero_max_hp,
    reactive_cap,
)
from mythtable.rulesets.mythcraft.rules.movement import creature_moves, hero_moves, reach_map
from mythtable.rulesets.mythcraft.rules.setup import build
from mythtable.rulesets.mythcraft.rules.units import (
    active,
    defense,
    encumbered,
    melee_reach,
    speed_squares,
    unit,
    weapon_apc,
    weight,
)

__all__ = [
    "ATTR_INDEX",
    "CREATURES",
    "DEF_INDEX",
    "HEROES",
    "ROUND_LIMIT_CHOICES",
    "SIMULATION_ROUND_LIMIT",
    "active",
    "add_cond",
    "advance",
    "apply_action",
    "bloodied",
    "board_for",
    "build",
    "capacity",
    "cor_bonus",
    "creature_decision",
    "creature_moves",
    "crit_threshold",
    "defense",
    "dist",
    "encumbered",
    "hero_decision",
    "hero_max_hp",
    "hero_moves",
    "line_of_sight",
    "melee_adjacent_ok",
    "melee_reach",
    "reach_map",
    "reactive_cap",
    "speed_squares",
    "stage",
    "unit",
    "weapon_apc",
    "weapon_targets",
    "weight",
]
