"""Issue 29 item 1: a remote player (a game that `serve ssh` or `serve web` runs) stays in their own folder.

Every place where a player gives a path or a name, run as the servers run a game (MYTHTABLE_REMOTE set to "ssh"
or "web", the data folder the player's own, their settings inside it), each test once per kind:

- Continue / Replays `x` (export): SSH, the record as a code to copy; web, a download named by the program;
  never a question for a path.
- Continue / Replays `r` (rename): a name inside the saves folder (letters, digits, space, _ . -), else refused.
- The deck, party and encounter builders' file name box: lower-case words and hyphens (the box drops anything
  else; a name set past it is refused by the save).
- Their shown names: text inside the file, never part of a path.
- Imports, record codes, replay files, --data-dir: the command line only, which no remote player reaches
  (tests/serve/test_remote_room.py).

Around the player's folder, the test lays out what an attacker aims at: the server account's home (HOME, where
Export's box suggested writing) and another key's folder of saves. After every attempt, nothing outside the
player's own folder has changed, and inside it only what the place writes.

The local counterpart, a player at this machine exporting to a path: never over a file, never through a link.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from mythtable import codes
from mythtable.engine.record_schema import read_record
from mythtable.saves import SaveError, SaveManager, SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import AskScreen
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.decks import DeckEditorScreen
from mythtable.tui.screens.encounter_editor import EncounterEditorScreen
from mythtable.tui.screens.party_editor import PartyEditorScreen
from mythtable.tui.screens.take_away import RecordCodeScreen
from mythtable.tui.start import SavedGames
from tests.built.editing import EDITOR_STARTS
from tests.engine.locking import saved_game

REMOTE_KINDS = ["ssh", "web"]


class Room:
    """The player's folder amid what lies around it on the server."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.me = root / "players" / "me"
        self.other = root / "players" / "other"
        for folder in (self.home, self.me, self.other / "saves"):
            folder.mkdir(parents=True)
        (self.home / ".bash_profile").write_text("# the server account's own\n")
        (self.other / "saves" / "theirs.json").write_text("{}\n")

    def targets(self) -> list[str]:
        """Paths and names an attacker types, aimed outside the player's folder."""
        return [
            str(self.home / ".bash_profile"),
            str(self.home / "new-file"),
            str(self.other / "saves" / "planted.json"),
            "../other/saves/planted",
            "../../home/.bashrc",
            "/tmp/mythtable-remote-room-probe",
            "~/.profile",
            "saves/../../other/x",
        ]

    def outside(self) -> dict[str, str]:
        """Every file outside the player's folder, with a digest of its contents."""
        found = {}
        for dirpath, _dirs, files in os.walk(self.root):
            if Path(dirpath).is_relative_to(self.me):
                continue
            for name in files:
                path = Path(dirpath) / name
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
        return found

    def inside(self) -> set[str]:
        """The player's files, relative to their folder (the content cache and settings left out)."""
        return {
            str(Path(dirpath, name).relative_to(self.me))
            for dirpath, _dirs, files in os.walk(self.me)
            for name in files
            if not Path(dirpath).is_relative_to(self.me / "config")
        }


@pytest.fixture(params=REMOTE_KINDS)
def room(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Room]:
    """A game as `serve ssh` / `serve web` starts one (serve/pty_process.remote_environment)."""
    place = Room(tmp_path)
    monkeypatch.setenv("MYTHTABLE_REMOTE", request.param)
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", str(place.me))
    monkeypatch.setenv("MYTHTABLE_CONFIG_DIR", str(place.me / "config"))
    monkeypatch.setenv("HOME", str(place.home))
    before = place.outside()
    yield place
    assert place.outside() == before, "a remote player's action changed a file outside their folder"
    assert not Path("/tmp/mythtable-remote-room-probe").exists()


async def _continue(app: MythtableApp, pilot, finished: bool) -> ContinueScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    if finished:
        app.push_screen(ContinueScreen(app.store, finished=True))
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ContinueScreen) and screen.saves
    return screen


@pytest.mark.parametrize("finished", [False, True], ids=["continue", "replays"])
async def test_export_asks_for_no_path_and_offers_the_record_to_take_away(room: Room, finished: bool) -> None:
    from tests.engine.test_saves_manage import finished_save

    save = finished_save(room.me) if finished else saved_game(room.me, 2, "mythicarium")
    delivered: list[dict[str, object]] = []
    app = MythtableApp(start=None if finished else SavedGames())
    assert app.remote in REMOTE_KINDS

    def deliver(source, **options):  # type: ignore[no-untyped-def]
        delivered.append({"text": source.read(), **options})
        return "key"

    app.deliver_text = deliver  # type: ignore[method-assign]
    (room.me / "saves" / "broken.json").write_text("{")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _continue(app, pilot, finished)
        where = str(screen.query_one("#where").render())
        assert where == f"saves/{save.name}", "the server's folders are not shown to a remote player"
        problems = str(screen.query_one("#problems").render())
        assert "saves/broken.json" in problems and str(room.root) not in problems
        for target in room.targets():
            await pilot.press("x")
            await pilot.pause()
            assert not isinstance(app.screen, AskScreen), "a remote player was asked for a path"
            if app.remote == "ssh":
                await pilot.press("ctrl+u", *target, "enter")  # what the reproduction typed into the box
                await pilot.pause()
                shown = app.screen
                assert isinstance(shown, RecordCodeScreen)
                code = shown.query_one(TextArea).text
                assert codes.decode_record(code).model_dump() == read_record(save).model_dump()
                await pilot.press("escape")
                await pilot.pause()
            assert app.screen is screen
    if app.remote == "web":
        assert len(delivered) == len(room.targets())
        for delivery in delivered:
            assert delivery["save_filename"] == save.name, "the download's name is the program's"
            assert delivery["text"] == save.read_text()
    assert room.inside() == {f"saves/{save.name}", "saves/broken.json"}


async def test_rename_takes_only_a_name_inside_the_saves_folder(room: Room) -> None:
    save = saved_game(room.me, 2, "mythicarium")
    app = MythtableApp(start=SavedGames())
    async with app.run_test(size=(80, 24)) as pilot:
        await _continue(app, pilot, False)
        for target in [*room.targets(), ".hidden", "a/b", "x" * 80, "\x1b]0;title\x07"]:
            await pilot.press("r")
            await pilot.pause()
            answer = app.screen.query_one("#answer", Input)
            answer.value = target  # as pasted, whatever the keys would let through
            await pilot.press("enter")
            await pilot.pause()
            assert room.inside() == {f"saves/{save.name}"}, target
        await pilot.press("r", "ctrl+u", *"sunday game", "enter")
        await pilot.pause()
    assert room.inside() == {"saves/sunday game.json"}


BUILDERS = [
    (DeckEditorScreen, "#deck-name", "decks/mythicarium"),
    (PartyEditorScreen, "#party-name", "parties"),
    (EncounterEditorScreen, "#enc-name", "encounters"),
]


@pytest.mark.parametrize("editor,label_box,folder", BUILDERS, ids=[b[0].KIND for b in BUILDERS])
async def test_a_built_file_is_named_only_inside_its_folder(room: Room, editor, label_box: str, folder: str) -> None:  # type: ignore[no-untyped-def]
    app = MythtableApp(start=EDITOR_STARTS[editor.KIND]())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, editor)
        box = screen.query_one("#file-name", Input)
        for target in room.targets():
            box.value = target  # set, not typed: past the box's own filter, the save still refuses it
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "not a name" in screen.message or "characters" in screen.message, screen.message
            assert room.inside() == set(), target
        # typed, the box keeps only lower-case letters, digits and hyphens
        box.focus()
        await pilot.press("ctrl+u", *"../../home/.bash-profile")
        await pilot.pause()
        assert box.value == "homebash-profile"
        # the shown name is text inside the file: a path there names no file
        screen.query_one(label_box, Input).value = "../../home/.bash_profile"
        await pilot.pause()  # the file name follows the shown name, as a slug
        assert box.value == "home-bash-profile"
        box.value = "mine"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.message.startswith(f"Saved {folder}/mine.toml"), "paths are shown inside the player's folder"
    assert room.inside() == {f"{folder}/mine.toml"}
    assert "../../home/.bash_profile" in (room.me / folder / "mine.toml").read_text()


def test_the_servers_mark_their_games_remote_and_keep_their_settings_in_their_folder(tmp_path: Path) -> None:
    """What the servers hand a game: remote (so the screens above ask for no path) and its own settings folder."""
    from mythtable.serve.pty_process import child_environment, remote_environment

    for kind in REMOTE_KINDS:
        env = child_environment("xterm", None, remote_environment(kind, tmp_path))
        assert env["MYTHTABLE_REMOTE"] == kind
        assert Path(env["MYTHTABLE_CONFIG_DIR"]).is_relative_to(tmp_path)


# ----- at this machine: a path, but never over a file nor through a link -----------------------------------------


def test_local_export_never_overwrites_nor_goes_through_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MYTHTABLE_REMOTE", raising=False)
    manager = SaveManager(SaveStore(tmp_path))
    save = saved_game(tmp_path, 2, "mythicarium")
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "linked-folder").symlink_to(real)
    (tmp_path / "linked-file").symlink_to(victim)
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    with pytest.raises(SaveError, match="symbolic link"):
        manager.export(save, tmp_path / "linked-folder" / "copy.json")
    with pytest.raises(SaveError, match="symbolic link"):
        manager.export(save, tmp_path / "linked-folder")
    with pytest.raises(SaveError, match="symbolic link"):
        manager.export(save, tmp_path / "linked-file")
    with pytest.raises(SaveError, match="symbolic link"):
        manager.export(save, tmp_path / "dangling")
    with pytest.raises(SaveError, match="already exists"):
        manager.export(save, victim)
    assert victim.read_text() == "precious\n" and not (tmp_path / "nowhere").exists()
    assert list(real.iterdir()) == []
    copy = manager.export(save, real)  # the real path is fine
    assert copy == real / save.name and copy.read_bytes() == save.read_bytes()


def test_a_record_code_comes_back_as_a_save_never_over_another(tmp_path: Path) -> None:
    """What a remote player took away (Export's code) goes into the saves at home: `saves import-code`."""
    save = saved_game(tmp_path / "there", 3, "mythicarium")
    code = codes.encode_record(save.read_text())
    manager = SaveManager(SaveStore(tmp_path / "home"))
    added = manager.import_code(code)
    assert added.parent == tmp_path / "home" / "saves"
    assert read_record(added).model_dump() == read_record(save).model_dump()
    named = manager.import_code(" \n".join(code[i : i + 80] for i in range(0, len(code), 80)), "from the server")
    assert named.name == "from the server.json"
    with pytest.raises(SaveError, match="already a save"):
        manager.import_code(code, "from the server")
    for bad_name in ("../escape", "/tmp/x", "a/b"):
        with pytest.raises(SaveError):
            manager.import_code(code, bad_name)
    with pytest.raises(codes.CodeError):
        manager.import_code(code[:-20])
    assert sorted(p.name for p in (tmp_path / "home" / "saves").iterdir()) == sorted([added.name, named.name])
