"""The cache of validated content: what it returns is what validation returns, it follows every
change of the files or the code, and a damaged or foreign cache file is ignored and rebuilt."""

from __future__ import annotations

import importlib
import os
import pickle
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest

from mythtable.engine import content_cache, registry
from mythtable.engine.content import REFERENCE_TWINS
from mythtable.engine.errors import ContentError
from mythtable.engine.registry import available, entry, get, load, package_of
from mythtable.paths import assets_root

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this test's own, and load() forgetting what it loaded before."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("MYTHTABLE_CACHE_DIR", str(cache))
    registry._load_cached.cache_clear()
    yield cache / "content"
    registry._load_cached.cache_clear()


def copy_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(assets_root(), root)
    monkeypatch.setenv("MYTHTABLE_ASSETS", str(root))
    return root


@pytest.mark.parametrize("rid", available())
def test_every_plain_twin_has_exactly_the_fields_of_its_model(rid: str) -> None:
    schema = importlib.import_module(str(entry(rid).schema))
    for model, twin in {**schema.TWINS, **REFERENCE_TWINS}.items():
        assert {f.name for f in fields(twin)} == set(model.model_fields), f"{model.__name__} / {twin.__name__}"


@pytest.mark.parametrize("rid", available())
def test_cached_content_equals_validated_content(rid: str, fresh: Path) -> None:
    validated = get(rid).load_content(assets_root() / rid)
    first = load(rid)  # validates and writes the cache
    assert [p.name.split("-")[0] for p in fresh.iterdir()] == [rid]
    registry._load_cached.cache_clear()
    second = load(rid)  # reads it back
    assert first.content == validated == second.content
    assert second.content is not first.content
    assert first.content_hash == second.content_hash == content_cache.content_hash(assets_root() / rid)


def test_a_game_in_progress_never_imports_pydantic(fresh: Path) -> None:
    """With the cache warm, loading, playing and autosaving need neither pydantic nor the schemas."""
    script = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from mythtable.engine.bots import RandomBot
        from mythtable.engine.game import Game
        from mythtable.saves import SaveStore
        for rid in sys.argv[2:]:
            game = Game.new(rid, 7)
            bot = RandomBot(1)
            for _ in range(30):
                if game.decision is None:
                    break
                game.apply(bot.choose(game.ruleset, game.state, game.decision))
            SaveStore(Path(sys.argv[1])).save(game)
        print(sorted(m for m in sys.modules if m.startswith("pydantic") or m.endswith("schema")))
        """
    )
    env = {**os.environ, "MYTHTABLE_CACHE_DIR": str(fresh.parent)}
    argv = [sys.executable, "-c", script, str(fresh.parent / "data"), *available()]
    cold = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO, env=env, check=True)
    assert "pydantic" in cold.stdout  # the first start validated the files
    warm = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO, env=env, check=True)
    assert warm.stdout.strip() == "[]", warm.stdout


def test_a_changed_file_is_validated_again(tmp_path: Path, fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_assets(tmp_path, monkeypatch)
    before = load("mythicarium")
    cards = root / "mythicarium" / "cards.toml"
    cards.write_text(cards.read_text().replace('name = "Mara of the Black Veil"', 'name = "Mara the Veiled"', 1))
    registry._load_cached.cache_clear()
    after = load("mythicarium")
    assert before.content.cards["mara-black-veil"].name == "Mara of the Black Veil"
    assert after.content.cards["mara-black-veil"].name == "Mara the Veiled"
    assert after.content_hash != before.content_hash
    assert len(list(fresh.iterdir())) == 1, "the cache of the old files is gone"


def test_broken_content_is_reported_as_always_and_never_cached(
    tmp_path: Path, fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_assets(tmp_path, monkeypatch)
    cards = root / "mythicarium" / "cards.toml"
    cards.write_text(cards.read_text().replace("dp = 3\nhp = 6", 'dp = "three"\nhp = 6', 1))
    with pytest.raises(ContentError) as direct:
        get("mythicarium").load_content(root / "mythicarium")
    for _ in range(2):
        registry._load_cached.cache_clear()
        with pytest.raises(ContentError) as through_load:
            load("mythicarium")
        assert str(through_load.value) == str(direct.value)
    assert not fresh.exists() or not list(fresh.iterdir())


def the_cache_file(rid: str, cache: Path) -> Path:
    registry._load_cached.cache_clear()
    load(rid)
    (path,) = cache.glob(f"{rid}-*.pickle")
    return path


def damaged(data: bytes, kind: str) -> bytes:
    head_len = len(content_cache.FORMAT)
    key, checksum, payload = data[head_len:].split(b"\n", 2)
    if kind == "truncated":
        return data[: len(data) // 2]
    if kind == "garbage":
        return os.urandom(len(data))
    if kind == "empty":
        return b""
    if kind == "flipped byte":
        return data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:]
    if kind == "other key":
        return data[:head_len] + b"0" * len(key) + b"\n" + checksum + b"\n" + payload
    if kind == "other format":
        return b"mythtable content cache 0\n" + data[head_len:]
    if kind == "wrong pickle":  # a valid header and checksum around a pickle of something else
        other = pickle.dumps({"cards": 1})
        return data[:head_len] + key + b"\n" + content_cache.hashlib.sha256(other).hexdigest().encode() + b"\n" + other
    raise AssertionError(kind)


KINDS = ["truncated", "garbage", "empty", "flipped byte", "other key", "other format", "wrong pickle"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_cache_file_is_ignored_and_rebuilt(kind: str, fresh: Path) -> None:
    path = the_cache_file("mythcraft", fresh)
    good = path.read_bytes()
    path.write_bytes(damaged(good, kind))
    registry._load_cached.cache_clear()
    loaded = load("mythcraft")
    assert loaded.content == get("mythcraft").load_content(assets_root() / "mythcraft")
    assert path.read_bytes() == good, "rebuilt"


def test_a_cache_file_that_would_run_code_is_refused(tmp_path: Path, fresh: Path) -> None:
    """Only the ruleset's own dataclasses may be rebuilt from a cache file: never a function call."""
    path = the_cache_file("mythcraft", fresh)
    data = path.read_bytes()
    key = data[len(content_cache.FORMAT) :].split(b"\n", 1)[0].decode()
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self) -> tuple[object, ...]:
            return (os.system, (f"touch {marker}",))

    for payload in (Evil(), {"x": Path("/")}, [os.getcwd]):
        data = pickle.dumps(payload)
        checksum = content_cache.hashlib.sha256(data).hexdigest()
        path.write_bytes(content_cache.FORMAT + f"{key}\n{checksum}\n".encode() + data)
        found, value = content_cache.read_cache(path, key, package_of("mythcraft"))
        assert (found, value) == (False, None)
    assert not marker.exists()
    registry._load_cached.cache_clear()
    assert load("mythcraft").content == get("mythcraft").load_content(assets_root() / "mythcraft")


def test_a_cache_folder_that_cannot_be_written_does_not_matter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("MYTHTABLE_CACHE_DIR", str(blocker))
    registry._load_cached.cache_clear()
    try:
        loaded = load("magewars")
    finally:
        registry._load_cached.cache_clear()
    assert loaded.content == get("magewars").load_content(assets_root() / "magewars")
    assert blocker.read_text().startswith("a file")


def test_the_write_is_atomic_and_leaves_no_temporary_file(fresh: Path) -> None:
    path = the_cache_file("magewars", fresh)
    content = load("magewars").content
    assert content_cache.write_cache(path, "k", content)  # in place: the rename replaces it whole
    assert sorted(p.name for p in fresh.iterdir()) == [path.name]
    assert content_cache.read_cache(path, "k", package_of("magewars")) == (True, content)
    assert not content_cache.write_cache(path, "k", {"cards": {}}), "a dict is not content"
    assert content_cache.read_cache(path, "k", package_of("magewars")) == (True, content)


def test_the_key_follows_the_code_as_well_as_the_files(tmp_path: Path) -> None:
    """Editing the code that validates or defines the content makes a new key (so no stale cache
    survives a code change); the same code and files always make the same key."""
    package = package_of("mythicarium")
    key = content_cache.cache_key(package, "files")
    assert key == content_cache.cache_key(package, "files")
    assert key != content_cache.cache_key(package, "other files")
    names = {p.name for p in content_cache._code_files(package)}
    assert {"content.py", "schema.py", "ruleset.py", "content_cache.py", "plain.py", "reference.py"} <= names
