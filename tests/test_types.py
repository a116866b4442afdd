"""The types hold: mypy, strict, on the engine, the boards and the rulesets' view modules (the files and
options are in pyproject.toml's [tool.mypy]), so a board that reads a view field that is not there fails
here rather than on screen."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_type_error() -> None:
    # The interpreter running the tests, not whichever mypy comes first on PATH: a run from a virtual environment
    # that was not activated checked the code with another installation's mypy and pydantic (4 false errors).
    assert importlib.util.find_spec("mypy") is not None, "mypy is missing: pip install -e '.[test]'"
    done = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
