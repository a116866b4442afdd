"""The encounter builder's model without the screen: a file's data as a draft and back, the draft's
edits, the problems of a built encounter (each naming the hero or the square), and the command line."""

from __future__ import annotations

import io
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mythtable import cli, userfiles
from mythtable.engine.encounter_kit import EncounterDraft
from mythtable.engine.registry import load
from tests.built.helpers import encounter_data

LOADED = load("mythcraft")
CONTENT, ENCOUNTERS, BUILT = LOADED.content, LOADED.entry.encounters, LOADED.entry.built
assert ENCOUNTERS is not None and BUILT is not None


def problems(data: Any) -> list[str]:
    return [str(p) for p in BUILT.problems(CONTENT, "encounters", "mine", data)]


def test_every_shipped_encounter_comes_back_unchanged_from_a_draft() -> None:
    kit = ENCOUNTERS.kit(CONTENT)
    assert kit is not None and len(kit.prebuilt) == len(CONTENT.encounters) >= 3
    for eid, _name, data in kit.prebuilt:
        assert ENCOUNTERS.data(ENCOUNTERS.draft(data)) == data, eid
        assert problems(data) == [], eid
    assert {e.id for e in kit.creatures} == set(CONTENT.creatures)
    assert {e.id for e in kit.items} == set(CONTENT.items)
    hound = next(e for e in kit.creatures if e.id == "ash_hound")
    assert hound.inspection.title == "Ash Hound" and any(
        line.startswith("Bite: +2 vs AR") for line in hound.inspection.lines
    )


def test_start_squares_missing_or_doubled_are_named_with_the_hero_and_the_square() -> None:
    data = encounter_data()
    data["map"] = [row.replace("3", ".").replace("4", "1") for row in data["map"]]
    (problem,) = problems(data)
    assert problem == (
        "field 'map': each of heroes 1-4 needs one start square: none for hero 3, 4; hero 1 has 2, at (1, 1), (1, 6)"
    )
    data = encounter_data()
    data["map"][0] = "X" + data["map"][0][1:]
    assert "unknown square 'X' at (0, 0)" in problems(data)[0]


def test_a_built_encounter_needs_a_creature_always_there_and_at_most_two_that_join() -> None:
    draft = EncounterDraft.empty(12, 8)
    for hero, y in zip("1234", range(4), strict=True):
        draft.place_start((0, y), hero)
    draft.place_creature((8, 1), "ash_hound", extra=True)
    assert problems(ENCOUNTERS.data(draft)) == [
        "field 'map': no creature is always there: place one (a lower-case letter)"
    ]
    draft.place_creature((8, 2), "ash_hound")
    draft.place_creature((8, 3), "cinder_imp", extra=True)
    data = ENCOUNTERS.data(draft)
    assert data["legend"] == {"A": "ash_hound", "a": "ash_hound", "C": "cinder_imp"}
    assert problems(data) == []
    draft.place_creature((8, 4), "cinder_imp", extra=True)
    assert problems(ENCOUNTERS.data(draft)) == [
        "field 'map': the creature at (8, 4) would never join: only two join a bigger party"
    ]


def test_letters_stay_apart_for_kinds_with_the_same_initial() -> None:
    draft = EncounterDraft.empty(12, 8)
    draft.place_creature((1, 1), "bog_wisp")
    draft.place_creature((2, 1), "barrow_thane")
    draft.place_creature((3, 1), "bog_wisp")
    data = ENCOUNTERS.data(draft)
    assert data["legend"] == {"b": "bog_wisp", "a": "barrow_thane"}
    assert data["map"][1] == ".bab........"


def test_a_mark_the_file_left_unknown_is_never_given_to_a_creature() -> None:
    data = encounter_data()
    data["map"][0] = "a" + data["map"][0][1:]  # "a" is not in the legend: an unknown square
    data["legend"] = {"i": "cinder_imp"}
    data["map"] = [row.replace("h", "i").replace("H", ".") for row in data["map"]]
    draft = ENCOUNTERS.draft(data)
    draft.place_creature((5, 7), "ash_hound")  # its own initial is taken by the odd mark
    written = ENCOUNTERS.data(draft)
    assert written["legend"] == {"i": "cinder_imp", "b": "ash_hound"}
    assert "unknown square 'a' at (0, 0)" in problems(written)[0]


def test_the_drafts_edits() -> None:
    draft = EncounterDraft.empty(12, 8)
    draft.place_start((0, 0), "1")
    draft.place_start((5, 5), "1")  # one start square a hero: the first becomes floor
    assert draft.start_of("1") == [(5, 5)] and draft.square((0, 0)) == "."
    draft.place_creature((5, 5), "ash_hound")  # a creature takes the square
    assert draft.start_of("1") == [] and draft.creatures[(5, 5)].id == "ash_hound"
    draft.paint((5, 5), "#")  # a wall replaces the creature
    assert (5, 5) not in draft.creatures and draft.square((5, 5)) == "#"
    assert draft.toggle_item((2, 2), "dagger") and draft.items == [(2, 2, "dagger")]
    assert not draft.toggle_item((2, 2), "dagger") and draft.items == []
    draft.toggle_item((11, 7), "dagger")
    draft.place_creature((11, 6), "ash_hound")
    draft.resize(13, 7)  # the bottom row goes with its item; the new column is floor
    assert draft.items == [] and (11, 6) in draft.creatures
    assert [len(row) for row in draft.squares] == [13] * 7 and draft.square((12, 0)) == "."
    draft.clear((11, 6))
    assert draft.creatures == {}


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"map": "##", "width": "wide", "legend": [1]},
        {"map": [1, None, "12"], "height": 10**9, "level": True, "ground_items": [{"x": -1, "y": 0, "item": 3}]},
        {"name": 5, "width": 12, "height": 8, "map": ["#" * 50] * 50, "legend": {"#": "ash_hound", 1: "x"}},
    ],
)
def test_any_data_gives_a_draft_and_the_check_names_what_is_wrong(data: Any) -> None:
    draft = ENCOUNTERS.draft(data)
    assert 12 <= draft.width <= 40 and 8 <= draft.height <= 40
    assert len(draft.squares) == draft.height and all(len(r) == draft.width for r in draft.squares)
    assert problems(ENCOUNTERS.data(draft))


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(alphabet="#:.1234abAB\x1b[]/ ", max_size=45),
    lambda inner: st.lists(inner, max_size=12) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=40,
)
FIELDS = st.sampled_from(["name", "level", "width", "height", "legend", "map", "ground_items", "id"])


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.dictionaries(FIELDS, VALUES, max_size=8))
def test_a_draft_of_any_file_has_the_drafts_shape_and_writes_data_the_check_reads(data: dict[str, Any]) -> None:
    draft = ENCOUNTERS.draft(data)
    assert len(draft.squares) == draft.height and all(len(r) == draft.width for r in draft.squares)
    written = ENCOUNTERS.data(draft)
    assert all(len(row) == draft.width for row in written["map"])
    assert all(draft.on_map((g["x"], g["y"])) for g in written["ground_items"])
    assert isinstance(problems(written), list)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def test_encounters_edit_names_a_missing_file_and_needs_a_terminal() -> None:
    rc, _out, err = run("encounters", "edit", "nosuch")
    assert rc == 1 and "no encounter 'nosuch'" in err
    userfiles.save(Path(os.environ["MYTHTABLE_DATA_DIR"]), "mythcraft", "encounters", "cellar", encounter_data())
    rc, _out, err = run("encounters", "edit", "cellar")  # the tests' output is no terminal
    assert rc == 1 and "needs a terminal" in err
