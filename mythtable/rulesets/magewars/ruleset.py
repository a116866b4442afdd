"""The Mage Wars CCG `Ruleset`: glue between the engine's contract and the rules package, and the
`ENTRY` the registry reads. The rules themselves are in rules/, the words in words.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.autopass import Window
from mythtable.engine.decision import Action, Decision, Event, Result, Subject
from mythtable.engine.errors import IllegalAction
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.magewars import ai, words
from mythtable.rulesets.magewars import state as state_module
from mythtable.rulesets.magewars.content import Content
from mythtable.rulesets.magewars.rules import advance, apply_action
from mythtable.rulesets.magewars.rules.invariants import invariants
from mythtable.rulesets.magewars.rules.queries import decision_window, shown_step
from mythtable.rulesets.magewars.rules.setup import new_state
from mythtable.rulesets.magewars.state import OPENING_HAND, State
from mythtable.rulesets.magewars.view import GameView, build_view


class MageWarsRuleset(Ruleset[State, Content]):
    id = "magewars"
    title = "Mage Wars CCG"
    seats = (SeatInfo("Player 1", "Ana"), SeatInfo("Player 2", "Bram"))
    hidden_information = True

    # ----- content -------------------------------------------------------------------
    def load_content(self, root: Path) -> Content:
        """Validate the content files (pydantic, schema.py); a game in progress never needs this."""
        from mythtable.rulesets.magewars.schema import load_content

        return load_content(root)

    def setup_fields(self, content: Content) -> list[SetupField]:
        choices = tuple(SetupChoice(d.id, f"{d.name} ({'/'.join(d.elements)})") for d in content.decks.values())
        ids = [c.value for c in choices]
        return [
            SetupField("deck1", "Deck of player 1", choices, ids[0]),
            SetupField("deck2", "Deck of player 2", choices, ids[1] if len(ids) > 1 else ids[0]),
        ]

    # ----- the state machine -----------------------------------------------------------
    def new_game(self, content: Content, seed: int, setup: Setup) -> State:
        """H-2, H-3, H-4: Towers at 30, seeded shuffles, a random first player, hands of 7."""
        defaults = {f.key: f.default for f in self.setup_fields(content)}
        deck_ids = [setup.options.get("deck1") or defaults["deck1"], setup.options.get("deck2") or defaults["deck2"]]
        events: list[Event] = []
        state = new_state(content, seed, [setup.players[0], setup.players[1]], deck_ids, events)
        advance(state, events)
        return state

    def opening_events(self, state: State) -> list[Event]:
        events = [Event(text, kind="dice" if "random draw" in text else "info") for text in state.opening]
        for seat in range(2):
            names = ", ".join(state.cards[u].d.name for u in state.players[seat].hand)
            events.append(Event(f"{state.players[seat].name} draws {OPENING_HAND} cards."))
            events.append(Event(f"Your opening hand: {names}.", seat=seat, kind="draw", reveals=True))
        return events

    def pending(self, state: State) -> Decision | None:
        return state.decision

    def apply(self, state: State, action: Action) -> list[Event]:
        d = state.decision
        if d is None:
            raise IllegalAction("the game is over; no more actions are possible")
        if not d.allows(action):
            raise IllegalAction(f"{list(action)} is not a legal choice now ({d.prompt})")
        events: list[Event] = []
        apply_action(state, action, events)
        advance(state, events)
        return events

    def describe(self, state: State, action: Action) -> str:
        return words.describe(state, action)[:60]

    def subject(self, state: State, action: Action) -> Subject:
        return words.subject(state, action)

    def view(self, state: State, seat: int | None) -> GameView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.turn)

    # ----- copying, comparing, inspecting ----------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        return state_module.snapshot(state)

    def clone(self, state: State) -> State:
        return state_module.clone(state)

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return shown_step(state)

    def window(self, state: State) -> Window | None:
        return decision_window(state)

    def check_invariants(self, state: State) -> list[str]:
        return invariants(state)


RULESET = MageWarsRuleset()

ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(
        ai.heuristic,
        ai.determinize,
        ai.HEURISTIC_SCALE,
        dict(ai.SEARCH_PARAMS),
        search_determinize=ai.search_determinize,
    ),
    make_ai=None,
    rules_file="rules.toml",
)
"""The one object the registry (mythtable.engine.registry) reads."""
