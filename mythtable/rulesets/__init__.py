"""The registry of rulesets. A ruleset is listed only when its package is present."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mythtable.engine.errors import ContentError, MythtableError
from mythtable.engine.protocol import Ruleset
from mythtable.paths import assets_root, cache_dir

KNOWN: dict[str, str] = {
    "mythicarium": "mythtable.rulesets.mythicarium",
    "magewars": "mythtable.rulesets.magewars",
    "mythcraft": "mythtable.rulesets.mythcraft",
}


class UnknownRuleset(MythtableError):
    pass


def available() -> list[str]:
    """Ruleset ids whose package exists, in the order the title screen lists them."""
    found = []
    for rid, module in KNOWN.items():
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None:  # a namespace package is not a ruleset
            found.append(rid)
    return found


def get(ruleset_id: str) -> Ruleset[Any, Any]:
    if ruleset_id not in available():
        names = ", ".join(available()) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (available: {names})")
    module = importlib.import_module(KNOWN[ruleset_id])
    ruleset = getattr(module, "RULESET", None)
    if not isinstance(ruleset, Ruleset):
        raise UnknownRuleset(f"the {ruleset_id} package does not define a ruleset")
    return ruleset


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
