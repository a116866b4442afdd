"""The registry of rulesets: the one place that turns a ruleset id into its code.

A ruleset registers one `RulesetEntry` (engine/entry.py) under the entry point group `mythtable.rulesets`
(pyproject.toml: `mythicarium = "mythtable.rulesets.mythicarium:ENTRY"`), so a ruleset may even come in a
distribution of its own; tests add one with `register`. The core, the bots and the UI ask this module
and never import a ruleset themselves: the engine depends on no ruleset (import-linter checks that, see
pyproject.toml). Reading the entries imports only the light modules that define them; a ruleset's rules
are imported when its parts are first asked for. The steps: docs/adding-a-ruleset.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from mythtable.engine.built import Built
from mythtable.engine.capabilities import AIHooks
from mythtable.engine.entry import RulesetEntry, RulesetParts
from mythtable.engine.errors import ContentError, MythtableError
from mythtable.engine.protocol import Ruleset
from mythtable.engine.reference import RulesReference
from mythtable.paths import assets_root, cache_dir

__all__ = ["GROUP", "Loaded", "RulesetEntry", "RulesetParts", "UnknownRuleset", "available", "entry", "register"]

GROUP = "mythtable.rulesets"
"""The entry point group a ruleset registers its `RulesetEntry` in."""


class UnknownRuleset(MythtableError):
    pass


@cache
def _installed() -> tuple[dict[str, RulesetEntry], dict[str, str]]:
    """The entries the installed distributions register, and why any other could not be read."""
    from importlib.metadata import entry_points

    found: dict[str, RulesetEntry] = {}
    broken: dict[str, str] = {}
    for point in entry_points(group=GROUP):
        if point.name in found or point.name in broken:
            continue  # the first one installed wins, as on the import path
        try:
            value = point.load()
        except Exception as exc:  # a broken distribution must not take the others down with it
            broken[point.name] = f"cannot import {point.value}: {exc}"
            continue
        if not isinstance(value, RulesetEntry) or value.id != point.name:
            broken[point.name] = f"{point.value} is not the RulesetEntry of {point.name!r}"
            continue
        found[point.name] = value
    return found, broken


_registered: dict[str, RulesetEntry] = {}
"""Entries added by `register` (tests), after the installed ones."""


def register(new: RulesetEntry) -> None:
    """Add a ruleset that no distribution registers (a test's toy ruleset); MythtableError if its id is taken."""
    if new.id in entries():
        raise MythtableError(f"a ruleset with the id {new.id!r} is registered already")
    _registered[new.id] = new
    _load_cached.cache_clear()


def unregister(ruleset_id: str) -> None:
    """Take back what `register` added (nothing if it added nothing)."""
    _registered.pop(ruleset_id, None)
    _load_cached.cache_clear()


def entries() -> dict[str, RulesetEntry]:
    """Ruleset id -> entry, installed or registered, in the order the title screen lists them (`order`, then id)."""
    found = {**_installed()[0], **_registered}
    return {e.id: e for e in sorted(found.values(), key=lambda e: (e.order, e.id))}


def available() -> list[str]:
    """Ruleset ids, in the order the title screen lists them."""
    return list(entries())


def entry(ruleset_id: str) -> RulesetEntry:
    """The registered entry of a ruleset; UnknownRuleset if none is installed under that id."""
    found = entries().get(ruleset_id)
    if found is not None:
        return found
    problem = _installed()[1].get(ruleset_id)
    if problem is not None:
        raise UnknownRuleset(f"the {ruleset_id} ruleset is installed but broken: {problem}")
    names = ", ".join(available()) or "none: is mythtable installed (pip install -e .)? its entry points list them"
    raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (available: {names})")


def get(ruleset_id: str) -> Ruleset[Any, Any]:
    return entry(ruleset_id).ruleset


def ai_hooks(ruleset_id: str) -> AIHooks:
    """The hooks the greedy and search bots need; MythtableError if the ruleset has none."""
    hooks = entry(ruleset_id).ai
    if hooks is None:
        raise MythtableError(f"{entry(ruleset_id).title} has no hooks for the greedy or search bots")
    return hooks


def own_ai(ruleset_id: str) -> Callable[[int], Any] | None:
    """The ruleset's own computer player factory, if it ships one."""
    hooks = entry(ruleset_id).ai
    return None if hooks is None else hooks.make_ai


def package_of(ruleset_id: str) -> str:
    """The package that holds the ruleset's code (its content cache covers that package's modules)."""
    import sys

    module = type(get(ruleset_id)).__module__
    return sys.modules[module].__package__ or module


def content_folder(ruleset_id: str, root: Path | None = None) -> Path:
    """The ruleset's content folder: `<root>/<id>` when an asset root is given, else the entry's own
    folder, else `<assets>/<id>/` (the assets shipped with mythtable, or MYTHTABLE_ASSETS)."""
    if root is not None:
        return root / ruleset_id
    return entry(ruleset_id).content or assets_root() / ruleset_id


@dataclass(frozen=True)
class Loaded:
    """A ruleset's entry with its validated content and the hash of the files it came from."""

    entry: RulesetEntry
    content: Any
    content_hash: str
    root: Path

    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        return self.entry.ruleset

    def with_built(self, built: Built) -> Loaded:
        """The same with the built things (engine/built.py) beside the prebuilt ones, each under
        `user:<name>`; ContentError naming the first thing that cannot be played, or a kind the
        ruleset does not build."""
        kinds = sorted(kind for kind, items in built.items() if items)
        if not kinds:
            return self
        buildable = self.entry.built
        if buildable is None:
            raise ContentError(f"{self.ruleset.title} has no built {', '.join(kinds)}")
        return replace(self, content=buildable.with_built(self.content, built))


@cache
def _load_cached(ruleset_id: str, folder: Path) -> Loaded:
    from mythtable.engine.content_cache import load_cached

    found = entry(ruleset_id)
    if not folder.is_dir():
        raise ContentError(f"{folder}: the content folder for {found.title} is missing")
    content, files_hash = load_cached(
        ruleset_id, package_of(ruleset_id), folder, cache_dir() / "content", found.ruleset.load_content
    )
    return Loaded(found, content, files_hash, folder)


def load(ruleset_id: str, root: Path | None = None) -> Loaded:
    """Load (once per process) the content of one ruleset: validated, or from the cache of an
    earlier validation of the same files. `root`: an asset root to read `<root>/<id>/` from instead."""
    return _load_cached(ruleset_id, content_folder(ruleset_id, root).resolve())


def rules_path(ruleset_id: str, root: Path | None = None) -> Path:
    """Where the ruleset's rules reference file lives."""
    return content_folder(ruleset_id, root) / entry(ruleset_id).rules_file


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
