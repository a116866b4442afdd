"""Content loading: every mistake is reported with file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable.engine.content import REFERENCE_TWINS, StrictModel, load_entries, load_reference
from mythtable.engine.errors import ContentError
from mythtable.engine.plain import plain


class Card(StrictModel):
    id: str
    name: str
    dp: int


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_valid_entries_load(tmp_path: Path) -> None:
    path = write(tmp_path, '[[card]]\nid = "fox"\nname = "Fox"\ndp = 2\n')
    assert load_entries(path, "card", Card)[0].dp == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[card]]\nid = "fox"\nname = "Fox"\n',
            "cards.toml: card 'fox' (entry 1): field 'dp': Field required",
        ),
        ('[[card]]\nid = "fox"\nname = "Fox"\ndp = "x"\n', "field 'dp': Input should be a valid integer"),
        ('[[card]]\nid = "fox"\nname = "Fox"\ndp = 1\nfly = true\n', "field 'fly': Extra inputs"),
        (
            '[[card]]\nid = "fox"\nname = "A"\ndp = 1\n[[card]]\nid = "fox"\nname = "B"\ndp = 1\n',
            "card 'fox' (entry 2): field 'id': duplicate id 'fox'",
        ),
        ("[[card]\n", "not valid TOML"),
        ('title = "x"\n', "no [[card]] entries"),
    ],
)
def test_mistakes_name_file_entry_and_field(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        load_entries(write(tmp_path, text), "card", Card)
    assert message in str(info.value)


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read"):
        load_entries(tmp_path / "nope.toml", "card", Card)
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match="not UTF-8"):
        load_entries(bad, "card", Card)


def test_rules_reference_sections_for_a_stage(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(
        'title = "T"\n'
        '[[section]]\nid = "turn"\ntitle = "Turn"\nstages = ["main"]\n'
        '[[section.clause]]\nid = "M-1"\ntier = "seed"\ntext = "one"\n'
        '[[section]]\nid = "combat"\ntitle = "Combat"\nstages = ["combat"]\n'
        '[[section.clause]]\nid = "H-2"\ntier = "house"\ntext = "two"\nsettles = "O-1"\n'
    )
    ref = plain(load_reference(path), REFERENCE_TWINS)  # the form a game holds and the rules screen reads
    assert [s.id for s in ref.sections_for("combat.blockers")] == ["combat"]
    assert [c.id for c in ref.clauses()] == ["M-1", "H-2"]
    path.write_text(path.read_text().replace('id = "H-2"', 'id = "M-1"'))
    with pytest.raises(ContentError, match="used twice: M-1"):
        load_reference(path)
