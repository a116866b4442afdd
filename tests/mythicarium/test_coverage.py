"""Meta test: every clause of the rules reference has a scenario test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mythtable.engine.content import load_reference
from mythtable.paths import assets_root

HERE = Path(__file__).parent
REPO = HERE.parent.parent
RULES = assets_root() / "mythicarium" / "rules.toml"
SHARED = REPO.parent / "shared" / "rules" / "mythicarium.md"


def _test_names() -> list[str]:
    names: list[str] = []
    for path in HERE.glob("test_*.py"):
        names += re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), flags=re.M)
    return names


def test_every_clause_has_a_named_test() -> None:
    names = _test_names()
    missing = []
    for clause in load_reference(RULES).clauses():
        token = "_" + clause.id.replace("-", "_") + "_"
        if not any(token in name for name in names):
            missing.append(clause.id)
    assert not missing, f"clauses without a test: {missing}"


def test_every_open_point_is_settled_by_a_new_house_rule() -> None:
    ref = load_reference(RULES)
    settled = {c.settles: c for c in ref.clauses() if c.settles}
    assert set(settled) == {f"O-{n}" for n in range(1, 15)}
    for c in settled.values():
        assert c.tier == "house" and int(c.id.split("-")[1]) >= 18


def test_tiers_match_prefixes() -> None:
    tiers = {"M": "seed", "F": "fact", "H": "house"}
    for c in load_reference(RULES).clauses():
        assert c.tier == tiers[c.id.split("-")[0]], c.id


def test_every_shared_rule_id_is_in_the_reference() -> None:
    if not SHARED.exists():
        pytest.skip("the shared rules file is not present")
    ids = set(re.findall(r"\*\*([MFH]-\d+)\*\*", SHARED.read_text(encoding="utf-8")))
    assert ids
    mine = {c.id for c in load_reference(RULES).clauses()}
    assert ids <= mine, sorted(ids - mine)


def test_sections_name_real_stage_keys() -> None:
    from mythtable.rulesets.mythicarium.rules.common import STAGE_LABELS

    keys = set(STAGE_LABELS) | {"combat"}
    for s in load_reference(RULES).section:
        assert set(s.stages) <= keys, s.id
