"""The bestiary is worth building encounters from (issue 18 item 5): twice the first six creatures,
every trait effect, action kind, range, rider condition and reaction on several creatures, new
creatures on the first bestiary's level curve, every creature in a shipped encounter, and hand-written
action text that names only the conditions the action inflicts."""

from __future__ import annotations

from collections import Counter

from mythtable.rulesets.mythcraft.content import CONDITIONS
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import CONTENT, Scene

FIRST_BESTIARY = (
    "ash_hound",
    "cinder_imp",
    "rattlebone_sentry",
    "deserter_crossbowman",
    "thornback_boar",
    "barrow_thane",
)
AT_LEAST = 2
SHIPPED_RIDERS = ("prone", "dazed", "staggered", "bleeding", "burning", "frightened")
"""Conditions creature attacks inflict (stunned and grappled come from heroes' spells and maneuvers)."""


def test_the_bestiary_is_twice_the_first() -> None:
    assert set(FIRST_BESTIARY) <= set(CONTENT.creatures)
    assert len(CONTENT.creatures) >= 2 * len(FIRST_BESTIARY)
    assert len(CONTENT.encounters) >= 5


def test_every_creature_meets_the_heroes_in_some_encounter() -> None:
    used = {c for e in CONTENT.encounters.values() for c in e.legend.values()}
    assert set(CONTENT.creatures) <= used, set(CONTENT.creatures) - used
    new = set(CONTENT.creatures) - set(FIRST_BESTIARY)
    for eid in ("E4", "E5", "E6"):
        assert set(CONTENT.encounters[eid].legend.values()) <= new, eid


def test_every_trait_action_kind_range_rider_and_reaction_is_on_several_creatures() -> None:
    creatures = list(CONTENT.creatures.values())
    traits = Counter(t.effect for c in creatures for t in {*c.traits, *c.features} if t.effect)
    kinds = Counter(k for c in creatures for k in {a.kind for a in c.actions})
    ranges = Counter(r for c in creatures for r in {a.range for a in c.actions if a.range})
    riders = Counter(r for c in creatures for r in {r.condition for a in c.actions for r in a.riders})
    reactions = Counter(r.trigger for c in creatures for r in c.reactions)
    assert set(traits) == {"pack_hunter", "flyer"} and min(traits.values()) >= AT_LEAST + 1, traits
    assert set(kinds) == {"move", "attack", "dodge", "area_attack"} and min(kinds.values()) >= AT_LEAST + 1, kinds
    assert set(ranges) == {"melee", "reach", "ranged", "special"} and min(ranges.values()) >= AT_LEAST, ranges
    assert set(riders) == set(SHIPPED_RIDERS) and min(riders.values()) >= AT_LEAST, riders
    assert reactions["missed_by_adjacent_melee"] >= AT_LEAST + 1, reactions
    assert sum(bool(c.movement.get("fly")) for c in creatures) >= AT_LEAST + 1


def test_new_creatures_sit_on_the_first_bestiarys_level_curve() -> None:
    """HP per level, AR, attack bonus and damage against level stay inside the first bestiary's span."""
    first = [CONTENT.creatures[i] for i in FIRST_BESTIARY]

    def span(values: list[float]) -> tuple[float, float]:
        return min(values), max(values)

    hp = span([c.hp / c.level for c in first])
    ar = span([c.ar for c in first])
    bonus = span([a.bonus - c.level for c in first for a in c.actions if a.kind != "move" and a.bonus])
    damage = span([a.average - 2 * c.level for c in first for a in c.actions if a.average])
    for c in CONTENT.creatures.values():
        assert hp[0] - 1 <= c.hp / c.level <= hp[1], (c.id, "hp")
        assert ar[0] <= c.ar <= ar[1], (c.id, "ar")
        for a in c.actions:
            if a.kind != "move" and a.bonus:
                assert bonus[0] <= a.bonus - c.level <= bonus[1], (c.id, a.id, "bonus")
            if a.average:
                assert damage[0] <= a.average - 2 * c.level <= damage[1], (c.id, a.id, "damage")
        assert c.action_count == (3 if c.level >= 4 else 2), c.id


def test_action_text_names_exactly_the_conditions_it_inflicts() -> None:
    """A hand-written action text cannot promise a condition the data does not inflict, nor hide one."""
    for c in CONTENT.creatures.values():
        for a in c.actions:
            said = {cond for cond in CONDITIONS if cond in a.text.lower()}
            done = {r.condition for r in a.riders}
            if a.text:
                assert said == done or (not said and a.kind == "area_attack"), (c.id, a.id, said, done)
            for r in a.riders:
                if a.text and r.rounds:
                    assert f"{r.rounds} round" in a.text or a.kind == "area_attack", (c.id, a.id)
                if a.text and r.value:
                    assert f"{r.condition.capitalize()} {r.value}" in a.text, (c.id, a.id)
            assert a.once_per_encounter == a.text.startswith("Once per encounter"), (c.id, a.id)
        for r in c.reactions:
            action = next(x for x in c.actions if x.id == r.action)
            assert action.name in r.text, (c.id, r.id)


def test_H_2_a_creature_reaction_strikes_with_the_action_its_stat_block_names() -> None:
    """Reed Spearman's reaction (Jab Back) answers a melee miss with its Fishing Spear, not the Thane's blade."""
    s = Scene([("warrior", 4, 1)], [("reed_spearman", 5, 1)])
    s.dice(2)
    s.act("attack", "longsword", "c1")  # 2 + mods misses AR 12
    assert s.kind == "reaction" and s.decision.seat == 1 and ("react", "grim_reprisal") in s.actions
    assert "Jab Back" in s.decision.prompt and "Grim Reprisal" not in s.decision.prompt
    assert RULESET.describe(s.state, ("react", "grim_reprisal")) == "Jab Back (Fishing Spear)"
    s.dice(2)
    s.act("react", "grim_reprisal")
    assert "Reed Spearman answers with Jab Back." in s.text()
    assert "Reed Spearman attacks" in s.text() and "with Fishing Spear: d20 2" in s.text()
