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


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject's addopts) starts two test processes per core: the many tests that drive the app by
    keys spend much of their time waiting for it to go idle, the server tests on their subprocesses, and a
    second process per core runs meanwhile. PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores
