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


class _ClosedPipe(io.StringIO):
    """A stdout whose reader has gone (`mythtable setup mythcraft | head -1`)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("argv", [["setup", "mythcraft"], ["validate"], ["saves", "list"]])
def test_output_into_a_closed_pipe_stops_quietly(argv: list[str], tmp_path: Path) -> None:
    err = io.StringIO()
    with redirect_stdout(_ClosedPipe()), redirect_stderr(err):
        rc = cli.main(["--data-dir", str(tmp_path), *argv])
    assert rc == 141  # as a shell reports a tool stopped by SIGPIPE
    assert err.getvalue() == ""  # no traceback, no message: the reader chose to stop reading


def test_a_closed_pipe_in_the_real_program_leaves_no_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = "import sys; from mythtable import cli; sys.exit(cli.main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", script, "--data-dir", str(tmp_path), "setup", "mythcraft"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before the first line
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err and b"Exception ignored" not in err, err.decode()
    assert proc.returncode == 141


@pytest.mark.parametrize("argv", [["saves", "list"], ["decks", "list"], ["play", "mythicarium"]])
def test_a_data_dir_that_is_a_file_is_refused(argv: list[str], tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main([*argv, "--data-dir", str(a_file)])
    assert rc == 1 and out.getvalue() == ""
    assert err.getvalue() == f"mythtable: --data-dir {a_file} is a file, not a folder\n"
    assert a_file.read_text() == "not a folder"
