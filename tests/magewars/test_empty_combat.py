"""Issue 33 item 4: "Declare combat" when no unit of the seat can attack does not silently do nothing.
Its option says so, and a line above the options says why before it is chosen (W-13, W-15, H-18..H-20),
and that the other side may still counter-attack (W-3, H-37); the computer players do not waste it."""

from __future__ import annotations

from mythtable.engine.bots import GreedyBot
from mythtable.rulesets.magewars.inspect import why_only_done
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State

from .helpers import Board, act, actions, kind, pass_fast


def hound_board(face_down: bool = True, exhausted: bool = False, bram_unit: bool = True) -> tuple[State, int]:
    """Ana's only unit is Cinder Hound on her Offensive Line; Bram has a ready unit there (or none)."""
    b = Board()
    b.basics(0, "ember-hearth")
    b.basics(1, "tide-font")
    hound = b.add(0, "cinder-hound", "offensive", face_down=face_down)
    b.state.cards[hound].exhausted = exhausted
    if bram_unit:
        b.add(1, "cinder-hound", "offensive")
    b.add(0, "cinder-hound", "hand")
    return b.start(), hound


def test_W_13_declare_combat_with_no_attacker_says_why_before_it_is_chosen() -> None:
    state, _ = hound_board()
    assert kind(state) == "main" and ("combat",) in actions(state)
    assert len(actions(state)) > 2  # other options too: the line is not the "nothing to play" one
    assert RULESET.describe(state, ("combat",)) == "Declare combat (no unit can attack)"
    assert why_only_done(state) == (
        "Declare combat: no unit can attack (1 face-down, H-20); Bram may counter-attack (W-3)."
    )


def test_W_3_the_counter_attack_the_line_warns_of_comes() -> None:
    """What the line says is what happens: no attacker, and Bram's ready unit counter-attacks."""
    state, _ = hound_board()
    act(state, "combat")
    pass_fast(state)
    if kind(state) == "declare_attackers":
        assert actions(state) == [("done",)]
        act(state, "done")
    for _ in range(20):
        if kind(state) == "counter_attackers":
            break
        act(state, *actions(state)[-1])
    assert kind(state) == "counter_attackers"


def test_H_18_an_exhausted_unit_and_a_ready_one() -> None:
    state, _ = hound_board(face_down=False, exhausted=True, bram_unit=False)
    assert why_only_done(state) == "Declare combat: no unit can attack (1 exhausted, H-18)."
    ready, _ = hound_board(face_down=False)
    assert RULESET.describe(ready, ("combat",)) == "Declare combat"
    assert why_only_done(ready) is None


def test_W_15_H_20_a_face_down_card_on_the_defensive_line_is_no_unit_held_back_there() -> None:
    """A face-up unit on the Defensive Line may not attack (W-15); a face-down card there is no unit at all
    (H-20), and the line said "2 on the Defensive Line" for one of each."""
    b = Board()
    b.basics(0, "ember-hearth")
    b.add(0, "cinder-hound", "offensive", face_down=True)
    b.add(0, "cinder-hound", "defensive")
    b.add(0, "cinder-hound", "defensive", face_down=True)
    b.add(0, "cinder-hound", "hand")
    state = b.start()
    said = "Declare combat: no unit can attack (2 face-down, H-20, 1 on the Defensive Line, W-15)."
    assert why_only_done(state) == said


def test_the_greedy_bot_does_not_declare_an_empty_combat() -> None:
    """Left with "Declare combat" (an exhausted unit) and "End turn", the one-step look-ahead used to
    prefer the combat: it hands the turn over later, so the other side has not yet readied or drawn."""
    for seed in range(12):
        b = Board()
        hound = b.add(0, "cinder-hound", "offensive")
        b.state.cards[hound].exhausted = True
        b.state.players[0].moved = True
        b.add(1, "cinder-hound", "offensive")
        state = b.start()
        decision = state.decision
        assert decision is not None and {("combat",), ("end",)} <= set(decision.actions), decision
        assert decision is not None and ("combat",) in decision.actions
        assert GreedyBot("magewars", seed).choose(RULESET, state, decision) != ("combat",), seed
