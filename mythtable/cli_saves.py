"""`mythtable saves`: list, delete, rename, export and import saved games (records), outside the game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mythtable.engine.errors import MythtableError


def add_saves_parser(sub: Any, data: argparse.ArgumentParser) -> None:
    """`mythtable saves [list|delete|rename|export]`: the saved games (records) and what to do with them."""
    saves = sub.add_parser(
        "saves",
        help="list saved games with their paths; delete, rename or export one",
        description="Every game is saved after every move, finished games too (their records stay until "
        "deleted). Without a subcommand: list them. NAME is a save's name as the list shows it.",
        parents=[data],
    )
    how = saves.add_subparsers(dest="saves_command", metavar="SUBCOMMAND")
    how.add_parser("list", help="list the saves, newest first, with who won or whose move it is", parents=[data])
    delete = how.add_parser("delete", help="delete a save for good (asks first)", parents=[data])
    delete.add_argument("name", metavar="NAME")
    delete.add_argument("--yes", "-y", action="store_true", help="do not ask")
    rename = how.add_parser("rename", help="give a save a new name", parents=[data])
    rename.add_argument("old", metavar="OLD")
    rename.add_argument("new", metavar="NEW", help="letters, digits, spaces, '_', '.' and '-'")
    export = how.add_parser("export", help="copy a save's record to a file or folder", parents=[data])
    export.add_argument("name", metavar="NAME")
    export.add_argument("path", metavar="PATH", type=Path)
    imp = how.add_parser(
        "import-code",
        help="add a game from a record code (what Export shows over SSH: MTR1.…)",
        parents=[data],
    )
    imp.add_argument("code", metavar="CODE")
    imp.add_argument("--name", help="the save's name (default: a new one); letters, digits, spaces, '_', '.' and '-'")


def run_saves(args: argparse.Namespace) -> int:
    """List, delete, rename or export saves; a save being played in another session is left alone."""
    from mythtable.engine.text import clean_text
    from mythtable.saves import SaveManager, SaveStore, data_dir
    from mythtable.tui.screens.continue_game import save_label

    store = SaveStore(data_dir(args.data_dir))
    manager = SaveManager(store)
    command = args.saves_command or "list"
    if command == "list":
        saves, problems = store.list()
        # Every line goes through clean_text: a save's file name is anyone's text too (an OSC sequence in one
        # reached the terminal, issue 29), as are the names in it and the folder given with --data-dir.
        if not saves:
            print(clean_text(f"No saved games in {store.folder}", newlines=False))
        else:
            print(clean_text(f"Saves in {store.folder} (newest first):", newlines=False))
        for info in saves:
            state = "finished" if info.finished else "unfinished"
            holder = store.open_elsewhere(info)
            busy = f" · open in another session{holder.since_text()}" if holder is not None else ""
            print(clean_text(f"  {info.name}  [{state}] {save_label(info)}{busy}", newlines=False))
            print(clean_text(f"      {info.path}", newlines=False))
        for problem in problems:
            print(clean_text(f"mythtable: cannot read {problem}", newlines=False), file=sys.stderr)
        return 0
    if command == "delete":
        path = manager.find(args.name)
        if not args.yes:
            if not sys.stdin.isatty():
                raise MythtableError(f"not deleted: add --yes to delete {path.stem} without being asked")
            answer = input(f"Delete {path.stem} for good? [y/N] ").strip().lower()
            if answer not in ("y", "yes"):
                print("Nothing deleted.")
                return 1
        manager.delete(path)
        print(f"Deleted {path.stem} ({path}).")
        return 0
    if command == "rename":
        path = manager.find(args.old)
        target = manager.rename(path, args.new)
        print(f"Renamed {path.stem} to {target.stem} ({target}).")
        return 0
    if command == "import-code":
        target = manager.import_code(args.code, args.name)
        print(f"Added {target.stem} ({target}).")
        return 0
    path = manager.find(args.name)
    target = manager.export(path, args.path.expanduser().absolute())
    print(f"Exported {path.stem} to {target}.")
    return 0
