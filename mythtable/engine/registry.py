"""The registry of rulesets: the one place that turns a ruleset id into its code.

Each ruleset package exports one `RulesetEntry` as `ENTRY`: its `Ruleset`, its hooks for the
computer players and where its rules reference lives. The core, the bots and the UI ask this
module for those and never import a ruleset themselves; the packages are imported lazily, by
the module names in `KNOWN`, so the engine does not depend on any ruleset (import-linter checks
that, see pyproject.toml). A ruleset is listed only when its package is present.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mythtable.engine.errors import ContentError, MythtableError
from mythtable.engine.protocol import AIHooks, Ruleset
from mythtable.engine.reference import RulesReference
from mythtable.paths import assets_root, cache_dir

KNOWN: dict[str, str] = {
    "mythicarium": "mythtable.rulesets.mythicarium",
    "magewars": "mythtable.rulesets.magewars",
    "mythcraft": "mythtable.rulesets.mythcraft",
}
"""Ruleset id -> the package that exports its `ENTRY`, in the order the title screen lists them."""


class UnknownRuleset(MythtableError):
    pass


@dataclass(frozen=True)
class RulesetEntry:
    """Everything the core, the bots and the UI need from one ruleset."""

    ruleset: Ruleset[Any, Any]
    ai: AIHooks | None = None
    """Heuristic and determinize for the greedy and search bots; None: only the random bot plays it."""
    make_ai: Callable[[int], Any] | None = None
    """The ruleset's own computer player (`make_ai(seed)` -> a bot), offered as the "ai" controller."""
    rules_file: str = "rules.toml"
    """The in-app rules reference, inside the ruleset's content folder (`<assets>/<id>/`)."""


def available() -> list[str]:
    """Ruleset ids whose package exists, in the order the title screen lists them."""
    found = []
    for rid, module in KNOWN.items():
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None:  # a namespace package is not a ruleset
            found.append(rid)
    return found


def entry(ruleset_id: str) -> RulesetEntry:
    """The registered entry of a ruleset; UnknownRuleset if it is not installed."""
    if ruleset_id not in available():
        names = ", ".join(available()) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (available: {names})")
    module = importlib.import_module(KNOWN[ruleset_id])
    found = getattr(module, "ENTRY", None)
    if not isinstance(found, RulesetEntry) or not isinstance(found.ruleset, Ruleset):
        raise UnknownRuleset(f"the {ruleset_id} package does not register a ruleset")
    return found


def get(ruleset_id: str) -> Ruleset[Any, Any]:
    return entry(ruleset_id).ruleset


def ai_hooks(ruleset_id: str) -> AIHooks:
    """The hooks the greedy and search bots need; MythtableError if the ruleset has none."""
    hooks = entry(ruleset_id).ai
    if hooks is None:
        raise MythtableError(f"{get(ruleset_id).title} has no hooks for the greedy or search bots")
    return hooks


def own_ai(ruleset_id: str) -> Callable[[int], Any] | None:
    """The ruleset's own computer player factory, if it ships one."""
    return entry(ruleset_id).make_ai


@dataclass(frozen=True)
class Loaded:
    """A ruleset with its validated content and the hash of the files it came from."""

    ruleset: Ruleset[Any, Any]
    content: Any
    content_hash: str
    root: Path


@cache
def _load_cached(ruleset_id: str, root: Path) -> Loaded:
    from mythtable.engine.content_cache import load_cached

    ruleset = get(ruleset_id)
    folder = root / ruleset_id
    if not folder.is_dir():
        raise ContentError(f"{folder}: the content folder for {ruleset.title} is missing")
    content, files_hash = load_cached(
        ruleset_id, KNOWN[ruleset_id], folder, cache_dir() / "content", ruleset.load_content
    )
    return Loaded(ruleset, content, files_hash, folder)


def load(ruleset_id: str, root: Path | None = None) -> Loaded:
    """Load (once per process) the content of one ruleset: validated, or from the cache of an
    earlier validation of the same files."""
    return _load_cached(ruleset_id, (root or assets_root()).resolve())


def rules_path(ruleset_id: str, root: Path | None = None) -> Path:
    """Where the ruleset's rules reference file lives."""
    return (root or assets_root()) / ruleset_id / entry(ruleset_id).rules_file


def read_reference(path: Path) -> RulesReference:
    """A rules reference file, validated (with pydantic) and turned into the plain twins."""
    from mythtable.engine.content import REFERENCE_TWINS, load_reference
    from mythtable.engine.plain import plain

    reference: RulesReference = plain(load_reference(path), REFERENCE_TWINS)
    return reference


def rules_reference(ruleset_id: str, root: Path | None = None) -> RulesReference:
    """The ruleset's rules reference: the one its loaded content holds (validated already, and
    with no pydantic to import mid-game), or, if the ruleset does not load, read from its file
    here, so that the file's own error is the one raised."""
    try:
        rules = getattr(load(ruleset_id, root).content, "rules", None)
    except MythtableError:
        rules = None
    if isinstance(rules, RulesReference):
        return rules
    return read_reference(rules_path(ruleset_id, root))
