"""Built things as files (mythtable/userfiles.py): checked by the shipped models, listed with their
problems, offered beside the prebuilt ones, attached to a setup, carried by the game's record."""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable import userfiles
from mythtable.engine.errors import RecordError, SetupError
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.record_schema import parse_record, read_record
from mythtable.engine.registry import load
from mythtable.engine.simulate import play_game
from mythtable.saves import SaveStore
from tests.built.helpers import deck_data, encounter_data, party_data


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "data"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("rid", ["mythicarium", "magewars"])
def test_a_saved_deck_reads_back_and_is_offered_beside_the_prebuilt_ones(root: Path, rid: str) -> None:
    data = deck_data(rid)
    saved = userfiles.save(root, rid, "decks", "my-deck", data)
    assert saved.path == root / "decks" / rid / "my-deck.toml"
    assert saved.path.read_text(encoding="utf-8").startswith(f"# mythtable {rid} deck\n")
    (found,) = userfiles.library(rid, root)
    assert found.ok and found.data == data and found.label == "My Deck"
    loaded, unplayable = userfiles.offered(rid, root)
    assert unplayable == []
    fields = loaded.ruleset.setup_fields(loaded.content)
    values = [c.value for c in fields[0].choices]
    prebuilt = list(load(rid).content.decks)
    assert values == [*prebuilt, "user:my-deck"]
    assert fields[0].default == load(rid).ruleset.setup_fields(load(rid).content)[0].default


def test_errors_name_the_file_the_entry_and_the_field(root: Path) -> None:
    path = write(
        root / "decks" / "mythicarium" / "typo.toml",
        'name = "Typo"\nchampions = ["a", "b", "c"]\n[cards]\nsome-card = "three"\n',
    )
    (found,) = userfiles.library("mythicarium", root)
    assert not found.ok and found.path == path
    assert found.problems[0].startswith("field 'cards.some-card': ")
    assert "deck 'typo'" in found.describe()
    with pytest.raises(SetupError) as err:
        userfiles.attach("mythicarium", Setup(["A", "B"], {"deck1": "user:typo"}), root)
    assert str(path) in str(err.value) and "cards.some-card" in str(err.value)


def test_a_deck_that_became_illegal_is_listed_with_its_problem_and_never_breaks_the_list(root: Path) -> None:
    good = deck_data("mythicarium")
    userfiles.save(root, "mythicarium", "decks", "good", good)
    stale = dict(good, cards={**good["cards"]})
    first = next(iter(stale["cards"]))
    stale["cards"]["card-removed-by-an-update"] = stale["cards"].pop(first)
    write(root / "decks" / "mythicarium" / "stale.toml", userfiles.to_toml(stale))
    write(root / "decks" / "mythicarium" / "garbage.toml", "this is = = not toml")
    write(root / "decks" / "mythicarium" / "Bad Name.toml", userfiles.to_toml(good))
    (root / "decks" / "mythicarium" / "huge.toml").write_bytes(b"#" * (userfiles.MAX_FILE_BYTES + 10))
    files = {f.name: f for f in userfiles.library("mythicarium", root)}
    assert files["good"].ok
    assert "unknown card" in files["stale"].problems[0] and "card-removed-by-an-update" in files["stale"].problems[0]
    assert "not valid TOML" in files["garbage"].problems[0]
    assert "file name" in files["Bad Name"].problems[0]
    assert "too large" in files["huge"].problems[0]
    loaded, unplayable = userfiles.offered("mythicarium", root)
    values = [c.value for c in loaded.ruleset.setup_fields(loaded.content)[0].choices]
    assert "user:good" in values and "user:stale" not in values
    assert {f.name for f in unplayable} == {"stale", "garbage", "Bad Name", "huge"}


def test_a_party_and_an_encounter_offer_each_hero_and_the_map(root: Path) -> None:
    userfiles.save(root, "mythcraft", "parties", "duo", party_data())
    userfiles.save(root, "mythcraft", "encounters", "cellar", encounter_data())
    loaded, unplayable = userfiles.offered("mythcraft", root)
    assert unplayable == []
    fields = {f.key: [c.value for c in f.choices] for f in loaded.ruleset.setup_fields(loaded.content)}
    hero_ids = [h["id"] for h in party_data()["hero"]]
    assert all(f"user:duo/{h}" in fields["hero1"] for h in hero_ids)
    assert "user:cellar" in fields["encounter"]


def test_a_party_with_an_unknown_item_names_the_hero_and_field(root: Path) -> None:
    data = party_data()
    data["hero"][1]["main_hand"] = "laser_sword"
    write(root / "parties" / "odd.toml", userfiles.to_toml(data))
    (found,) = userfiles.library("mythcraft", root, "parties")
    assert found.problems == ("field 'hero[1].main_hand': unknown item 'laser_sword'",)


def _play_with_built(rid: str, options: dict[str, str], root: Path) -> Game:
    loaded = load(rid)
    setup = loaded.ruleset.simulation_setup(loaded.content)
    setup.options.update(options)
    userfiles.attach(rid, setup, root)
    outcome = play_game(rid, 5, setup=setup, max_actions=60)
    assert outcome.error in (None, "did not end")
    assert outcome.game is not None
    return outcome.game


CASES = [
    ("mythicarium", {"deck1": "user:mine"}),
    ("magewars", {"deck2": "user:mine"}),
    ("mythcraft", {"hero1": "user:duo/cleric", "encounter": "user:cellar"}),
]


@pytest.mark.parametrize(("rid", "options"), CASES)
def test_a_record_replays_and_resumes_where_the_files_never_were(
    root: Path, tmp_path: Path, rid: str, options: dict[str, str]
) -> None:
    if rid == "mythcraft":
        userfiles.save(root, rid, "parties", "duo", party_data())
        userfiles.save(root, rid, "encounters", "cellar", encounter_data())
    else:
        userfiles.save(root, rid, "decks", "mine", deck_data(rid, name="Mine"))
    game = _play_with_built(rid, options, root)
    assert game.setup.built
    store = SaveStore(tmp_path / "elsewhere")  # another machine: no decks, parties or encounters there
    path = store.save(game)
    store.release(game)
    import shutil

    shutil.rmtree(root)
    record = read_record(path)
    assert record.setup.built == game.setup.built
    replayed = Game.from_record(record, verify=False)
    assert replayed.hash() == game.hash()
    from mythtable.engine.replay import ReplayCursor

    viewer = ReplayCursor(record)  # `mythtable replay FILE`: step back to the setup and forward again
    viewer.go(0)
    viewer.go(viewer.length)
    assert Game.hash_of(viewer.ruleset, viewer.state) == game.hash()
    (info,), problems = store.list()
    assert not problems
    resumed = store.resume(info)
    assert resumed.hash() == game.hash() and resumed.setup.built == game.setup.built
    decision = resumed.decision
    if decision is not None:
        resumed.apply(decision.actions[0])
        store.save(resumed)
    store.release(resumed)
    again = Game.from_record(read_record(path))
    assert again.hash() == resumed.hash()


def test_old_records_without_built_things_load_and_write_as_before() -> None:
    game = play_game("mythicarium", 2, max_actions=30).game
    assert game is not None
    text = game.to_record().to_json()
    assert '"built"' not in text
    record = parse_record(text)
    assert record.setup.built == {}
    assert Game.from_record(record).hash() == game.hash()


def test_a_record_whose_built_deck_breaks_a_rule_is_refused_in_one_sentence(root: Path) -> None:
    userfiles.save(root, "mythicarium", "decks", "mine", deck_data("mythicarium"))
    game = _play_with_built("mythicarium", {"deck1": "user:mine"}, root)
    data = game.record_data()
    data["setup"]["built"]["decks"]["mine"]["champions"] = ["x"]
    import json

    record = parse_record(json.dumps(data))
    with pytest.raises(RecordError) as err:
        Game.from_record(record)
    assert "deck 'mine'" in str(err.value) and "Champions" in str(err.value)
    data["setup"]["built"] = {"spells": {"mine": {}}}
    with pytest.raises(RecordError, match="unknown kind of built thing"):
        parse_record(json.dumps(data))
    data["setup"]["built"] = {"decks": {"../../etc": {}}}
    with pytest.raises(RecordError, match="not a name"):
        parse_record(json.dumps(data))


def test_a_missing_user_deck_is_a_setup_error_naming_where_it_looked(root: Path) -> None:
    with pytest.raises(SetupError, match="no deck 'nowhere'"):
        userfiles.attach("magewars", Setup(["A", "B"], {"deck1": "user:nowhere"}), root)


def test_toml_writer_round_trips_awkward_text(root: Path) -> None:
    data = {"name": 'Q "uote" \\ back', "champions": ["a\u0001b", "é日本"], "cards": {"odd key": 1, "x": 2}}
    text = userfiles.to_toml(data)
    assert userfiles.parse_text(text)[0] == data


def test_a_record_carries_only_the_built_things_its_options_name(root: Path) -> None:
    import json

    userfiles.save(root, "mythicarium", "decks", "mine", deck_data("mythicarium"))
    game = _play_with_built("mythicarium", {"deck1": "user:mine"}, root)
    data = game.record_data()
    data["setup"]["built"]["decks"]["stowaway"] = deck_data("mythicarium")
    with pytest.raises(RecordError, match="'stowaway', which no setup option names"):
        Game.from_record(parse_record(json.dumps(data)))
