"""Where content and user data live, for an editable checkout and an installed wheel alike."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def assets_root() -> Path:
    """The asset folder: bundled inside an installed wheel, or the checkout's top-level assets/.

    MYTHTABLE_ASSETS overrides both (tests use it to load deliberately broken content).
    """
    override = os.environ.get("MYTHTABLE_ASSETS")
    if override:
        return Path(override)
    bundled = _PACKAGE / "assets"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "assets"


def cache_dir() -> Path:
    """Where mythtable keeps files it can rebuild (validated content): $MYTHTABLE_CACHE_DIR (tests
    set it), else the platform's user cache folder. Never the data folder: reading a save or a
    record must change nothing there."""
    env = os.environ.get("MYTHTABLE_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_cache_path("mythtable", appauthor=False)


def config_dir() -> Path:
    """Where mythtable keeps a player's preferences (auto-pass settings per name): $MYTHTABLE_CONFIG_DIR
    (tests set it), else the platform's user config folder."""
    env = os.environ.get("MYTHTABLE_CONFIG_DIR")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_config_path("mythtable", appauthor=False)
