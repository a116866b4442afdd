from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mythtable.engine import registry
from tests.pig import ENTRY as PIG


@pytest.fixture
def pig_root() -> Iterator[Path]:
    """Register the toy Pig ruleset (tests/pig) for one test; its content folder."""
    registry.register(PIG)
    try:
        assert PIG.content is not None
        yield PIG.content
    finally:
        registry.unregister(PIG.id)
