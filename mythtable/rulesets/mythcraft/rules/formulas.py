"""Constants and small formulas of MythCraft (AP, Reactive AP cap, attribute points, HP, capacity, crits)."""

from __future__ import annotations

from mythtable.rulesets.mythcraft.state import Unit

HEROES, CREATURES = 0, 1
DEF_INDEX = {"AR": 0, "REF": 1, "FORT": 2, "ANT": 3, "LOG": 4, "WILL": 5}
ATTR_INDEX = {"STR": 0, "DEX": 1, "END": 2, "AWR": 3, "INT": 4, "CHA": 5, "LUCK": 6, "COR": 7}
DEATH_DP = 8
ROUND_LIMIT_CHOICES = (10, 20, 30, 50)  # H-28: the setup's round limits (none by default)
SIMULATION_ROUND_LIMIT = 30  # H-28: bot-versus-bot runs end in a draw by time after this round
ROUND_SECONDS = 10  # C-2
SIZES = ("tiny", "small", "medium", "large", "huge")
DIRS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


# ----- small formulas ------------------------------------------------------------------------
def cor_bonus(cor: int) -> int:
    """C-16 table; equals floor(COR / 2) for COR -3..12 (F-3)."""
    return cor // 2


def turn_ap(cor: int) -> int:
    """C-15, C-16: the AP a hero gains at the start of its turn, 3 + the COR bonus."""
    return 3 + cor_bonus(cor)


def reactive_cap(level: int) -> int:
    """C-21: ceil(level / 2) + 1."""
    return -(-level // 2) + 1


def attribute_points(level: int) -> int:
    """F-40: a hero has 5 attribute points at level 1 and one more at each level after it."""
    return 4 + level


def attribute_most(level: int) -> int:
    """F-40: no attribute above half the level rounded up, plus 1 (2, 2, 3, 3, 4 at levels 1-5)."""
    return -(-level // 2) + 1


def hit_die(end: int) -> int:
    """F-20 V by END (H-8: END -3 gives 0)."""
    if end <= -3:
        return 0
    if end <= -1:
        return 1
    if end <= 2:
        return 2
    if end <= 5:
        return 3
    if end <= 8:
        return 4
    if end <= 11:
        return 5
    return 6


def hero_max_hp(level: int, end: int) -> int:
    """F-20: 10 + level x V + level."""
    return 10 + level * hit_die(end) + level


def bloodied(u: Unit) -> bool:
    """F-21 with F-4: at or below half max HP, the half rounded up (13 max HP: Bloodied at 7)."""
    return u.hp <= -(-u.max_hp // 2)


def capacity(strength: int) -> int:
    """H-6: 10 + 2 x STR, minimum 4."""
    return max(4, 10 + 2 * strength)


def crit_threshold(luck: int, vulnerable: int) -> int:
    """F-10/F-13: lowest natural d20 that crits (21 = never)."""
    if luck < 0:
        return 21
    widen = (2 if luck >= 12 else 1 if luck >= 6 else 0) + vulnerable
    return max(16, 20 - widen)
