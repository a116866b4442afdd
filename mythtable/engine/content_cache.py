"""A cache of validated content, so that starting a game needs neither the TOML parser nor pydantic.

Validating a ruleset's content imports pydantic and builds its schemas: about 10 MB and 100 ms
of every game. The first load validates as always and stores the result (plain dataclasses,
pickled); later loads read it back. The key covers the asset files, the code that validates and
defines the content, the mythtable, Python and pydantic versions, so any change rebuilds it.
A cache file is checked (format, key, checksum) and unpickled with only the ruleset's dataclasses
allowed; anything wrong with it means it is ignored and rebuilt. Failing to write it is harmless.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib
import importlib.util
import io
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import mythtable

T = TypeVar("T")

FORMAT = b"mythtable content cache 1\n"
MAX_CACHE_BYTES = 32_000_000
ENGINE_MODULES = ("content", "content_cache", "plain", "reference")
"""The engine modules (in mythtable.engine) that validate content or define its plain form."""


def content_hash(root: Path) -> str:
    """A stable hash of every file in a ruleset's asset folder; records carry it."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _code_files(package: str) -> list[Path]:
    """The ruleset's own source files (all of its package) and the engine's content modules."""
    module = sys.modules.get(package) or importlib.import_module(package)
    origin = Path(module.__file__ or "")
    own = sorted(origin.parent.glob("*.py")) if origin.name == "__init__.py" else [origin]
    engine = Path(__file__).parent
    return own + [engine / f"{name}.py" for name in ENGINE_MODULES]


def _pydantic_version() -> bytes:
    spec = importlib.util.find_spec("pydantic")  # finds it without importing it
    if spec is None or spec.origin is None:
        return b""
    return (Path(spec.origin).parent / "version.py").read_bytes()


def cache_key(package: str, files_hash: str) -> str:
    digest = hashlib.sha256(FORMAT)
    for part in (mythtable.__version__, sys.implementation.cache_tag or "", package, files_hash):
        digest.update(part.encode() + b"\0")
    digest.update(_pydantic_version() + b"\0")
    for path in _code_files(package):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class _ContentUnpickler(pickle.Unpickler):
    """Rebuilds only dataclasses of the ruleset's package and the engine's rules reference."""

    def __init__(self, data: bytes, package: str) -> None:
        super().__init__(io.BytesIO(data))
        self.package = package

    def find_class(self, module: str, name: str) -> Any:
        if self.allowed(module):
            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, type) and dataclasses.is_dataclass(found):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of the content")

    def allowed(self, module: str) -> bool:
        own = module == self.package or module.startswith(self.package + ".")
        return own or module == "mythtable.engine.reference"


def read_cache(path: Path, key: str, package: str) -> tuple[bool, Any]:
    """(True, content) from a cache file that matches `key` in every way; (False, None) otherwise."""
    try:
        if path.stat().st_size > MAX_CACHE_BYTES:
            return False, None
        data = path.read_bytes()
        if not data.startswith(FORMAT):
            return False, None
        stored_key, checksum, payload = data[len(FORMAT) :].split(b"\n", 2)
        if stored_key != key.encode() or checksum != hashlib.sha256(payload).hexdigest().encode():
            return False, None
        unpickler = _ContentUnpickler(payload, package)
        content = unpickler.load()
        kind = type(content)
        if not (dataclasses.is_dataclass(content) and unpickler.allowed(kind.__module__)):
            return False, None  # a ruleset's content is one of its dataclasses, never a bare dict or list
        return True, content
    except Exception:  # unreadable, truncated, tampered with: ignored, and rebuilt by the caller
        return False, None


def write_cache(path: Path, key: str, content: object) -> bool:
    """Store `content` atomically (a temporary file renamed over the old one); False if that failed."""
    if not dataclasses.is_dataclass(content) or isinstance(content, type):
        return False  # read_cache would refuse it: a ruleset's content is one of its dataclasses
    try:
        payload = pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # content that does not pickle is simply not cached
        return False
    data = FORMAT + key.encode() + b"\n" + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        tmp = None
        return True
    except OSError:
        return False
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def load_cached(ruleset_id: str, package: str, folder: Path, cache: Path, load: Callable[[Path], T]) -> tuple[T, str]:
    """The content of `folder` and the hash of its files: from `cache` if it matches, else
    `load(folder)` (which validates, and raises ContentError as always) stored there for next time."""
    try:
        files_hash = content_hash(folder)
        key = cache_key(package, files_hash)
    except OSError:  # an unreadable file: let the loader report it as it always has
        return load(folder), content_hash(folder)
    path = cache / f"{ruleset_id}-{key[:24]}.pickle"
    found, content = read_cache(path, key, package)
    if found:
        return content, files_hash
    content = load(folder)
    if content_hash(folder) == files_hash and write_cache(path, key, content):  # unchanged while validated
        for old in cache.glob(f"{ruleset_id}-*.pickle"):  # the cache of earlier files or code
            if old != path:
                with contextlib.suppress(OSError):
                    old.unlink()
    return content, files_hash
