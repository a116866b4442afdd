from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mythtable.engine import registry


@pytest.fixture
def pig_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Register the toy Pig ruleset with an (empty) asset folder of its own."""
    (tmp_path / "pig").mkdir()
    (tmp_path / "pig" / "README").write_text("pig needs no content\n")
    monkeypatch.setitem(registry.KNOWN, "pig", "tests.engine.toy")
    monkeypatch.setenv("MYTHTABLE_ASSETS", str(tmp_path))
    registry._load_cached.cache_clear()
    yield tmp_path
    registry._load_cached.cache_clear()
