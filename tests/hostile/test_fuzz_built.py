"""Fuzzed built files and share codes: corrupt, huge, wrong types, unknown cards, illegal decks.

Deterministic cases generated from good decks, parties and encounters. Each goes through
`mythtable <kind> import FILE` and `mythtable <kind> import-code CODE` (in process): exit 0 or 1,
stderr one line starting "mythtable: ", never a traceback; a refused one writes nothing. One that is
accepted is a playable built thing (it lists as OK and a game starts with it). Each broken file is
also dropped into the user folder: `validate` names it, the list of offered choices still loads
every good one, and a setup naming it is refused with a SetupError, never a crash.

Run with `pytest -s` to see the number of cases per kind.
"""

from __future__ import annotations

import base64
import io
import os
import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from mythtable import cli, codes, userfiles
from mythtable.engine.errors import MythtableError
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import load
from tests.built.helpers import deck_data, encounter_data, party_data
from tests.hostile.bases import folder_hash

TALLY: dict[str, Counter[str]] = {}
CASES_PER_KIND = 40

GOOD: list[tuple[str, str, dict[str, Any]]] = [
    ("mythicarium", "decks", deck_data("mythicarium")),
    ("magewars", "decks", deck_data("magewars")),
    ("mythcraft", "parties", party_data()),
    ("mythcraft", "encounters", encounter_data()),
]
OPTION = {"decks": "deck1", "parties": "hero1", "encounters": "encounter"}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    if TALLY:
        print("\n\nFuzzed built files and share codes:")
        for kind, counts in sorted(TALLY.items()):
            extra = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "cases")
            print(f"  {kind:<34} {counts['cases']:>5} cases: {extra}")


# ----- mutations of the data -------------------------------------------------------------------

WEIRD: list[Any] = [
    None,
    True,
    -1,
    0,
    10**30,
    3.5,
    float("nan"),
    "",
    "x" * 5000,
    "\x1b]0;pwned\x07",
    "[b]markup[/]",
    [],
    {},
    [1, "a"],
    {"a": {"b": {"c": 1}}},
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _copy(data: Any) -> Any:
    import copy

    return copy.deepcopy(data)


def wrong_type(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    out = _copy(data)
    _set(out, rng.choice(_paths(out)), rng.choice(WEIRD))
    return out


def unknown_reference(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """A card, item, spell or creature an update removed."""
    out = _copy(data)
    if "cards" in out:
        first = rng.choice(list(out["cards"]))
        out["cards"][f"gone-{rng.randrange(999)}"] = out["cards"].pop(first)
    elif "hero" in out:
        out["hero"][0][rng.choice(["main_hand", "armor"])] = "vanished_item"
    else:
        letter = rng.choice(list(out["legend"]))
        out["legend"][letter] = "vanished_creature"
    return out


def illegal(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """The right shape, a broken rule: counts, copies, champions, heroes, map."""
    out = _copy(data)
    if "cards" in out:
        cid = rng.choice(list(out["cards"]))
        out["cards"][cid] = rng.choice([0, -3, 5, 9, out["cards"][cid] + 1])
        if "champions" in out and rng.random() < 0.5:
            out["champions"] = out["champions"][: rng.randrange(3)]
    elif "hero" in out:
        out["hero"] = rng.choice([[], out["hero"] * 3, [out["hero"][0], out["hero"][0]]])
    else:
        out["map"] = out["map"][: rng.randrange(len(out["map"]))]
    return out


def extra_field(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    out = _copy(data)
    out[rng.choice(["id", "eval", "__class__", "Cards"])] = "E1"
    return out


DATA_MUTATIONS: dict[str, Callable[[random.Random, dict[str, Any]], dict[str, Any]]] = {
    "wrong type": wrong_type,
    "unknown reference": unknown_reference,
    "illegal": illegal,
    "unknown field": extra_field,
}


# ----- mutations of the text and of the code ---------------------------------------------------


def corrupt_text(rng: random.Random, text: str) -> bytes:
    raw = bytearray(text.encode("utf-8"))
    how = rng.randrange(5)
    if how == 0:
        return bytes(raw[: rng.randrange(len(raw))])
    if how == 1:
        for _ in range(rng.randrange(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if how == 2:
        return b"\xff\xfe" + bytes(raw)
    if how == 3:
        return b"a = [" * 5000
    return bytes(raw) + b"\n" + b"x" * (userfiles.MAX_FILE_BYTES + 1)


def code_of(rid: str, kind: str, name: str, data: Any) -> str:
    payload = {"d": data, "k": kind, "n": name, "r": rid}
    packed = zlib.compress(userfiles.canonical_json(payload).encode("utf-8"))
    return codes.PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def corrupt_code(rng: random.Random, code: str) -> str:
    how = rng.randrange(7)
    body = code[len(codes.PREFIX) :]
    if how == 0:
        return code[: rng.randrange(len(code))]
    if how == 1:
        i = rng.randrange(len(body))
        return codes.PREFIX + body[:i] + rng.choice("A_-z9") + body[i + 1 :]
    if how == 2:
        return codes.PREFIX + body + "!!!"
    if how == 3:  # a zip bomb: megabytes of zeros packed into a small code
        bomb = zlib.compress(b"0" * 50_000_000, 9)
        return codes.PREFIX + base64.urlsafe_b64encode(bomb).decode()
    if how == 4:
        return "MT2." + body
    if how == 5:
        return codes.PREFIX + "A" * (codes.MAX_CODE_CHARS + 5)
    payload = rng.choice(['{"d": 1}', "[1,2]", '{"d":{},"k":"decks","n":"x","r":"chess"}', "\xff", "null"])
    return codes.PREFIX + base64.urlsafe_b64encode(zlib.compress(payload.encode("utf-8"))).decode()


# ----- running a case --------------------------------------------------------------------------


def check_refused_or_playable(kind_label: str, rc: int, out: str, err: str, root: Path, before: str) -> str:
    assert "Traceback" not in err
    if rc == 0:
        return "accepted"
    assert rc == 1, f"{kind_label}: exit {rc}: {err!r}"
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("mythtable: "), f"{kind_label}: not one message: {err!r}"
    assert len(lines[0]) < 1200, f"{kind_label}: a message of {len(lines[0])} characters"
    assert out == ""
    assert folder_hash(root) == before, f"{kind_label}: a refused import changed the user folder"
    return "refused"


def check_accepted_is_playable(rid: str, kind: str, name: str, root: Path) -> None:
    found = userfiles.find(root, kind, name, rid)
    assert found.ok, found.problems
    loaded = load(rid)
    setup = loaded.ruleset.default_setup(loaded.content)
    value = f"user:{name}"
    if kind == "parties":
        value += "/" + found.data["hero"][0]["id"]  # type: ignore[index]
    setup.options[OPTION[kind]] = value
    userfiles.attach(rid, setup, root)
    Game.new(rid, 1, setup)


def check_in_user_folder(rid: str, kind: str, payload: bytes, root: Path, label: str, counts: Counter[str]) -> None:
    """A broken file in the user folder: validate names it, the offered list still loads."""
    path = userfiles.folder(root, rid, kind) / "broken.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(payload)
    try:
        _loaded, unplayable = userfiles.offered(rid, root)
        broken = [f for f in unplayable if f.name == "broken"]
        if broken:
            assert all("\n" not in p for p in broken[0].problems)
            setup = Setup(["A", "B"], {OPTION[kind]: "user:broken" + ("/x" if kind == "parties" else "")})
            with pytest.raises(MythtableError):
                userfiles.attach(rid, setup, root)
            counts["listed with its problem"] += 1
        else:
            counts["playable as it is"] += 1
        rc, out, err = run("validate")
        assert "Traceback" not in err
        assert ("broken.toml: FAILED" in out) == bool(broken), f"{label}: validate said {out!r}"
        assert rc == (1 if broken else 0)
    finally:
        path.unlink()


@pytest.mark.slow
@pytest.mark.parametrize(("rid", "kind", "good"), GOOD, ids=[f"{r}-{k}" for r, k, _ in GOOD])
def test_fuzzed_files_and_codes_are_refused_cleanly_or_playable(
    rid: str, kind: str, good: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "data"
    root.mkdir()
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", str(root))
    rng = random.Random(f"{rid}-{kind}")
    good_text = userfiles.file_text(rid, kind, good)
    cases: list[tuple[str, bytes | None, str | None]] = []
    for label, mutate in DATA_MUTATIONS.items():
        for _ in range(CASES_PER_KIND // 4):
            data = mutate(rng, good)
            try:
                text = userfiles.file_text(rid, kind, data).encode("utf-8")
            except userfiles.UserFileError:
                text = None
            cases.append((label, text, code_of(rid, kind, "fuzzed", data)))
    for _ in range(CASES_PER_KIND // 2):
        cases.append(("corrupt file", corrupt_text(rng, good_text), None))
        cases.append(("corrupt code", None, corrupt_code(rng, code_of(rid, kind, "fuzzed", good))))
    for index, (label, text, code) in enumerate(cases):
        counts = TALLY.setdefault(f"{rid} {kind}: {label}", Counter())
        counts["cases"] += 1
        where = f"{rid} {kind} {label} case {index}"
        if text is not None:
            source = tmp_path / "shared.toml"
            source.write_bytes(text)
            before = folder_hash(root)
            rc, out, err = run(kind, "import", str(source), "--name", "fuzzed", "--force")
            counts[check_refused_or_playable(where, rc, out, err, root, before)] += 1
            if rc == 0:
                check_accepted_is_playable(rid, kind, "fuzzed", root)
                userfiles.path_of(root, rid, kind, "fuzzed").unlink()
            if index % 3 == 0:
                check_in_user_folder(rid, kind, text, root, where, counts)
        if code is not None:
            before = folder_hash(root)
            rc, out, err = run(kind, "import-code", code, "--force")
            counts["code " + check_refused_or_playable(where, rc, out, err, root, before)] += 1
            if rc == 0:
                check_accepted_is_playable(rid, kind, "fuzzed", root)
                userfiles.path_of(root, rid, kind, "fuzzed").unlink()
    assert os.listdir(root) == [] or all(not any(p.rglob("*.toml")) for p in root.iterdir())
