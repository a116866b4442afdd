"""The Mythicarium `Ruleset` and its capabilities: glue between the engine's contract and this package
(no rules here)."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from mythtable.engine.capabilities import AIHooks, Buildable, Decks, Inspector, Responses
from mythtable.engine.decision import Action, Decision, Event, Result, Subject
from mythtable.engine.dice import Rng
from mythtable.engine.entry import RulesetParts
from mythtable.engine.protocol import Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.text import counted
from mythtable.rulesets.mythicarium import ENTRY, ai, decks, inspect, words
from mythtable.rulesets.mythicarium.content import DECK_SIZE, Content, deck_counts, deck_data, deck_pool
from mythtable.rulesets.mythicarium.rules.actions import apply_action
from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS
from mythtable.rulesets.mythicarium.rules.decisions import decision_window
from mythtable.rulesets.mythicarium.rules.flow import advance
from mythtable.rulesets.mythicarium.rules.invariants import check_invariants
from mythtable.rulesets.mythicarium.rules.setup import new_state
from mythtable.rulesets.mythicarium.state import State, clone, snapshot
from mythtable.rulesets.mythicarium.view import MythicariumView, build_view, changes
from mythtable.rulesets.mythicarium.view import public_view as build_public_view


class Mythicarium(Ruleset[State, Content]):
    id = ENTRY.id
    title = ENTRY.title
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

    apply_action = staticmethod(apply_action)  # rules/actions.py
    advance = staticmethod(advance)  # rules/flow.py
    check_invariants = staticmethod(check_invariants)  # rules/invariants.py

    def describe(self, state: State, action: Action) -> str:
        return words.describe(state, action)

    def subject(self, state: State, action: Action) -> Subject:
        return words.subject(state, action)

    def copies_key(self, state: State, action: Action) -> Hashable | None:
        return words.copies_key(state, action)

    def view(self, state: State, seat: int | None) -> MythicariumView:
        return build_view(state, seat)

    def public_view(self, state: State) -> MythicariumView:
        return build_public_view(state)

    def result(self, state: State) -> Result | None:
        return state.result

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def clone(self, state: State) -> State:
        return clone(state)

    def scores(self, state: State) -> list[tuple[str, str]]:
        """Victory points, then what each seat has left: units in play, cards in hand and deck."""
        out = []
        for p in state.players:
            details = f"{counted(len(p.lane), 'unit')} · {len(p.hand)} in hand · {len(p.deck)} in deck"
            out.append((f"{p.vp} VP", details + (" · drew from an empty deck" if p.decked else "")))
        return out

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return state.stage


STOP_STAGES = ("maintenance1", "combat.legendary", "maintenance2")
"""Where a respond window opens with limbo empty (stops, engine/autopass.py)."""

RULESET = Mythicarium()

PARTS = RulesetParts(
    ruleset=RULESET,
    built=Buildable(
        kinds=("decks",),
        fields={"deck1": "decks", "deck2": "decks"},
        problems=decks.built_problems,
        with_built=decks.with_built,
    ),
    decks=Decks(
        size=DECK_SIZE,
        pool=deck_pool,
        prebuilt=decks.prebuilt_deck,
        data=deck_data,
        counts=deck_counts,
        outside_size=3,
        cost_name="XP",
    ),
    inspection=Inspector(inspect.inspectables, inspect.inspect, inspect.why_only_done, changes),
    responses=Responses(
        decision_window,
        stop_stages=tuple((key, STAGE_LABELS[key]) for key in STOP_STAGES),
        repeatable_kinds=frozenset({"assign_wounds"}),  # H-7: wounds go one at a time; `a` places the rest at once
    ),
    ai=AIHooks(ai.heuristic, ai.determinize, ai.HEURISTIC_SCALE, level_search=ai.LEVEL_SEARCH),
)
"""The ruleset and its capabilities, as the package's `ENTRY` names them."""
