"""The registry: each ruleset registers one entry carrying what the core, the bots and the UI
need, and no other module imports a ruleset by a name built from its id."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from mythtable.engine import registry
from mythtable.engine.bots import GreedyBot, make_bot
from mythtable.engine.errors import MythtableError
from mythtable.engine.reference import RulesReference
from mythtable.engine.registry import RulesetEntry, ai_hooks, available, entry, own_ai, rules_path, rules_reference
from tests.pig import ENTRY as PIG
from tests.pig.ruleset import PARTS as PIG_PARTS

PACKAGE = Path(registry.__file__).resolve().parents[1]


@pytest.mark.parametrize("rid", available())
def test_every_ruleset_registers_one_complete_entry(rid: str) -> None:
    found = entry(rid)
    assert isinstance(found, RulesetEntry)
    assert found.ruleset.id == rid
    assert found.ai is not None and ai_hooks(rid) is found.ai
    assert callable(found.ai.heuristic) and callable(found.ai.determinize) and found.ai.scale > 0
    assert rules_path(rid).is_file()
    assert isinstance(rules_reference(rid), RulesReference)


def test_only_mythcraft_ships_its_own_computer_player() -> None:
    assert {rid for rid in available() if own_ai(rid) is not None} == {"mythcraft"} & set(available())


def test_a_ruleset_without_ai_hooks_says_so() -> None:
    registry.register(replace(PIG, parts=replace(PIG_PARTS, ai=None)))  # Pig without its hooks
    try:
        assert entry("pig").ai is None
        assert own_ai("pig") is None
        with pytest.raises(MythtableError, match="no hooks"):
            ai_hooks("pig")
        with pytest.raises(MythtableError, match="no hooks"):
            make_bot("pig", "greedy", 1)
        assert not isinstance(make_bot("pig", "random", 1), GreedyBot)
    finally:
        registry.unregister("pig")


def test_an_unknown_ruleset_is_refused() -> None:
    with pytest.raises(registry.UnknownRuleset, match="unknown ruleset 'chess'"):
        entry("chess")


def test_no_module_but_the_registry_imports_by_a_name_built_from_a_ruleset_id() -> None:
    built = re.compile(r"""import_module\(\s*f["']|f["']mythtable\.(rulesets|tui\.boards)\.\{""")
    offenders = [
        str(path.relative_to(PACKAGE.parent))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "registry.py" and built.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
