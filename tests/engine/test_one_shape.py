"""One shape for every ruleset (issue 31): the same job in the same file, so that a reader who knows one
ruleset finds their way in the others, and the legality of an action is checked in one place only.

- `rules/flow.py` `advance`: every step that needs no choice, up to the next decision;
- `rules/actions.py` `apply_action`: one legal action;
- `rules/invariants.py` `check_invariants`: what must hold between actions;
- `Ruleset.apply` (the base class) checks the action against the open decision, then calls the two.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from mythtable.engine.protocol import Ruleset
from mythtable.engine.registry import available, entry

JOBS = {"flow": "advance", "actions": "apply_action", "invariants": "check_invariants"}
"""Module of the ruleset's `rules` package -> the function that does its job there."""


def package_of(ruleset: Ruleset) -> str:  # type: ignore[type-arg]
    package = sys.modules[type(ruleset).__module__].__package__
    assert package, f"{type(ruleset).__name__} is not in a package"
    return package


def top_level_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("rid", available())
def test_each_job_is_in_its_own_file_and_the_ruleset_calls_it_from_there(rid: str) -> None:
    ruleset = entry(rid).ruleset
    package = package_of(ruleset)
    for module_name, function in JOBS.items():
        module = importlib.import_module(f"{package}.rules.{module_name}")
        assert callable(getattr(module, function, None)), f"{package}.rules.{module_name} has no {function}"
        assert getattr(type(ruleset), function) is getattr(module, function), (
            f"{rid}: Ruleset.{function} is not rules/{module_name}.py's {function}"
        )


@pytest.mark.parametrize("rid", available())
def test_no_other_module_of_a_ruleset_defines_those_jobs(rid: str) -> None:
    package = package_of(entry(rid).ruleset)
    folder = Path(importlib.import_module(package).__file__ or "").parent
    owner = {function: folder / "rules" / f"{module}.py" for module, function in JOBS.items()}
    elsewhere = [
        f"{path.relative_to(folder)}: {name}"
        for path in sorted(folder.rglob("*.py"))
        for name in top_level_functions(path) & set(owner)
        if path != owner[name]
    ]
    assert elsewhere == []


@pytest.mark.parametrize("rid", available())
def test_legality_is_checked_once_in_the_base_class(rid: str) -> None:
    ruleset = entry(rid).ruleset
    assert type(ruleset).apply is Ruleset.apply, f"{rid} overrides Ruleset.apply"
    folder = Path(importlib.import_module(package_of(ruleset)).__file__ or "").parent
    raising = [str(p.relative_to(folder)) for p in sorted(folder.rglob("*.py")) if "IllegalAction" in p.read_text()]
    assert raising == [], "only Ruleset.apply refuses an action the open decision does not list"
