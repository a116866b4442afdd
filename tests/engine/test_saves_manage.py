"""Saves you can manage (issue 16 item 6): delete, rename, export, from the command line, refusing a
save played in another session; the list says who won or whose move it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mythtable.engine.game import Game
from mythtable.engine.record_schema import read_record
from mythtable.engine.simulate import play_game
from mythtable.saves import SaveError, SaveManager, SaveStore, save_file_name
from tests.engine.locking import ROOT, hold_in_other_process, kill, saved_game


def finished_save(root: Path) -> Path:
    outcome = play_game("mythicarium", 4)
    assert outcome.game is not None and outcome.game.result is not None
    store = SaveStore(root)
    path = store.save(outcome.game)
    store.release(outcome.game)
    return path


def cli(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real entry point, as a user runs it (the data folder given after the command)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MYTHTABLE_DATA_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "mythtable", *args, "--data-dir", str(root)],
        cwd=ROOT,
        env=env,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_record_says_whose_move_it_is_and_the_list_shows_it_or_the_winner(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 3, "mythicarium")
    record = read_record(path)
    game = Game.from_record(record)
    assert game.decision is not None and record.to_move == game.decision.seat
    done = finished_save(tmp_path)
    saves, problems = SaveStore(tmp_path).list()
    assert not problems
    by_path = {s.path: s for s in saves}
    players = record.setup.players
    assert by_path[path].standing() == f"{players[record.to_move]} to move"
    finished = read_record(done)
    assert finished.to_move is None and finished.result is not None
    assert by_path[done].standing() == f"{finished.setup.players[finished.result.winner]} won"


def test_an_old_save_without_to_move_still_loads_and_says_nothing_of_it(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 2, "mythicarium")
    data = json.loads(path.read_text())
    del data["to_move"]
    path.write_text(json.dumps(data))
    (info,), _ = SaveStore(tmp_path).list()
    assert info.record.to_move is None and info.standing() == ""


def test_delete_rename_export_through_the_manager(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    manager = SaveManager(store)
    path = saved_game(tmp_path, 2, "mythicarium")
    other = finished_save(tmp_path)
    original = path.read_bytes()
    renamed = manager.rename(manager.find(path.stem), "my game")
    assert renamed == store.folder / "my game.json" and not path.exists()
    assert renamed.read_bytes() == original
    with pytest.raises(SaveError, match="already a save called"):
        manager.rename(renamed, other.stem)
    for bad in ("../x", "a/b", ".hidden", "", "x" * 70):
        with pytest.raises(SaveError):
            manager.rename(renamed, bad)
    assert renamed.exists() and other.exists(), "a refused rename changed nothing"
    out = tmp_path / "out"
    out.mkdir()
    copy = manager.export(renamed, out)
    assert copy == out / "my game.json" and copy.read_bytes() == renamed.read_bytes()
    with pytest.raises(SaveError, match="already exists"):
        manager.export(renamed, copy)
    with pytest.raises(SaveError, match="does not exist"):
        manager.export(renamed, tmp_path / "nowhere" / "x.json")
    manager.delete(other)  # a finished game's record stays until deleted, then it is gone
    assert not other.exists()
    with pytest.raises(SaveError, match="no save called"):
        manager.find(other.stem)
    assert [s.path for s in store.list()[0]] == [renamed]


def test_save_file_names() -> None:
    assert save_file_name("a b") == "a b.json"
    assert save_file_name("mythicarium-20261201-171154-abc123.json") == "mythicarium-20261201-171154-abc123.json"
    for bad in ("..", "/etc/passwd", "-rf", "a\nb"):
        with pytest.raises(SaveError):
            save_file_name(bad)


def test_a_save_played_in_another_session_is_not_deleted_nor_renamed(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 1)
    proc = hold_in_other_process(tmp_path, path, 2)
    try:
        manager = SaveManager(SaveStore(tmp_path))
        with pytest.raises(SaveError, match="played in another session"):
            manager.delete(path)
        with pytest.raises(SaveError, match="played in another session"):
            manager.rename(path, "elsewhere")
        assert path.exists() and not (path.parent / "elsewhere.json").exists()
        result = cli(tmp_path, "saves", "delete", path.stem, "--yes")
        assert result.returncode == 1 and "played in another session" in result.stderr
        assert "Traceback" not in result.stderr and path.exists()
        listed = cli(tmp_path, "saves")
        assert "open in another session" in listed.stdout
        copy = tmp_path / "copy.json"
        assert cli(tmp_path, "saves", "export", path.stem, str(copy)).returncode == 0  # reading is fine
        assert read_record(copy).actions
    finally:
        kill(proc)


@pytest.mark.slow
def test_the_saves_command_lists_deletes_renames_and_exports(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 2, "mythicarium")
    done = finished_save(tmp_path)
    listed = cli(tmp_path, "saves")
    assert listed.returncode == 0, listed.stderr
    assert str(path) in listed.stdout and str(done) in listed.stdout
    assert "to move" in listed.stdout and " won" in listed.stdout
    assert "[finished]" in listed.stdout and "[unfinished]" in listed.stdout
    # before the command works too
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = subprocess.run(
        [sys.executable, "-m", "mythtable", "--data-dir", str(tmp_path), "saves", "list"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert before.stdout == listed.stdout
    # delete asks; with no terminal to ask on, --yes is needed
    refused = cli(tmp_path, "saves", "delete", done.stem)
    assert refused.returncode == 1 and "--yes" in refused.stderr and done.exists()
    gone = cli(tmp_path, "saves", "delete", done.stem, "--yes")
    assert gone.returncode == 0 and not done.exists(), gone.stderr
    renamed = cli(tmp_path, "saves", "rename", path.stem, "Sunday game")
    assert renamed.returncode == 0 and (path.parent / "Sunday game.json").exists() and not path.exists()
    copy = tmp_path / "exported.json"
    exported = cli(tmp_path, "saves", "export", "Sunday game", str(copy))
    assert exported.returncode == 0 and copy.read_bytes() == (path.parent / "Sunday game.json").read_bytes()
    missing = cli(tmp_path, "saves", "rename", "nope", "x")
    assert missing.returncode == 1 and "no save called 'nope'" in missing.stderr and "Traceback" not in missing.stderr
    bad = cli(tmp_path, "saves", "rename", "Sunday game", "../../etc")
    assert bad.returncode == 1 and "is not a save name" in bad.stderr
    helped = cli(tmp_path, "saves", "--help")
    assert helped.returncode == 0 and "delete" in helped.stdout and "export" in helped.stdout
