"""Meta test: every clause in the rules reference has a scenario test named after it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
RULES_TOML = REPO / "assets" / "magewars" / "rules.toml"
SHARED = REPO.parent / "shared" / "rules" / "magewars.md"


def clause_ids() -> list[str]:
    data = tomllib.loads(RULES_TOML.read_text(encoding="utf-8"))
    return [c["id"] for s in data["section"] for c in s.get("clause", [])]


def collected_test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_clause_has_a_test_named_after_it() -> None:
    names = collected_test_names()
    missing = []
    for cid in clause_ids():
        token = "_" + cid.replace("-", "_") + "_"
        if not any(token in name for name in names):
            missing.append(cid)
    assert not missing, f"clauses without a test: {missing}"


def test_every_shared_rule_id_is_in_the_reference() -> None:
    if not SHARED.exists():
        return
    shared = set(re.findall(r"\*\*([WFHO]-\d+)\*\*", SHARED.read_text(encoding="utf-8")))
    shared = {i for i in shared if not i.startswith("O-")}
    assert shared <= set(clause_ids()), sorted(shared - set(clause_ids()))
