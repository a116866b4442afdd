"""The pictures in docs/images/ show the program as it is: made anew into a temporary folder, each must show what the
committed one shows (text, places, colours; not Rich's SVG template). When this fails after a deliberate change of a
screen, run `python -m tools.screenshots` and commit the pictures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.screenshots import IMAGES, SHOTS, make, stable_ids, what_it_shows

ROOT = Path(__file__).parents[1]


@pytest.mark.slow
@pytest.mark.parametrize("shot", SHOTS, ids=[shot.name for shot in SHOTS])
def test_the_committed_picture_is_up_to_date(shot) -> None:  # type: ignore[no-untyped-def]
    committed = IMAGES / f"{shot.name}.svg"
    assert committed.is_file(), f"{committed} is missing: run `python -m tools.screenshots`"
    fresh = what_it_shows(make(shot))
    assert fresh, "the picture shows something"
    assert fresh == what_it_shows(committed.read_text(encoding="utf-8")), (
        f"docs/images/{shot.name}.svg is out of date: run `python -m tools.screenshots` and commit it"
    )


def test_what_it_shows_ignores_the_ids_rich_makes_and_sees_a_changed_character() -> None:
    svg = (IMAGES / "title.svg").read_text(encoding="utf-8")
    hashed = svg.replace("title-", "terminal-1234567-")
    assert stable_ids(hashed, "title") == svg
    assert what_it_shows(hashed) == what_it_shows(svg)
    changed = svg.replace(">New&#160;game<", ">New&#160;gamf<", 1)
    assert changed != svg and what_it_shows(changed) != what_it_shows(svg)
    recoloured = re.sub(r"(\.title-r2 \{ fill: )#[0-9a-f]+", r"\g<1>#123456", svg, count=1)
    assert recoloured != svg and what_it_shows(recoloured) != what_it_shows(svg)


def test_every_picture_is_shown_in_the_readme_or_the_docs() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    for shot in SHOTS:
        assert f"images/{shot.name}.svg" in text, f"docs/images/{shot.name}.svg is shown nowhere"
