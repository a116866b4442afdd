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

from mythtable.engine.errors import MythtableError, RecordError
from mythtable.engine.game import Game
from mythtable.engine.record import record_json, write_atomic
from mythtable.safe_io import create_new, read_regular, symlink_on
from mythtable.savelock import Holder, SaveLocked, SaveNotHeld, acquire, holds, open_elsewhere, release

if TYPE_CHECKING:  # reading saves validates them with pydantic; saving a game needs none of it
    from mythtable.engine.record_schema import GameRecord

SAVE_NAME = re.compile(r"^[a-z]+-\d{8}-\d{6}-[0-9a-f]{6}\.json$")


def unknown_ruleset(ruleset_id: str) -> str | None:
    """Why a save of this ruleset cannot be opened here, or None when this mythtable has it."""
    from mythtable.engine.registry import available
    from mythtable.engine.text import one_line

    if ruleset_id in available():
        return None
    return f"a game of {one_line(ruleset_id, 40)!r}, a ruleset this mythtable does not have"


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

    @property
    def name(self) -> str:
        """The save's name: its file name without .json (what `mythtable saves` and the list use)."""
        return self.path.stem

    def standing(self) -> str:
        """Who won, or whose move it is: "Ana won", "a draw", "Bram to move" ("" when an old save does not say)."""
        record = self.record
        players = record.setup.players
        if record.result is not None:
            winner = record.result.winner
            return "a draw" if winner is None or not 0 <= winner < len(players) else f"{players[winner]} won"
        if record.to_move is not None and 0 <= record.to_move < len(players):
            return f"{players[record.to_move]} to move"
        return ""


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
                record = read_record(path)
            except RecordError as exc:
                problems.append(str(exc))
                continue
            unknown = unknown_ruleset(record.ruleset)
            if unknown is not None:  # listed as a game, it failed only when opened
                problems.append(f"{path}: {unknown}")
                continue
            saves.append(SaveInfo(path, record))
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


# ----- managing saves (issue 16 item 6): delete, rename, export ------------------------------

NEW_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
"""A name a player may give a save: letters, digits, space, _ . - (no folders, no hidden files)."""


class SaveError(MythtableError):
    """A save cannot be found, renamed or written as asked; nothing was changed."""


def save_file_name(name: str) -> str:
    """`NAME` or `NAME.json` as the file name in the saves folder; SaveError for anything else."""
    name = name.strip()
    file_name = name if name.endswith(".json") else f"{name}.json"
    if not NEW_NAME.fullmatch(file_name) or file_name in (".json", "..json") or file_name.endswith(".lock"):
        raise SaveError(
            f"{name!r} is not a save name: use letters, digits, spaces, '_', '.' and '-' "
            "(at most 64 characters, no folders)"
        )
    return file_name


def _refuse_if_open(path: Path, doing: str) -> None:
    holder = open_elsewhere(path)
    if holder is not None:
        raise SaveError(
            f"cannot {doing} {path.stem}: it is being played in another session{holder.since_text()}; "
            "close it there first"
        )


def _take(path: Path, doing: str) -> None:
    """Hold the save while it is changed, so no session opens it meanwhile (SaveError if one has it)."""
    _refuse_if_open(path, doing)
    try:
        acquire(path)
    except SaveLocked:
        _refuse_if_open(path, doing)
        raise SaveError(f"cannot {doing} {path.stem}: it is open in another session; close it there first") from None


class SaveManager:
    """Delete, rename and export the saves of a SaveStore, refusing a save open in another session."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store

    def find(self, name: str) -> Path:
        """The save called `name` (with or without .json); SaveError if there is none."""
        path = self.store.folder / save_file_name(name)
        if not path.is_file():
            raise SaveError(f"no save called {name!r} in {self.store.folder} (see `mythtable saves`)")
        return path

    def delete(self, path: Path) -> None:
        """Remove the save (finished or not) and its lock; refused while another session plays it."""
        _take(path, "delete")
        try:
            path.unlink()
        except FileNotFoundError:
            raise SaveError(f"{path.stem} is already gone") from None
        except OSError as exc:
            raise SaveError(f"cannot delete {path.stem}: {exc.strerror or exc}") from None
        finally:
            release(path)

    def rename(self, path: Path, new_name: str) -> Path:
        """Give the save a new name in the same folder; never over another save."""
        target = path.with_name(save_file_name(new_name))
        if target == path:
            return path
        if target.exists():
            raise SaveError(f"there is already a save called {target.stem}; choose another name")
        _take(path, "rename")
        try:
            try:
                os.link(path, target)  # fails if the name was taken meanwhile: never overwrites
            except FileExistsError:
                raise SaveError(f"there is already a save called {target.stem}; choose another name") from None
            except OSError:  # a file system without hard links
                if target.exists():
                    raise SaveError(f"there is already a save called {target.stem}; choose another name") from None
                os.replace(path, target)
            else:
                path.unlink()
        except OSError as exc:
            raise SaveError(f"cannot rename {path.stem}: {exc.strerror or exc}") from None
        finally:
            release(path)
        return target

    def export(self, path: Path, destination: Path) -> Path:
        """Copy the save's record to `destination` (a file, or a folder to put it in), for a player at this
        machine: never over a file, never through a symbolic link (a link anywhere on the path is refused, with
        the real path to give instead). A remote player names no path: they take `record_text` away."""
        destination = destination.expanduser().absolute()
        link = symlink_on(destination)
        if link is not None:
            raise SaveError(
                f"cannot export to {destination}: {link} is a symbolic link, and exports never go through one; "
                f"give the real path ({os.path.realpath(destination)})"
            )
        if destination.is_dir():
            destination = destination / path.name
        if os.path.lexists(destination):
            raise SaveError(f"{destination} already exists; choose another path")
        if not destination.parent.is_dir():
            raise SaveError(f"cannot export to {destination}: the folder {destination.parent} does not exist")
        text = self.record_text(path)
        try:
            create_new(destination, text)
        except FileExistsError:
            raise SaveError(f"{destination} already exists; choose another path") from None
        except OSError as exc:
            raise SaveError(f"cannot export to {destination}: {exc.strerror or exc}") from None
        return destination

    def import_code(self, code: str, name: str | None = None) -> Path:
        """Add the game of a record code (`codes.encode_record`: what a remote player took away) as a save,
        under `name` or a new save name; checked as a record file is, and never over another save."""
        from mythtable.codes import decode_record
        from mythtable.engine.registry import available

        record = decode_record(code)
        if name is not None:
            file_name = save_file_name(name)
        else:  # the record's ruleset names the file only if it is one this mythtable has (a plain word)
            file_name = new_save_name(record.ruleset if record.ruleset in available() else "game")
        target = self.store.folder / file_name
        try:
            self.store.folder.mkdir(parents=True, exist_ok=True)
            create_new(target, record.to_json())
        except FileExistsError:
            raise SaveError(f"there is already a save called {target.stem}; choose another name") from None
        except OSError as exc:
            raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from None
        return target

    def record_text(self, path: Path) -> str:
        """The save's record as text, as `mythtable replay` reads it back (to export, copy or download)."""
        from mythtable.engine.record import MAX_RECORD_BYTES

        try:
            data = read_regular(path, MAX_RECORD_BYTES)
        except FileNotFoundError:
            raise SaveError(f"{path.stem} is gone") from None
        except (OSError, ValueError) as exc:
            raise SaveError(f"cannot read {path.stem}: {getattr(exc, 'strerror', None) or exc}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise SaveError(f"{path.stem} is too large to be a record")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"{path.stem} is not a text file") from None
