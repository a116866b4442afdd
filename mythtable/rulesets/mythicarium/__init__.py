"""Mythicarium: the two-player fantasy card game (ruleset id "mythicarium")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.mythicarium.content import Content
from mythtable.rulesets.mythicarium.rules import (
    STAGE_LABELS,
    apply_action,
    cdef,
    eff_hp,
    name_of,
    new_state,
)
from mythtable.rulesets.mythicarium.state import State, clone_state, snapshot_state
from mythtable.rulesets.mythicarium.view import CardInfo, MythicariumView, build_view, card_info

__all__ = ["ENTRY", "RULESET", "CardInfo", "Mythicarium", "MythicariumView", "card_info"]


class Mythicarium(Ruleset[State, Content]):
    id = "mythicarium"
    title = "Mythicarium"
    seats = (SeatInfo("Player 1", "Ana"), SeatInfo("Player 2", "Bram"))
    hidden_information = True

    def load_content(self, root: Path) -> Content:
        """Validate the content files (pydantic, schema.py); a game in progress never needs this."""
        from mythtable.rulesets.mythicarium.schema import load_content

        return load_content(root)

    def setup_fields(self, content: Content) -> list[SetupField]:
        choices = tuple(SetupChoice(d.id, d.name) for d in content.decks.values())
        ids = list(content.decks)
        return [
            SetupField("deck1", "Deck of Player 1", choices, ids[0]),
            SetupField("deck2", "Deck of Player 2", choices, ids[1]),
        ]

    def new_game(self, content: Content, seed: int, setup: Setup) -> State:
        return self.new_game_with_rng(content, Rng(seed), setup)

    def new_game_with_rng(self, content: Content, rng: Rng, setup: Setup) -> State:
        """Like new_game but with a given generator (tests pass a ScriptedRng)."""
        fields = self.setup_fields(content)
        decks = [setup.options.get(f.key) or f.default for f in fields]
        return new_state(content, rng, list(setup.players), decks)

    def opening_events(self, state: State) -> list[Event]:
        return list(state.opening)

    def pending(self, state: State) -> Decision | None:
        return state.decision

    def apply(self, state: State, action: Action) -> list[Event]:
        return apply_action(state, action)

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)

    def view(self, state: State, seat: int | None) -> MythicariumView:
        return build_view(state, seat)

    def card_details(self, state: State, card_id: str) -> CardInfo:
        """Full text of a card (the UI shows it when a card is selected)."""
        return card_info(state.content, card_id)

    def result(self, state: State) -> Result | None:
        return state.result

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot_state(state)

    def clone(self, state: State) -> State:
        return clone_state(state)

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return state.stage

    def check_invariants(self, state: State) -> list[str]:
        return check_invariants(state)


def describe(s: State, action: Action) -> str:
    kind = action[0]
    arg = action[1] if len(action) > 1 else None

    def nm(x: object) -> str:
        return name_of(s, int(x)) if isinstance(x, int) and x in s.cards else "?"

    if kind == "play" and isinstance(arg, int):
        c = cdef(s, arg)
        return f"Play {c.name} ({c.xp} XP)"[:60]
    if kind == "use" and isinstance(arg, int):
        c = cdef(s, arg)
        cost = f", {c.ability.xp} XP" if c.ability is not None and c.ability.xp else ""
        return f"Use {c.name} (exhaust{cost})"[:60]
    if kind == "target":
        u = s.units.get(int(arg)) if isinstance(arg, int) else None
        whose = (
            "" if u is None else (" (yours)" if s.choosing is not None and u.owner == s.choosing.owner else " (enemy)")
        )
        return f"Target {nm(arg)}{whose}"[:60]
    if kind == "cancel":
        return "Cancel"
    if kind == "next":
        return "Go to combat" if s.stage == "maintenance1" else "End the turn"
    if kind == "pass":
        return "Pass"
    if kind == "attack":
        c = s.combat
        if c is not None and arg in c.attackers:
            return f"Withdraw {nm(arg)}"[:60]
        return f"Attack with {nm(arg)}"[:60]
    if kind == "done":
        return "Done"
    if kind == "blocker":
        return f"Block with {nm(arg)}..."[:60]
    if kind == "block":
        return f"{nm(arg)} blocks {nm(action[2])}"[:60]
    if kind == "unblock":
        return f"Take back {nm(arg)}'s block"[:60]
    if kind == "back":
        return "Back"
    if kind == "wound":
        return f"Wound {nm(arg)}"[:60]
    if kind == "discard":
        return f"Discard {nm(arg)}"[:60]
    if kind == "first" and isinstance(arg, int):
        return f"{s.players[arg].name} goes first"[:60]
    return " ".join(str(a) for a in action)[:60]


def check_invariants(s: State) -> list[str]:
    problems: list[str] = []
    seen: dict[int, str] = {}

    def put(uid: int, zone: str) -> None:
        if uid in seen:
            problems.append(f"card {uid} is in {seen[uid]} and in {zone}")
        seen[uid] = zone

    for i, p in enumerate(s.players):
        for uid in p.deck:
            put(uid, f"deck {i}")
        for uid in p.hand:
            put(uid, f"hand {i}")
        for uid in p.graveyard:
            put(uid, f"graveyard {i}")
        for uid in p.lane:
            put(uid, f"lane {i}")
            u = s.units.get(uid)
            if u is None:
                problems.append(f"lane {i} lists {uid} with no unit")
                continue
            if u.owner != i:
                problems.append(f"unit {uid} on lane {i} has owner {u.owner}")
            for e in u.equipment:
                put(e, f"equipment of {uid}")
            c = cdef(s, uid)
            if u.wounds < 0:
                problems.append(f"unit {uid} has negative wounds")
            if u.downed and not c.is_champion:
                problems.append(f"non-Champion {uid} is downed")
            if c.is_champion and u.sick:
                problems.append(f"Champion {uid} is summoning sick")
            if not u.downed and u.wounds >= eff_hp(s, u) and s.stage != "combat.damage":
                problems.append(f"unit {uid} should be dead ({u.wounds} wounds)")
        if p.xp < 0:
            problems.append(f"player {i} has negative XP")
        if p.vp < 0:
            problems.append(f"player {i} has negative VP")
        champs = sum(1 for uid in p.lane if cdef(s, uid).is_champion)
        if champs != 3:
            problems.append(f"player {i} has {champs} Champions on the lane")
    for it in s.limbo:
        if it.kind == "card":
            put(it.uid, "limbo")
    if len(seen) != len(s.cards):
        problems.append(f"{len(s.cards) - len(seen)} cards are in no zone")
    if set(s.units) != {uid for p in s.players for uid in p.lane}:
        problems.append("units and lanes disagree")
    if (s.decision is None) == (s.result is None):
        problems.append("exactly one of decision / result must be set")
    if s.stage not in STAGE_LABELS:
        problems.append(f"unknown stage {s.stage!r}")
    return problems


RULESET = Mythicarium()

# The one object the registry (mythtable.engine.registry) reads; ai.py is imported last, as in the others.
from mythtable.rulesets.mythicarium import ai  # noqa: E402

ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(ai.heuristic, ai.determinize, ai.HEURISTIC_SCALE),
    make_ai=None,
    rules_file="rules.toml",
)
