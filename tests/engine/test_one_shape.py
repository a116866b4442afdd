"""One shape for every ruleset (issue 31): the same job in the same file, so that a reader who knows one
ruleset finds their way in the others, and the legality of an action is checked in one place only.

- `rules/flow.py` `advance`: every step that needs no choice, up to the next decision;
- `rules/actions.py` `apply_action`: one legal action;
- `rules/invariants.py` `check_invariants`: what must hold between actions;
- `view.py` `build_view`, `public_view` and `changes`: what a seat sees, what both seats see, what changed;
- `Ruleset.apply` (the base class) checks the action against the open decision, then calls the two.

tests/pig/test_pig.py holds the toy ruleset to the same shape.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from mythtable.engine.protocol import Ruleset
from mythtable.engine.registry import available, entry, package_of

JOBS = {"flow": "advance", "actions": "apply_action", "invariants": "check_invariants"}
"""Module of the ruleset's `rules` package -> the function that does its job there."""

VIEW_JOBS = ("build_view", "public_view", "changes")
"""What `view.py` defines: the seat's view, the public view, and (for a ruleset with an inspector) the refs
that changed between two views; none of them anywhere else."""


def top_level_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def shape_problems(rid: str) -> list[str]:
    """Every way the ruleset's package strays from the one shape, in words; [] when it keeps it."""
    ruleset = entry(rid).ruleset
    package = package_of(rid)
    folder = Path(importlib.import_module(package).__file__ or "").parent
    problems = []
    for module_name, function in JOBS.items():
        try:
            module = importlib.import_module(f"{package}.rules.{module_name}")
        except ImportError:
            problems.append(f"no rules/{module_name}.py")
            continue
        if getattr(type(ruleset), function, None) is not getattr(module, function, object()):
            problems.append(f"Ruleset.{function} is not rules/{module_name}.py's {function}")
    owner = {function: folder / "rules" / f"{module}.py" for module, function in JOBS.items()}
    view = folder / "view.py"
    if not view.is_file():
        problems.append("no view.py")
    else:
        wanted = VIEW_JOBS if entry(rid).inspection is not None else VIEW_JOBS[:2]  # changes: for the inspector
        problems += [f"view.py has no {name}" for name in wanted if name not in top_level_functions(view)]
        owner |= dict.fromkeys(VIEW_JOBS, view)
    problems += [
        f"{path.relative_to(folder)} defines {name} too"
        for path in sorted(folder.rglob("*.py"))
        for name in top_level_functions(path) & set(owner)
        if path != owner[name]
    ]
    if type(ruleset).apply is not Ruleset.apply:
        problems.append("it overrides Ruleset.apply")
    problems += [
        f"{path.relative_to(folder)} refuses actions itself (IllegalAction): only Ruleset.apply does"
        for path in sorted(folder.rglob("*.py"))
        if not path.name.startswith("test_") and "IllegalAction" in path.read_text(encoding="utf-8")
    ]
    return problems


@pytest.mark.parametrize("rid", available())
def test_each_job_is_in_its_own_file_and_legality_is_checked_once(rid: str) -> None:
    assert shape_problems(rid) == []
