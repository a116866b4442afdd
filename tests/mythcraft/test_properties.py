"""Property tests over bot games (contract + invariants after every action), replay, clone."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mythtable.engine.bots import RandomBot
from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record_schema import GameRecord
from mythtable.engine.simulate import play_game
from mythtable.rulesets.mythcraft.ai import CreatureAI
from mythtable.rulesets.mythcraft.rules import reactive_cap
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.contract import check_contract
from tests.mythcraft.helpers import CONTENT

TEMPLATES = ["berzerker", "cleric", "warrior", "rogue", "mage"]
ENCOUNTERS = sorted(CONTENT.encounters, key=lambda e: int(e[1:]))
"""Every shipped encounter, the second bestiary's E4-E6 included (issue 18)."""
KINDS = {"hero_turn", "creature_turn", "reaction", "special_ap_choice", "grapple_defense"}


def setup_for(seed: int, full_random: bool) -> Setup:
    return Setup(
        ["Ana", "Bram"],
        {
            "encounter": "E1" if full_random else ENCOUNTERS[seed % len(ENCOUNTERS)],
            "hero1": TEMPLATES[seed % 5],
            "hero2": TEMPLATES[(seed + 2) % 5],
            "hero3": "" if seed % 4 else TEMPLATES[(seed + 3) % 5],
            "hero4": "",
            "creature_damage": "fixed" if seed % 2 else "rolled",
            "auto_decline_heroes": "yes" if seed % 7 == 3 else "no",
            "round_limit": "30",  # H-28: random games may wander forever; the setup option ends them in a draw
        },
    )


GAMES = int(os.environ.get("MYTHTABLE_PROPERTY_GAMES", "300"))
"""Random games of the two property runs together (4/5 against the creature AI, 1/5 fully random)."""


def checker(seed: int):  # type: ignore[no-untyped-def]
    rng = Rng(seed)

    def check(game: Game) -> None:
        check_contract(game, rng)
        st_ = game.state
        d = st_.decision
        assert d is None or d.kind in KINDS
        for u in st_.units:
            assert u.kept <= reactive_cap(u.level)
            assert 0 <= u.hp <= u.max_hp and u.dp >= 0 and u.ap >= 0 and u.reactive >= 0

    return check


@pytest.mark.slow
def test_property_games_random_heroes_against_the_creature_ai() -> None:
    for seed in range(GAMES * 4 // 5):
        out = play_game(
            "mythcraft", seed, bots=(RandomBot(seed), CreatureAI()), setup=setup_for(seed, False), check=checker(seed)
        )
        assert out.error is None, f"seed {seed}: {out.error}"
        assert out.result is not None


@pytest.mark.slow
def test_property_fully_random_games_finish() -> None:
    for seed in range(GAMES - GAMES * 4 // 5):
        out = play_game("mythcraft", seed, setup=setup_for(seed, True), check=checker(seed))
        assert out.error is None, f"seed {seed}: {out.error}"
        assert out.result is not None  # the round limit option (H-28) guarantees an end
        assert out.result.winner is not None or out.result.turns == 30  # a draw only by time


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(ENCOUNTERS))
def test_property_clone_is_independent(seed: int, encounter: str) -> None:
    game = Game.new("mythcraft", seed, Setup(["A", "B"], {"encounter": encounter}))
    bot = RandomBot(seed)
    for _ in range(40):
        d = game.decision
        if d is None:
            break
        before = json.dumps(RULESET.snapshot(game.state), sort_keys=True)
        copy = RULESET.clone(game.state)
        assert json.dumps(RULESET.snapshot(copy), sort_keys=True) == before
        for action in d.actions[:5]:
            RULESET.apply(RULESET.clone(game.state), action)
        assert json.dumps(RULESET.snapshot(game.state), sort_keys=True) == before
        game.apply(bot.choose(RULESET, game.state, d))


def test_replay_of_a_recorded_random_game() -> None:
    out = play_game("mythcraft", 42, setup=setup_for(42, True))
    assert out.game is not None and out.result is not None
    text = json.dumps(out.game.to_record().model_dump())
    replay = Game.from_record(GameRecord.model_validate(json.loads(text)), verify=True)
    assert RULESET.snapshot(replay.state) == json.loads(json.dumps(RULESET.snapshot(out.game.state)))
    assert replay.result == out.game.result


def test_performance_smoke() -> None:
    """MythCraft's engine time per action stays within a generous multiple of Mythicarium's,
    measured in the same run, games interleaved (a ratio, not a wall-clock threshold: the machines
    here are shared and noisy; benchmarks/run.py gives the figures)."""
    per_action = {"mythcraft": [0.0, 0], "mythicarium": [0.0, 0]}
    for seed in range(5):
        for ruleset_id, total in per_action.items():
            out = play_game(ruleset_id, 1000 + seed)
            assert out.result is not None and out.error is None
            total[0] += out.engine_seconds
            total[1] += out.actions
    mythcraft, mythicarium = (t / n for t, n in per_action.values())
    assert mythcraft < 20 * mythicarium, f"{mythcraft * 1e3:.3f} ms vs {mythicarium * 1e3:.3f} ms per action"


@pytest.mark.parametrize("encounter", ENCOUNTERS)
def test_view_is_complete_and_frozen(encounter: str) -> None:
    game = Game.new("mythcraft", 9, Setup(["A", "B"], {"encounter": encounter}))
    v = game.view(0)
    assert v == game.view(None)  # no hidden information
    assert hash(v) == hash(game.view(0))  # the bots' loop guard keys on the view
    assert v.map.width >= 12 and v.initiative.round == 1
    assert v.active_uid == v.initiative.order[v.initiative.current].uid
    assert v.reachable and v.active_reach >= 1
    with pytest.raises(AttributeError):
        v.round = 3  # type: ignore[misc]
    for d in game.decision.actions:  # type: ignore[union-attr]
        assert 0 < len(game.describe(d)) <= 60
