"""House clauses deciding the open points O-1..O-9 (H-19..H-27) and H-28..H-30."""

from __future__ import annotations

import json

from mythtable.engine.bots import RandomBot
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record_schema import GameRecord
from mythtable.engine.simulate import play_game
from mythtable.rulesets.mythcraft.ai import CreatureAI
from mythtable.rulesets.mythcraft.content import CONDITIONS
from mythtable.rulesets.mythcraft.rules import SIMULATION_ROUND_LIMIT
from mythtable.rulesets.mythcraft.ruleset import RULESET
from tests.mythcraft.helpers import CONTENT, ENGINE, Scene

KINDS = {"hero_turn", "creature_turn", "reaction", "special_ap_choice", "grapple_defense"}


def test_H_19_only_core_conditions_exist() -> None:
    used = {r.condition for c in CONTENT.creatures.values() for a in c.actions for r in a.riders}
    assert used <= set(CONDITIONS)
    assert not {"chilled", "restrained", "sickened", "shaken", "charmed"} & set(CONDITIONS)


def test_H_20_no_extra_spells_sp_formula_to_level_5() -> None:
    assert set(CONTENT.spells) == {"ember_lance", "shock_burst", "mending_prayer", "radiant_rebuke"}
    for level in (1, 2, 3, 4, 5):
        s = Scene([("mage", 1, 1)], [("ash_hound", 10, 6)], level=level)
        assert s.u("h1").sp == 2 + 2 * level


def test_H_21_no_surprise_everyone_acts_in_round_1() -> None:
    assert "surprise" not in {f.key for f in RULESET.setup_fields(CONTENT)}
    s = Scene([("warrior", 1, 1), ("rogue", 1, 3)], [("ash_hound", 10, 1), ("cinder_imp", 10, 6)])
    acted = []
    while s.state.round == 1:
        acted.append(s.active.uid)
        s.act("end")
    assert sorted(acted) == ["c1", "c2", "h1", "h2"]


def test_H_22_no_luck_points_no_reroll_prompt() -> None:
    outcome = play_game("mythcraft", 3, bots=(RandomBot(1), CreatureAI()))
    assert outcome.error is None and outcome.game is not None
    for line in outcome.game.log:
        assert "reroll" not in line.event.text.lower() and "luck point" not in line.event.text.lower()
    s = Scene([("rogue", 4, 1)], [("ash_hound", 5, 1)])
    assert not any("reroll" in str(a) for a in s.actions)


def test_H_23_flyer_crosses_rubble_at_normal_cost_not_walls() -> None:
    rows = ["#" * 12, "#..........#", "#" * 12]
    s = Scene([("warrior", 10, 1)], [("cinder_imp", 1, 1)], rows=rows, rubble=[(2, 1), (3, 1), (4, 1)])
    imp = s.u("c1")
    assert imp.speed_ft == 30 and imp.flyer
    best, _ = ENGINE.reach_map(s.state, imp, 6)
    assert best[(7, 1)] == 6
    s2 = Scene([("warrior", 10, 1)], [("ash_hound", 1, 1)], rows=rows, rubble=[(2, 1), (3, 1), (4, 1)])
    best2, _ = ENGINE.reach_map(s2.state, s2.u("c1"), 7)
    assert best2[(5, 1)] == 7  # a walker pays double on each rubble square
    assert all(c.size in ("small", "medium") for c in CONTENT.creatures.values())
    # walls: a wall from the top edge down to row 6 stands between the imp and (7, 1), four squares off in a
    # straight line; flying, the imp still goes round by the gap at (5, 7): down to (4, 7) in 6, through the
    # gap in 2 (no cutting the wall's corner, H-16), up to (7, 1) in 6
    wall = [(5, y) for y in range(7)]
    s3 = Scene([("warrior", 11, 0)], [("cinder_imp", 3, 1)], walls=wall, rubble=[(4, 1)])
    imp = s3.u("c1")
    best3, _ = ENGINE.reach_map(s3.state, imp, 20)
    assert not set(best3) & set(wall)
    assert best3[(4, 1)] == 1  # rubble at normal cost
    assert best3[(7, 1)] == 14 > 4
    s3.end_until("c1")
    moves = {(a[1], a[2]) for a in s3.actions if a[0] == "move"}
    assert (4, 1) in moves and (6, 1) not in moves and (7, 1) not in moves  # 30 ft = 6 squares: not round it
    assert not moves & set(wall)


def test_H_24_solo_ai_closes_in_attacks_and_always_reacts() -> None:
    ai = CreatureAI()
    s = Scene([("warrior", 1, 1)], [("ash_hound", 8, 1)])
    s.act("end")
    a = ai.choose(RULESET, s.state, s.decision)
    assert a[0] == "move"
    s.act(*a)
    assert max(abs(s.active.x - 1), abs(s.active.y - 1)) == 1
    a = ai.choose(RULESET, s.state, s.decision)
    assert a == ("attack", "bite", "h1")
    s2 = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s2.act("move", 1, 1)
    assert ai.choose(RULESET, s2.state, s2.decision) == ("react", "engaged")
    from mythtable.rulesets.mythcraft.ai import make_ai

    assert isinstance(make_ai(3), CreatureAI)  # the app's hook for a computer-run seat
    s3 = Scene([("warrior", 4, 1)], [("ash_hound", 5, 1)])
    s3.dice(12)
    s3.act("grapple", "c1")
    assert ai.choose(RULESET, s3.state, s3.decision) == ("defend", "REF")  # REF 12 > FORT 11


def test_H_26_ant_is_shown_as_ant_only() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    view = RULESET.view(s.state, None)
    assert [k for k, _v in view.combatants[0].defenses] == ["AR", "REF", "FORT", "ANT", "LOG", "WILL"]
    text = "".join(c.text for c in CONTENT.rules.clauses() if c.id != "H-26")
    assert "Anticipation" not in text


def test_H_27_record_replays_exactly_and_levels_1_to_5() -> None:
    game = Game.new("mythcraft", 5)
    bots = (RandomBot(2), CreatureAI())
    for _ in range(60):
        d = game.decision
        if d is None:
            break
        game.apply(bots[d.seat].choose(game.ruleset, game.state, d))
    record = GameRecord.model_validate(json.loads(json.dumps(game.to_record().model_dump())))
    replay = Game.from_record(record, verify=True)
    assert replay.hash() == game.hash()
    # take-back: a move rolls nothing and can be taken back; an attack rolled a d20 and cannot
    g2 = Game.new("mythcraft", 5, Setup(["A", "B"], {"encounter": "E1"}))
    before = g2.hash()
    hero = ENGINE.active(g2.state)
    move = next(a for a in g2.decision.actions if a[0] == "move")  # type: ignore[union-attr]
    g2.apply(move)
    assert g2.takeback_count(hero.side) == 1
    g2.take_back(hero.side)
    assert g2.hash() == before
    level = next(f for f in RULESET.setup_fields(CONTENT) if f.key == "level")
    assert [c.value for c in level.choices] == ["1", "2", "3", "4", "5"]  # issue 18: levels 4 and 5 in play
    lines = [line.event.text for line in game.log if " attacks " in line.event.text and " d20 " in line.event.text]
    assert lines and all(
        " = " in t and " vs " in t and t.rsplit(": ", 1)[1].split()[0] in ("hit", "miss", "crit") for t in lines
    )


def _play_rounds(s: Scene, rounds: int) -> None:
    """Both sides end their turns (a hero and a creature out of reach of each other)."""
    for _ in range(rounds * 2):
        assert s.state.result is None
        s.act("end")


def test_H_28_no_round_limit_by_default_the_fight_goes_on_past_round_30() -> None:
    field = next(f for f in RULESET.setup_fields(CONTENT) if f.key == "round_limit")
    assert field.default == "none" and RULESET.default_setup(CONTENT).options["round_limit"] == "none"
    assert [c.value for c in field.choices] == ["none", "10", "20", "30", "50"]
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    _play_rounds(s, 31)
    assert s.state.result is None and s.state.round == 32 and s.kind == "hero_turn"


def test_H_28_round_limit_option_ends_in_a_draw_by_time_when_that_round_ends() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], options={"round_limit": "10"})
    _play_rounds(s, 9)
    s.act("end")  # the hero's turn of round 10: the round is not over yet
    assert s.state.result is None and s.state.round == 10
    s.act("end")  # the last turn of round 10
    result = RULESET.result(s.state)
    assert result is not None and result.winner is None and result.turns == 10
    assert "draw by time" in result.reason and s.state.decision is None
    assert "Round 10 is over: the game is a draw by time (H-28)." in s.log
    assert RULESET.view(s.state, 0).result.startswith("Draw: ")


def test_H_28_simulation_setup_sets_the_round_limit_and_bot_games_end() -> None:
    setup = RULESET.simulation_setup(CONTENT)
    assert setup.options["round_limit"] == str(SIMULATION_ROUND_LIMIT) == "30"
    RULESET.check_setup(CONTENT, setup)
    out = play_game("mythcraft", 5)  # no setup given: `simulate` uses the simulation setup
    assert out.error is None and out.result is not None
    assert out.game is not None and out.game.state.round_limit == 30
    assert out.result.winner is not None or out.result.turns == 30


def test_H_30_burst_centres_thrown_dagger_creature_maneuvers_fury_on_maps() -> None:
    s = Scene([("mage", 1, 1), ("rogue", 2, 4)], [("ash_hound", 5, 1)])
    bursts = [a for a in s.actions if a[:2] == ("cast", "shock_burst")]
    assert set(bursts) == {("cast", "shock_burst", "c1"), ("cast", "shock_burst", "h2")}
    s.act("end")
    s.dice(1)
    s.act("attack", "dagger", "c1")  # thrown (not adjacent): lands on the target's square
    assert [5, 1, "dagger"] in s.state.ground and s.u("h2").main == ""
    s.act("end")
    kinds = {a[0] for a in s.actions}
    assert "dodge" in kinds
    for e in CONTENT.encounters.values():
        assert [g.item for g in e.ground_items] == ["fury_draught"]


def test_setup_defaults_and_solo_setup() -> None:
    setup = RULESET.default_setup(CONTENT)
    assert setup.options["encounter"] == "E1"
    assert [setup.options[f"hero{k}"] for k in range(1, 5)] == ["berzerker", "cleric", "warrior", "rogue"]
    RULESET.check_setup(CONTENT, Setup(["Ana", "Bram"], {"encounter": "E3", "hero3": "", "hero4": ""}))
    st = RULESET.new_game(CONTENT, 2, Setup(["Ana", "Bram"], {"encounter": "E3"}))
    assert all(u.level == 3 for u in st.units if u.side == 0)  # level matches the encounter
    assert not RULESET.hidden_information
    assert RULESET.seats[0].role == "Heroes" and RULESET.seats[1].role == "Myth Caster"
    assert {d.kind for d in [st.decision]} <= KINDS
