"""`mythtable decks|parties|encounters ...`, `validate` over built files, `schema`: by the command line."""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from mythtable import cli, codes, userfiles
from tests.built.helpers import deck_data, encounter_data, party_data


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def root() -> Path:
    return Path(os.environ["MYTHTABLE_DATA_DIR"])


def test_export_import_by_file_round_trips(root: Path, tmp_path: Path) -> None:
    userfiles.save(root, "magewars", "decks", "mine", deck_data("magewars"))
    rc, out, err = run("decks", "export", "mine", str(tmp_path))
    assert rc == 0, err
    shared = tmp_path / "mine.toml"
    assert out.strip() == f"wrote {shared}"
    rc, out, err = run("decks", "import", str(shared), "--name", "friends-deck")
    assert rc == 0, err
    assert "friends-deck" in out and "(magewars)" in out
    found = userfiles.find(root, "decks", "friends-deck")
    assert found.ok and found.data == deck_data("magewars") and found.ruleset == "magewars"
    rc, _out, err = run("decks", "import", str(shared), "--name", "friends-deck")
    assert rc == 1 and "exists already" in err and len(err.splitlines()) == 1
    rc, _out, err = run("decks", "export", "mine", str(tmp_path))
    assert rc == 1 and "exists already" in err


def test_import_without_header_tells_the_ruleset_from_the_rules(root: Path, tmp_path: Path) -> None:
    shared = tmp_path / "plain.toml"
    shared.write_text(userfiles.to_toml(deck_data("mythicarium")), encoding="utf-8")  # no header line
    rc, out, err = run("decks", "import", str(shared))
    assert rc == 0, err
    assert "(mythicarium)" in out


def test_share_codes_round_trip_for_every_kind(root: Path) -> None:
    userfiles.save(root, "mythicarium", "decks", "mine", deck_data("mythicarium"))
    userfiles.save(root, "mythcraft", "parties", "duo", party_data())
    userfiles.save(root, "mythcraft", "encounters", "cellar", encounter_data())
    for kind, name in (("decks", "mine"), ("parties", "duo"), ("encounters", "cellar")):
        rc, out, err = run(kind, "code", name)
        assert rc == 0, err
        code = out.strip()
        assert code.startswith(codes.PREFIX) and "\n" not in code
        assert code == codes.encode(userfiles.find(root, kind, name)), "the same thing gives the same code"
        wrapped = code[:30] + "\n  " + code[30:]  # a chat wrapped it
        rc, out, err = run(kind, "import-code", wrapped, "--name", f"{name}-copy")
        assert rc == 0, err
        copy = userfiles.find(root, kind, f"{name}-copy")
        assert copy.ok and copy.data == userfiles.find(root, kind, name).data
    deck_code = run("decks", "code", "mine")[1].strip()
    assert len(deck_code) < 600
    rc, _out, err = run("parties", "import-code", deck_code)
    assert rc == 1 and "mythtable decks import-code" in err


def test_validate_checks_built_files_too(root: Path) -> None:
    userfiles.save(root, "mythicarium", "decks", "good", deck_data("mythicarium"))
    rc, out, _err = run("validate")
    assert rc == 0 and f"{root / 'decks' / 'mythicarium' / 'good.toml'}: OK" in out
    bad = deck_data("magewars")
    first = next(iter(bad["cards"]))
    bad["cards"]["no-such-card"] = bad["cards"].pop(first)  # unknown cards do not count: 40 - n cards (H-1)
    (root / "decks" / "magewars").mkdir(parents=True)
    (root / "decks" / "magewars" / "bad.toml").write_text(userfiles.to_toml(bad), encoding="utf-8")
    rc, out, _err = run("validate")
    assert rc == 1
    line = next(line for line in out.splitlines() if "bad.toml" in line)
    assert "FAILED" in line and "cards.no-such-card" in line and "H-1" in line


def test_decks_list_shows_each_with_its_problem(root: Path) -> None:
    rc, out, _ = run("decks")
    assert rc == 0 and "no decks yet" in out
    userfiles.save(root, "mythicarium", "decks", "good", deck_data("mythicarium"))
    (root / "decks" / "mythicarium" / "broken.toml").write_text("name = 3", encoding="utf-8")
    rc, out, _ = run("decks", "list")
    assert rc == 0
    assert "mythicarium: deck 'good' (My Deck): OK" in out
    assert "deck 'broken': field 'name'" in out


def test_play_setup_and_simulate_take_a_built_deck(root: Path) -> None:
    userfiles.save(root, "magewars", "decks", "mine", deck_data("magewars", name="Mine"))
    rc, out, _ = run("setup", "magewars")
    assert rc == 0 and "user:mine" in out and "Mine" in out
    rc, out, err = run("simulate", "magewars", "--games", "2", "--option", "deck1=user:mine", "--json")
    assert rc == 0, err
    assert json.loads(out)["finished"] == 2
    rc, _out, err = run("play", "magewars", "--option", "deck1=user:nowhere")
    assert rc == 1 and "no deck 'nowhere'" in err and len(err.splitlines()) == 1
    rc, _out, err = run("play", "magewars", "--option", "deck1=user:../../etc/passwd")
    assert rc == 1 and "not a name" in err and len(err.splitlines()) == 1


def test_schema_writes_one_json_schema_per_file_kind(tmp_path: Path) -> None:
    rc, out, err = run("schema", "--out", str(tmp_path / "s"))
    assert rc == 0, err
    written = sorted(p.name for p in (tmp_path / "s").iterdir())
    assert "mythicarium.cards.schema.json" in written and "mythcraft.user-party.schema.json" in written
    assert len(out.splitlines()) == len(written)
    deck = json.loads((tmp_path / "s" / "mythicarium.user-deck.schema.json").read_text(encoding="utf-8"))
    assert "id" not in deck["properties"] and set(deck["required"]) == {"name", "champions", "cards"}
    cards = json.loads((tmp_path / "s" / "magewars.cards.schema.json").read_text(encoding="utf-8"))
    assert cards["properties"]["card"]["type"] == "array"
