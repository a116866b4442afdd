"""One writer per save, checked with two real processes (issue 12, finding 5).

Two sessions on one save used to overwrite each other: A played to 17 actions, B's next move
rewrote the file at 10. Now the second session is refused (and told since when the game is open),
a lock left by a killed process is taken over, and a write to a save not held is refused.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from mythtable.engine.game import Game
from mythtable.engine.record_schema import read_record
from mythtable.savelock import SaveLocked, SaveNotHeld, lock_path
from mythtable.saves import SaveInfo, SaveStore
from tests.engine.locking import ROOT, hold_in_other_process, kill, saved_game


def only_save(store: SaveStore) -> SaveInfo:
    saves, problems = store.list()
    assert not problems and len(saves) == 1
    return saves[0]


def test_a_second_process_is_refused_told_since_when_and_takes_over_after_kill_9(tmp_path: Path) -> None:
    save = saved_game(tmp_path, 10)
    holder = hold_in_other_process(tmp_path, save, 17)
    try:
        store = SaveStore(tmp_path)
        info = only_save(store)
        elsewhere = store.open_elsewhere(info)
        assert elsewhere is not None and elsewhere.pid == holder.pid
        with pytest.raises(SaveLocked) as refused:
            store.resume(info)
        opened = datetime.fromisoformat(json.loads(lock_path(save).read_text())["since"])
        message = str(refused.value)
        assert message.startswith(f"this game is open in another session since {opened.astimezone():%H:%M}")
        assert "watch" in message
        assert len(read_record(save).actions) == 17, "the refused session wrote nothing"
    finally:
        holder.send_signal(signal.SIGKILL)
        kill(holder)
    # the lock file is still there, but its process is gone: the lock is taken over
    assert lock_path(save).exists()
    store = SaveStore(tmp_path)
    info = only_save(store)
    assert store.open_elsewhere(info) is None
    game = store.resume(info)
    assert len(game.actions) == 17
    assert json.loads(lock_path(save).read_text())["pid"] == os.getpid()
    store.save(game)
    store.release(game)
    assert not lock_path(save).exists()


def test_the_17_against_10_overwrite_cannot_happen(tmp_path: Path) -> None:
    save = saved_game(tmp_path, 10)
    store = SaveStore(tmp_path)
    listed_at_10 = only_save(store)  # B opens its Continue list while the game is at 10
    holder = hold_in_other_process(tmp_path, save, 17)  # A resumes and plays to 17
    try:
        before = save.read_bytes()
        with pytest.raises(SaveLocked):
            store.resume(listed_at_10)
        # even a game built from the old record by hand cannot be written over A's
        stale = Game.from_record(listed_at_10.record)
        stale.save_name = save.name
        stale.apply(stale.decision.actions[0])  # type: ignore[union-attr]
        with pytest.raises(SaveNotHeld):
            store.save(stale)
        assert save.read_bytes() == before
        assert len(read_record(save).actions) == 17
    finally:
        kill(holder)
    # A has quit: B's old list entry resumes what A left (17 moves), not what B had listed (10)
    game = store.resume(listed_at_10)
    assert len(game.actions) == 17
    game.apply(game.decision.actions[0])  # type: ignore[union-attr]
    store.save(game)
    assert len(read_record(save).actions) == 18
    store.release(game)


CHECKER = """
import sys
from pathlib import Path
from mythtable.saves import SaveInfo, SaveStore
from mythtable.savelock import SaveLocked
store = SaveStore(Path(sys.argv[1]))
saves, _ = store.list()
try:
    store.resume(saves[0])
except SaveLocked as exc:
    print("refused:", exc)
else:
    print("opened")
"""


def check_from_other_process(root: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHECKER, str(root)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout.strip()


def test_a_new_game_is_locked_before_its_first_save_and_let_go_after(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = Game.new("mythcraft", 5)
    path = store.save(game)
    assert json.loads(lock_path(path).read_text())["pid"] == os.getpid()
    assert check_from_other_process(tmp_path).startswith("refused: this game is open in another session since ")
    store.release(game)
    assert check_from_other_process(tmp_path) == "opened"


def test_a_writer_whose_lock_file_was_replaced_stops_writing(tmp_path: Path) -> None:
    """Someone removes the lock file while a game is open: another session could now lock a fresh
    one, so the first one must not write on (its moves are refused, the file is left alone)."""
    store = SaveStore(tmp_path)
    game = Game.new("mythcraft", 5)
    path = store.save(game)
    lock_path(path).unlink()
    lock_path(path).write_text("{}")  # as a second session would leave it
    before = path.read_bytes()
    game.apply(game.decision.actions[0])  # type: ignore[union-attr]
    with pytest.raises(SaveNotHeld):
        store.save(game)
    assert path.read_bytes() == before


def test_without_fcntl_saves_work_unlocked_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mythtable import savelock

    monkeypatch.setattr(savelock, "fcntl", None)
    store = SaveStore(tmp_path)
    game = Game.new("mythcraft", 5)
    path = store.save(game)
    info = only_save(store)
    assert store.open_elsewhere(info) is None
    game.apply(game.decision.actions[0])  # type: ignore[union-attr]
    assert store.save(game) == path and len(read_record(path).actions) == 1
    resumed = store.resume(info)
    assert len(resumed.actions) == 1
    store.release(resumed)
