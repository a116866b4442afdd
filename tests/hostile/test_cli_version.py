"""`mythtable --version` prints one line and exits 0, as command-line tools do."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mythtable import __version__, cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_flag_prints_the_version_and_exits_zero(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([flag])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"mythtable {cli.installed_version()}\n"


def test_the_package_pyproject_and_installed_versions_agree() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert __version__ == declared == cli.installed_version()


def test_version_from_the_real_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "mythtable", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"mythtable {__version__}" and done.stderr == ""
