"""Issue 29 items 5 and 8: files in folders others can write to are never followed through a link, never read
forever, and their names never reach the terminal as escape sequences.

- The save lock followed symbolic links: a `<save>.json.lock` linked to another file truncated that file (and
  wrote the lock's holder into it). Now the lock is opened with O_NOFOLLOW and such a save is refused, saying why.
- A lock that is a FIFO blocked whoever looked at it (the Continue list) for ever.
- `mythtable saves` printed a save's path unfiltered: an OSC sequence in a file name reached the terminal.
- `decks import` of a FIFO hung; now it is refused at once, as anything but a regular file is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mythtable.engine.errors import MythtableError
from mythtable.engine.game import Game
from mythtable.savelock import LockRefused, acquire, lock_path, open_elsewhere, release
from mythtable.saves import SaveManager, SaveStore
from tests.engine.locking import ROOT, saved_game


def _cli(root: Path, *args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MYTHTABLE_DATA_DIR": str(root)}
    return subprocess.run(
        [sys.executable, "-m", "mythtable", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def test_a_lock_planted_as_a_link_is_refused_and_its_target_left_alone(tmp_path: Path) -> None:
    save = saved_game(tmp_path, 2, "mythicarium")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    lock_path(save).symlink_to(victim)
    with pytest.raises(LockRefused, match="symbolic link"):
        acquire(save)
    store = SaveStore(tmp_path)
    (info,), _problems = store.list()
    with pytest.raises(MythtableError, match="symbolic link"):
        store.resume(info)
    with pytest.raises(MythtableError, match="symbolic link"):
        SaveManager(store).delete(save)
    assert open_elsewhere(save) is None  # looking is harmless and says nothing of a link
    # a new game whose save name was guessed and its lock planted: nothing is written through it
    game = Game.new("mythicarium", 5)
    game.save_name = "planted.json"
    lock_path(store.folder / "planted.json").symlink_to(victim)
    with pytest.raises(LockRefused):
        store.save(game)
    assert not (store.folder / "planted.json").exists()
    assert victim.read_text() == "precious\n", "the lock wrote through a link"
    assert save.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_lock_that_is_a_fifo_blocks_no_one(tmp_path: Path) -> None:
    """Looked at (the Continue list) and taken (resume), in another process so that a hang fails the test."""
    save = saved_game(tmp_path, 2, "mythicarium")
    os.mkfifo(lock_path(save))
    listed = _cli(tmp_path, "saves")
    assert listed.returncode == 0 and save.stem in listed.stdout
    deleted = _cli(tmp_path, "saves", "delete", save.stem, "--yes")
    assert deleted.returncode == 1 and "not a file" in deleted.stderr and deleted.stderr.count("\n") == 1
    assert save.exists()


def test_the_saves_command_filters_a_file_name(tmp_path: Path) -> None:
    save = saved_game(tmp_path, 2, "mythicarium")
    hostile = save.with_name("\x1b]0;pwned\x07\x1b[31mred.json")
    shutil.copy(save, hostile)
    listed = _cli(tmp_path, "saves")
    assert listed.returncode == 0, listed.stderr
    assert "\x1b" not in listed.stdout and "\x07" not in listed.stdout
    assert "red.json" in listed.stdout and "pwned" not in listed.stdout  # the sequences gone, whole
    assert "\x1b" not in listed.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize(
    "command",
    [["decks", "import", "{}"], ["parties", "import", "{}"], ["replay", "{}"], ["replay", "{}", "--verify"]],
    ids=["decks import", "parties import", "replay", "replay --verify"],
)
def test_reading_a_fifo_does_not_hang(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "shared.toml"
    os.mkfifo(fifo)
    done = _cli(tmp_path / "data", *(part.format(fifo) for part in command))
    assert done.returncode == 1
    assert "not a regular file" in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_lock_is_released_as_before(tmp_path: Path) -> None:
    """The plain case is unchanged: taken, held (the file says by whom), let go and removed."""
    save = saved_game(tmp_path, 1, "mythicarium")
    acquire(save)
    assert lock_path(save).is_file() and not lock_path(save).is_symlink()
    release(save)
    assert not lock_path(save).exists()
