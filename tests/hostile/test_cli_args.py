"""Hostile command lines: each ends in one message and a non-zero exit before any screen opens."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from mythtable import cli


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "magewars", "--seed", "-1"],
        ["play", "magewars", "--seed", str(2**63)],  # crashed the first autosave (seed outside a save)
        ["play", "magewars", "--seed", "9" * 40],
        ["play", "mythicarium", "--option", "deck1=no-such-deck"],
        ["play", "mythicarium", "--option", "novalue"],
        ["play", "mythicarium", "--p1", "   "],
        ["simulate", "magewars", "--games", "0"],
        ["replay", "/nonexistent/record.json", "--verify"],
        ["replay", "/", "--verify"],
    ],
)
def test_bad_command_line(argv: list[str], tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(["--data-dir", str(tmp_path), *argv])
    assert rc == 1
    assert out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mythtable: "), err.getvalue()
    assert list(tmp_path.iterdir()) == []  # nothing saved
