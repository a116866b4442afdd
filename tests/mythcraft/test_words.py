"""The log's words (issue 17 item 4): heroes and creatures are she / he / it / they as their content
says (a hero template's or built hero's `pronoun`, a creature's, "it" by default), and counts read
"1 square", "4 squares"."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from mythtable.rulesets.mythcraft.rules.units import pronoun
from mythtable.rulesets.mythcraft.schema import built_party
from mythtable.rulesets.mythcraft.words import describe
from tests.mythcraft.helpers import CONTENT, Scene

HEROES_TOML = Path(__file__).resolve().parents[2] / "assets" / "mythcraft" / "heroes.toml"


def test_a_hero_whose_template_says_she_ends_her_turn() -> None:
    assert CONTENT.heroes["berzerker"].pronoun == "she"
    s = Scene([("berzerker", 1, 1), ("rogue", 1, 3)], [("ash_hound", 10, 6)])
    assert s.active.name == "Hrodna"
    s.act("end")
    assert "Hrodna ends her turn; 4 unspent AP become Reactive AP." in s.log
    assert "ends its turn" not in s.text()


def test_he_and_it_the_rogue_and_a_creature() -> None:
    s = Scene([("rogue", 1, 1), ("berzerker", 1, 3)], [("ash_hound", 10, 6)])
    s.act("end")  # Quill
    s.act("end")  # Hrodna
    assert any(line.startswith("Quill ends his turn") for line in s.log)
    s.end_until("c1")
    s.act("end")
    assert "Ash Hound ends its turn." in s.log  # no pronoun in its stat block: "it"


def test_every_hero_template_names_its_pronoun_in_the_file() -> None:
    raw = tomllib.loads(HEROES_TOML.read_text(encoding="utf-8"))["hero"]
    assert raw and all(h.get("pronoun") in ("she", "he", "it", "they") for h in raw), raw
    assert {h["id"]: h["pronoun"] for h in raw} == {t.id: t.pronoun for t in CONTENT.heroes.values()}
    assert all(c.pronoun == "it" for c in CONTENT.creatures.values())


def party(pronoun: str | None) -> dict[str, object]:
    hero = {
        "id": "ida",
        "title": "Wanderer",
        "name": "Ida",
        "attributes": dict(CONTENT.heroes["warrior"].attributes),
        "feature": "parry",
    }
    if pronoun is not None:
        hero["pronoun"] = pronoun
    return {"name": "Road", "hero": [hero]}


def test_a_built_hero_carries_its_pronoun_or_they() -> None:
    heroes, problems = built_party(CONTENT, "road", party("he"))
    assert not problems and heroes[0].pronoun == "he"
    heroes, problems = built_party(CONTENT, "road", party(None))
    assert not problems and heroes[0].pronoun == "they"  # a person the file does not describe: they
    heroes, problems = built_party(CONTENT, "road", party("xe"))
    assert not heroes and any("pronoun" in p.field for p in problems), problems


def test_they_takes_the_verb_without_s() -> None:
    """A hero written as "they": "ends their turn", and the Engaged strike "as they leave"."""
    heroes = dict(CONTENT.heroes)
    heroes["warrior"] = dataclasses.replace(heroes["warrior"], pronoun="they")
    s = Scene(
        [("warrior", 1, 1)], [("ash_hound", 2, 1)], init=[20, 1], content=dataclasses.replace(CONTENT, heroes=heroes)
    )
    assert pronoun(s.state, s.u("h1")) == "they"
    s.act("move", 1, 4)  # leaves the hound's reach: it may strike
    assert s.kind == "reaction"
    assert describe(s.state, ("react", "engaged")) == "Strike as they leave (Engaged, 0 AP)"
    assert "who leaves its reach" in s.decision.prompt  # the hound's reach: its
    s.dice(2)  # a miss
    s.act("react", "engaged")
    assert any(line.endswith("as they leave (Engaged, 0 AP).") for line in s.log)
    s.end_until("h1")
    s.act("end")
    assert any(line.startswith("Tamsin ends their turn") for line in s.log)


@pytest.mark.parametrize(("squares", "words"), [(1, "1 square, 1 AP."), (3, "3 squares, 1 AP.")])
def test_a_hero_move_logs_its_squares_in_words(squares: int, words: str) -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)])
    s.act("move", 1 + squares, 1)
    assert f"Tamsin moves to ({1 + squares}, 1): {words}" in s.log
    left = s.u("h1").move_left
    assert left in (1, 3)  # speed 4: 3 or 1 squares of the Move left
    assert f": 3 AP, {left} square{'s' if left > 1 else ''} of movement left." in s.decision.prompt


def test_a_creature_move_and_its_actions_left_in_words() -> None:
    s = Scene([("warrior", 1, 1)], [("ash_hound", 10, 6)], init=[1, 20])
    assert s.decision.prompt == "Ash Hound: 2 actions left. Choose an action."
    s.act("move", 9, 6)
    assert "Ash Hound moves to (9, 6) (1 square)." in s.log
    assert s.decision.prompt == "Ash Hound: 1 action left. Choose an action."
    s.act("move", 6, 6)
    assert "Ash Hound moves to (6, 6) (3 squares)." in s.log
    assert "square(s)" not in s.text() and "action(s)" not in s.decision.prompt
