"""Meta test: every clause in the rules reference has a scenario test named after it."""

from __future__ import annotations

import re
from pathlib import Path

from tests.mythcraft.helpers import CONTENT

HERE = Path(__file__).parent
REPO = HERE.parent.parent
SHARED = next(
    (
        p / "shared" / "rules" / "mythcraft.md"
        for p in REPO.parents
        if (p / "shared" / "rules" / "mythcraft.md").exists()
    ),
    REPO.parent / "shared" / "rules" / "mythcraft.md",
)
"""The project's rules file, beside the checkout or above it (a worktree sits one folder deeper than main)."""


def collect_test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)\(", path.read_text(), flags=re.M))
    return names


def test_every_clause_has_a_test() -> None:
    names = collect_test_names()
    missing = []
    for clause in CONTENT.rules.clauses():
        token = "_" + clause.id.replace("-", "_") + "_"
        if not any(token in "_" + n[len("test_") :] for n in names):
            missing.append(clause.id)
    assert not missing, f"clauses without a test: {missing}"


def test_every_rules_file_id_is_in_the_reference() -> None:
    ids = {c.id for c in CONTENT.rules.clauses()}
    if SHARED.exists():
        text = SHARED.read_text()
        wanted = set(re.findall(r"\*\*([CFH]-\d+)\*\*", text))
        assert wanted, "no clause ids found in the rules file"
        assert not wanted - ids, f"missing from rules.toml: {sorted(wanted - ids)}"
        opens = set(re.findall(r"\*\*(O-\d+)\*\*", text))
        settled = {c.settles for c in CONTENT.rules.clauses() if c.settles}
        assert opens <= settled, f"open points not settled: {sorted(opens - settled)}"
        last_h = max(int(i[2:]) for i in wanted if i.startswith("H-"))
        for c in CONTENT.rules.clauses():
            if c.settles:
                assert c.tier == "house" and int(c.id[2:]) > last_h


def test_reference_sections_use_the_stage_keys() -> None:
    stages = {s for sec in CONTENT.rules.section for s in sec.stages}
    assert stages == {"initiative", "hero_turn", "creature_turn", "reaction", "round_end"}
    for c in CONTENT.rules.clauses():
        tier = {"C": "seed", "F": "fact", "H": "house"}[c.id[0]]
        assert c.tier == tier, c.id
