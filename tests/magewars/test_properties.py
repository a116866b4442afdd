"""Property tests: random games under the protocol contract, rule properties checked after every
action, random boards for line-rule targets, and an exact replay."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mythtable.engine.decision import Action
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game, state_hash
from mythtable.engine.protocol import Setup
from mythtable.engine.record_schema import parse_record
from mythtable.engine.simulate import play_game
from mythtable.rulesets.magewars.content import Info
from mythtable.rulesets.magewars.rules.queries import WINDOW_STEPS
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from mythtable.rulesets.magewars.view import PlayerView
from tests.contract import check_contract
from tests.magewars.helpers import Board, act, content, kind, pass_fast

MAIN_ONLY = {"deploy", "deploy_down", "lay", "set", "ritual", "move"}
DECKS = list(content().decks)
"""Every prebuilt deck, the second printing's included (issue 18), in file order."""


class RuleWatcher:
    """Checks rule properties after every action of a random game."""

    def __init__(self, deep: bool) -> None:
        self.rng = Rng(99) if deep else None
        self.deep = deep
        self.last_stage = ""
        self.last_turn = 0
        self.kinds: set[str] = set()
        self.stages: set[str] = set()
        self.declared_turn = -1

    def __call__(self, game: Game) -> None:
        state = game.state
        if self.deep:
            check_contract(game, self.rng)
        if self.deep and len(game.actions) % 5 == 0:
            self.check_views(state)
            if state.decision is not None:
                for action in state.decision.actions:
                    label = RULESET.describe(state, action)
                    assert 0 < len(label) <= 60, label
        else:
            problems = RULESET.check_invariants(state)
            assert not problems, problems
        d = state.decision
        stage = RULESET.stage(state)
        # H-15: the game is over exactly when a Tower is at 0 or below
        assert state.over == any(p.tower <= 0 for p in state.players)
        if stage != self.last_stage or state.turn != self.last_turn:
            # a step only ends with an empty stack
            assert not state.stack, f"stack not empty when {self.last_stage} ended"
        self.last_stage, self.last_turn = stage, state.turn
        if d is None:
            return
        self.kinds.add(d.kind)
        self.stages.add(stage)
        # W-7..W-11, H-21: nothing Main-only once combat is declared, even after an answer to the declaration
        if stage.startswith(("combat", "counter")) or state.intent == "combat":
            self.declared_turn = state.turn
        if self.declared_turn == state.turn:
            assert d.kind != "main", (stage, d.kind)
            names = {a[0] for a in d.actions}
            if d.kind == "attack_step":  # W-34 / H-22: Rituals may be played from hand here
                names.discard("ritual")
            assert not names & MAIN_ONLY, (stage, d.kind, names)
            for a in d.actions:
                if a[0] == "cast":
                    assert state.cards[int(a[1])].d.speed == "fast"
        # H-28: fast-cast windows only where allowed
        if d.kind in ("fast_cast", "main"):
            assert stage in WINDOW_STEPS, stage
        if d.kind == "main":
            assert d.seat == state.active and not state.stack
        # auto-pass: a fast_cast decision always offers something besides passing
        if d.kind == "fast_cast":
            assert len(d.actions) >= 2
        assert len(d.actions) < 120

    @staticmethod
    def check_views(state: State) -> None:
        """H-20, H-42: nothing hidden shows up in the other seat's view, not even as an id."""
        for me in (0, 1):
            view = RULESET.view(state, 1 - me)
            secret = set(state.players[me].hand) | set(state.players[me].deck)
            assert not secret & set(_uids(view))
            for u in _face_down(view.players[me]):
                assert u.name == "face-down card" and u.card_id == ""


def _uids(obj: object) -> list[int]:
    out: list[int] = []
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name in ("uid", "attacker") and isinstance(value, int):
                out.append(value)
            out.extend(_uids(value))
    elif isinstance(obj, tuple):
        for item in obj:
            out.extend(_uids(item))
    return out


def _face_down(pv: PlayerView) -> list[Any]:
    return [u for u in (*pv.offensive, *pv.defensive, *pv.row) if u.face_down]


def test_random_games_play_every_prebuilt_deck() -> None:
    """The 320 random games below meet every deck on both seats, the new decks of issue 18 included."""
    assert len(DECKS) >= 6
    n = len(DECKS)
    assert {DECKS[seed % n] for seed in range(320)} == {DECKS[(seed // n) % n] for seed in range(320)} == set(DECKS)


@pytest.mark.slow
def test_random_games_keep_contract_and_rule_properties() -> None:
    """300+ random games: the full contract on a share of them, invariants and rule checks on all."""
    kinds: set[str] = set()
    for seed in range(320):
        deep = seed % 3 == 0
        watcher = RuleWatcher(deep)
        setup = Setup(
            players=["Ana", "Bram"],
            options={"deck1": DECKS[seed % len(DECKS)], "deck2": DECKS[(seed // len(DECKS)) % len(DECKS)]},
        )
        outcome = play_game("magewars", seed, setup=setup, check=watcher)
        assert outcome.error is None, f"seed {seed}: {outcome.error}"
        assert outcome.result is not None
        kinds |= watcher.kinds
    expected = {
        "main",
        "declare_attackers",
        "fast_cast",
        "attack_step",
        "damage_choice",
        "line_damage_target",
        "split_damage",
        "counter_attackers",
        "counter_blockers",
        "discard",
        "target",
    }
    assert expected <= kinds, expected - kinds


def test_replay_of_a_recorded_random_game_is_exact() -> None:
    outcome = play_game("magewars", 4242)
    game = outcome.game
    assert game is not None and outcome.result is not None
    text = game.to_record().to_json()
    record = parse_record(text)
    again = Game.from_record(record, verify=True)
    assert again.hash() == game.hash()
    assert state_hash(RULESET.snapshot(again.state)) == state_hash(RULESET.snapshot(game.state))


def test_clone_is_independent() -> None:
    outcome = play_game("magewars", 77, max_actions=60)
    game = outcome.game
    assert game is not None
    state = game.state
    before = json.dumps(RULESET.snapshot(state), sort_keys=True)
    copy = RULESET.clone(state)
    assert json.dumps(RULESET.snapshot(copy), sort_keys=True) == before
    d = copy.decision
    if d is not None:
        RULESET.apply(copy, d.actions[0])
    assert json.dumps(RULESET.snapshot(state), sort_keys=True) == before


# ----- random boards for line rules ----------------------------------------------------------

UNITS = ["reef-warden", "mist-heron", "oda-deepcurrent", "gust-sprite", "selka-windcaller"]
unit_slot = st.tuples(st.sampled_from(UNITS), st.booleans())  # (card, face-down)


def oracle(board: dict[str, list[tuple[str, bool]]], aerial: bool, infos: dict[str, Info]) -> set[tuple[str, str]]:
    """The line rules written out from the clauses, independent of the engine."""

    def filled(line: str) -> bool:
        return any(not down and not infos[cid].aerial for cid, down in board[line])

    def holds_units(line: str) -> bool:
        return any(not down for _cid, down in board[line])

    if aerial:
        lines = ["offensive", "defensive", "tower"]
    elif filled("offensive"):
        lines = ["offensive"]
    elif filled("defensive"):  # W-21; an Offensive Line of Aerial units only is still a target (H-29)
        lines = ["offensive", "defensive"] if holds_units("offensive") else ["defensive"]
    else:  # W-22 / W-24: the Tower, and any line holding (Aerial) units
        lines = [ln for ln in ("offensive", "defensive") if holds_units(ln)] + ["tower"]
    out = {("line", ln) for ln in lines}
    for ln in lines:
        if ln == "tower":
            continue
        for i, (cid, down) in enumerate(board[ln]):
            if infos[cid].hero and not down:
                out.add(("hero", f"{ln}{i}"))
    return out


@settings(max_examples=60, deadline=None)
@given(
    off=st.lists(unit_slot, max_size=3),
    dfn=st.lists(unit_slot, max_size=3),
    attacker=st.sampled_from(["boulderback-ox", "cliff-kestrel"]),
)
def test_W_18_W_26_H_29_offered_targets_equal_legal_targets_on_random_boards(
    off: list[tuple[str, bool]], dfn: list[tuple[str, bool]], attacker: str
) -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    a = b.add(0, attacker, "offensive")
    names: dict[int, str] = {}
    for ln, slots in (("offensive", off), ("defensive", dfn)):
        for i, (cid, down) in enumerate(slots):
            names[b.add(1, cid, ln, face_down=down)] = f"{ln}{i}"
    state = b.start()
    act(state, "combat")
    pass_fast(state)
    assert kind(state) == "declare_attackers"
    offered = set()
    for action in state.decision.actions:  # type: ignore[union-attr]
        if action[0] == "attack" and action[1] == a:
            offered.add(("line", action[3]) if action[2] == "line" else ("hero", names[int(action[3])]))
    infos = state.content.cards
    assert offered == oracle({"offensive": off, "defensive": dfn}, infos[attacker].aerial, infos)


def scripted_choice(actions: list[Action]) -> Action:
    """A fixed policy: attack when possible, deploy, lay, block; otherwise the first option."""
    for prefix in ("attack", "deploy", "lay", "block", "capture", "cast", "flip"):
        for a in actions:
            if a[0] == prefix:
                return a
    for a in actions:
        if a[0] in ("done", "pass", "combat"):
            return a
    return actions[0]


def test_H_6_full_scripted_game_replays_to_the_same_hash() -> None:
    g = Game.new("magewars", 2024)
    stages: set[str] = set()
    while g.decision is not None and len(g.actions) < 5000:
        stages.add(RULESET.stage(g.state))
        g.apply(scripted_choice(g.decision.actions))
    assert g.result is not None
    assert {"main", "combat.declaration", "combat.damage", "counter.attack"} <= stages
    again = Game.from_record(parse_record(g.to_record().to_json()), verify=True)
    assert again.hash() == g.hash() and again.result == g.result
