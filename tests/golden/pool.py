"""Golden playthroughs of the second printing (issue 18 item 5): one seeded greedy game per ruleset
played with new decks or a new encounter, kept beside the first goldens (whose files stay as they
were: adding content must not change an old game). Regenerate with `python -m tests.golden.pool`.

The game loop is the one of playthrough.py, with a chosen setup instead of the default one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from tests.golden.playthrough import HERE, transcript

POOL_GAMES: dict[str, tuple[str, int, dict[str, str]]] = {
    "mythicarium-pool": ("mythicarium", 2, {"deck1": "hidden-paths", "deck2": "cloud-temple"}),
    "magewars-pool": ("magewars", 5, {"deck1": "dust-devils", "deck2": "steam-and-cinders"}),
    "mythcraft-pool": ("mythcraft", 11, {"encounter": "E5"}),
}
"""Golden name -> (ruleset id, seed, setup options over the ruleset's defaults)."""


def pool_path(name: str) -> Path:
    return HERE / f"{name}.txt"


def pool_setup(name: str) -> tuple[str, int, Setup]:
    ruleset_id, seed, options = POOL_GAMES[name]
    default = Game.new(ruleset_id, seed).setup
    return ruleset_id, seed, Setup(list(default.players), {**default.options, **options})


def pool_playthrough(name: str) -> str:
    """The whole text of golden `name` (deterministic: seeded game and bots)."""
    ruleset_id, seed, setup = pool_setup(name)
    return transcript(Game.new(ruleset_id, seed, setup), ruleset_id, seed, "python -m tests.golden.pool")


def main(argv: list[str]) -> int:
    for name in argv or list(POOL_GAMES):
        path = pool_path(name)
        text = pool_playthrough(name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else ("written" if old is None else "changed")
        print(f"{path.relative_to(path.parents[2])}: {state} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
