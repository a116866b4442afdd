"""`--data-dir` is a global option: accepted before the command and after it, on every command and
subcommand, and the one given is the one used."""

from __future__ import annotations

import argparse
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from mythtable import cli


def every_command(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand, as the words that name it (`("saves", "delete")`)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                found.append((*path, name))
                found.extend(every_command(command, (*path, name)))
    return found


COMMANDS = every_command(cli.build_parser())


def test_the_walk_finds_the_commands_and_their_subcommands() -> None:
    assert {("play",), ("simulate",), ("saves", "delete"), ("decks", "import-code"), ("serve", "ssh")} <= set(COMMANDS)


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_command_takes_data_dir_after_it(words: tuple[str, ...]) -> None:
    parser = cli.build_parser()
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), pytest.raises(SystemExit) as ended:
        parser.parse_args([*words, "--data-dir", "/somewhere", "--help"])
    assert ended.value.code == 0, err.getvalue()
    assert "--data-dir" in out.getvalue()


def test_data_dir_after_the_command_is_the_one_used(tmp_path: Path) -> None:
    parser = cli.build_parser()
    after = parser.parse_args(["play", "mythicarium", "--data-dir", str(tmp_path), "--seed", "3"])
    before = parser.parse_args(["--data-dir", str(tmp_path), "play", "mythicarium", "--seed", "3"])
    neither = parser.parse_args(["play", "mythicarium"])
    assert after.data_dir == before.data_dir == tmp_path
    assert neither.data_dir is None
    listed = parser.parse_args(["--data-dir", str(tmp_path), "saves", "list"])
    assert listed.data_dir == tmp_path, "one given before the command is kept when none comes after"


def test_a_command_after_its_data_dir_reads_that_folder(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(["decks", "list", "--data-dir", str(tmp_path)])
    assert rc == 0, err.getvalue()
    assert str(tmp_path) in out.getvalue()
