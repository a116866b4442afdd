"""Short names on the Mage Wars board: two different names never share a short form, every form
fits its width, a name that fits stays whole, and the same names always give the same forms."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from mythtable.engine.registry import load
from mythtable.tui.boards.magewars.names import MIN_WIDTH, abbreviate, shorten

WORDS = st.sampled_from(["Rite", "of", "the", "Still", "Stone", "Stonewarden", "Ash", "Ashen", "A", "Deep", "X"])
NAMES = st.lists(WORDS, min_size=1, max_size=5).map(" ".join)


def check(names: list[str], width: int) -> dict[str, str]:
    forms = abbreviate(names, width)
    assert set(forms) == set(names)
    assert len(set(forms.values())) == len(forms), f"two names look alike: {forms}"
    for name, form in forms.items():
        assert cell_len(form) <= max(width, MIN_WIDTH), (name, form)
        if cell_len(name) <= max(width, MIN_WIDTH):
            assert form == name, "a name that fits is shown whole"
    assert abbreviate(list(reversed(names)), width) == forms, "the order names come in changes nothing"
    return forms


@settings(max_examples=300, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=16), st.integers(min_value=0, max_value=30))
def test_no_two_names_share_a_short_form(names: list[str], width: int) -> None:
    check(names, width)


def test_every_card_name_of_the_content_stays_apart_at_every_width() -> None:
    content = load("magewars").content
    names = sorted({card.name for card in content.cards.values()})
    assert len(names) > 20
    for width in range(MIN_WIDTH, 30):
        forms = check(names, width)
        if width >= 12:  # readable: no numbered last-resort forms at the widths an 80-column side gives
            assert not any("#" in form for form in forms.values()), forms


def test_a_long_name_keeps_its_words_and_marks_its_cuts() -> None:
    assert shorten("Admiral Oda Deepcurrent", 16) == "Admir. Oda Deep."
    assert shorten("Mara of the Black Veil", 16) == "Mara Black Veil"
    assert shorten("Ash Legionary", 13) == "Ash Legionary"


def test_names_that_would_meet_get_told_apart() -> None:
    forms = abbreviate(["Rite of Still Water", "Rite of Still Waters", "Rite of Stillness"], 10)
    assert len(set(forms.values())) == 3
    assert forms == abbreviate(["Rite of Stillness", "Rite of Still Waters", "Rite of Still Water"], 10)
