"""`mythtable schema`: the JSON Schema of every kind of content file, for people who write content
in an editor (VS Code, say, with the Even Better TOML extension's `#:schema` line).

One schema per shipped file kind (cards, decks, items, ...) and per kind of built file (a deck, a
party, an encounter in the user folder), made by pydantic from the very models that validate them
(the module each ruleset's entry names as its `schema`: CONTENT_FILES, BUILT_FILES), so the schema
cannot drift from the loader.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, create_model

from mythtable.engine.built import KIND_TABLES
from mythtable.engine.errors import MythtableError
from mythtable.engine.record import write_atomic
from mythtable.engine.registry import entries


def _file_model(name: str, table: str | None, model: type) -> dict[str, Any]:
    if table is None:
        schema: dict[str, Any] = model.model_json_schema()  # type: ignore[attr-defined]
    else:
        wrapper = create_model(name, __config__=ConfigDict(extra="forbid"), **{table: (list[model], ...)})  # type: ignore[call-overload]
        schema = wrapper.model_json_schema()
    return schema


def _without_id(schema: dict[str, Any]) -> dict[str, Any]:
    """A built file leaves the entry's id out: its file's name is the id."""
    schema = dict(schema)
    props = dict(schema.get("properties", {}))
    if "id" in props:
        del props["id"]
        schema["properties"] = props
        schema["required"] = [r for r in schema.get("required", []) if r != "id"]
    return schema


def schemas() -> dict[str, dict[str, Any]]:
    """File name (`<ruleset>.<kind>.schema.json`) -> its JSON Schema, for every ruleset present."""
    out: dict[str, dict[str, Any]] = {}
    for rid, found in entries().items():
        if found.schema is None:
            continue
        module = importlib.import_module(found.schema)
        title = found.title
        for pattern, (table, model) in getattr(module, "CONTENT_FILES", {}).items():
            stem = pattern.replace("/*.toml", "").removesuffix(".toml")
            schema = _file_model(f"{rid}_{stem}", table, model)
            schema["title"] = f"{title}: {pattern}"
            schema["$id"] = f"mythtable:{rid}/{stem}"
            out[f"{rid}.{stem}.schema.json"] = schema
        for kind, model in getattr(module, "BUILT_FILES", {}).items():
            schema = _without_id(model.model_json_schema())
            where = f"decks/{rid}" if kind == "decks" else kind
            schema["title"] = f"{title}: a {KIND_TABLES[kind]} you built (<data folder>/{where}/NAME.toml)"
            schema["$id"] = f"mythtable:{rid}/user-{KIND_TABLES[kind]}"
            out[f"{rid}.user-{KIND_TABLES[kind]}.schema.json"] = schema
    return out


def write_schemas(out: Path | None) -> list[str]:
    """Write every schema into `out` (made if missing); with no folder, list what would be written."""
    found = schemas()
    if out is None:
        return [*found, "(use --out DIR to write them)"]
    lines = []
    for name, schema in found.items():
        path = out / name
        try:
            write_atomic(path, json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise MythtableError(f"{path}: cannot write the file ({exc.strerror or exc})") from None
        lines.append(f"wrote {path}")
    return lines
