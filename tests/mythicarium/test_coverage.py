"""Meta test: every clause of the rules reference has a scenario test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mythtable.engine.content import load_reference
from mythtable.paths import assets_root

HERE = Path(__file__).parent
REPO = HERE.parent.parent
RULES = assets_root() / "mythicarium" / "rules.toml"
SHARED = next(
    (d / "shared" / "rules" / "mythicarium.md" for d in (REPO.parent, REPO.parent.parent) if (d / "shared").is_dir()),
    REPO.parent / "shared" / "rules" / "mythicarium.md",
)
"""The shared rules file beside the checkout (main) or beside the worktrees' folder (a helper's worktree)."""


def _skipped(fn: ast.FunctionDef) -> bool:
    """Marked skip or xfail: such a test proves nothing about its clause."""
    for dec in fn.decorator_list:
        text = ast.unparse(dec)
        if ".skip" in text or ".xfail" in text:
            return True
    return False


def _checks(fn: ast.FunctionDef) -> bool:
    """The test can fail on what it finds: it asserts, or expects a raise (pytest.raises)."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.raises":
            return True
    return False


def _tests() -> dict[str, list[tuple[str, ast.FunctionDef]]]:
    """Every module-level test function, by name, with its module (a name twice in one module means the
    first never runs: the second replaces it)."""
    found: dict[str, list[tuple[str, ast.FunctionDef]]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.setdefault(node.name, []).append((path.name, node))
    return found


def test_every_clause_has_a_named_test() -> None:
    """Each clause has a test named after it that runs (not skipped, not shadowed by a second test of the
    same name in its module) and can fail (it asserts something or expects a raise)."""
    tests = _tests()
    shadowed = [f"{mods[0][0]}::{name}" for name, mods in tests.items() if len({m for m, _ in mods}) < len(mods)]
    assert not shadowed, f"defined twice in one module, the first never runs: {shadowed}"
    missing, idle = [], []
    for clause in load_reference(RULES).clauses():
        token = "_" + clause.id.replace("-", "_") + "_"
        named = [fn for name, mods in tests.items() if token in name for _, fn in mods]
        if not named:
            missing.append(clause.id)
        elif not any(_checks(fn) and not _skipped(fn) for fn in named):
            idle.append(clause.id)
    assert not missing, f"clauses without a test: {missing}"
    assert not idle, f"clauses whose tests check nothing (no assert, no pytest.raises) or are skipped: {idle}"


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
