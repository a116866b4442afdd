"""The code is ruff clean: its lint rules and its formatting (pyproject.toml's [tool.ruff])."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("check", [["check"], ["format", "--check"]], ids=["lint", "format"])
def test_ruff_is_clean(check: list[str]) -> None:
    command = shutil.which("ruff")
    assert command is not None, "ruff is missing: pip install -e '.[test]'"
    done = subprocess.run(
        [command, *check, "mythtable", "tests", "tools"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
