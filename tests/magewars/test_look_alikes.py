"""Issue 33 item 2: two face-up units of the same card are told apart in Mage Wars. Each takes a letter
when it shows face-up on a line (deployed face-up or turned face-up), kept while it stays; options, the
view's rows (and so the board and the detail line) carry it while a look-alike is on the lines. A
face-down card never takes or shows one (its name is hidden from the other seat, H-20)."""

from __future__ import annotations

from mythtable.rulesets.magewars.ruleset import RULESET

from .helpers import Board, act, actions, kind


def hounds() -> tuple[Board, int, int]:
    b = Board()
    b.basics(0, "ember-hearth", "ember-hearth")
    b.basics(1, "tide-font")
    one = b.add(0, "cinder-hound", "hand")
    two = b.add(0, "cinder-hound", "hand")
    return b, one, two


def test_two_hounds_deployed_face_up_get_letters_and_the_options_name_them() -> None:
    b, one, two = hounds()
    state = b.start()
    act(state, "deploy", one, "offensive")
    assert RULESET.describe(state, ("move", one)) == "Move Cinder Hound to the other line"  # alone: no letter
    act(state, "deploy", two, "defensive")
    assert kind(state) == "main"
    assert RULESET.describe(state, ("move", one)) == "Move Cinder Hound A to the other line"
    assert RULESET.describe(state, ("move", two)) == "Move Cinder Hound B to the other line"
    assert {a for a in actions(state) if a[0] == "move"} == {("move", one), ("move", two)}
    for seat in (0, 1):
        view = RULESET.view(state, seat)
        names = {u.uid: u.name for u in (*view.players[0].offensive, *view.players[0].defensive)}
        assert names == {one: "Cinder Hound A", two: "Cinder Hound B"}


def test_a_face_down_hound_takes_no_letter_until_it_is_turned_face_up() -> None:
    b, one, two = hounds()
    state = b.start()
    act(state, "deploy", one, "offensive")
    act(state, "deploy_down", two, "offensive")
    bram = RULESET.view(state, 1)
    assert {u.name for u in bram.players[0].offensive} == {"Cinder Hound", "face-down card"}
    assert state.cards[two].tag == ""
