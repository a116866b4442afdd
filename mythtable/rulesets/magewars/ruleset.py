"""The Mage Wars CCG `Ruleset` and its capabilities (`PARTS`, what the package's `ENTRY` names): glue
between the engine's contract and the rules package. The rules themselves are in rules/, the words in
words.py."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from mythtable.engine.capabilities import AIHooks, Buildable, Decks, Inspector, Responses
from mythtable.engine.decision import Action, Decision, Event, Result, Subject
from mythtable.engine.entry import RulesetParts
from mythtable.engine.protocol import Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.text import counted
from mythtable.rulesets.magewars import ENTRY, ai, decks, inspect, words
from mythtable.rulesets.magewars import state as state_module
from mythtable.rulesets.magewars.content import DECK_SIZE, Content, deck_pool
from mythtable.rulesets.magewars.rules.actions import apply_action
from mythtable.rulesets.magewars.rules.flow import advance
from mythtable.rulesets.magewars.rules.invariants import check_invariants
from mythtable.rulesets.magewars.rules.queries import decision_window, shown_step
from mythtable.rulesets.magewars.rules.setup import new_state
from mythtable.rulesets.magewars.state import OPENING_HAND, State
from mythtable.rulesets.magewars.view import STEP_LABELS, GameView, build_view
from mythtable.rulesets.magewars.view import changes as view_changes
from mythtable.rulesets.magewars.view import public_view as build_public_view


class MageWarsRuleset(Ruleset[State, Content]):
    id = ENTRY.id
    title = ENTRY.title
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

    apply_action = staticmethod(apply_action)  # rules/actions.py
    advance = staticmethod(advance)  # rules/flow.py
    check_invariants = staticmethod(check_invariants)  # rules/invariants.py

    def describe(self, state: State, action: Action) -> str:
        return words.describe(state, action)[:60]

    def subject(self, state: State, action: Action) -> Subject:
        return words.subject(state, action)

    def copies_key(self, state: State, action: Action) -> Hashable | None:
        return words.copies_key(state, action)

    def view(self, state: State, seat: int | None) -> GameView:
        return build_view(state, seat)

    def public_view(self, state: State) -> GameView:
        return build_public_view(state)

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.turn)

    # ----- copying and comparing -------------------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        return state_module.snapshot(state)

    def clone(self, state: State) -> State:
        return state_module.clone(state)

    def scores(self, state: State) -> list[tuple[str, str]]:
        """Tower Level (life and mana at once), then the units each seat has left on its lines."""
        out = []
        for p in state.players:
            units = len(p.offensive) + len(p.defensive)
            out.append((f"Tower Level {max(p.tower, 0)}", f"{counted(units, 'unit')} · {len(p.hand)} in hand"))
        return out

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return shown_step(state)


STOP_STAGES = ("main", "combat.declaration", "combat.defense", "counter.defense")
"""Where a fast-cast window opens with the stack empty (stops, engine/autopass.py)."""

RULESET = MageWarsRuleset()

PARTS = RulesetParts(
    ruleset=RULESET,
    built=Buildable(
        kinds=("decks",),
        fields={"deck1": "decks", "deck2": "decks"},
        problems=decks.built_problems,
        with_built=decks.with_built,
    ),
    decks=Decks(
        size=DECK_SIZE, pool=deck_pool, prebuilt=decks.prebuilt_deck, data=decks.deck_data, cost_name="Tower cost"
    ),
    inspection=Inspector(inspect.inspectables, inspect.inspect, inspect.why_only_done, view_changes),
    responses=Responses(decision_window, stop_stages=tuple((key, STEP_LABELS[key]) for key in STOP_STAGES)),
    ai=AIHooks(
        ai.heuristic,
        ai.determinize,
        ai.HEURISTIC_SCALE,
        dict(ai.SEARCH_PARAMS),
        search_determinize=ai.search_determinize,
        search_heuristic=ai.search_heuristic,
        rollout_policy=ai.rollout_policy,
    ),
)
"""The ruleset and its capabilities, as the package's `ENTRY` names them."""
