"""Fuzzed records and saves: thousands of broken files per kind, each refused cleanly.

Every case is generated deterministically from a real record of a random game. For each one:
`mythtable replay FILE --verify` (in process; a handful as real subprocesses) ends with one
line on stderr and exit 1, never a traceback; no file changes; and the saved-games list still
loads every good save and reports the broken one (or, for a file that parses but does not
replay, resuming it is refused with a RecordError); the replay viewer opens it or refuses it
with one message; a resumed game saves again. A mutation that verify accepts must be
harmless: the record means the same game (only names, dates, the listed turn differ).

Run with `pytest -s` to see the number of cases per kind.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import string
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mythtable import cli
from mythtable.engine.errors import MythtableError, RecordError
from mythtable.engine.record import MAX_RECORD_BYTES
from mythtable.engine.record_schema import parse_record
from mythtable.engine.registry import load
from mythtable.engine.replay import ReplayCursor
from mythtable.saves import SaveInfo, SaveStore
from mythtable.tui.screens.continue_game import save_label
from tests.hostile.bases import Base, all_bases, finished, folder_hash, rulesets, short

Payload = bytes
Generator = Callable[[random.Random, Base], Payload]

HARMLESS: dict[str, Any] = {
    "created": True,
    "updated": True,
    "turn": True,
    "to_move": True,
    "auto_actions": True,  # which moves were auto-passes: take-backs only, never the game
    "controllers": True,
    "setup": {"players"},
}
"""Fields that do not change the game: a mutation touching only these may be accepted."""

BROKEN = "broken.json"
VIEWER_EVERY = 8
TALLY: dict[str, Counter[str]] = {}


# ----- the environment: a data folder with one good save per ruleset ---------------------------


@dataclass
class Env:
    root: Path
    store: SaveStore
    good: set[str]

    @property
    def scratch(self) -> Path:
        """Outside the hashed folder: where resumed games are saved again."""
        return self.root.with_name(self.root.name + "-scratch")

    @property
    def broken(self) -> Path:
        return self.store.folder / BROKEN


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    """Good saves in a data folder; in memory (/dev/shm) when there is one, as writes dominate."""
    shm = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) else tmp_path_factory.mktemp("h")
    store = SaveStore(root / "data")
    store.folder.mkdir(parents=True)
    good = set()
    for rid in rulesets():
        name = f"{rid}-20260101-000000-abc123.json"
        (store.folder / name).write_text(short(rid).text, encoding="utf-8")
        good.add(name)
    # cli.main builds its argparse parser on every call (1.5 ms, mostly the serve options): build it once
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "build_parser", cache(cli.build_parser))
        yield Env(root, store, good)
    shutil.rmtree(root, ignore_errors=True)
    shutil.rmtree(root.with_name(root.name + "-scratch"), ignore_errors=True)


@pytest.fixture(autouse=True)
def _data_dir_inside(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder lies inside the hashed folder, so a stray write would be noticed."""
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", str(env.root / "data"))


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    if not TALLY:
        return
    print("\n\nFuzzed records and saves (replay --verify, saved-games list):")
    total = Counter[str]()
    for kind, counts in TALLY.items():
        total.update(counts)
        extra = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "cases")
        print(f"  {kind:<34} {counts['cases']:>6} cases: {extra}")
    print(f"  {'total':<34} {total['cases']:>6} cases, 0 tracebacks, 0 files changed")


# ----- running one case ------------------------------------------------------------------------


def run_verify(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(["replay", str(path), "--verify"])
    return rc, out.getvalue(), err.getvalue()


def harmless(text: str, base: Base) -> bool:
    """True when the mutated record replays the same game as the base one."""
    try:
        mine = parse_record(text).model_dump(exclude=HARMLESS)
    except RecordError:
        return False
    return mine == parse_record(base.text).model_dump(exclude=HARMLESS)


def check_case(env: Env, kind: str, index: int, payload: Payload, base: Base | None, expect: str | None) -> None:
    """One broken file through `replay --verify` and the saved-games list."""
    counts = TALLY.setdefault(kind, Counter())
    counts["cases"] += 1
    path = env.broken
    path.write_bytes(payload)
    where = f"{kind} case {index} ({len(payload)} bytes, starts {payload[:80]!r})"
    before = folder_hash(env.root)
    try:
        rc, out, err = run_verify(path)
    except BaseException as exc:  # a traceback: the one thing that must never happen
        raise AssertionError(f"{where}: replay --verify raised {exc!r}") from exc
    if rc == 0:
        text = payload.decode("utf-8")
        assert base is not None and harmless(text, base), f"{where}: verify accepted a changed game: {out!r}"
        counts["accepted, same game"] += 1
    else:
        lines = err.splitlines()
        assert rc == 1, f"{where}: exit {rc}, stderr {err!r}"
        assert out == "", f"{where}: printed {out!r}"
        assert len(lines) == 1 and lines[0].startswith("mythtable: "), f"{where}: not one message: {err!r}"
        assert "Traceback" not in err
        if expect is not None:
            assert expect in err, f"{where}: expected {expect!r} in {err!r}"
        counts["refused"] += 1
    every = 2 if "illegal action" in kind else VIEWER_EVERY  # a replay each: every 8th case, every 2nd here
    if index % every == 0:
        check_viewer(payload, where, counts)
    check_list(env, where, counts)
    assert folder_hash(env.root) == before, f"{where}: replay --verify, listing or resuming changed a file"


def check_viewer(payload: Payload, where: str, counts: Counter[str]) -> None:
    """`mythtable replay FILE` without --verify builds a ReplayCursor before the app starts:
    it may refuse the record (one message, as cli.main prints it) but never crash."""
    try:
        record = parse_record(payload.decode("utf-8"))
    except (UnicodeDecodeError, RecordError):
        return
    try:
        ReplayCursor(record)
    except MythtableError as exc:
        assert "\n" not in str(exc)
        counts["viewer refuses"] += 1
    else:
        counts["viewer opens"] += 1


def check_list(env: Env, where: str, counts: Counter[str]) -> None:
    saves, problems = env.store.list()
    names = {s.path.name for s in saves}
    assert env.good <= names, f"{where}: the list lost a good save ({problems})"
    if BROKEN not in names:
        assert len(problems) == 1 and BROKEN in problems[0], f"{where}: list problems {problems}"
        assert "\n" not in problems[0]
        counts["list reports it"] += 1
        return
    assert not problems, f"{where}: list problems {problems}"
    info = next(s for s in saves if s.path.name == BROKEN)
    save_label(info)  # the Continue screen's line for it must not crash
    if info.finished:
        counts["list: finished, not offered"] += 1
        return
    # Resuming takes the save's lock (a file beside it), so it resumes a copy outside the hashed folder.
    scratch = SaveStore(env.scratch)
    copy = scratch.folder / BROKEN
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(info.path, copy)
    try:
        game = scratch.resume(SaveInfo(copy, info.record))
    except RecordError as exc:
        assert "\n" not in str(exc)
        counts["resume refused"] += 1
        return
    assert not game.ruleset.check_invariants(game.state), f"{where}: resumed into a broken state"
    scratch.save(game)  # the app autosaves a resumed game at once: that must work too
    scratch.release(game)
    counts["resumed, valid game"] += 1


# ----- helpers for generators ------------------------------------------------------------------


def dump(data: Any) -> Payload:
    return json.dumps(data).encode()  # compact: the C encoder, ten times faster than indent=


def dump_with(data: dict[str, Any], raw_value: str) -> Payload:
    """Dump `data` with the placeholder string "__RAW__" replaced by raw JSON text."""
    return json.dumps(data).replace('"__RAW__"', raw_value, 1).encode()


def word(rng: random.Random, n: int | None = None) -> str:
    alphabet = string.ascii_letters + string.digits + "-_ éλ☃"
    return "".join(rng.choice(alphabet) for _ in range(n if n is not None else rng.randint(1, 20)))


def other_type(rng: random.Random, value: Any) -> Any:
    """A JSON value of a different type than `value`."""
    pool: list[Any] = [None, True, False, 1.5, -7, 0, 10**30, "", "x", word(rng), [], [1, "a"], {}, {"a": 1}]
    while True:
        new = rng.choice(pool)
        if type(new) is not type(value) and not (isinstance(value, int) and isinstance(new, bool)):
            return new


def bogus_actions(rng: random.Random, base: Base) -> list[list[Any]]:
    seen = sorted({a for step in base.legal for a in step}, key=repr)
    made: list[list[Any]] = [
        ["__bogus__"],
        ["pass", 10**9],
        ["play", -1],
        [word(rng)],
        [word(rng), rng.randint(-(10**6), 10**6)],
        [rng.randint(0, 99)],
    ]
    return made + [list(a) for a in rng.sample(seen, min(len(seen), 6))]


# ----- the generators, one per kind of hostile input ------------------------------------------


def g_corrupt(rng: random.Random, base: Base) -> Payload:
    raw = bytearray(base.text.encode())
    for _ in range(rng.randint(1, 4)):
        raw[rng.randrange(len(raw))] ^= rng.randint(1, 255)
    return bytes(raw)


def g_truncated(rng: random.Random, base: Base) -> Payload:
    raw = base.text.encode()
    return raw[: rng.randrange(1, len(raw))]


def g_empty(rng: random.Random, base: Base) -> Payload:
    blank = "".join(rng.choice(" \t\r\n") for _ in range(rng.randint(0, 300))).encode()
    return rng.choice([b"", blank, b"\xef\xbb\xbf" + blank, b"\x00" * rng.randint(1, 50), blank + b"\x00"])


def g_version_older(rng: random.Random, base: Base) -> Payload:
    data = base.data
    data["version"] = rng.choice([0, -1, -rng.randint(2, 10**6), -(10 ** rng.randint(7, 40))])
    return dump(data)


def g_version_newer(rng: random.Random, base: Base) -> Payload:
    data = base.data
    data["version"] = rng.choice([2, 3, rng.randint(2, 1000), rng.randint(10**6, 10**12), 10 ** rng.randint(20, 300)])
    return dump(data)


def g_version_missing(rng: random.Random, base: Base) -> Payload:
    data = base.data
    del data["version"]
    keys = list(data)
    rng.shuffle(keys)
    return dump({k: data[k] for k in keys})


def g_version_not_int(rng: random.Random, base: Base) -> Payload:
    data = base.data
    data["version"] = "__RAW__"
    raw = rng.choice(['"1"', '"v1"', "1.0", "1.5", "true", "false", "null", "[1]", '{"v": 1}', '""', "1e400", "NaN"])
    raw = rng.choice([raw, json.dumps(word(rng)), json.dumps(rng.random() * 10)])
    return dump_with(data, raw)


def g_wrong_ruleset(rng: random.Random, base: Base) -> Payload:
    data = base.data
    others = [r for r in rulesets() if r != base.ruleset] + ["chess", "Mythicarium", "MAGEWARS", " mythcraft"]
    data["ruleset"] = rng.choice(
        [
            rng.choice(others),
            word(rng),
            "",
            "../../etc/passwd",
            "mythtable.rulesets.os",
            "r" * 5000,
            rng.randint(0, 9),
            None,
            [base.ruleset],
            {"id": base.ruleset},
        ]
    )
    return dump(data)


def g_wrong_format(rng: random.Random, base: Base) -> Payload:
    data = base.data
    choice = rng.randrange(4)
    if choice == 0:
        del data["format"]
        return dump(data)
    if choice == 1:
        data["format"] = rng.choice(
            ["Mythtable-Record", "mythtable-save", "", word(rng), 1, None, ["mythtable-record"]]
        )
        return dump(data)
    if choice == 2:
        return dump(rng.choice([[data], {"record": data}, [], "mythtable-record", 1, None, True, word(rng)]))
    return rng.choice([b"[", b"]", b"{}", b"null", b"0", b'"mythtable-record"', word(rng).encode()])


def g_illegal_action(rng: random.Random, base: Base) -> tuple[Payload, str]:
    data = base.data
    at = rng.randrange(len(data["actions"]) + 1)
    legal = base.legal[at]
    action = next(a for a in rng.sample(bogus_actions(rng, base), 12) if tuple(a) not in legal)
    data["actions"].insert(at, action)
    return dump(data), f"diverged at action {at + 1}:"


def g_action_removed(rng: random.Random, base: Base) -> Payload:
    data = base.data
    for at in sorted(rng.sample(range(len(data["actions"])), rng.randint(1, 3)), reverse=True):
        del data["actions"][at]
    return dump(data)


def g_seed_changed(rng: random.Random, base: Base) -> Payload:
    data = base.data
    seed = data["seed"]
    data["seed"] = rng.choice(
        [
            rng.randrange(2**63),
            seed + rng.choice([-1, 1]) if seed > 0 else seed + 1,
            rng.randint(0, 1000),
            -rng.randint(1, 10**6),
            2**63 + rng.randint(0, 10**6),
            float(seed) + 0.5,
            str(seed),
            None,
        ]
    )
    return dump(data)


def g_setup_changed(rng: random.Random, base: Base) -> Payload:
    data = base.data
    options: dict[str, Any] = data["setup"]["options"]
    loaded = load(base.ruleset)
    fields = [f for f in loaded.ruleset.setup_fields(loaded.content) if options.get(f.key)]
    choice = rng.randrange(4)
    if choice == 0 or not fields:
        key = rng.choice(fields).key if fields else word(rng)
        options[key] = rng.choice([word(rng), "", "no-such-deck", options.get(key, "x").upper(), word(rng, 300)])
    elif choice == 1:
        field = rng.choice(fields)
        others = [c.value for c in field.choices if c.value != options[field.key]]
        # a different, real choice: a valid setup, but not the one the actions were played with
        options[field.key] = rng.choice(others) if others else word(rng)
    elif choice == 2:
        options[rng.choice(fields).key] = rng.choice([1, None, True, ["x"], {"a": "b"}])
    else:
        data["setup"]["options"] = rng.choice([None, [], "deck", 3])
    return dump(data)


def g_players(rng: random.Random, base: Base) -> Payload:
    data = base.data
    names = data["setup"]["players"]
    choice = rng.randrange(4)
    if choice == 0:
        data["setup"]["players"] = [word(rng) for _ in range(rng.choice([0, 1, 3, 4, 5, 8, 50]))]
    elif choice == 1:
        names[rng.randrange(2)] = rng.choice(["", " ", "\t", "   \n "])
    elif choice == 2:
        names[rng.randrange(2)] = other_type(rng, "name")
    else:
        data["setup"]["players"] = rng.choice([None, "Ana", {"0": "Ana", "1": "Bram"}, 2])
    return dump(data)


def g_extra_field(rng: random.Random, base: Base) -> Payload:
    data = base.data
    value = rng.choice([1, "x", None, [], {"a": 1}, word(rng)])
    places = [data, data["setup"]]
    if data["result"] is not None:
        places.append(data["result"])
    final = data.get("final_state")
    if final is not None:
        places.append(final)
        places.extend(v for v in final.values() if isinstance(v, dict))
    place = rng.choice(places)
    key = word(rng)
    while key in place:
        key = word(rng)
    place[key] = value
    return dump(data)


def json_paths(value: Any, path: tuple[Any, ...] = (), depth: int = 0) -> Iterator[tuple[Any, ...]]:
    if path:
        yield path
    if depth >= 3:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*path, key), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value[:20]):
            yield from json_paths(item, (*path, i), depth + 1)


def g_wrong_type(rng: random.Random, base: Base) -> Payload:
    data = base.data
    paths = [p for p in json_paths(data) if p[0] not in ("final_state", "created", "updated")]
    path = rng.choice(paths)
    holder: Any = data
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = other_type(rng, holder[path[-1]])
    return dump(data)


def g_deep(rng: random.Random, base: Base) -> Payload:
    depth = int(10 ** rng.uniform(0.5, 5))
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}"), ('[{"a":', "}]")])
    nested = opener * depth + rng.choice(["0", '"x"', "[]", "{}"]) + closer * depth
    data = base.data
    where = rng.randrange(7)
    if where == 0:
        return nested.encode()
    if where == 1:
        data["actions"].insert(rng.randrange(len(data["actions"]) + 1), "__RAW__")
    elif where == 2:
        data[word(rng)] = "__RAW__"
    elif where == 3:
        data["setup"]["options"][rng.choice([*list(data["setup"]["options"]), "x"])] = "__RAW__"
    elif where == 4:
        data["setup"]["players"][rng.randrange(2)] = "__RAW__"
    elif where == 5:
        data["checkpoints"]["25"] = "__RAW__"
    else:
        target = data["final_state"] if data.get("final_state") else data
        target[rng.choice(list(target))] = "__RAW__"
    return dump_with(data, nested)


def g_not_utf8(rng: random.Random, base: Base) -> Payload:
    choice = rng.randrange(4)
    if choice == 3:  # valid UTF-8, but a JSON escape of a lone surrogate: no save could write it back
        data = base.data
        data["setup"]["players"][rng.randrange(2)] = "__RAW__"
        escape = rng.choice(["\\ud800", "\\udfff", "\\udbff", "\\ude00"])
        return dump_with(data, f'"{word(rng)}{escape}"')
    if choice == 0:
        data = base.data
        data["setup"]["players"][0] = "Zoë Ærø " + word(rng)
        text = json.dumps(data, ensure_ascii=False)
        return text.encode(rng.choice(["utf-16", "utf-32", "cp1252", "latin-1", "utf-16-be"]), errors="replace")
    bad = rng.choice([b"\x80", b"\xbf", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf5", b"\xfe", b"\xff", b"\xe9"])
    if choice == 1:  # invalid bytes only inside a string: a player's name
        data = base.data
        data["setup"]["players"][1] = "__RAW__"
        return json.dumps(data).encode().replace(b'"__RAW__"', b'"Bj' + bad + b'rn"', 1)
    raw = bytearray(base.text.encode())
    for _ in range(rng.randint(1, 5)):
        at = rng.randrange(len(raw) + 1)
        raw[at:at] = bad
    return bytes(raw)


def g_checkpoints_result(rng: random.Random, base: Base) -> Payload:
    data = base.data
    n = len(data["actions"])
    choice = rng.randrange(6)
    if choice == 0 and data["checkpoints"]:
        key = rng.choice(list(data["checkpoints"]))
        data["checkpoints"][key] = "".join(rng.choice("0123456789abcdef") for _ in range(20))
    elif choice in (0, 1):
        at = rng.randint(1, max(n, 1))
        data["checkpoints"][str(at)] = rng.choice(
            ["".join(rng.choice("0123456789abcdef") for _ in range(20)), "", word(rng)]
        )
    elif choice == 2:
        data["checkpoints"][rng.choice(["-1", "0", "x", "1.5", str(n + rng.randint(1, 100))])] = "abc"
    elif data["result"] is not None:
        result = data["result"]
        if choice == 3:
            result["winner"] = rng.choice([None, 1 - (result["winner"] or 0), 2, -1])
        elif choice == 4:
            result[rng.choice(["reason", "turns"])] = rng.choice([word(rng), result["turns"] + rng.randint(1, 9), -1])
        else:
            data["result"] = None
    else:
        data["result"] = {"winner": rng.choice([0, 1, None]), "reason": word(rng), "turns": rng.randint(0, 99)}
    return dump(data)


@dataclass(frozen=True)
class Kind:
    name: str
    make: Callable[[random.Random, Base], Any]
    count: int
    bases: str = "all"
    """"all", "finished" (every change must be caught) or "none"."""


def g_built(rng: random.Random, base: Base) -> Payload:
    """Hand-edited built things (setup.built, issue 18): a deck, party or encounter the record carries,
    mangled: wrong types, unknown cards, broken rules, bad kinds and names, one no option names, or a
    sound one other than the game was played with. Every one changes the game: each must be refused."""
    from tests.built.helpers import deck_data, encounter_data, party_data

    data = base.data
    setup = data["setup"]
    content = load(base.ruleset).content
    if base.ruleset == "mythcraft":
        kind, thing = rng.choice([("parties", party_data()), ("encounters", encounter_data())])
        option = "hero1" if kind == "parties" else "encounter"
        value = "user:mine" + (f"/{thing['hero'][0]['id']}" if kind == "parties" else "")
    else:
        kind, option, value = "decks", rng.choice(["deck1", "deck2"]), "user:mine"
        others = [d for d in content.decks if d != setup["options"].get(option)]
        thing = deck_data(base.ruleset, rng.choice(others))  # sound, but not the deck the game was played with
    setup["options"][option] = value
    setup["built"] = {kind: {"mine": thing}}
    how = rng.randrange(7)
    if how == 0:
        paths = [p for p in json_paths(thing) if p]
        target: Any = thing
        path = rng.choice(paths)
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = other_type(rng, target[path[-1]])
    elif how == 1:
        if "cards" in thing:
            thing["cards"][word(rng)] = rng.choice([1, 2, 10**12, -1])
        elif "hero" in thing:
            thing["hero"][0]["spells"] = [word(rng)]
        else:
            thing["legend"][rng.choice(list(thing["legend"]))] = word(rng)
    elif how == 2:
        setup["built"] = {rng.choice(["spells", "", "Decks", word(rng)]): {"mine": thing}}
    elif how == 3:
        setup["built"] = {kind: {rng.choice(["../../etc", "", "Mine", "a" * 300, "mine/x"]): thing}}
    elif how == 4:
        setup["built"][kind]["stowaway"] = thing
    elif how == 5:
        setup["built"] = rng.choice([None, [], "mine", {kind: []}, {kind: {"mine": [1]}}, {kind: {"mine": None}}])
    # how == 6: a sound built thing, but not the one the game was played with (in MythCraft the state
    # names its heroes' and encounter's ids, so even a copy of the same one replays to another state)
    return dump(data)


KINDS = [
    Kind("corrupt (byte flips)", g_corrupt, 1000, "finished"),
    Kind("truncated", g_truncated, 1000),
    Kind("empty or blank", g_empty, 1000, "none"),
    Kind("wrong version: older", g_version_older, 300),
    Kind("wrong version: newer", g_version_newer, 300),
    Kind("wrong version: missing", g_version_missing, 200),
    Kind("wrong version: not an integer", g_version_not_int, 300),
    Kind("wrong ruleset", g_wrong_ruleset, 1000),
    Kind("wrong format marker", g_wrong_format, 1000),
    Kind("hand-edited: illegal action inserted", g_illegal_action, 1000),
    Kind("hand-edited: action removed", g_action_removed, 1000, "finished"),
    Kind("hand-edited: seed changed", g_seed_changed, 1000, "finished"),
    Kind("hand-edited: setup changed", g_setup_changed, 1000, "finished"),
    Kind("hand-edited: players list", g_players, 1000),
    Kind("hand-edited: extra fields", g_extra_field, 1000, "finished"),
    Kind("hand-edited: wrong types", g_wrong_type, 1000),
    Kind("hand-edited: checkpoints, result", g_checkpoints_result, 1000, "finished"),
    Kind("deeply nested JSON", g_deep, 1000),
    Kind("non-UTF-8 bytes", g_not_utf8, 1000),
    Kind("hand-edited: built decks, parties, encounters", g_built, 300, "finished"),
]


WEIGHT = {"magewars": 5, "mythicarium": 3, "mythcraft": 2}
"""Cases per ruleset in every ten: the longer a ruleset's games, the dearer its replays."""


def weighted(bases: list[Base]) -> list[Base]:
    return [b for b in bases for _ in range(WEIGHT.get(b.ruleset, 2))]


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_fuzzed_records(kind: Kind, env: Env) -> None:
    bases = weighted([finished(r) for r in rulesets()] if kind.bases == "finished" else all_bases())
    for i in range(kind.count):
        rng = random.Random(f"{kind.name}:{i}")
        base = bases[i % len(bases)]
        made = kind.make(rng, base)
        payload, expect = made if isinstance(made, tuple) else (made, None)
        check_case(env, kind.name, i, payload, None if kind.bases == "none" else base, expect)


def test_enormous(env: Env) -> None:
    """Over the size limit: sparse files of every size up to 4x the limit, plus real ones."""
    kind = "enormous (over the size limit)"
    bases = all_bases()
    for i in range(1000):
        rng = random.Random(f"{kind}:{i}")
        size = MAX_RECORD_BYTES + 1 + (rng.randrange(3 * MAX_RECORD_BYTES) if i % 2 else rng.randrange(100))
        path = env.broken
        with path.open("wb") as handle:
            handle.write(bases[i % len(bases)].text.encode()[: rng.randrange(10_000)])
            handle.truncate(size)
        counts = TALLY.setdefault(kind, Counter())
        counts["cases"] += 1
        before = folder_hash(env.root)
        rc, out, err = run_verify(path)
        assert rc == 1 and out == "" and err.count("\n") == 1 and "too large" in err, (i, size, err)
        assert folder_hash(env.root) == before
        counts["refused"] += 1
        check_list(env, f"{kind} case {i}", counts)
    # and a few real ones: valid JSON, padded with whitespace or grown with actions
    for i, filler in enumerate(["whitespace", "actions", "final_state"]):
        data = all_bases()[0].data
        if filler == "whitespace":
            payload = dump(data) + b" " * MAX_RECORD_BYTES
        elif filler == "actions":
            data["actions"] = data["actions"] * (MAX_RECORD_BYTES // max(len(json.dumps(data["actions"])), 1) + 1)
            payload = dump(data)
        else:
            data["final_state"] = {"blob": "x" * MAX_RECORD_BYTES}
            payload = dump(data)
        assert len(payload) > MAX_RECORD_BYTES
        check_case(env, kind, 1000 + i, payload, None, "too large")


def test_device_files_are_not_read_forever(env: Env) -> None:
    """/dev/zero reports size 0 but never ends, and a FIFO's reading never starts: neither is read at all (since
    issue 29 the reader takes regular files only; it stopped /dev/zero at the size limit before)."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    rc, _out, err = run_verify(Path("/dev/zero"))
    assert rc == 1 and "not a regular file" in err and err.count("\n") == 1, err


SUBPROCESS_CASES = [
    ("truncated", lambda: finished(rulesets()[0]).text.encode()[:200]),
    ("empty", lambda: b""),
    ("not UTF-8", lambda: b"\xff\xfe{\x00"),
    ("newer", lambda: dump({**finished(rulesets()[0]).data, "version": 99})),
    ("nested", lambda: b"[" * 100_000 + b"]" * 100_000),
    ("illegal action", lambda: g_illegal_action(random.Random(1), finished(rulesets()[-1]))[0]),
    ("seed", lambda: dump({**finished(rulesets()[1 % len(rulesets())]).data, "seed": 12345})),
]


@pytest.mark.parametrize("name,make", SUBPROCESS_CASES, ids=[c[0] for c in SUBPROCESS_CASES])
def test_subprocess_no_traceback(name: str, make: Callable[[], bytes], tmp_path: Path) -> None:
    """The real command line, as a user runs it: one line on stderr, exit 1, nothing else."""
    path = tmp_path / "record.json"
    path.write_bytes(make())
    before = folder_hash(tmp_path)
    env_vars = {**os.environ, "MYTHTABLE_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run(
        [sys.executable, "-m", "mythtable", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env_vars,
    )
    assert proc.returncode == 1, proc
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("mythtable: "), proc.stderr
    assert folder_hash(tmp_path) == before
    TALLY.setdefault("subprocess (real command line)", Counter())["cases"] += 1


def test_list_with_every_kind_at_once(tmp_path: Path) -> None:
    """One broken save of every kind, plus a folder, a dangling link and a FIFO named *.json, next
    to the good saves: the list loads the good ones and reports every broken one, one line each."""
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    good = set()
    for rid in rulesets():
        name = f"{rid}-20260101-000000-abc123.json"
        (store.folder / name).write_text(short(rid).text, encoding="utf-8")
        good.add(name)
    broken = set()
    for k, kind in enumerate(KINDS):
        if kind.bases == "finished":  # these parse; they fail only on replay
            continue
        made = kind.make(random.Random(f"all at once:{k}"), short(rulesets()[k % len(rulesets())]))
        name = f"broken-{k}.json"
        (store.folder / name).write_bytes(made[0] if isinstance(made, tuple) else made)
        broken.add(name)
    (store.folder / "folder.json").mkdir()
    (store.folder / "dangling.json").symlink_to(tmp_path / "nowhere")
    odd = {"folder.json", "dangling.json"}
    if hasattr(os, "mkfifo"):
        os.mkfifo(store.folder / "fifo.json")
        odd.add("fifo.json")
    before = folder_hash(tmp_path)
    saves, problems = store.list()
    assert folder_hash(tmp_path) == before
    loaded = {s.path.name for s in saves}
    assert good <= loaded
    reported = {Path(p.split(": ", 1)[0]).name for p in problems}
    parsed = broken & loaded  # e.g. a wrong ruleset parses: resuming it is refused instead
    for name in parsed:
        info = next(s for s in saves if s.path.name == name)
        with pytest.raises(RecordError):
            store.resume(info)
    assert reported == (broken - parsed) | odd, problems
    assert all("\n" not in p for p in problems)
