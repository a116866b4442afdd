"""The MythCraft Ruleset: glue between the engine's protocol and the rules (setup, apply, view, copies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.built import Built, HeroField, Problem, built_name
from mythtable.engine.decision import Action, Decision, Event, Ref, Result, Subject
from mythtable.engine.dice import Rng
from mythtable.engine.encounter_kit import EncounterDraft, EncounterKit
from mythtable.engine.errors import IllegalAction, SetupError
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.mythcraft import ai, builder, inspect, rules, tactics
from mythtable.rulesets.mythcraft.content import HeroTemplateDef, MythcraftContent
from mythtable.rulesets.mythcraft.rules import (
    HEROES,
    ROUND_LIMIT_CHOICES,
    SIMULATION_ROUND_LIMIT,
    reactive_cap,
)
from mythtable.rulesets.mythcraft.state import MoveFrame, State, clone, snapshot
from mythtable.rulesets.mythcraft.view import MythcraftView, build_view
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
    id = "mythcraft"
    title = "MythCraft combat"
    seats = (SeatInfo("Heroes", "Ana"), SeatInfo("Myth Caster", "Bram"))
    hidden_information = False

    # ----- content and setup ------------------------------------------------------------------
    def load_content(self, root: Path) -> MythcraftContent:
        """Validate the content files (pydantic, schema.py); a game in progress never needs this."""
        from mythtable.rulesets.mythcraft.schema import load_content

        return load_content(root)

    built_kinds = ("parties", "encounters")
    built_fields = {"encounter": "encounters", **{f"hero{k}": "parties" for k in range(1, 5)}}

    def built_problems(self, content: MythcraftContent, kind: str, name: str, data: Any) -> list[Problem]:
        from mythtable.rulesets.mythcraft.schema import built_encounter, built_party

        if kind == "parties":
            return built_party(content, name, data)[1]
        if kind == "encounters":
            return built_encounter(content, name, data)[1]
        return super().built_problems(content, kind, name, data)

    def with_built(self, content: MythcraftContent, built: Built) -> MythcraftContent:
        from mythtable.rulesets.mythcraft.schema import with_built

        return with_built(content, built)

    # ----- the party builder (builder.py) ---------------------------------------------------------
    def hero_fields(self, content: MythcraftContent) -> list[HeroField]:
        return builder.hero_fields(content)

    def hero_templates(self, content: MythcraftContent) -> list[tuple[str, str]]:
        return builder.hero_templates(content)

    def hero_data(self, content: MythcraftContent, template_id: str | None) -> dict[str, Any]:
        return builder.hero_data(content, template_id)

    def hero_sheet(self, content: MythcraftContent, hero: dict[str, Any]) -> list[str]:
        return builder.hero_sheet(content, hero)

    # ----- the encounter builder (encounter_builder.py; tui/screens/encounter_editor.py) ---------------------
    def encounter_kit(self, content: MythcraftContent) -> EncounterKit | None:
        from mythtable.rulesets.mythcraft.encounter_builder import encounter_kit

        return encounter_kit(content)

    def encounter_draft(self, content: MythcraftContent, data: Any) -> EncounterDraft:
        from mythtable.rulesets.mythcraft.encounter_builder import encounter_draft

        return encounter_draft(data)

    def encounter_data(self, content: MythcraftContent, draft: EncounterDraft) -> dict[str, Any]:
        from mythtable.rulesets.mythcraft.encounter_builder import encounter_data

        return encounter_data(draft)

    def setup_fields(self, content: MythcraftContent) -> list[SetupField]:
        encs = tuple(SetupChoice(e.id, f"{e.id} {e.name} (level {e.level})") for e in content.encounters.values())
        heroes = tuple(SetupChoice(h.id, hero_label(h)) for h in content.heroes.values())
        yes_no = (SetupChoice("no", "No"), SetupChoice("yes", "Yes"))
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
            SetupField("auto_decline_heroes", "Auto-decline hero reactions", yes_no, "no"),
            SetupField("auto_decline_creatures", "Auto-decline creature reactions", yes_no, "no"),
            SetupField(
                "creature_damage",
                "Creature damage",
                (SetupChoice("rolled", "Rolled"), SetupChoice("fixed", "Fixed averages (H-13)")),
                "rolled",
            ),
            SetupField(
                "round_limit",
                "Round limit (H-28)",
                (
                    SetupChoice("none", "No limit"),
                    *(SetupChoice(str(n), f"Draw by time after round {n}") for n in ROUND_LIMIT_CHOICES),
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

    def apply(self, state: State, action: Action) -> list[Event]:
        d = state.decision
        if d is None:
            raise IllegalAction("the game is over; no more actions are possible")
        if action not in d.actions:
            raise IllegalAction(f"{list(action)} is not a legal choice now ({d.prompt})")
        events: list[Event] = []
        rules.apply_action(state, action, events)
        rules.advance(state, events)
        return events

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)

    def subject(self, state: State, action: Action) -> Subject:
        return subject(state, action)

    def result(self, state: State) -> Result | None:
        if state.result is None:
            return None
        return Result(winner=state.result[0], reason=state.result[1], turns=state.round)

    # ----- copying and inspecting -----------------------------------------------------------
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

    def check_invariants(self, state: State) -> list[str]:
        problems: list[str] = []
        seen: dict[tuple[int, int], str] = {}
        passing = {f.uid for f in state.stack if isinstance(f, MoveFrame)}  # moving through an ally's square
        for u in state.units:
            for name in ("ap", "reactive", "special_ap", "hp", "dp", "sp", "acts", "move_left"):
                if getattr(u, name) < 0:
                    problems.append(f"{u.name}: {name} is negative ({getattr(u, name)})")
            if u.hp > u.max_hp:
                problems.append(f"{u.name}: HP {u.hp} over max {u.max_hp}")
            if u.kept > reactive_cap(u.level):
                problems.append(f"{u.name}: kept {u.kept} Reactive AP over the cap")
            if u.dead:
                if state.units.index(u) in state.order:
                    problems.append(f"{u.name} is dead but still in the Initiative order")
                continue
            if (u.x, u.y) in state.board.walls:
                problems.append(f"{u.name} stands in a wall")
            if u.uid in passing:
                continue
            if (u.x, u.y) in seen:
                problems.append(f"{u.name} shares a square with {seen[(u.x, u.y)]}")
            seen[(u.x, u.y)] = u.name
            if u.dying and (u.hp != 0 or u.side != HEROES):
                problems.append(f"{u.name}: dying with HP {u.hp}")
            if u.side == HEROES and u.hp == 0 and not u.dying:
                problems.append(f"{u.name}: 0 HP but not dying")
            if u.dp >= 8:
                problems.append(f"{u.name}: {u.dp} DP but alive")
        d = state.decision
        if (d is None) == (state.result is None):
            problems.append("exactly one of a decision and a result must exist")
        if d is not None and d.kind in ("hero_turn", "creature_turn"):
            a = rules.active(state)
            if a.side != d.seat:
                problems.append("the turn decision is not for the active participant's seat")
            if state.stack:
                problems.append("a turn decision is open while frames are pending")
        return problems

    # ----- the view -----------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> MythcraftView:
        return build_view(state, seat)

    def public_view(self, state: State) -> MythcraftView:
        return build_public_view(state)

    # ----- reading the table (inspect.py) -------------------------------------------------------
    def inspectables(self, state: State, seat: int | None) -> list[InspectTarget]:
        return inspect.inspectables(state, seat)

    def inspect(self, state: State, seat: int | None, ref: Ref) -> Inspection | None:
        return inspect.inspect(state, seat, ref)

    def changes(self, before: Any, after: Any) -> frozenset[Ref]:
        return inspect.changes(before, after)


RULESET = MythCraft()

# The one object the registry (mythtable.engine.registry) reads.
ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(
        ai.heuristic,
        ai.determinize,
        ai.HEURISTIC_SCALE,
        dict(tactics.SEARCH_PARAMS),
        search_heuristic=tactics.search_heuristic,
        rollout_policy=tactics.rollout_policy,
    ),
    make_ai=ai.make_ai,
    rules_file="rules.toml",
)
