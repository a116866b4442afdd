"""Golden playthroughs of the second printing (tests/golden/pool.py): a game with the new decks or
a new encounter must play out exactly as recorded; if a change is meant, run
`python -m tests.golden.pool` and review `git diff tests/golden`."""

from __future__ import annotations

import difflib

import pytest

from mythtable.engine.registry import available
from tests.golden.playthrough import golden_path
from tests.golden.pool import POOL_GAMES, pool_path, pool_playthrough, pool_setup

SHOWN_LINES = 80


@pytest.mark.parametrize("name", list(POOL_GAMES))
def test_the_second_printing_playthrough_is_unchanged(name: str) -> None:
    path = pool_path(name)
    assert path.exists(), f"{path} is missing: run python -m tests.golden.pool"
    expected = path.read_text(encoding="utf-8")
    actual = pool_playthrough(name)
    if actual != expected:
        diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(), "recorded", "now", lineterm=""))
        pytest.fail(
            f"the {name} playthrough changed. If the change is meant, run `python -m tests.golden.pool {name}` "
            f"and review `git diff tests/golden`.\n" + "\n".join(diff[:SHOWN_LINES]),
            pytrace=False,
        )


def test_every_ruleset_has_a_second_printing_golden_with_new_content() -> None:
    """One per ruleset, and it really plays content of issue 18 (not the first decks or encounters)."""
    first = {"deck1": {"moonless-court", "wildwood-circle", "iron-mountain", "storm-choir"}}
    first["deck2"] = first["deck1"] | {"magma-vanguard", "scorchwind-raiders", "rainsquall-tide", "mireclay-bulwark"}
    first["deck1"] = first["deck2"]
    first["encounter"] = {"E1", "E2", "E3"}
    assert sorted(rid for rid, _, _ in POOL_GAMES.values()) == sorted(available())
    for name in POOL_GAMES:
        ruleset_id, _seed, setup = pool_setup(name)
        chosen = {k: v for k, v in setup.options.items() if k in first}
        assert chosen and all(v not in first[k] for k, v in chosen.items()), (name, chosen)
        assert pool_path(name) != golden_path(ruleset_id)


def test_a_second_printing_game_ends_before_the_cap() -> None:
    for name in POOL_GAMES:
        text = pool_path(name).read_text(encoding="utf-8")
        assert "\nresult: winner" in text and "(the cap)" not in text, name
