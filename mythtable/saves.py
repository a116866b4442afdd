"""Autosaves: every game is written after every action, atomically, in the user's data folder.

A save is a game record (see engine/record.py); resuming replays it. Unreadable files are
reported one by one and never stop the other saves from loading. One session writes a save at a
time (see savelock.py): resuming takes the save's lock, a new game takes it before its first write,
and a write to a save this process does not hold is refused.
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from mythtable.engine.errors import RecordError
from mythtable.engine.game import Game
from mythtable.engine.record import record_json, write_atomic
from mythtable.savelock import Holder, SaveNotHeld, acquire, holds, open_elsewhere, release

if TYPE_CHECKING:  # reading saves validates them with pydantic; saving a game needs none of it
    from mythtable.engine.record_schema import GameRecord

SAVE_NAME = re.compile(r"^[a-z]+-\d{8}-\d{6}-[0-9a-f]{6}\.json$")


def data_dir(override: Path | None = None) -> Path:
    """--data-dir, else $MYTHTABLE_DATA_DIR, else the platform's user data folder."""
    if override is not None:
        return override
    env = os.environ.get("MYTHTABLE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_data_path("mythtable", appauthor=False)


def new_save_name(ruleset_id: str) -> str:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{ruleset_id}-{stamp}-{secrets.token_hex(3)}.json"


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    record: GameRecord

    @property
    def finished(self) -> bool:
        return self.record.result is not None


class SaveStore:
    """The folder of saves. `save(game)` after every action; `list()` for the Continue screen."""

    def __init__(self, root: Path) -> None:
        self.folder = root / "saves"

    def path_for(self, game: Game) -> Path:
        if game.save_name is None:
            game.save_name = new_save_name(game.ruleset.id)
        return self.folder / game.save_name

    def save(self, game: Game) -> Path:
        """Write the game; a brand-new save is locked first, an existing one must be held already.

        Raises SaveNotHeld (and writes nothing) for a save this session did not open: another
        session may have played on since, and this write would undo its moves."""
        path = self.path_for(game)
        if not holds(path):
            if path.exists():
                raise SaveNotHeld(path)
            acquire(path)  # SaveLocked if another session got there first
        write_atomic(path, record_json(game.record_data()))
        return path

    def release(self, game: Game) -> None:
        """The game is over or closed: let another session open its save."""
        if game.save_name is not None:
            release(self.folder / game.save_name)

    def open_elsewhere(self, info: SaveInfo) -> Holder | None:
        """Who has this save open in another session, if anyone (for the Continue list)."""
        return open_elsewhere(info.path)

    def list(self) -> tuple[list[SaveInfo], list[str]]:
        """Readable saves, newest first, and one message per file that could not be read."""
        from mythtable.engine.record_schema import read_record

        saves: list[SaveInfo] = []
        problems: list[str] = []
        if not self.folder.is_dir():
            return saves, problems
        for path in sorted(self.folder.glob("*.json")):
            if path.exists() and not path.is_file():  # a FIFO would block the list forever
                problems.append(f"{path}: not a regular file")
                continue
            try:
                saves.append(SaveInfo(path, read_record(path)))
            except RecordError as exc:
                problems.append(str(exc))
        saves.sort(key=lambda s: s.record.updated, reverse=True)
        return saves, problems

    def resume(self, info: SaveInfo) -> Game:
        """Take the save's lock (SaveLocked if it is open elsewhere), then replay its latest record.

        The file is read again once locked: the listed record may be older than what another
        session wrote before it let go."""
        from mythtable.engine.record_schema import read_record

        acquire(info.path)
        try:
            record = read_record(info.path) if info.path.exists() else info.record
            game = Game.from_record(record)
        except BaseException:
            release(info.path)
            raise
        game.save_name = info.path.name
        return game
