"""SVG snapshots of the result screen and the full-screen log view at 80x24 (issue 16).

Update after an intended visual change with: python -m pytest tests/tui/test_snapshots_end.py --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import press, settle
from tests.tui.test_features import game_at_declare_attackers
from tests.tui.test_result_screen import one_move_from_the_end

RECORD = Path("/home/ana/.local/share/mythtable/saves/mythicarium-20261201-120000-abc123.json")


def test_result_screen(snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(GameScreen, "record_path", lambda self: RECORD)  # the same path on every machine
    monkeypatch.setenv("HOME", "/home/ana")  # and the same home folder (the card may show it as `~`)
    game, last = one_move_from_the_end("mythicarium")
    app = MythtableApp(start=OpenGame(game))

    async def finish(pilot) -> None:  # type: ignore[no-untyped-def]
        screen = await game_screen(pilot, app)
        await press_choice(pilot, screen, last)  # type: ignore[arg-type]
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=finish)


def test_log_view(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(game_at_declare_attackers()))

    async def open_log(pilot) -> None:  # type: ignore[no-untyped-def]
        await game_screen(pilot, app)
        await press(pilot, "l", "slash", *"attack", "enter")

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_log)
