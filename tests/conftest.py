from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test ever writes saves into the real user data folder, nor the content cache into the
    user cache folder (one cache per test process, so that it is warm after the first load)."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", str(folder))
    monkeypatch.setenv("MYTHTABLE_CONFIG_DIR", str(folder / "config"))
    monkeypatch.setenv("MYTHTABLE_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    return folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `slow` first, each group in its own order. pyproject.toml has pytest-xdist hand out
    tests one at a time (`--dist load --maxschedchunk 1`), so the long tests start early on every worker and
    the short ones fill in at the end, rather than one long test running on alone while the other workers idle."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject.toml) runs one worker more than the cores: part of the suite waits rather than computes
    (servers, pseudo-terminals, the program started in subprocesses), and a worker a core left the CPU idle then.
    On the 2-core machine CI runs on, 3 workers took 608 s (186% of the CPU) where 2 took 866 s (2026-12-06, fresh
    clones of the same main). PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1
