"""Property tests: random games under the contract, combat arithmetic, setup, replays."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mythtable.engine.bots import GreedyBot
from mythtable.engine.dice import Rng
from mythtable.engine.errors import RecordError
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record_schema import parse_record
from mythtable.engine.simulate import play_game
from tests.contract import check_contract

from .helpers import RS, content, new_state, table

GAMES = 300
DECKS = list(content().decks)
"""Every prebuilt deck, the second printing's included (issue 18), in file order."""


def _setup(seed: int) -> Setup:
    n = len(DECKS)
    d1 = DECKS[seed % n]
    d2 = DECKS[(seed // n + 1 + seed) % n]
    return Setup(["Ana", "Bram"], {"deck1": d1, "deck2": d2})


def test_random_games_play_every_prebuilt_deck() -> None:
    """The random games below meet every deck on both seats, the new decks of issue 18 included."""
    assert len(DECKS) >= 8
    firsts = {_setup(seed).options["deck1"] for seed in range(GAMES)}
    seconds = {_setup(seed).options["deck2"] for seed in range(GAMES)}
    assert firsts == seconds == set(DECKS)


@pytest.mark.slow
def test_random_games_keep_the_contract_and_invariants() -> None:
    """300 random games; contract + invariants after every action; labels fit; VP never drop."""
    ends: dict[str, int] = {}
    for seed in range(GAMES):
        rng = Rng(seed)
        last_vp = [0, 0]

        def check(game: Game, rng: Rng = rng, last_vp: list[int] = last_vp, seed: int = seed) -> None:
            check_contract(game, rng, deep_every=23)
            s = game.state
            for i in (0, 1):
                assert s.players[i].vp >= last_vp[i]
                last_vp[i] = s.players[i].vp
            if seed % 25 == 0 and s.decision is not None:
                for a in s.decision.actions:
                    label = RS.describe(s, a)
                    assert 0 < len(label) <= 60, label

        out = play_game("mythicarium", seed, setup=_setup(seed), check=check)
        assert out.error is None, out.error
        assert out.result is not None
        key = re.sub(r"Ana|Bram", "X", out.result.reason)
        ends[key] = ends.get(key, 0) + 1
    assert len(ends) >= 2  # games end in more than one way


def test_setup_property_over_many_seeds() -> None:
    """M-1..M-6: 7 in hand, 3 Champions, 23 in the deck; the first turn has no draw and no attack."""
    for seed in range(60):
        s = new_state(seed=seed, deck1=DECKS[seed % len(DECKS)], deck2=DECKS[(seed + 1) % len(DECKS)])
        for p in s.players:
            assert len(p.hand) == 7 and len(p.lane) == 3 and len(p.deck) == 23
        first = seed % 2
        RS.apply(s, ("first", first))
        assert len(s.players[first].hand) == 7
        while s.stage == "maintenance1":
            d = s.decision
            assert d is not None
            RS.apply(s, ("next",) if ("next",) in d.actions else ("pass",))
        assert s.stage == "maintenance2" and s.combat is None


NON_BERSERK = [
    c.id
    for c in content().cards.values()
    if c.type in ("Ally", "Minion") and not c.berserk and not c.double_assault and not c.on_play and c.dp > 0
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    attackers=st.lists(st.sampled_from(NON_BERSERK), min_size=1, max_size=3),
    blockers=st.lists(st.sampled_from(NON_BERSERK), min_size=0, max_size=3),
    picks=st.lists(st.integers(0, 5), min_size=3, max_size=3),
    rolls=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    wounds=st.lists(st.integers(0, 5), min_size=30, max_size=30),
)
def test_combat_arithmetic_property(
    attackers: list[str], blockers: list[str], picks: list[int], rolls: list[int], wounds: list[int]
) -> None:
    """Wounds placed equal total DP after crits; VP equal unblocked DP; no death before Resolution;
    kill XP equals half the cost rounded down (M-22..M-29, H-7, H-8, H-10)."""
    t = table(lane=(attackers, blockers), rolls=rolls)
    a_uids = t.s.players[0].lane[3:]
    b_uids = t.s.players[1].lane[3:]
    t.attack(*a_uids)
    cards = t.s.content.cards
    blocks: dict[int, int] = {}
    for b, pick in zip(b_uids, picks, strict=False):
        legal = [a for a in a_uids if not cards[t.s.cards[a]].magical or cards[t.s.cards[b]].magical]
        if legal and pick < len(legal) + 1 and pick > 0:
            blocks[b] = legal[pick - 1]
    t.block(*blocks.items())
    w = iter(wounds)
    while t.kind == "assign_wounds":
        for u in a_uids + b_uids:
            assert u in t.s.units  # M-24: nobody has died yet
        acts = t.d.actions
        t.act(*acts[next(w) % len(acts)])
    if t.kind == "declare_attackers":
        t.act("done")
    # H-10, H-31: one roll per Critical Hit unit, attackers (declaration order) then blockers
    order = [u for u in [*a_uids, *blocks] if cards[t.s.cards[u]].critical]
    crit = {u for u, r in zip(order, rolls, strict=False) if r == 6}
    assert sum(1 for e in t.events if "for Critical Hit" in e.text) == len(order)

    def dp(uid: int) -> int:
        return cards[t.s.cards[uid]].dp * (2 if uid in crit else 1)

    blocked = set(blocks.values())
    assert t.s.players[0].vp == sum(dp(a) for a in a_uids if a not in blocked)
    suffered = sum(int(m.group(1)) for e in t.events if (m := re.search(r"suffers (\d+) wound", e.text)))
    expected = sum(dp(a) for a in a_uids if a in blocked) + sum(dp(b) for b in blocks)
    assert suffered == expected
    killed = [u for u in a_uids + b_uids if u not in t.s.units]
    xp = [0, 0]
    for u in killed:
        owner = 0 if u in a_uids else 1
        xp[1 - owner] += cards[t.s.cards[u]].xp // 2
    assert [t.s.players[0].xp, t.s.players[1].xp] == xp


def test_replay_of_a_recorded_game_is_identical() -> None:
    out = play_game("mythicarium", 4242, setup=_setup(3))
    assert out.game is not None and out.result is not None
    text = out.game.to_record().to_json()
    record = parse_record(text)
    assert json.loads(text)["final_state"] is not None
    replay = Game.from_record(record, verify=True)
    assert RS.snapshot(replay.state) == RS.snapshot(out.game.state)
    assert replay.result == out.game.result


def test_replay_of_one_recorded_turn_log() -> None:
    """Turn stages (M-7..M-14): the log of three turns (plays, an attack, the stages in between), recorded,
    replays through the engine alone to the same state and the same log lines. The replay follows the log:
    with one action changed it stops or ends elsewhere."""
    game = Game.new("mythicarium", 77, _setup(77))
    bot = GreedyBot("mythicarium", 77)
    while game.state.turn < 4 and game.decision is not None:
        d = game.decision
        game.apply(bot.choose(game.ruleset, game.state, d))
    assert game.state.turn == 4
    kinds = {str(a[0]) for a in game.actions}
    assert {"first", "play", "next", "attack", "done"} <= kinds, kinds  # a log with something in it
    rec = game.to_record()
    again = Game.from_record(parse_record(rec.to_json()), verify=True)
    assert RS.snapshot(again.state) == RS.snapshot(game.state)
    assert [line.event for line in again.log] == [line.event for line in game.log]
    data = rec.model_dump(mode="json")
    first = int(game.actions[0][1])
    data["actions"][0] = ["first", 1 - first]
    data["checkpoints"] = {}
    try:
        other = Game.from_record(parse_record(json.dumps(data)))
    except RecordError:
        return
    assert RS.snapshot(other.state) != RS.snapshot(game.state)
