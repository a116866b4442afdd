"""A save survives kill -9 at any moment: the file is always the last complete save."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from mythtable.engine.dice import Rng

WRITER = """
import json, sys
from pathlib import Path
from mythtable.engine.record import write_atomic
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    write_atomic(path, json.dumps({"n": n, "pad": "x" * 200_000, "end": n}))
    if n == 1:
        print("saved", flush=True)  # the test starts its clock here, however slowly Python started
"""


def test_kill_9_mid_write_leaves_the_last_complete_save(tmp_path: Path) -> None:
    target = tmp_path / "saves" / "game.json"
    rng = Rng(9)
    newest = 0
    for _ in range(25):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)],
            cwd=Path(__file__).parents[2],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline() == "saved\n"
        time.sleep(rng.below(50) / 1000)  # somewhere in the middle of some later write
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdout.close()
        data = json.loads(target.read_text())  # never a torn file
        assert data["n"] == data["end"] and len(data["pad"]) == 200_000
        newest = max(newest, data["n"])
    assert newest > 1  # some kills came after later writes had begun, not only after the first
    assert [p.name for p in target.parent.glob("*.json")] == ["game.json"]
