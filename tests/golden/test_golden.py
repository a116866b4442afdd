"""Golden playthroughs: each ruleset's seeded greedy game must play out exactly as recorded in
tests/golden/<id>.txt. A mismatch shows the first differing lines; if the change is meant,
regenerate with `python -m tests.golden.regenerate` and review `git diff tests/golden`."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.playthrough import golden_path, playthrough, rulesets

CONTEXT_LINES = 3
SHOWN_LINES = 80


@pytest.mark.parametrize("ruleset_id", rulesets())
def test_the_golden_playthrough_is_unchanged(ruleset_id: str) -> None:
    path = golden_path(ruleset_id)
    assert path.exists(), f"{path} is missing: run python -m tests.golden.regenerate"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(ruleset_id)
    if actual != expected:
        diff = list(
            difflib.unified_diff(
                expected.splitlines(),
                actual.splitlines(),
                f"tests/golden/{path.name} (recorded)",
                f"{ruleset_id} now",
                n=CONTEXT_LINES,
                lineterm="",
            )
        )
        shown = "\n".join(diff[:SHOWN_LINES]) + (
            f"\n... ({len(diff) - SHOWN_LINES} more diff lines)" if len(diff) > SHOWN_LINES else ""
        )
        pytest.fail(
            f"the {ruleset_id} playthrough changed. If the change is meant, run "
            f"`python -m tests.golden.regenerate {ruleset_id}` and review `git diff tests/golden`.\n{shown}",
            pytrace=False,
        )


def test_a_changed_playthrough_shows_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: another seed gives another text."""
    import tests.golden.playthrough as golden

    rid = rulesets()[0]
    before = playthrough(rid)
    monkeypatch.setitem(golden.SEEDS, rid, golden.SEEDS.get(rid, 1) + 1)
    assert playthrough(rid) != before
