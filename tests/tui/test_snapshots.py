"""SVG snapshots of the key screens at 80x24 (pytest-textual-snapshot).

Update after an intended visual change with: python -m pytest tests/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

from mythtable.tui.app import MythtableApp
from mythtable.tui.start import NewGame


def test_title_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(MythtableApp(), terminal_size=(80, 24))


def test_too_small_notice(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(MythtableApp(), terminal_size=(60, 20))


def mythicarium_app() -> MythtableApp:
    from mythtable.engine.registry import load

    loaded = load("mythicarium")
    return MythtableApp(start=NewGame("mythicarium", 7, loaded.ruleset.default_setup(loaded.content)))


def test_mythicarium_curtain(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(mythicarium_app(), terminal_size=(80, 24))


def test_mythicarium_game_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # lift the curtain, let Ana go first (the first Enter after a curtain only confirms: safe keys), then she is
    # asked in Maintenance Stage I
    assert snap_compare(mythicarium_app(), press=["enter", "enter", "enter"], terminal_size=(80, 24))


def test_new_game_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(MythtableApp(), press=["n"], terminal_size=(80, 24))
