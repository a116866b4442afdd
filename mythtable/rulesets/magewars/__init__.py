"""Mage Wars CCG (ruleset id "magewars"): towers, lines, face-down cards and line-rule combat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mythtable.engine.decision import Action, Decision, Event, Result
from mythtable.engine.dice import Rng
from mythtable.engine.errors import IllegalAction
from mythtable.engine.protocol import AIHooks, Ruleset, SeatInfo, Setup, SetupChoice, SetupField
from mythtable.engine.registry import RulesetEntry
from mythtable.rulesets.magewars import rules
from mythtable.rulesets.magewars.content import Content
from mythtable.rulesets.magewars.state import (
    MAX_TOWER,
    OPENING_HAND,
    Card,
    Player,
    StackItem,
    State,
    TargetReq,
)
from mythtable.rulesets.magewars.view import GameView, build_view

__all__ = ["ENTRY", "RULESET", "MageWarsRuleset"]


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
        rng = Rng(seed)
        players = [Player(setup.players[i], deck_ids[i]) for i in range(2)]
        cards: list[Card] = []
        for seat in range(2):
            ids = content.decks[deck_ids[seat]].card_list()
            rng.shuffle(ids)  # uids are given after the shuffle, so a uid never tells a card
            for cid in ids:
                uid = len(cards)
                cards.append(Card(uid, content.cards[cid], seat, seat))
                players[seat].deck.append(uid)
        first = rng.below(2)
        state = State(content=content, rng=rng, seed=seed, players=players, cards=cards)
        state.first = first
        state.active = first
        events: list[Event] = []
        for seat in range(2):
            for _ in range(OPENING_HAND):
                rules.draw(state, seat, events)
        state.opening = [
            f"Decks shuffled with seed {seed}.",
            f"A random draw picks {players[first].name} to go first (no draw on the first turn).",
            f"{players[0].name} plays {content.decks[deck_ids[0]].name}; "
            f"{players[1].name} plays {content.decks[deck_ids[1]].name}.",
        ]
        rules.open_window(state, "main", first)
        rules.advance(state, events)
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
        rules.apply_action(state, action, events)
        rules.advance(state, events)
        return events

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)[:60]

    def view(self, state: State, seat: int | None) -> GameView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.turn)

    # ----- copying, comparing, inspecting ----------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        d = state.decision
        return {
            "seed": state.seed,
            "rng": state.rng.state,
            "players": [p.snap() for p in state.players],
            "cards": [c.snap() for c in state.cards],
            "turn": state.turn,
            "active": state.active,
            "first": state.first,
            "step": state.step,
            "prio": state.prio,
            "passes": state.passes,
            "owner": state.owner,
            "intent": state.intent,
            "stack": [s.snap() for s in state.stack],
            "combat": state.combat.snap() if state.combat else None,
            "combat_done": state.combat_done,
            "target_req": state.target_req.snap() if state.target_req else None,
            "decision": None if d is None else [d.seat, d.kind, [list(a) for a in d.actions]],
            "over": state.over,
            "winner": state.winner,
            "reason": state.reason,
        }

    def clone(self, state: State) -> State:
        d = state.decision
        tr = state.target_req
        return State(
            content=state.content,
            rng=state.rng.copy(),
            seed=state.seed,
            players=[p.copy() for p in state.players],
            cards=[c.copy() for c in state.cards],
            turn=state.turn,
            active=state.active,
            first=state.first,
            step=state.step,
            prio=state.prio,
            passes=state.passes,
            owner=state.owner,
            intent=state.intent,
            stack=[StackItem(s.kind, s.uid, s.seat, s.target, s.line) for s in state.stack],
            combat=state.combat.copy() if state.combat else None,
            combat_done=state.combat_done,
            target_req=None if tr is None else TargetReq(tr.seat, tr.purpose, tr.uid, list(tr.options)),
            decision=None if d is None else Decision(d.seat, d.kind, d.prompt, list(d.actions)),
            over=state.over,
            winner=state.winner,
            reason=state.reason,
            opening=state.opening,
        )

    def turn_number(self, state: State) -> int:
        return state.turn

    def stage(self, state: State) -> str:
        return rules.shown_step(state)

    def check_invariants(self, state: State) -> list[str]:
        return invariants(state)


def invariants(state: State) -> list[str]:
    problems: list[str] = []
    seen: dict[int, str] = {}
    for seat, p in enumerate(state.players):
        for zone, uids in (
            ("deck", p.deck),
            ("hand", p.hand),
            ("grave", p.grave),
            ("offensive", p.offensive),
            ("defensive", p.defensive),
            ("row", p.row),
            ("weave", p.weaves),
        ):
            for uid in uids:
                if uid in seen:
                    problems.append(f"card {uid} is in {seen[uid]} and {zone}")
                seen[uid] = zone
                c = state.cards[uid]
                if c.zone != zone:
                    problems.append(f"card {uid} says zone {c.zone} but sits in {zone}")
                owner_zone = zone in ("deck", "hand", "grave")
                if owner_zone and c.owner != seat:
                    problems.append(f"card {uid} of seat {c.owner} is in seat {seat}'s {zone}")
                if not owner_zone and c.controller != seat:
                    problems.append(f"card {uid} controlled by {c.controller} is in seat {seat}'s {zone}")
                if zone in ("offensive", "defensive") and c.d.type != "unit":
                    problems.append(f"non-unit {uid} on a line")
                if zone == "weave" and c.att_unit >= 0 and not rules.is_unit_in_play(state, c.att_unit):
                    problems.append(f"weave {uid} attached to a unit that left play")
        if p.tower > MAX_TOWER:
            problems.append(f"seat {seat} Tower above {MAX_TOWER}")
    for item in state.stack:
        if item.kind == "spell":
            if item.uid in seen or state.cards[item.uid].zone != "stack":
                problems.append(f"stack spell {item.uid} is not in the stack zone")
            seen[item.uid] = "stack"
    if len(seen) != len(state.cards):
        problems.append(f"{len(state.cards) - len(seen)} card(s) are in no zone")
    if state.stack and state.step not in rules.WINDOW_STEPS:
        problems.append(f"stack not empty in step {state.step}")
    if state.combat is None and state.step.startswith(("combat", "counter")):
        problems.append(f"step {state.step} without combat")
    if not state.over:
        d = state.decision
        if d is None:
            problems.append("no decision while the game runs")
        for c in state.cards:
            if (
                c.zone in ("offensive", "defensive")
                and not c.face_down
                and c.wounds >= rules.guard(state, c)
                and not state.step.endswith("damage")
            ):
                problems.append(f"unit {c.uid} should have been destroyed")
    if (state.players[0].tower <= 0 or state.players[1].tower <= 0) != state.over:
        problems.append("game over flag does not match the Towers (H-15)")
    return problems


def _card_name(state: State, uid: int) -> str:
    return state.cards[uid].d.name


def describe(state: State, action: Action) -> str:
    a0 = action[0]
    cards = state.cards
    if a0 in ("end",):
        return "End turn"
    if a0 == "combat":
        return "Declare combat"
    if a0 == "pass":
        return "Pass"
    if a0 == "done":
        return "Done"
    if a0 == "cancel":
        return "Cancel"
    if a0 == "damage":
        return "Damage the Tower"
    uid = int(action[1]) if len(action) > 1 and isinstance(action[1], int) else -1
    name = _card_name(state, uid) if uid >= 0 else ""
    line_label = rules.LINE_LABEL
    if a0 == "lay":
        return f"Lay {name}"
    if a0 == "set":
        return f"Set {name} face-down"
    if a0 == "deploy":
        return f"Deploy {name} on {line_label[str(action[2])]}"
    if a0 == "deploy_down":
        return f"Deploy {name} face-down on {line_label[str(action[2])]}"
    if a0 == "move":
        return f"Move {name} to the other line"
    if a0 == "flip":
        return f"Turn {name} face-up"
    if a0 == "ritual":
        return f"Perform {name}"
    if a0 == "cast":
        cost = cards[uid].d.cost
        return f"Cast {name} ({cost} Tower)" if cost else f"Cast {name}"
    if a0 == "ability":
        ab = cards[uid].d.ability
        costs = [
            c
            for c in ("exhaust" if ab and ab.exhaust else "", f"{ab.tower_cost} Tower" if ab and ab.tower_cost else "")
            if c
        ]
        return f"Use {name}'s ability ({', '.join(costs)})" if costs else f"Use {name}'s ability"
    if a0 == "attack":
        if action[2] == "hero":
            return f"{name} attacks {_card_name(state, int(action[3]))}"
        return f"{name} attacks the {line_label[str(action[3])]}"
    if a0 == "withdraw":
        return f"Withdraw {name}"
    if a0 == "block":
        return f"Block with {name}"
    if a0 == "unblock":
        return f"Stop blocking with {name}"
    if a0 == "unit":
        c = cards[uid]
        return f"{name} ({c.wounds} damage)" if c.wounds else name
    if a0 == "line":
        return f"Your {line_label[str(action[1])]}"
    if a0 == "assign":
        return f"{action[2]} damage to {name}"
    if a0 == "capture":
        return f"Capture {name}"
    if a0 == "discard":
        return f"Discard {name}"
    return " ".join(str(x) for x in action)


RULESET = MageWarsRuleset()

# The one object the registry (mythtable.engine.registry) reads; ai.py reads RULESET, so it is imported last.
from mythtable.rulesets.magewars import ai  # noqa: E402

ENTRY = RulesetEntry(
    ruleset=RULESET,
    ai=AIHooks(ai.heuristic, ai.determinize, ai.HEURISTIC_SCALE, dict(ai.SEARCH_PARAMS)),
    make_ai=None,
    rules_file="rules.toml",
)
