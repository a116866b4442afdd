"""docs/security.md names, for each promise, the test that checks it: each must exist (a test file, or a test in it),
and the README points a reader there. And the save lock has one name throughout (issue 29: `<save>.lock` in one
place, `<save>.json.lock` in another)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mythtable.savelock import lock_path

ROOT = Path(__file__).parents[2]
SECURITY = ROOT / "docs" / "security.md"
NAMED = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`")


def _pages() -> dict[str, str]:
    """The README and every page of docs/, by path."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in paths}


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_test_the_security_page_names_exists() -> None:
    named = NAMED.findall(SECURITY.read_text(encoding="utf-8"))
    assert len(named) >= 20, "the promises name their tests"
    for file, test in named:
        path = ROOT / file
        assert path.is_file(), f"docs/security.md names {file}, which does not exist"
        if test:
            assert test in _tests_in(path), f"docs/security.md names {file}::{test}, which does not exist"


def test_the_readme_points_to_the_security_page() -> None:
    assert "(docs/security.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_save_lock_has_one_name() -> None:
    assert lock_path(Path("game.json")).name == "game.json.lock"
    pages = _pages()
    for page, text in pages.items():
        assert "<save>.lock" not in text, page
    assert pages["docs/security.md"].count("<save>.json.lock") >= 1
    assert sum(text.count("<save>.json.lock") for text in pages.values()) >= 2
