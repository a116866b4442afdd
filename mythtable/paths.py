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


def docs_root() -> Path:
    """The documentation's folder: bundled inside an installed wheel (pyproject.toml's force-include), or the
    checkout's top-level docs/."""
    bundled = _PACKAGE / "docs"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "docs"


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


REMOTE_ENV = "MYTHTABLE_REMOTE"
"""Set by `serve ssh` ("ssh") and `serve web` ("web") for the games they start: the player is not at this machine."""
REMOTE_KINDS = ("ssh", "web")


def remote_session() -> str | None:
    """ "ssh" or "web" when this mythtable runs for a remote player, else None (a player at this machine).

    A remote player may name no path on the server: what they may take away is offered as text to copy (SSH) or a
    download (web), and what they name is a name inside their own folder (see the README's Security section).
    Any other value set there counts as SSH (text to copy works in any terminal)."""
    value = os.environ.get(REMOTE_ENV, "").strip().lower()
    if not value:
        return None
    return value if value in REMOTE_KINDS else "ssh"


def in_room(text: str, root: Path) -> str:
    """`text` as a remote player sees it: paths inside their folder `root` written from it (`saves/x.json`), so no
    message shows where the server keeps it; unchanged for a player at this machine."""
    if remote_session() is None:
        return text
    return text.replace(str(root).rstrip(os.sep) + os.sep, "")
