"""Issue 33 item 2: two units of the same card are told apart everywhere. Each gets a letter when it
enters play, kept while it stays; options name it ("Target Hound of the Wild Hunt B (enemy, 1/3♥)"),
the board's rows draw it, the detail line gives its current HP, and the highlighted option's units are
marked on the lanes."""

from __future__ import annotations

from mythtable.rulesets.mythicarium.rules.common import give_tag
from mythtable.rulesets.mythicarium.rules.damage import kill
from mythtable.rulesets.mythicarium.ruleset import RULESET as RS
from mythtable.rulesets.mythicarium.state import Unit
from mythtable.tui.boards.mythicarium.layout import FOCUS, make_look, unit_rows
from mythtable.tui.boards.mythicarium.text import card_detail

from .helpers import hand_uid, lane_uid, table

HOUND = "Hound of the Wild Hunt"


def two_hounds():  # type: ignore[no-untyped-def]
    t = table(lane=([], ["wild-hunt-hound", "wild-hunt-hound"]), hand=(["domovoi-cutpurse"], []), xp=(5, 0))
    first, second = lane_uid(t, 1, "wild-hunt-hound"), lane_uid(t, 1, "wild-hunt-hound", 1)
    t.unit(first).wounds = 2
    return t, first, second


def test_target_options_tell_two_hounds_apart() -> None:
    t, first, second = two_hounds()
    RS.apply(t.s, ("play", hand_uid(t, 0, "domovoi-cutpurse")))
    labels = {a[1]: RS.describe(t.s, a) for a in t.d.actions if a[0] == "target"}
    assert labels[first] == f"Target {HOUND} A (enemy, 1/3♥)"
    assert labels[second] == f"Target {HOUND} B (enemy)"
    assert len(set(labels.values())) == len(labels)


def test_a_letter_is_kept_for_the_units_life_and_given_again_after() -> None:
    t, first, second = two_hounds()
    assert kill(t.s, t.unit(first), [])
    view = RS.view(t.s, 0)
    (hound,) = [u for u in view.players[1].lane if u.card_id == "wild-hunt-hound"]
    assert hound.tag == ""  # alone now: its name says enough
    assert t.unit(second).tag == "B"
    arrival = max(t.s.cards) + 1
    t.s.cards = {**t.s.cards, arrival: "wild-hunt-hound"}
    t.s.units[arrival] = Unit(arrival, "wild-hunt-hound", 1)
    t.s.players[1].lane.append(arrival)
    give_tag(t.s, t.s.units[arrival])
    assert (t.unit(second).tag, t.unit(arrival).tag) == ("B", "A")


def test_board_rows_and_the_detail_line_differ_for_the_two() -> None:
    t, first, second = two_hounds()
    view = RS.view(t.s, 0)
    lane = {u.uid: u for u in view.players[1].lane}
    for width in (24, 38, 60):
        look = make_look(view, width, frozenset(), None)
        rows = {uid: unit_rows(lane[uid], look, width)[0].plain for uid in (first, second)}
        assert rows[first] != rows[second]
        assert " A " in rows[first] and " B " in rows[second], rows
    assert "1/3 HP" in card_detail(view, first).plain  # type: ignore[union-attr]
    assert f"{HOUND} B" in card_detail(view, second).plain  # type: ignore[union-attr]
    assert "3/3 HP" not in card_detail(view, second).plain  # type: ignore[union-attr]


def test_the_highlighted_options_units_are_marked_on_the_lane() -> None:
    t, first, second = two_hounds()
    view = RS.view(t.s, 0)
    lane = {u.uid: u for u in view.players[1].lane}
    look = make_look(view, 38, frozenset(), None)
    look.focus = frozenset({second})
    assert unit_rows(lane[second], look, 38)[0].plain.startswith(FOCUS)
    assert not unit_rows(lane[first], look, 38)[0].plain.startswith(FOCUS)
