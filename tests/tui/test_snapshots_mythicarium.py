"""SVG snapshots of a crowded Mythicarium board (issue 16): 7 units a side with long names, a full hand
and a card in limbo, at 80x24 and 120x40; and ten units a side while blocks are declared.

The tables are reached by legal moves (tests/tui/mythicarium_crowd.py). Update after an intended visual
change with: python -m pytest tests/tui/test_snapshots_mythicarium.py -n 0 --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from mythtable.tui.app import MythtableApp
from mythtable.tui.start import OpenGame
from tests.tui.keys import press
from tests.tui.mythicarium_crowd import crowded_blocks, crowded_with_limbo

BLOCKS_SEED, BLOCKS_CROWD = 1, 11


async def lift_curtain(pilot: Pilot[None]) -> None:
    await press(pilot, "enter")


def test_crowded_board_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(crowded_with_limbo()), data=tmp_path)
    assert snap_compare(app, terminal_size=(80, 24), run_before=lift_curtain)


def test_crowded_board_120x40(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(crowded_with_limbo()), data=tmp_path)
    assert snap_compare(app, terminal_size=(120, 40), run_before=lift_curtain)


def test_crowded_blocks_scrolled_to_the_attackers_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(crowded_blocks(BLOCKS_SEED, BLOCKS_CROWD)), data=tmp_path)
    assert snap_compare(app, terminal_size=(80, 24), run_before=lift_curtain)


def test_legend_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=OpenGame(crowded_with_limbo()), data=tmp_path)

    async def legend(pilot: Pilot[None]) -> None:
        await lift_curtain(pilot)
        await press(pilot, "k")

    assert snap_compare(app, terminal_size=(80, 24), run_before=legend)
