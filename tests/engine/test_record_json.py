"""A save is written without pydantic; the text must be exactly what pydantic would write."""

from __future__ import annotations

import json

import pytest

from mythtable.engine.record import record_json
from mythtable.engine.record_schema import GameRecord
from mythtable.engine.registry import available
from mythtable.engine.simulate import play_game


@pytest.mark.parametrize("rid", available())
def test_record_json_is_what_pydantic_writes(rid: str) -> None:
    game = play_game(rid, 3).game
    assert game is not None and game.result is not None
    data = game.record_data()
    data["setup"]["players"] = ['Ana "Ñ" 日本\\', "Bram"]
    # control characters that JSON must escape (a record refuses them in names, so: in the reason)
    data["result"]["reason"] = "Bram\t\u2028\x7f\x01 wins"
    record = GameRecord.model_validate(data)
    text = record_json(data)
    assert text == record.model_dump_json(indent=1) == record.to_json()
    assert GameRecord.model_validate(json.loads(text)) == record
