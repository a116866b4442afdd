"""MythCraft combat: a tactical skirmish of heroes (seat 0) against the Myth Caster's creatures (seat 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction, SetupError
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.mythcraft import rules
from mythtable.rulesets.mythcraft.content import MythcraftContent
from mythtable.rulesets.mythcraft.rules import (
    DEF_INDEX,
    HEROES,
    ROUND_LIMIT_CHOICES,
    SIMULATION_ROUND_LIMIT,
    bloodied,
    capacity,
    reactive_cap,
)
from mythtable.rulesets.mythcraft.state import UNIT_FIELDS, MoveFrame, State, Unit
from mythtable.rulesets.mythcraft.view import (
    CombatantView,
    ConditionView,
    GroundItemView,
    InitiativeEntry,
    InitiativeView,
    MapView,
    MythcraftView,
    ReachableSquare,
)

DEFAULT_PARTY = ("berzerker", "cleric", "warrior", "rogue")
ATTR_NAMES = ("STR", "DEX", "END", "AWR", "INT", "CHA", "LUCK", "COR")


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

    def setup_fields(self, content: MythcraftContent) -> list[SetupField]:
        encs = tuple(SetupChoice(e.id, f"{e.id} {e.name} (level {e.level})") for e in content.encounters.values())
        heroes = tuple(SetupChoice(h.id, f"{h.title} ({h.name})") for h in content.heroes.values())
        yes_no = (SetupChoice("no", "No"), SetupChoice("yes", "Yes"))
        fields = [SetupField("encounter", "Encounter", encs, "E1")]
        for k, default in enumerate(DEFAULT_PARTY, start=1):
            fields.append(SetupField(f"hero{k}", f"Hero {k}", heroes, default, optional=k > 2))
        fields += [
            SetupField(
                "level",
                "Party level",
                (SetupChoice("1", "1"), SetupChoice("2", "2"), SetupChoice("3", "3")),
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
        return describe_action(state, action)

    def result(self, state: State) -> Result | None:
        if state.result is None:
            return None
        return Result(winner=state.result[0], reason=state.result[1], turns=state.round)

    # ----- copying and inspecting -----------------------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        return {
            "encounter": state.encounter,
            "unit_fields": list(UNIT_FIELDS),
            "units": [u.to_json() for u in state.units],
            "order": list(state.order),
            "turn_idx": state.turn_idx,
            "round": state.round,
            "phase": state.phase,
            "active_gone": state.active_gone,
            "ground": [list(g) for g in state.ground],
            "stack": [f.to_json() for f in state.stack],
            "auto_decline": list(state.auto_decline),
            "fixed_damage": state.fixed_damage,
            "round_limit": state.round_limit,
            "result": state.result,
            "turns": state.turns,
            "rng": state.rng.state,
        }

    def clone(self, state: State) -> State:
        return State(
            content=state.content,
            board=state.board,
            rng=state.rng.copy(),
            units=[u.copy() for u in state.units],
            order=state.order[:],
            encounter=state.encounter,
            turn_idx=state.turn_idx,
            round=state.round,
            phase=state.phase,
            active_gone=state.active_gone,
            ground=[g[:] for g in state.ground],
            stack=[f.copy() for f in state.stack],
            auto_decline=state.auto_decline[:],
            fixed_damage=state.fixed_damage,
            round_limit=state.round_limit,
            result=None if state.result is None else state.result[:],
            turns=state.turns,
            casualties=state.casualties,
            moved=state.moved,
            decision=state.decision,
            reach_cache=state.reach_cache,
            opening=state.opening,
        )

    def turn_number(self, state: State) -> int:
        return state.round

    def stage(self, state: State) -> str:
        d = state.decision
        if d is None:
            return "round_end"
        if d.kind in ("hero_turn", "creature_turn"):
            if state.turns == 0 and state.round == 1:
                return "initiative"
            return d.kind
        return "reaction"

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
        items = state.content.items
        board = state.board
        active = None
        if state.order and not state.active_gone and state.turn_idx < len(state.order):
            active = rules.active(state)
        combatants = tuple(self.combatant_view(state, u) for u in state.units)
        order = tuple(
            InitiativeEntry(u.uid, u.name, u.init[0], u.attrs[3], u.init[1], tuple(u.init[2]))
            for u in (state.units[i] for i in state.order)
        )
        reachable: tuple[ReachableSquare, ...] = ()
        d = state.decision
        if d is not None and d.kind in ("hero_turn", "creature_turn") and active is not None:
            moves = rules.hero_moves(state, active) if active.side == HEROES else rules.creature_moves(state, active)
            reachable = tuple(ReachableSquare(x, y, c) for (x, y), c in sorted(moves.items()))
        result = ""
        if state.result is not None:
            winner = state.result[0]
            head = "Draw: " if winner is None else "Heroes win: " if winner == HEROES else "The Myth Caster wins: "
            result = head + state.result[1]
        return MythcraftView(
            stage=self.stage(state),
            round=state.round,
            encounter=state.encounter,
            map=MapView(
                board.width,
                board.height,
                tuple(sorted(board.walls)),
                tuple(sorted(board.rubble)),
                tuple(GroundItemView(g[0], g[1], g[2], items[g[2]].name) for g in state.ground),
            ),
            combatants=combatants,
            initiative=InitiativeView(order, state.turn_idx, state.round),
            active_uid=active.uid if active else "",
            reachable=reachable,
            active_reach=rules.melee_reach(state, active) if active else 0,
            decision_kind=d.kind if d else "",
            prompt=d.prompt if d else "",
            result=result,
        )

    def combatant_view(self, state: State, u: Unit) -> CombatantView:
        defs = tuple((name, rules.defense(state, u, name)) for name in DEF_INDEX)
        attrs = ATTR_NAMES if u.side == HEROES else ATTR_NAMES[:6]
        return CombatantView(
            uid=u.uid,
            name=u.name,
            side=u.side,
            kind=u.kind,
            x=u.x,
            y=u.y,
            hp=u.hp,
            max_hp=u.max_hp,
            bloodied=bloodied(u),
            dp=u.dp,
            dying=u.dying,
            dead=u.dead,
            conditions=tuple(
                ConditionView(k, v[0], 0 if v[1] == -2 else v[1], v[2]) for k, v in sorted(u.conds.items())
            ),
            ap=u.ap,
            fresh_ap=u.fresh,
            carried_reactive_ap=u.kept,
            special_kind=u.special,
            special_ap=u.special_ap,
            reactive_ap=u.reactive,
            reactive_cap=reactive_cap(u.level) if u.side == HEROES else 0,
            level=u.level,
            weapon=u.main,
            off_hand=u.off,
            armor=u.armor,
            carried=tuple(u.pack),
            carried_weight=rules.weight(state, u) if u.side == HEROES else 0,
            capacity=capacity(u.attrs[0]) if u.side == HEROES else 0,
            encumbered=rules.encumbered(state, u),
            speed_ft=u.speed_ft,
            speed_squares=rules.speed_squares(state, u),
            defenses=defs,
            attributes=tuple(zip(attrs, u.attrs, strict=False)),
            sp=u.sp,
            max_sp=u.max_sp,
            actions_left=u.acts,
            feature=u.feature,
        )


def describe_action(st: State, action: Action) -> str:
    kind = action[0]
    items = st.content.items
    try:
        a = rules.active(st) if st.order and not st.active_gone else None
    except IndexError:
        a = None

    def name(uid: object) -> str:
        try:
            return rules.unit(st, str(uid)).name
        except KeyError:
            return str(uid)

    def item(iid: object) -> str:
        return items[str(iid)].name if str(iid) in items else str(iid)

    if kind == "move":
        cost = ""
        if a is not None and st.decision is not None and st.decision.kind == "hero_turn":
            c = rules.hero_moves(st, a).get((int(action[1]), int(action[2])))
            cost = f" ({c} AP)" if c is not None else ""
        return f"Move to ({action[1]}, {action[2]}){cost}"
    if kind == "attack":
        if a is not None and a.side == HEROES:
            wid = str(action[1])
            label = "unarmed strike" if wid == "unarmed" else item(wid)
            return f"Attack {name(action[2])} with {label} ({rules.weapon_apc(st, a, wid)} AP)"[:60]
        if a is not None:
            act = next((x for x in st.content.creatures[a.kind].actions if x.id == action[1]), None)
            return f"{act.name if act else action[1]} -> {name(action[2])}"[:60]
    if kind == "special" and a is not None:
        act = next((x for x in st.content.creatures[a.kind].actions if x.id == action[1]), None)
        return f"{act.name if act else action[1]} (once per encounter)"[:60]
    if kind == "prone" and a is not None and a.side != HEROES:
        return "Drop prone (0 actions)"
    if kind == "cast":
        sp = st.content.spells[str(action[1])]
        cost = f"{sp.apc} AP" + (f" + {sp.spc} SP" if sp.spc else "")
        return f"Cast {sp.name} on {name(action[2])} ({cost})"[:60]
    simple = {
        "dodge": "Dodge (+2 AR/REF/FORT)",
        "stand": "Stand up",
        "prone": "Drop prone (0 AP)",
        "douse": "Put out the flames (3 AP)",
        "escape": "Escape the grapple",
        "end": "End the turn",
        "decline": "Decline",
    }
    if kind in simple:
        return simple[kind]
    if kind in ("grapple", "shove", "trip"):
        cost = " (2 AP)" if a is not None and a.side == HEROES else ""
        return f"{str(kind).capitalize()} {name(action[1])}{cost}"[:60]
    if kind == "equip":
        return f"Equip the {item(action[1])} (1 AP)"
    if kind == "stow":
        return f"Stow the {item(action[1])} (1 AP)"
    if kind == "set_down":
        return f"Set down the {item(action[1])} (0 AP)"
    if kind == "pick_up":
        return f"Pick up the {item(action[1])} (1 AP)"
    if kind == "use":
        return f"Use the {item(action[1])} on {name(action[2])}"[:60]
    if kind == "help":
        return f"Help against {name(action[1])} (1 AP)"
    if kind == "react":
        return {
            "engaged": "Strike as it leaves (Engaged, 0 AP)",
            "riposte": "Riposte (2 Reactive AP)",
            "parry": "Parry: +2 AR (1 Reactive AP)",
            "ward": "Ward: +2 to the defense (1 Reactive AP)",
            "grim_reprisal": "Grim Reprisal (Grave Blade)",
        }.get(str(action[1]), f"Use {action[1]}")
    if kind == "keep":
        return "Keep Holy Support AP" if action[1] == "holy_support" else "Switch to Blood Rage (Rage AP)"
    if kind == "defend":
        return f"Defend with {action[1]}"
    return " ".join(str(x) for x in action)[:60]


RULESET = MythCraft()

# The one object the registry (mythtable.engine.registry) reads; ai.py reads RULESET, so it is imported last.
from mythtable.rulesets.mythcraft import ai  # noqa: E402

ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(ai.heuristic, ai.determinize, ai.HEURISTIC_SCALE, dict(ai.SEARCH_PARAMS)),
    make_ai=ai.make_ai,
    rules_file="rules.toml",
)
