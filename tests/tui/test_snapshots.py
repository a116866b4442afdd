"""SVG snapshots of the key screens at 80x24 (pytest-textual-snapshot).

Update after an intended visual change with: python -m pytest tests/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

from mythtable.tui.app import MythtableApp


def test_title_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(MythtableApp(), terminal_size=(80, 24))


def test_too_small_notice(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(MythtableApp(), terminal_size=(60, 20))
