"""Game records validated: the pydantic models, and reading a record or save from text or a file.

Imported only where records are read (resume, the saved-games list, replay); writing one needs
none of this (record.py).
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
)

from mythtable.engine.content import describe_validation_error
from mythtable.engine.decision import Action, as_action
from mythtable.engine.errors import RecordError
from mythtable.engine.record import MAX_RECORD_BYTES, RECORD_FORMAT, RECORD_VERSION, now_iso, record_json
from mythtable.engine.text import name_problem

MAX_ACTION_ITEMS = 32
"""An action is a kind and a few arguments (four at most in any ruleset today): a longer one is
refused before its values are looked at, with one short message."""


class RecordResult(BaseModel):
    model_config = ConfigDict(extra="forbid")
    winner: int | None = Field(ge=0, le=1)
    reason: str
    turns: int = Field(ge=0)


MAX_BUILT_ITEMS = 8
"""A game names at most a few built things (two decks; a party and an encounter)."""


class RecordSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[str] = Field(min_length=2, max_length=2)
    options: dict[str, str] = {}
    built: dict[str, dict[str, dict[str, Any]]] = {}
    """The decks, parties or encounters a player built that the options name (engine/built.py); the
    ruleset validates each when the game is set up. Absent in records of games without any."""

    @field_validator("built")
    @classmethod
    def _built_names(cls, built: dict[str, dict[str, dict[str, Any]]]) -> dict[str, dict[str, dict[str, Any]]]:
        """Known kinds and file-like names only: the ruleset checks what each thing holds."""
        from mythtable.engine.built import KIND_TABLES
        from mythtable.engine.built import name_problem as built_name_problem

        for kind, items in built.items():
            if kind not in KIND_TABLES:
                raise ValueError(f"unknown kind of built thing {kind!r} (known: {', '.join(KIND_TABLES)})")
            if len(items) > MAX_BUILT_ITEMS:
                raise ValueError(f"{len(items)} built {kind}; a game uses at most {MAX_BUILT_ITEMS}")
            for name in items:
                problem = built_name_problem(name)
                if problem is not None:
                    raise ValueError(f"built {kind}: {problem}")
        return built

    @model_serializer(mode="wrap")
    def _without_empty_built(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """As Setup.to_json writes it: records of games without built things stay as they were."""
        data: dict[str, Any] = handler(self)
        if not data.get("built"):
            data.pop("built", None)
        return data

    @field_validator("players")
    @classmethod
    def _names_as_mythtable_writes_them(cls, players: list[str]) -> list[str]:
        """A name longer than the limit, or with control characters, never came from mythtable."""
        for seat, name in enumerate(players, start=1):
            problem = name_problem(name)
            if problem is not None:
                raise ValueError(f"player {seat}'s name {problem}")
        return players


class RecordSeatSettings(BaseModel):
    """One seat's auto-pass settings (engine/autopass.py SeatSettings.to_json)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    stops: list[str] = Field(default=[], max_length=64)
    full_control: bool = False
    until: Literal["none", "turn", "combat"] = "none"


class RecordAutopass(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seats: list[RecordSeatSettings] = Field(min_length=2, max_length=2)


class GameRecord(BaseModel):
    """Everything needed to replay one game, plus what it should replay to."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["mythtable-record"] = RECORD_FORMAT
    version: int
    ruleset: str
    content_hash: str
    seed: int = Field(ge=0, lt=2**63)
    setup: RecordSetup
    controllers: list[str] = Field(default_factory=lambda: ["human", "human"], min_length=2, max_length=2)
    actions: list[list[str | int]] = []
    checkpoints: dict[int, str] = {}
    """State hashes after every Nth action, so a failed replay can say where it diverged."""
    turn: int = Field(default=0, ge=0)
    """The turn (or round) reached, for the list of saved games."""
    to_move: int | None = Field(default=None, ge=0, le=1)
    """The seat whose decision is open, for the list of saved games (None: over, or an older save)."""
    result: RecordResult | None = None
    final_state: dict[str, Any] | None = None
    created: str = Field(default_factory=now_iso)
    updated: str = Field(default_factory=now_iso)
    autopass: RecordAutopass | None = None
    """The seats' auto-pass settings (engine/autopass.py); optional, so older saves load with the defaults."""
    auto_actions: list[int] = Field(default_factory=list, max_length=1_000_000)
    """The numbers (from 1) of the actions that were auto-passes, so a resumed game's take-backs step over
    them as the live game did; optional, so older saves load (their auto-passes count as moves)."""

    @field_validator("actions", mode="before")
    @classmethod
    def _actions_are_actions(cls, actions: object) -> object:
        """Checked before pydantic looks at each value: the first bad one is the one error (300,000
        bad values gave 600,000 errors, seconds to list)."""
        if not isinstance(actions, list):
            return actions  # pydantic says what is wrong with it
        for index, raw in enumerate(actions, start=1):
            if isinstance(raw, list) and len(raw) > MAX_ACTION_ITEMS:
                raise ValueError(f"action {index} has {len(raw)} values; an action has at most {MAX_ACTION_ITEMS}")
            try:
                as_action(raw)
            except ValueError as exc:
                raise ValueError(f"action {index}: {exc}") from None
        return actions

    def action_tuples(self) -> list[Action]:
        return [as_action(a) for a in self.actions]

    def to_json(self) -> str:
        return record_json(self.model_dump(mode="json"))


def json_error_where(exc: json.JSONDecodeError) -> str:
    """The decoder's complaint and where: some of its messages end in "at" already ("Unterminated string
    starting at"), so the place is joined on without saying "at" twice."""
    joint = " " if exc.msg.endswith(" at") else " at "
    return f"{exc.msg}{joint}line {exc.lineno}, column {exc.colno}"


def parse_record(text: str, source: str = "record") -> GameRecord:
    """Validate a record's JSON text; every failure becomes one RecordError sentence."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{source}: too large ({len(text)} bytes; the limit is {MAX_RECORD_BYTES})")
    if not text.strip():
        raise RecordError(f"{source}: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}: not valid JSON ({json_error_where(exc)})") from None
    except RecursionError:
        raise RecordError(f"{source}: not valid JSON (nested too deeply)") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits (issue 29)
        digits = sys.get_int_max_str_digits()
        raise RecordError(f"{source}: not valid JSON (a number has more than {digits:,} digits)") from None
    try:  # a "\ud800" escape decodes to a lone surrogate, which no save could ever write back
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        raise RecordError(f"{source}: not valid JSON (nested too deeply)") from None
    except UnicodeEncodeError:
        raise RecordError(f"{source}: not valid text (a lone surrogate escape such as \\ud800)") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(f"{source}: not a mythtable game record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{source}: the record has no format version")
    if version > RECORD_VERSION:
        raise RecordError(
            f"{source}: written by a newer mythtable (record version {version}; "
            f"this one reads up to {RECORD_VERSION}); please upgrade"
        )
    if version < 1:
        raise RecordError(f"{source}: record version {version} is not supported")
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"{source}: {describe_validation_error(exc)}") from None


def read_record(path: Path) -> GameRecord:
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # a FIFO would block the read for ever
            raise RecordError(f"{path}: not a regular file")
        size = status.st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: too large ({size} bytes; the limit is {MAX_RECORD_BYTES})")
        with path.open("rb") as handle:  # read no further than the limit: /dev/zero reports size 0
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: too large (over {MAX_RECORD_BYTES} bytes, the limit)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file") from None
    return parse_record(text, str(path))
