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
"""


def test_kill_9_mid_write_leaves_the_last_complete_save(tmp_path: Path) -> None:
    target = tmp_path / "saves" / "game.json"
    rng = Rng(9)
    seen = 0
    for _ in range(25):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=Path(__file__).parents[2])
        time.sleep(0.15 + rng.below(200) / 1000)  # somewhere in the middle of some write
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        if not target.exists():
            continue  # killed before the first rename: no save yet, and no half file either
        data = json.loads(target.read_text())  # never a torn file
        assert data["n"] == data["end"] and len(data["pad"]) == 200_000
        seen += 1
    assert seen >= 20
    assert [p.name for p in target.parent.glob("*.json")] == ["game.json"]
