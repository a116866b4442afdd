"""Issue 29 item 3: values no writer of mythtable's would make, in every reader of outside data.

An integer of more than 4,300 digits crashed every reader with a traceback (Python refuses to convert it): a share
code (`decks import-code`), a deck file with `champions = [111...1]`, a save (then `mythtable saves`, `resume`,
the Replays list and `replay --verify` all died: one file took the whole list down), a built file in the data
folder (the New game screen, `setup`, `validate`, `decks list`). Hypothesis puts such values, and floats past
their range (inf, nan, -0.0, 1e400), deep nesting and odd Unicode (lone surrogates, bidi and zero-width
characters, NUL, combining marks), anywhere in good files and codes:

- records and saves: `replay --verify`, the saves list (with the Continue line), the replay viewer, resume
  (tests/hostile/test_fuzz_records.check_case), and `mythtable saves`;
- record codes (what Export shows over SSH): `codes.decode_record`;
- deck, party and encounter files, dropped into the data folder: `decks list`, `setup RULESET` (the New game
  screen's list), `validate`; and imported from outside: `decks import FILE`;
- share codes: `import-code`.

Each reader reports the file in one line, goes on with the others, and changes nothing; none raises.
The examples are derandomized: the same on every run.
"""

from __future__ import annotations

import base64
import io
import json
import zlib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mythtable import cli, codes, userfiles
from tests.built.helpers import deck_data, encounter_data, party_data
from tests.hostile.bases import finished, folder_hash, rulesets, short
from tests.hostile.test_fuzz_records import (  # noqa: F401  (the fixtures come with it)
    _data_dir_inside,
    _report,
    check_case,
    env,
)

SETTINGS = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

ODD_CHARACTERS = st.characters(
    codec=None,
    categories=["Cc", "Cf", "Cs", "Co", "Mn", "Zs", "Zl", "Zp", "Lo", "So"],
)
"""Controls, format characters (bidi, zero-width), lone surrogates, private use, combining marks, odd spaces."""


def _huge_int() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(["", "-"]), st.integers(4_301, 6_000), st.sampled_from("123456789")).map(
        lambda t: t[0] + t[2] * t[1]
    )


def _nested(open_: str, close: str) -> st.SearchStrategy[str]:
    return st.integers(30, 3_000).map(lambda n: open_ * n + close * n)


JSON_LITERALS = st.one_of(
    _huge_int(),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "-0.0", "5e-324", "4" * 4_300]),
    _nested("[", "]"),
    st.integers(30, 3_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.text(ODD_CHARACTERS, max_size=64).map(lambda text: json.dumps(text)),  # lone surrogates as \\udxxx escapes
    st.text(ODD_CHARACTERS, max_size=64).map(lambda text: json.dumps(text, ensure_ascii=False, allow_nan=True)),
)
"""Raw JSON text for one value."""

TOML_LITERALS = st.one_of(
    _huge_int(),
    st.sampled_from(["nan", "inf", "-inf", "+inf", "1e400", "-0.0", "5e-324", "0x" + "f" * 5_000, "4" * 4_300]),
    _nested("[", "]"),
    st.text(ODD_CHARACTERS, max_size=64).map(userfiles._string),
    st.text(ODD_CHARACTERS, max_size=64).map(lambda text: '"' + text.replace('"', "").replace("\\", "") + '"'),
)
"""Raw TOML text for one value."""


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*prefix, index))
    return out


def _placed(data: Any, path: tuple[Any, ...]) -> Any:
    """`data` with the value at `path` made the placeholder string "__RAW__"."""
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "__RAW__"
    return data


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            rc = cli.main(list(argv))
    except BaseException as exc:
        raise AssertionError(f"mythtable {' '.join(argv)[:200]} raised {exc!r}") from exc
    return rc, out.getvalue(), err.getvalue()


def one_line_or_nothing(where: str, rc: int, err: str) -> None:
    assert rc in (0, 1), f"{where}: exit {rc}: {err[-300:]!r}"
    assert "Traceback" not in err
    assert err.count("\n") <= 1, f"{where}: more than one line: {err[:500]!r}"


# ----- records and saves -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", rulesets())
@settings(SETTINGS, max_examples=300)
@given(data=st.data())
def test_records_and_saves_with_outside_values(ruleset_id: str, data: st.DataObject, env) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    base = data.draw(st.sampled_from([finished(ruleset_id), short(ruleset_id)]), label="base")
    path = data.draw(st.sampled_from(_paths(base.data)), label="path")
    literal = data.draw(JSON_LITERALS, label="value")
    payload = json.dumps(_placed(base.data, path)).replace('"__RAW__"', literal, 1).encode("utf-8", "surrogatepass")
    check_case(env, f"hypothesis: {ruleset_id} records", 0, payload, base, None)
    before = folder_hash(env.root)
    rc, out, err = run("saves")
    one_line_or_nothing("mythtable saves", rc, err)
    assert rc == 0 and "\x1b" not in out
    assert folder_hash(env.root) == before
    # the same record as a record code (what Export shows over SSH)
    code = codes.RECORD_PREFIX + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")
    try:
        codes.decode_record(code)
    except codes.CodeError as exc:
        assert "\n" not in str(exc)


# ----- built files and share codes ---------------------------------------------------------------------------------

GOOD = [
    ("mythicarium", "decks", deck_data("mythicarium")),
    ("magewars", "decks", deck_data("magewars")),
    ("mythcraft", "parties", party_data()),
    ("mythcraft", "encounters", encounter_data()),
]


@pytest.mark.parametrize(("rid", "kind", "good"), GOOD, ids=[f"{r}-{k}" for r, k, _ in GOOD])
@settings(SETTINGS, max_examples=60)
@given(data=st.data())
def test_built_files_and_share_codes_with_outside_values(
    rid: str, kind: str, good: dict[str, Any], data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("built")
    path = data.draw(st.sampled_from(_paths(good)), label="path")
    placed = _placed(good, path)
    toml = data.draw(TOML_LITERALS, label="toml value")
    text = userfiles.file_text(rid, kind, placed).replace('"__RAW__"', toml, 1)
    payload = text.encode("utf-8", "surrogatepass")

    # in the data folder: every list that reads it
    inside = userfiles.folder(root, rid, kind) / "fuzzed.toml"
    inside.parent.mkdir(parents=True)
    inside.write_bytes(payload)
    before = folder_hash(root)
    for argv in ([kind, "list"], ["setup", rid], ["validate"]):
        rc, out, err = run(*argv, "--data-dir", str(root))
        one_line_or_nothing(" ".join(argv), rc, err)
        assert "\x1b" not in out
        if argv[0] == kind:
            (line,) = [line for line in out.splitlines() if "fuzzed" in line]
            assert len(line) < 1000
    userfiles.offered(rid, root)  # the New game screen's choices
    assert folder_hash(root) == before
    inside.unlink()

    # imported from outside
    source = root.parent / f"{root.name}-shared.toml"
    source.write_bytes(payload)
    before = folder_hash(root)
    rc, _out, err = run(kind, "import", str(source), "--name", "fuzzed", "--data-dir", str(root))
    one_line_or_nothing(f"{kind} import", rc, err)
    if rc == 1:
        assert folder_hash(root) == before

    # as a share code, with the JSON value in place of the TOML one
    literal = data.draw(JSON_LITERALS, label="json value")
    payload_json = json.dumps({"d": placed, "k": kind, "n": "fuzzed", "r": rid}).replace('"__RAW__"', literal, 1)
    packed = base64.urlsafe_b64encode(zlib.compress(payload_json.encode("utf-8", "surrogatepass"))).decode()
    before = folder_hash(root)
    rc, _out, err = run(kind, "import-code", codes.PREFIX + packed, "--force", "--data-dir", str(root))
    one_line_or_nothing(f"{kind} import-code", rc, err)
    if rc == 1:
        assert folder_hash(root) == before


# ----- the reproductions of the issue, one by one ---------------------------------------------------------------------

HUGE = "1" * 5_000


def test_a_deck_file_with_a_5000_digit_number_is_one_line_in_every_list(tmp_path: Path) -> None:
    """`champions = [111...1]` in the data folder: `decks list`, `setup`, `validate` and the New game screen's
    choices each report it in one line and go on with the good deck beside it."""
    root = tmp_path / "data"
    folder = userfiles.folder(root, "mythicarium", "decks")
    folder.mkdir(parents=True)
    (folder / "big.toml").write_text(f'name = "Big"\nchampions = [{HUGE}]\ncards = {{}}\n')
    userfiles.save(root, "mythicarium", "decks", "fine", deck_data("mythicarium"))
    rc, out, err = run("decks", "list", "--data-dir", str(root))
    assert rc == 0 and err == ""
    (big,) = [line for line in out.splitlines() if "'big'" in line]
    assert "digits" in big
    assert any("'fine'" in line and line.endswith("OK") for line in out.splitlines())
    rc, out, err = run("setup", "mythicarium", "--data-dir", str(root))
    assert rc == 0 and err == "" and "user:fine" in out and "not offered: deck 'big'" in out
    rc, out, err = run("validate", "--data-dir", str(root))
    assert rc == 1 and "Traceback" not in err and "big.toml: FAILED" in out and "fine.toml: OK" in out
    _loaded, unplayable = userfiles.offered("mythicarium", root)
    assert [found.name for found in unplayable] == ["big"]
    source = tmp_path / "shared.toml"
    source.write_text(f"champions = [{HUGE}]\ncards = {{}}\n")
    rc, out, err = run("decks", "import", str(source), "--data-dir", str(root))
    assert rc == 1 and err.count("\n") == 1 and "digits" in err


def test_a_share_code_with_a_5000_digit_number_is_refused_in_one_line(tmp_path: Path) -> None:
    payload = f'{{"d":{{"champions":[{HUGE}]}},"k":"decks","n":"big","r":"mythicarium"}}'
    code = codes.PREFIX + base64.urlsafe_b64encode(zlib.compress(payload.encode())).decode().rstrip("=")
    rc, out, err = run("decks", "import-code", code, "--data-dir", str(tmp_path))
    assert rc == 1 and out == "" and err.count("\n") == 1 and err.startswith("mythtable: ")


def test_a_save_with_a_5000_digit_number_takes_no_list_down(tmp_path: Path) -> None:
    """A save holding one: `mythtable saves`, the Continue and Replays lists (and so `resume`) and `replay
    --verify` each report it in one line; the good save beside it is listed as ever."""
    from mythtable.saves import SaveStore
    from tests.engine.locking import saved_game

    good = saved_game(tmp_path, 2, "mythicarium")
    bad = good.with_name("mythicarium-20260101-000000-bad000.json")
    bad.write_text(good.read_text().replace('"seed": 3', f'"seed": {HUGE}', 1))
    assert HUGE in bad.read_text()
    rc, out, err = run("saves", "--data-dir", str(tmp_path))
    assert rc == 0 and good.stem in out
    assert err.count("\n") == 1 and bad.name in err and "digits" in err
    saves, problems = SaveStore(tmp_path).list()  # what Continue, Replays and `resume` show
    assert [info.path for info in saves] == [good] and len(problems) == 1
    rc, out, err = run("replay", str(bad), "--verify")
    assert rc == 1 and out == "" and err.count("\n") == 1 and "digits" in err
