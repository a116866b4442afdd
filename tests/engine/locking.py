"""A second process that opens a save and keeps it open: the other session of the lock tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from mythtable.engine.game import Game
from mythtable.saves import SaveStore

ROOT = Path(__file__).parents[2]

HOLDER = """
import sys, time
from pathlib import Path
from mythtable.saves import SaveStore
store = SaveStore(Path(sys.argv[1]))
saves, _ = store.list()
info = next(s for s in saves if s.path.name == sys.argv[2])
game = store.resume(info)
while len(game.actions) < int(sys.argv[3]):
    game.apply(game.decision.actions[0])
    store.save(game)
print("holding", len(game.actions), flush=True)
time.sleep(600)
"""


def saved_game(root: Path, actions: int, ruleset_id: str = "mythcraft") -> Path:
    """A save of `actions` moves that no session holds (written, then let go, as after a quit)."""
    store = SaveStore(root)
    game = Game.new(ruleset_id, 3)
    for _ in range(actions):
        game.apply(game.decision.actions[0])  # type: ignore[union-attr]
    path = store.save(game)
    store.release(game)
    return path


def hold_in_other_process(root: Path, save: Path, actions: int) -> subprocess.Popen[str]:
    """Another process resumes the save, plays it on to `actions` moves and keeps it open."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MYTHTABLE_DATA_DIR": str(root)}
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root), save.name, str(actions)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line == f"holding {actions}\n", line
    return proc


def kill(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    if proc.stdout is not None:
        proc.stdout.close()
