"""Scripted dice fail loudly (helpers.StrictDice): a roll beyond the script raises at once, and dice scripted but
never rolled fail the test at its end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mythcraft.helpers import SCENES


@pytest.fixture(autouse=True)
def _every_scripted_die_is_rolled() -> Iterator[None]:
    SCENES.clear()
    yield
    scenes = list(SCENES)
    SCENES.clear()
    for s in scenes:
        s.assert_dice_used()
