"""Loading content files: TOML in, validated pydantic models out, clear errors otherwise.

Every error names the file, the entry and the field, because a person editing a card file
needs to know exactly where to look.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from mythtable.engine import reference
from mythtable.engine.built import Problem
from mythtable.engine.content_cache import content_hash as content_hash  # its home now; callers import it here
from mythtable.engine.errors import ContentError

M = TypeVar("M", bound=BaseModel)

MAX_CONTENT_FILE_BYTES = 2_000_000


class StrictModel(BaseModel):
    """Base for content models: unknown fields are mistakes, not extras."""

    model_config = ConfigDict(extra="forbid", frozen=True)


SHORT_NAME_MAX = 14
"""A card's, creature's, hero's or item's short name fits this many cells: what a board at 80x24 gives a
name where room is tight (issue 33, item 5); the full name shows wherever there is room."""


def _short_name(value: str) -> str:
    if value != value.strip() or not value:
        raise ValueError("a short name is words without spaces around them, not empty")
    if len(value) > SHORT_NAME_MAX:
        raise ValueError(
            f"the short name {value!r} has {len(value)} characters; at most {SHORT_NAME_MAX} "
            "(the name a narrow board shows: choose a shorter one a player recognises)"
        )
    return value


ShortName = Annotated[str, AfterValidator(_short_name)]
"""The name a narrow board shows, chosen per card in its content (at most SHORT_NAME_MAX characters)."""


def short_name_problem(name: str, short: str) -> str | None:
    """Why a short name does not go with its name (None: it does): never longer than the name itself."""
    if len(short) > len(name):
        return f"the short name {short!r} is longer than the name {name!r}"
    return None


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file, turning every failure into a ContentError naming the file."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if size > MAX_CONTENT_FILE_BYTES:
        raise ContentError(f"{path}: the file is {size} bytes, over the {MAX_CONTENT_FILE_BYTES} limit")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ContentError(f"{path}: the file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None


def _field_path(loc: Iterable[int | str]) -> str:
    parts: list[str] = []
    for item in loc:
        parts.append(f"[{item}]" if isinstance(item, int) else (("." if parts else "") + str(item)))
    return "".join(parts) or "(top level)"


SHOWN_PROBLEMS = 3
"""A validation error names this many problems, then counts the rest: a file with 300,000 bad
values gave one error line of 49 million characters."""
PROBLEM_LENGTH = 160


def describe_validation_error(exc: ValidationError) -> str:
    """The first few problems, each its field path and pydantic's message, cut to a readable size."""
    lines = []
    for err in exc.errors(include_url=False, include_context=False, include_input=False)[:SHOWN_PROBLEMS]:
        line = f"field '{_field_path(err['loc'])}': {err['msg']}"
        lines.append(line if len(line) <= PROBLEM_LENGTH else line[: PROBLEM_LENGTH - 1] + "…")
    more = exc.error_count() - len(lines)
    if more > 0:
        lines.append(f"and {more} more problem{'s' if more > 1 else ''}")
    return "; ".join(lines)


def load_entries(path: Path, table: str, model: type[M]) -> list[M]:
    """Load the array of tables `table` (e.g. [[card]]) from `path`, validating each entry.

    Errors read like: cards.toml: card 'ember-fox' (entry 3): field 'dp': Input should be a
    valid integer.
    """
    data = read_toml(path)
    raw = data.get(table)
    if raw is None:
        raise ContentError(f"{path.name}: no [[{table}]] entries found")
    if not isinstance(raw, list):
        raise ContentError(f"{path.name}: '{table}' must be an array of tables ([[{table}]])")
    unknown = set(data) - {table}
    if unknown:
        raise ContentError(f"{path.name}: unknown top-level key(s): {', '.join(sorted(unknown))}")
    entries: list[M] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(raw, start=1):
        name = entry_name(item, index, table)
        if not isinstance(item, dict):
            raise ContentError(f"{path.name}: {name}: must be a table")
        try:
            entry = model.model_validate(item)
        except ValidationError as exc:
            raise ContentError(f"{path.name}: {name}: {describe_validation_error(exc)}") from None
        entry_id = getattr(entry, "id", None)
        if isinstance(entry_id, str):
            if entry_id in seen:
                raise ContentError(
                    f"{path.name}: {name}: field 'id': duplicate id {entry_id!r} (first used by entry {seen[entry_id]})"
                )
            seen[entry_id] = index
        entries.append(entry)
    return entries


def entry_name(item: object, index: int, table: str) -> str:
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return f"{table} {item['id']!r} (entry {index})"
    return f"{table} entry {index}"


# ----- the in-app rules reference, shared by all rulesets ----------------------------------

Tier = Literal["seed", "fact", "house"]


class Clause(StrictModel):
    """One rule in the project's own words, with the stable ID the tests are named after."""

    id: str = Field(pattern=r"^[A-Z]+-\d+$")
    tier: Tier
    text: str = Field(min_length=1)
    settles: str | None = Field(default=None, pattern=r"^O-\d+$")
    """For house rules that decide an open point: which one (O-n)."""


class Section(StrictModel):
    id: str
    title: str
    stages: list[str] = []
    """Stage keys (Ruleset.stage) this section explains; the rules screen shows it first then."""
    intro: str = ""
    clause: list[Clause] = []


class RulesReference(StrictModel):
    title: str
    intro: str = ""
    section: list[Section]

    def clauses(self) -> list[Clause]:
        return [c for s in self.section for c in s.clause]


def load_reference(path: Path) -> RulesReference:
    data = read_toml(path)
    try:
        ref = RulesReference.model_validate(data)
    except ValidationError as exc:
        raise ContentError(f"{path.name}: {describe_validation_error(exc)}") from None
    ids = [c.id for c in ref.clauses()]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ContentError(f"{path.name}: clause ids used twice: {', '.join(dupes)}")
    return ref


REFERENCE_TWINS: dict[type, type] = {
    Clause: reference.Clause,
    Section: reference.Section,
    RulesReference: reference.RulesReference,
}
"""The plain form (engine.reference) of each model of the rules reference, for engine.plain.plain."""


# ----- built things (engine/built.py): the same models, every problem listed ----------------------


def model_problems(model: type[M], data: object) -> tuple[M | None, list[Problem]]:
    """Validate one built thing's data with a content model: (the model, []) or (None, problems),
    each problem naming its field, at most SHOWN_PROBLEMS of them and a count of the rest."""
    if not isinstance(data, dict):
        return None, [Problem("", "", "must be a table of fields")]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        errors = exc.errors(include_url=False, include_context=False, include_input=False)
        out = []
        for err in errors[:SHOWN_PROBLEMS]:
            text = err["msg"].removeprefix("Value error, ")  # pydantic's word for a validator's own message
            message = text if len(text) <= PROBLEM_LENGTH else text[: PROBLEM_LENGTH - 1] + "…"
            out.append(Problem("", _field_path(err["loc"]), message))
        if len(errors) > SHOWN_PROBLEMS:
            more = len(errors) - SHOWN_PROBLEMS
            out.append(Problem("", "", f"and {more} more problem{'s' if more > 1 else ''}"))
        return None, out
    except RecursionError:
        return None, [Problem("", "", "nested too deeply")]


def entry_problems(model: type[M], data: object, entry_id: str) -> tuple[M | None, list[Problem]]:
    """Validate a built thing's file with the model of the shipped entry it stands beside ([[deck]],
    [[encounter]]): the file holds the entry's fields but its id, which the file's name gives."""
    if isinstance(data, dict) and "id" in data:
        return None, [Problem("", "id", "leave 'id' out: the file's name names it")]
    return model_problems(model, {**data, "id": entry_id} if isinstance(data, dict) else data)
