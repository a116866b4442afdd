"""What a screen may ask of the app it runs in: the data folder it was started with and whether it runs
for a remote player. Typed, in one place: a screen shown by another app (a test's) gets the defaults."""

from __future__ import annotations

from pathlib import Path


def data_folder(app: object) -> Path | None:
    """The data folder given with --data-dir (None: the default one, see saves.data_dir)."""
    from mythtable.tui.app import MythtableApp  # here: the app module imports the screens

    return app.data if isinstance(app, MythtableApp) else None


def remote_kind(app: object) -> str | None:
    """ "ssh" or "web" when a server runs this game for a remote player; None at a local terminal."""
    from mythtable.tui.app import MythtableApp

    return app.remote if isinstance(app, MythtableApp) else None
