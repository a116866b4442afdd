"""Built things as files: decks, parties and encounters a player made, in the user data folder.

    <data>/decks/<ruleset id>/<name>.toml     a deck (Mythicarium, Mage Wars CCG)
    <data>/parties/<name>.toml                a MythCraft party (1 to 4 heroes)
    <data>/encounters/<name>.toml             a MythCraft encounter

A file holds the fields of one shipped entry ([[deck]], [[encounter]]; a party is [[hero]] entries)
without its id: the file's name is the id, and a setup option names it `user:<name>`. The ruleset
validates it with the same pydantic models as its shipped content and lists every broken rule
(`Buildable.problems`). A file that breaks a rule (say, a card an update removed) is listed with
its problems and never offered for play; it never breaks the list. Once a game uses a built thing,
its data travels in the game's setup (`Setup.built`), so the record replays without the file.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mythtable.engine.built import BUILT_PREFIX, KIND_TABLES, Problem, built_name, name_problem
from mythtable.engine.errors import MythtableError, SetupError
from mythtable.engine.protocol import Setup
from mythtable.engine.record import write_atomic
from mythtable.engine.registry import Loaded, available, entry, load
from mythtable.engine.text import one_line
from mythtable.safe_io import NotRegularFile, create_new, read_regular, symlink_on

MAX_FILE_BYTES = 200_000
"""A built thing is a few hundred bytes to a few kilobytes; anything far bigger is not one."""
HEADER = re.compile(r"^#\s*mythtable\s+(?P<ruleset>[a-z]+)\s+(?P<kind>[a-z]+)\b")
"""The first line mythtable writes into a file it saves or exports: `# mythtable magewars deck`."""


class UserFileError(MythtableError):
    """A built thing's file that cannot be read, written or imported; the message names the file."""


@dataclass(frozen=True)
class BuiltFile:
    """One file of the user folder, checked: `problems` is empty when it can be played."""

    ruleset: str
    kind: str
    name: str
    path: Path
    data: dict[str, Any] | None
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def value(self) -> str:
        """The setup value that names it (a party's heroes add `/<hero id>`)."""
        return BUILT_PREFIX + self.name

    @property
    def label(self) -> str:
        """Its shown name: the file's "name" field if it is a clean one, else the file's name."""
        shown = self.data.get("name") if self.data else None
        return shown if isinstance(shown, str) and self.ok else self.name

    def describe(self) -> str:
        """One line: its name and, if it cannot be played, its first problems."""
        what = f"{KIND_TABLES[self.kind]} {self.name!r}"
        if self.ok:
            return f"{what} ({one_line(self.label, 60)}): OK"
        more = f" (and {len(self.problems) - 3} more)" if len(self.problems) > 3 else ""
        return one_line(f"{what}: {'; '.join(self.problems[:3])}{more}", 400)


# ----- where the files live ---------------------------------------------------------------------


def kinds(ruleset_id: str) -> tuple[str, ...]:
    """The kinds of things a player builds for this ruleset (none: it has no `built` capability)."""
    built = entry(ruleset_id).built
    return () if built is None else built.kinds


def folder(root: Path, ruleset_id: str, kind: str) -> Path:
    """decks/<ruleset id>/ (decks differ per ruleset), parties/, encounters/ (MythCraft's own)."""
    if kind not in KIND_TABLES:
        raise UserFileError(f"unknown kind {kind!r} (known: {', '.join(KIND_TABLES)})")
    return root / kind / ruleset_id if kind == "decks" else root / kind


def path_of(root: Path, ruleset_id: str, kind: str, name: str) -> Path:
    problem = name_problem(name)
    if problem is not None:
        raise UserFileError(f"cannot name a {KIND_TABLES[kind]} so: {problem}")
    return folder(root, ruleset_id, kind) / f"{name}.toml"


# ----- reading and checking ---------------------------------------------------------------------


def parse_text(text: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A file's text as TOML: (data, []) or (None, [what is wrong])."""
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [f"not valid TOML: {exc}"]
    except RecursionError:
        return None, ["not valid TOML: nested too deeply"]
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits (issue 29)
        return None, [f"not valid TOML: a number has more than {sys.get_int_max_str_digits():,} digits"]


def read_text(path: Path) -> str:
    """A file's text, no further than the limit; UserFileError naming the file otherwise."""
    try:  # a regular file only (a FIFO made `decks import` hang), no further than the limit (/dev/zero is endless)
        raw = read_regular(path, MAX_FILE_BYTES)
    except NotRegularFile:
        raise UserFileError(f"{path}: not a regular file") from None
    except OSError as exc:
        raise UserFileError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise UserFileError(f"{path}: too large (over {MAX_FILE_BYTES} bytes, the limit)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserFileError(f"{path}: not UTF-8 text") from None


def problems_of(loaded: Loaded, kind: str, name: str, data: Any) -> list[str]:
    """Every problem of one built thing, as lines that name the field (and rule)."""
    problems: list[Problem] = []
    built = loaded.entry.built
    if built is None or kind not in built.kinds:
        return [f"{loaded.ruleset.title} has no built {kind}"]
    try:
        problems = built.problems(loaded.content, kind, name, data)
    except RecursionError:
        return ["nested too deeply"]
    except Exception as exc:  # outside data reaching a ruleset's checks must not end the list
        # A value no check foresaw (a number too big to print, an item named ""): the file is reported, in one
        # line, and the others are read on (issue 29). The ruleset's check deserves a clear message of its own.
        return [f"cannot be checked ({type(exc).__name__}: {one_line(str(exc), 100)})"]
    return [one_line(str(p), 300) for p in problems]


def check_file(loaded: Loaded, kind: str, path: Path) -> BuiltFile:
    """One file checked: never raises for what the file holds."""
    rid = loaded.ruleset.id
    name = path.stem
    problem = name_problem(name)
    if problem is not None:
        return BuiltFile(rid, kind, name, path, None, (f"file name: {problem}",))
    try:
        data, problems = parse_text(read_text(path))
    except UserFileError as exc:
        return BuiltFile(rid, kind, name, path, None, (str(exc).removeprefix(f"{path}: "),))
    if data is None:
        return BuiltFile(rid, kind, name, path, None, tuple(problems))
    return BuiltFile(rid, kind, name, path, data, tuple(problems_of(loaded, kind, name, data)))


def library(ruleset_id: str, root: Path, kind: str | None = None) -> list[BuiltFile]:
    """Every built file of a ruleset (of one kind, if given), sorted by kind and name, each checked."""
    loaded = load(ruleset_id)
    found: list[BuiltFile] = []
    for k in kinds(ruleset_id):
        if kind is not None and k != kind:
            continue
        where = folder(root, ruleset_id, k)
        try:
            paths = sorted(p for p in where.glob("*.toml") if p.is_file())
        except OSError:
            paths = []
        found.extend(check_file(loaded, k, p) for p in paths)
    return found


def offered(ruleset_id: str, root: Path) -> tuple[Loaded, list[BuiltFile]]:
    """The content with every playable built thing beside the prebuilt ones (so `setup_fields`
    lists them), and the files that cannot be played, each with its problems."""
    loaded = load(ruleset_id)
    files = library(ruleset_id, root)
    good = [f for f in files if f.ok and f.data is not None]
    built: dict[str, dict[str, dict[str, Any]]] = {}
    for f in good:
        built.setdefault(f.kind, {})[f.name] = f.data  # type: ignore[assignment]
    return loaded.with_built(built), [f for f in files if not f.ok]


def attach(ruleset_id: str, setup: Setup, root: Path) -> Setup:
    """Put the data of every built thing the setup's options name into `setup.built` (so the game
    and its record carry it). SetupError naming the file and its problem for a missing or illegal one."""
    loaded = load(ruleset_id)
    fields = {} if loaded.entry.built is None else loaded.entry.built.fields
    for key, value in setup.options.items():
        name = built_name(value)
        kind = fields.get(key)
        if name is None or kind is None:
            continue
        if kind == "parties":
            name = name.partition("/")[0]
        if name in setup.built.get(kind, {}):
            continue
        path = path_of(root, ruleset_id, kind, name)
        if not path.is_file():
            raise SetupError(f"{key}: no {KIND_TABLES[kind]} {name!r} (looked for {path})")
        checked = check_file(loaded, kind, path)
        if not checked.ok or checked.data is None:
            raise SetupError(f"{path}: {KIND_TABLES[kind]} {name!r}: {checked.problems[0]}")
        setup.built.setdefault(kind, {})[name] = checked.data
    return setup


def find(root: Path, kind: str, name: str, ruleset_id: str | None = None) -> BuiltFile:
    """The built file of that kind and name (in any ruleset unless one is given)."""
    rulesets = [ruleset_id] if ruleset_id else [r for r in available() if kind in kinds(r)]
    hits = []
    for rid in rulesets:
        path = path_of(root, rid, kind, name)
        if path.is_file():
            hits.append(check_file(load(rid), kind, path))
    if not hits:
        raise UserFileError(f"no {KIND_TABLES[kind]} {name!r} in {root / kind}")
    if len(hits) > 1:
        raise UserFileError(f"{len(hits)} rulesets have a {KIND_TABLES[kind]} {name!r}: say which with --ruleset")
    return hits[0]


# ----- writing --------------------------------------------------------------------------------------


def file_text(ruleset_id: str, kind: str, data: dict[str, Any]) -> str:
    """The TOML mythtable writes for a built thing, headed by the line that says what it is."""
    return f"# mythtable {ruleset_id} {KIND_TABLES[kind]}\n" + to_toml(data)


def save(
    root: Path,
    ruleset_id: str,
    kind: str,
    name: str,
    data: dict[str, Any],
    overwrite: bool = False,
    allow_problems: bool = False,
) -> BuiltFile:
    """Check and write one built thing (atomically); UserFileError if it breaks a rule or the file
    exists (unless `overwrite`). Nothing is written when anything is wrong. The deck editor saves
    work in progress with `allow_problems`: such a file is listed with its problems, never offered."""
    loaded = load(ruleset_id)
    path = path_of(root, ruleset_id, kind, name)
    problems = problems_of(loaded, kind, name, data)
    if problems and not allow_problems:
        raise UserFileError(f"{KIND_TABLES[kind]} {name!r}: {'; '.join(problems[:3])}")
    if path.exists() and not overwrite:
        raise UserFileError(f"{path} exists already (choose another name, or --force to replace it)")
    text = file_text(ruleset_id, kind, data)
    if parse_text(text)[0] != data:  # the writer below covers what the models allow; never write less
        raise UserFileError(f"{KIND_TABLES[kind]} {name!r}: holds values mythtable cannot write as TOML")
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise UserFileError(f"{path}: cannot write the file ({exc.strerror or exc})") from None
    return BuiltFile(ruleset_id, kind, name, path, data, tuple(problems))


def guess_ruleset(kind: str, text: str, data: dict[str, Any], given: str | None) -> str:
    """Which ruleset a file is for: --ruleset, else its header line, else the one ruleset whose
    rules it fits; UserFileError when that cannot be told."""
    candidates = [r for r in available() if kind in kinds(r)]
    if given is not None:
        if given not in candidates:
            raise UserFileError(f"{given!r} has no {kind} (those that do: {', '.join(candidates)})")
        return given
    header = HEADER.match(text)
    if header and header["ruleset"] in candidates and header["kind"] == KIND_TABLES[kind]:
        return header["ruleset"]
    if len(candidates) == 1:
        return candidates[0]
    fits = [r for r in candidates if not problems_of(load(r), kind, "imported", data)]
    if len(fits) == 1:
        return fits[0]
    raise UserFileError(f"cannot tell which ruleset this {KIND_TABLES[kind]} is for: say it with --ruleset")


def import_file(
    root: Path, kind: str, source: Path, name: str | None = None, ruleset_id: str | None = None, force: bool = False
) -> BuiltFile:
    """Copy a shared file into the user folder, checked first; its name is the file's unless given."""
    text = read_text(source)
    data, problems = parse_text(text)
    if data is None:
        raise UserFileError(f"{source}: {problems[0]}")
    rid = guess_ruleset(kind, text, data, ruleset_id)
    name = name or source.stem
    try:
        return save(root, rid, kind, name, data, overwrite=force)
    except UserFileError as exc:
        raise UserFileError(f"{source}: {exc}") from None


def export_file(found: BuiltFile, target: Path, force: bool = False) -> Path:
    """Write a built thing to `target` (a file, or a folder to put `<name>.toml` in) to share it."""
    if not found.ok or found.data is None:
        raise UserFileError(f"{found.path}: {found.problems[0]}; mend it before sharing it")
    target = target.expanduser().absolute()
    link = symlink_on(target)
    if link is not None:
        raise UserFileError(
            f"{target}: {link} is a symbolic link, and exports never go through one; "
            f"give the real path ({os.path.realpath(target)})"
        )
    if target.is_dir():
        target = target / f"{found.name}.toml"
    if os.path.lexists(target) and not force:
        raise UserFileError(f"{target} exists already (--force replaces it)")
    text = file_text(found.ruleset, found.kind, found.data)
    try:
        if force:
            write_atomic(target, text)  # a rename: it replaces what is there, never writes through it
        else:
            create_new(target, text)  # never over a file that appeared meanwhile
    except FileExistsError:
        raise UserFileError(f"{target} exists already (--force replaces it)") from None
    except OSError as exc:
        raise UserFileError(f"{target}: cannot write the file ({exc.strerror or exc})") from None
    return target


# ----- a small TOML writer (the standard library reads TOML but does not write it) ----------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise UserFileError(f"cannot write a {type(value).__name__} as TOML")


def to_toml(data: dict[str, Any]) -> str:
    """Top-level values, then a [table] per dict, then an [[array]] per list of dicts (their own
    dicts inline): the shapes the content files use."""
    lines: list[str] = []
    tables: list[tuple[str, dict[str, Any]]] = []
    arrays: list[tuple[str, list[dict[str, Any]]]] = []
    for key, value in data.items():
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            arrays.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value) and len(_value(value)) > 100:
            # a map's rows, one a line, as encounters.toml writes them: a shared file shows the map
            lines += [f"{_key(key)} = ["] + [f"  {_value(v)}," for v in value] + ["]"]
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, table in tables:
        lines += ["", f"[{_key(key)}]"] + [f"{_key(k)} = {_value(v)}" for k, v in table.items()]
    for key, items in arrays:
        for item in items:
            lines += ["", f"[[{_key(key)}]]"] + [f"{_key(k)} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def canonical_json(data: Any) -> str:
    """Compact, sorted JSON: the same thing always gives the same text (share codes, tests)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
