"""Deprecation warnings that libraries raise about themselves are for their developers, not for players.

asyncssh 2.24 touches DSA at import time, and cryptography 51 deprecates DSA: without a filter, every
`mythtable serve ssh` starts with ten lines of warnings that no operator can act on. Each filter below names
the library module that raises the warning and the warning's category, so a warning raised by mythtable's
own code (including one about a deprecated library call mythtable makes) and every real error still show.
`tests/test_fresh_install.py` runs every module and command with warnings as errors, so a new deprecation
from any dependency fails CI, naming the package, before it reaches a user.
"""

from __future__ import annotations

import importlib
import warnings

QUIET: tuple[tuple[str, str], ...] = (
    # (the library's top-level module, the warning category, as "module:Class" or a builtin's name)
    ("asyncssh", "cryptography.utils:CryptographyDeprecationWarning"),
    ("asyncssh", "DeprecationWarning"),
    ("aiohttp", "DeprecationWarning"),
    ("textual_serve", "DeprecationWarning"),
)
"""What is filtered: one line a library and category, the only list of its kind."""


def _category(name: str) -> type[Warning] | None:
    module, _, attribute = name.rpartition(":")
    try:
        found = getattr(importlib.import_module(module or "builtins"), attribute)
    except (ImportError, AttributeError):
        return None  # the library that defines it is not installed: nothing of it to filter
    return found if isinstance(found, type) and issubclass(found, Warning) else None


def quiet_library_deprecations() -> None:
    """Install the filters of `QUIET`. They go in front of any `-W` option or PYTHONWARNINGS, which still apply
    to everything else; installing them again changes nothing (the warnings module keeps one of each)."""
    for module, category_name in QUIET:
        category = _category(category_name)
        if category is not None:
            warnings.filterwarnings("ignore", category=category, module=rf"{module}(\.|$)")
