"""The README's Security section names, for each promise, the test that checks it: each must exist (a test file, or
a test in it). And the save lock has one name throughout (issue 29: `<save>.lock` in one place, `<save>.json.lock`
in another)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mythtable.savelock import lock_path

ROOT = Path(__file__).parents[2]
NAMED = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`")


def _section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_test_the_security_section_names_exists() -> None:
    security = _section((ROOT / "README.md").read_text(encoding="utf-8"), "Security")
    named = NAMED.findall(security)
    assert len(named) >= 20, "the promises name their tests"
    for file, test in named:
        path = ROOT / file
        assert path.is_file(), f"the README names {file}, which does not exist"
        if test:
            assert test in _tests_in(path), f"the README names {file}::{test}, which does not exist"


def test_the_save_lock_has_one_name() -> None:
    assert lock_path(Path("game.json")).name == "game.json.lock"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<save>.lock" not in readme
    assert readme.count("<save>.json.lock") >= 2
