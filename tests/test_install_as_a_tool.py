"""The README's `pipx install .` and `uv tool install .` give a working `mythtable` command, with its documentation
installed beside it (what `mythtable --help` names). Each runs where that tool is on the machine, into a temporary
home, and is skipped cleanly where it is not."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TOOLS = {
    "pipx": (["install", "--force", str(ROOT)], {"PIPX_HOME": "home", "PIPX_BIN_DIR": "bin", "PIPX_MAN_DIR": "man"}),
    "uv": (["tool", "install", "--force", str(ROOT)], {"UV_TOOL_DIR": "home", "UV_TOOL_BIN_DIR": "bin"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_the_readme_s_tool_install_gives_a_working_command(tool: str, tmp_path: Path) -> None:
    program = shutil.which(tool)
    if program is None:
        pytest.skip(f"{tool} is not on this machine")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    args, folders = TOOLS[tool]
    assert f"{tool} {args[0] if tool == 'pipx' else 'tool install'} ." in readme
    env = {**os.environ, **{name: str(tmp_path / folder) for name, folder in folders.items()}}
    env["HOME"] = str(tmp_path)  # nothing written into the real user's folders
    installed = subprocess.run([program, *args], capture_output=True, text=True, timeout=600, env=env, check=False)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    command = tmp_path / "bin" / "mythtable"
    version = subprocess.run([str(command), "--version"], capture_output=True, text=True, timeout=120, check=False)
    assert version.returncode == 0 and version.stdout.startswith("mythtable "), version.stdout + version.stderr
    helped = subprocess.run([str(command), "--help"], capture_output=True, text=True, timeout=120, check=False)
    docs = Path(helped.stdout.split("documentation:\n", 1)[1].split("\n", 1)[0].strip())
    assert (docs / "playing.md").is_file() and (docs / "images" / "mythicarium.svg").is_file(), docs
    assert str(tmp_path) in str(docs), "the documentation named is the installed copy"
