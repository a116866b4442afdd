"""Forecasts: the chance to hit and the expected damage of an attack or spell before it is made.

Computed from the very numbers the attack frame uses (rules/attacks.py: the spec, the tactical
advantage and disadvantage, LUCK, resistance and vulnerability, the crit threshold, DR and
immunity), so the board can show "65% · ~7" beside an option without guessing any rule. Reactions
that may still change an attack (a Parry, a Ward) are not counted: they are the target's choice.
Nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mythtable.engine.decision import Action
from mythtable.rulesets.mythcraft.content import parse_dice
from mythtable.rulesets.mythcraft.rules.attacks import modifiers
from mythtable.rulesets.mythcraft.rules.decisions import area_targets
from mythtable.rulesets.mythcraft.rules.formulas import HEROES, crit_threshold
from mythtable.rulesets.mythcraft.rules.specs import creature_spec, maneuver_spec, spell_spec, weapon_spec
from mythtable.rulesets.mythcraft.rules.units import able, active, defense, unit
from mythtable.rulesets.mythcraft.state import AttackSpec, State, Unit


@dataclass(frozen=True, slots=True)
class TargetForecast:
    """One target of an attack: the roll it needs and what it can expect."""

    uid: str
    name: str
    defense: str  # "AR", "REF", ...
    defense_value: int  # after resistance (+) or vulnerability (-) to the damage type
    bonus: int  # added to the d20: the attack's modifier with TA, TD and a negative LUCK
    hit: float  # chance to hit, 0..1 (natural 1 misses, a crit always hits)
    crit: float  # chance of a critical hit, 0..1
    damage: float  # expected damage to it, misses counted as 0, after DR and immunity
    low: int  # damage range of an ordinary hit, after DR
    high: int
    deals_damage: bool = True  # False for a maneuver or an effect-only attack


@dataclass(frozen=True, slots=True)
class Forecast:
    """What one attack, spell or maneuver option is expected to do."""

    action: Action
    name: str  # the attack's name ("battle axe", "Shock Burst", "trip")
    targets: tuple[TargetForecast, ...]
    heal: float = 0.0  # expected healing of a healing spell or item
    heal_low: int = 0
    heal_high: int = 0

    @property
    def hit(self) -> float:
        """The chance to hit the aimed-at target (the first one)."""
        return self.targets[0].hit if self.targets else 0.0

    @property
    def damage(self) -> float:
        """Expected damage over every target (an area spell counts each one, allies included)."""
        return sum(t.damage for t in self.targets)


@lru_cache(maxsize=256)
def dice_sums(n: int, sides: int) -> tuple[tuple[int, float], ...]:
    """The distribution of the sum of n dice of `sides` sides, as (sum, probability)."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    return tuple(sorted(dist.items()))


def after_dr(t: Unit, amount_dist: list[tuple[int, float]], dtype: str) -> tuple[float, int, int]:
    """Expected damage after immunity and DR (rules/damage.py, H-9: Vulnerable overrides both), and its range."""
    if dtype not in t.vuln:
        if dtype in t.immune:
            return 0.0, 0, 0
        amount_dist = [(max(0, a - t.dr), p) for a, p in amount_dist]
    amounts = [max(0, a) for a, _ in amount_dist]
    return sum(max(0, a) * p for a, p in amount_dist), min(amounts), max(amounts)


def hit_damage(state: State, a: Unit, spec: AttackSpec, crit: bool) -> list[tuple[int, float]]:
    """The damage of one hit before DR, as a distribution (attacks.deal: F-9 crits, magic crits add LUCK,
    H-13 fixed creature damage)."""
    n, s, b = spec.dice_n, spec.dice_sides, spec.bonus
    luck = a.attrs[6] if a.side == HEROES else 0
    if spec.creature and state.fixed_damage:
        return [(spec.average + (n * s if crit else 0), 1.0)]
    if crit and not spec.magic:
        return [(n * s + b + total + max(luck, 0), p) for total, p in dice_sums(n, s)]
    extra = luck if crit and luck > 0 else 0
    return [(total + b + extra, p) for total, p in dice_sums(n, s)]


def target_forecast(state: State, a: Unit, t: Unit, spec: AttackSpec) -> TargetForecast:
    """The roll against one target, as step_attack makes it, over all twenty faces of the d20."""
    dname = spec.defense
    if dname == "?":  # a grapple: the defender picks; assume the better defense for it
        dname = "REF" if defense(state, t, "REF") >= defense(state, t, "FORT") or not able(t) else "FORT"
    helpers = {h.uid: h.help_target for h in state.units}
    try:
        ta, td = modifiers(state, a, t, spec)
    finally:  # modifiers() uses up a Help when the attack is made; a forecast must not
        for h in state.units:
            h.help_target = helpers[h.uid]
    luck = a.attrs[6] if a.side == HEROES else 0
    bonus = spec.mod + ta - td + (luck if luck < 0 else 0)
    dtype = spec.damage_type
    vuln = t.vuln.get(dtype, 0) if dtype else 0
    defv = defense(state, t, dname)
    if dtype and not vuln:
        defv += t.resist.get(dtype, 0)
    defv -= vuln
    thr = crit_threshold(luck, vuln)
    hits = crits = 0
    for nat in range(1, 21):
        auto = nat >= thr or nat == 20
        hit = nat != 1 and (auto or nat + bonus >= defv)
        hits += hit
        crits += hit and nat >= thr and spec.kind in ("damage", "effect")
    p_hit, p_crit = hits / 20, crits / 20
    expected, low, high = 0.0, 0, 0
    if spec.kind == "damage":
        plain, low, high = after_dr(t, hit_damage(state, a, spec, False), dtype)
        strong = after_dr(t, hit_damage(state, a, spec, True), dtype)[0] if p_crit else 0.0
        expected = (p_hit - p_crit) * plain + p_crit * strong
    return TargetForecast(t.uid, t.name, dname, defv, bonus, p_hit, p_crit, expected, low, high, spec.kind == "damage")


def heal_range(text: str, bonus: int) -> tuple[float, int, int]:
    n, s, b = parse_dice(text)
    sums = dice_sums(n, s)
    return sum((x + b + bonus) * p for x, p in sums), n + b + bonus, n * s + b + bonus


def forecast(state: State, action: Action) -> Forecast | None:
    """The forecast of one option of the open turn decision: an attack, a spell, a creature's area attack,
    a maneuver, or a healing item; None for anything else (moves, items, ending the turn)."""
    d = state.decision
    if d is None or d.kind not in ("hero_turn", "creature_turn") or not action:
        return None
    a = active(state)
    kind = str(action[0])
    content = state.content
    if kind == "attack":
        t = unit(state, str(action[2]))
        hero = a.side == HEROES
        spec = weapon_spec(state, a, str(action[1]), t) if hero else creature_spec(state, a, str(action[1]))
        return Forecast(action, spec.name, (target_forecast(state, a, t, spec),))
    if kind == "special":
        act = next(x for x in content.creatures[a.kind].actions if x.id == action[1])
        spec = creature_spec(state, a, act.id)
        hit = area_targets(state, a, act)
        return Forecast(action, spec.name, tuple(target_forecast(state, a, t, spec) for t in hit))
    if kind == "cast":
        sp = content.spells[str(action[1])]
        t = unit(state, str(action[2]))
        if sp.target == "hero":
            mean, low, high = heal_range(sp.heal, a.attrs[5] if sp.heal_adds_attribute else 0)
            return Forecast(action, sp.name, (), mean, low, high)
        spec = spell_spec(state, a, sp.id)
        return Forecast(action, sp.name, tuple(target_forecast(state, a, o, spec) for o in area_of(state, sp.id, t)))
    if kind in ("grapple", "shove", "trip"):
        t = unit(state, str(action[1]))
        return Forecast(action, kind, (target_forecast(state, a, t, maneuver_spec(state, a, kind)),))
    if kind == "escape":
        g = unit(state, str(a.conds["grappled"][2]))
        return Forecast(action, "escape", (target_forecast(state, a, g, maneuver_spec(state, a, "escape")),))
    if kind == "use":
        it = content.items[str(action[1])]
        if it.heal:
            mean, low, high = heal_range(it.heal, 0)
            return Forecast(action, it.name, (), mean, low, high)
    return None


def area_of(state: State, sid: str, t: Unit) -> list[Unit]:
    """Who a spell aimed at `t` hits: `t` alone, or everyone (the caster and allies too) in its square area
    around `t` (actions.hero_cast), `t` first."""
    sp = state.content.spells[sid]
    if sp.target != "area":
        return [t]
    half = sp.area // 2
    inside = [o for o in state.units if not o.dead and abs(o.x - t.x) <= half and abs(o.y - t.y) <= half]
    return [t, *(o for o in inside if o is not t)]


def forecasts(state: State) -> tuple[Forecast, ...]:
    """Forecasts of every option of the open turn decision that has one (for the view)."""
    d = state.decision
    if d is None or d.kind not in ("hero_turn", "creature_turn"):
        return ()
    out = []
    for action in d.actions:
        if action[0] in ("attack", "cast", "special", "grapple", "shove", "trip", "escape", "use"):
            f = forecast(state, action)
            if f is not None:
                out.append(f)
    return tuple(out)
