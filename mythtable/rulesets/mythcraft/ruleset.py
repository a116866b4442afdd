"""The MythCraft Ruleset and its capabilities: glue between the engine's protocol and the rules (setup, apply,
view, copies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.built import built_name
from mythtable.engine.capabilities import AIHooks, Buildable, Encounters, Inspector, Parties
from mythtable.engine.decision import Action, Decision, Event, Result, Subject
from mythtable.engine.dice import Rng
from mythtable.engine.entry import RulesetParts
from mythtable.engine.errors import SetupError
from mythtable.engine.protocol import Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.rulesets.mythcraft import ENTRY, ai, builder, built, inspect, rules, tactics
from mythtable.rulesets.mythcraft.content import HeroTemplateDef, MythcraftContent
from mythtable.rulesets.mythcraft.encounter_builder import draft_marks, encounter_data, encounter_draft, encounter_kit
from mythtable.rulesets.mythcraft.rules import (
    ROUND_LIMIT_CHOICES,
    SIMULATION_ROUND_LIMIT,
)
from mythtable.rulesets.mythcraft.rules.actions import apply_action
from mythtable.rulesets.mythcraft.rules.flow import advance
from mythtable.rulesets.mythcraft.rules.invariants import check_invariants
from mythtable.rulesets.mythcraft.state import State, clone, snapshot
from mythtable.rulesets.mythcraft.view import MythcraftView, build_view, changes
from mythtable.rulesets.mythcraft.view import public_view as build_public_view
from mythtable.rulesets.mythcraft.words import describe, subject

DEFAULT_PARTY = ("berzerker", "cleric", "warrior", "rogue")


def hero_label(h: HeroTemplateDef) -> str:
    """A hero as the new-game screen lists it; a built one also says its level and its party's file,
    so a copy of a prebuilt hero is told apart from the prebuilt one."""
    label = f"{h.title} ({h.name})"
    name = built_name(h.id)
    if name is None:
        return label
    return label + (f", level {h.level}" if h.level else "") + f" · {name.partition('/')[0]}"


class MythCraft(Ruleset[State, MythcraftContent]):
    id = ENTRY.id
    title = ENTRY.title
    seats = (SeatInfo("Heroes", "Ana"), SeatInfo("Myth Caster", "Bram"))
    hidden_information = False

    # ----- content and setup ------------------------------------------------------------------
    def load_content(self, root: Path) -> MythcraftContent:
        """Validate the content files (pydantic, schema.py); a game in progress never needs this."""
        from mythtable.rulesets.mythcraft.schema import load_content

        return load_content(root)

    def setup_fields(self, content: MythcraftContent) -> list[SetupField]:
        encs = tuple(SetupChoice(e.id, f"{e.id} {e.name} (level {e.level})") for e in content.encounters.values())
        heroes = tuple(SetupChoice(h.id, hero_label(h)) for h in content.heroes.values())
        reactions = (SetupChoice("no", "Asked each time"), SetupChoice("yes", "Always declined"))
        fields = [SetupField("encounter", "Encounter", encs, "E1")]
        for k, default in enumerate(DEFAULT_PARTY, start=1):
            fields.append(SetupField(f"hero{k}", f"Hero {k}", heroes, default, optional=k > 2))
        fields += [
            SetupField(
                "level",
                "Party level",
                tuple(SetupChoice(str(n), str(n)) for n in range(1, 6)),
                "",
                optional=True,
            ),
            SetupField("auto_decline_heroes", "Heroes' reactions", reactions, "no"),
            SetupField("auto_decline_creatures", "Creatures' reactions", reactions, "no"),
            SetupField(
                "creature_damage",
                "Creature damage",
                (SetupChoice("rolled", "Rolled"), SetupChoice("fixed", "Fixed averages (a house rule)")),
                "rolled",
            ),
            SetupField(
                "round_limit",
                "Round limit",
                (
                    SetupChoice("none", "No limit"),
                    *(SetupChoice(str(n), f"Draw by time after round {n} (a house rule)") for n in ROUND_LIMIT_CHOICES),
                ),
                "none",
            ),
        ]
        return fields

    def simulation_setup(self, content: MythcraftContent) -> Setup:
        """Bot-versus-bot runs set a round limit (H-28), so that two aimless bots still end their game."""
        setup = self.default_setup(content)
        setup.options["round_limit"] = str(SIMULATION_ROUND_LIMIT)
        return setup

    def check_setup(self, content: MythcraftContent, setup: Setup) -> None:
        """Missing options take their defaults; hero1 and hero2 are required."""
        options = {f.key: f.default for f in self.setup_fields(content)}
        options.update(setup.options)
        super().check_setup(content, Setup(players=setup.players, options=options))
        if not options.get("hero1") or not options.get("hero2"):
            raise SetupError("a party needs at least two heroes (hero1 and hero2)")

    # ----- the state machine ------------------------------------------------------------------
    def new_game(self, content: MythcraftContent, seed: int, setup: Setup) -> State:
        return self.new_state(content, Rng(seed), setup.options)

    def new_state(self, content: MythcraftContent, rng: Rng, options: dict[str, str], **kw: Any) -> State:
        opts = {f.key: f.default for f in self.setup_fields(content)}
        opts.update(options)
        enc = opts.get("encounter") or "E1"
        party = [opts.get(f"hero{k}", "") for k in range(1, 5)]
        level = int(opts["level"]) if opts.get("level") else content.encounters[enc].level
        return rules.build(
            content,
            rng,
            enc,
            party,
            level,
            auto_decline=(opts.get("auto_decline_heroes") == "yes", opts.get("auto_decline_creatures") == "yes"),
            fixed_damage=opts.get("creature_damage") == "fixed",
            round_limit=int(opts["round_limit"]) if str(opts.get("round_limit", "none")).isdigit() else 0,
            **kw,
        )

    def opening_events(self, state: State) -> list[Event]:
        return list(state.opening)

    def pending(self, state: State) -> Decision | None:
        return state.decision

    apply_action = staticmethod(apply_action)  # rules/actions.py
    advance = staticmethod(advance)  # rules/flow.py
    check_invariants = staticmethod(check_invariants)  # rules/invariants.py

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)

    def subject(self, state: State, action: Action) -> Subject:
        return subject(state, action)

    def result(self, state: State) -> Result | None:
        if state.result is None:
            return None
        return Result(winner=state.result[0], reason=state.result[1], turns=state.round)

    # ----- copying and comparing -------------------------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def clone(self, state: State) -> State:
        return clone(state)

    def scores(self, state: State) -> list[tuple[str, str]]:
        """Heroes (seat 0) and creatures (seat 1) still standing, with their HP left."""
        out = []
        for side, word in ((0, "heroes"), (1, "creatures")):
            units = [u for u in state.units if u.side == side]
            standing = [u for u in units if not u.dead and not u.dying]
            dying = sum(1 for u in units if u.dying and not u.dead)
            hp = sum(max(u.hp, 0) for u in standing)
            details = f"{hp} HP left" + (f" · {dying} dying" if dying else "")
            out.append((f"{len(standing)} of {len(units)} {word} standing", details))
        return out

    def turn_number(self, state: State) -> int:
        return state.round

    def stage(self, state: State) -> str:
        return rules.stage(state)

    # ----- the view -----------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> MythcraftView:
        return build_view(state, seat)

    def public_view(self, state: State) -> MythcraftView:
        return build_public_view(state)


RULESET = MythCraft()

PARTS = RulesetParts(
    ruleset=RULESET,
    built=Buildable(
        kinds=("parties", "encounters"),
        fields={"encounter": "encounters", **{f"hero{k}": "parties" for k in range(1, 5)}},
        problems=built.built_problems,
        with_built=built.with_built,
    ),
    parties=Parties(builder.hero_fields, builder.hero_templates, builder.hero_data, builder.hero_sheet),
    encounters=Encounters(encounter_kit, encounter_draft, encounter_data, draft_marks),
    inspection=Inspector(inspect.inspectables, inspect.inspect, changes=changes),
    ai=AIHooks(
        ai.heuristic,
        ai.determinize,
        ai.HEURISTIC_SCALE,
        dict(tactics.SEARCH_PARAMS),
        level_search=tactics.LEVEL_SEARCH,
        search_heuristic=tactics.search_heuristic,
        rollout_policy=tactics.rollout_policy,
        make_ai=ai.make_ai,
    ),
)
"""The ruleset and its capabilities, as the package's `ENTRY` names them."""
