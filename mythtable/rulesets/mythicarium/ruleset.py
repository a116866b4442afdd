"""The Mythicarium `Ruleset`: glue between the engine's contract and this package (no rules here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.autopass import Window
from mythtable.engine.decision import Action, Decision, Event, Result, Subject
from mythtable.engine.dice import Rng
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.mythicarium import ai, words
from mythtable.rulesets.mythicarium.content import Content
from mythtable.rulesets.mythicarium.rules import advance, apply_action
from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS
from mythtable.rulesets.mythicarium.rules.decisions import decision_window
from mythtable.rulesets.mythicarium.rules.invariants import check_invariants
from mythtable.rulesets.mythicarium.rules.setup import new_state
from mythtable.rulesets.mythicarium.state import State, clone, snapshot
from mythtable.rulesets.mythicarium.view import CardInfo, MythicariumView, build_view, card_info


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
        events: list[Event] = []
        apply_action(state, action, events)
        advance(state, events)
        return events

    def describe(self, state: State, action: Action) -> str:
        return words.describe(state, action)

    def subject(self, state: State, action: Action) -> Subject:
        return words.subject(state, action)

    def view(self, state: State, seat: int | None) -> MythicariumView:
        return build_view(state, seat)

    def card_details(self, state: State, card_id: str) -> CardInfo:
        """Full text of a card (the UI shows it when a card is selected)."""
        return card_info(state.content, card_id)

    def result(self, state: State) -> Result | None:
        return state.result

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def clone(self, state: State) -> State:
        return clone(state)

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return state.stage

    def window(self, state: State) -> Window | None:
        return decision_window(state)

    def stop_stages(self) -> list[tuple[str, str]]:
        return [(key, STAGE_LABELS[key]) for key in STOP_STAGES]

    def check_invariants(self, state: State) -> list[str]:
        return check_invariants(state)


STOP_STAGES = ("maintenance1", "combat.legendary", "maintenance2")
"""Where a respond window opens with limbo empty (stops, engine/autopass.py)."""

RULESET = Mythicarium()

ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(ai.heuristic, ai.determinize, ai.HEURISTIC_SCALE),
    make_ai=None,
    rules_file="rules.toml",
)
"""The one object the registry (mythtable.engine.registry) reads."""
